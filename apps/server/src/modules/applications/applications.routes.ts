import { applicationEndpoints, applicationStatesEndpoint, type CreditBureau } from '@credence/contracts';
import type { App, AppDeps } from '../../platform/app-types.ts';
import type { AuthContext } from '../../platform/auth.ts';
import { registerEndpoint } from '../../platform/endpoints.ts';
import { AppError, forbidden } from '../../platform/errors.ts';
import * as credit from './credit/credit.service.ts';
import { applicationContext } from './application-context.ts';
import * as service from './applications.service.ts';

export const registerApplicationRoutes = (app: App, appDeps: AppDeps) => {
  const ctx = applicationContext(appDeps);

  registerEndpoint(app, applicationEndpoints.create, async ({ auth, body: request }) => {
    const { pullCredit: pull, creditBureau, ...body } = request;
    // Refused before anything is created: the pull is part of what was asked.
    if (pull && !auth.rights.has('canPullAndRepullCredit')) throw forbidden();
    const created = await service.createApplication(ctx, auth, body);
    if (!pull) return created;
    return { ...created, creditPull: await pullAfterCreate(auth, created.id, { creditBureau }) };
  });

  /** The pull of a new application: a refusal (no SSN, bureau down) is told, and the application stays. */
  const pullAfterCreate = async (
    auth: AuthContext,
    id: number,
    body: { creditBureau?: CreditBureau | null | undefined },
  ) => {
    try {
      return { result: await credit.pullCredit(ctx, credit.defaultBureauProviders, auth, id, body), error: null };
    } catch (error) {
      if (error instanceof AppError)
        return { result: null, error: error.errors?.map((e) => e.message).join(' ') || error.message };
      throw error;
    }
  };

  registerEndpoint(app, applicationStatesEndpoint, ({ auth, query }) => service.getStates(ctx, auth, query.ids));

  registerEndpoint(app, applicationEndpoints.get, ({ auth, params }) => service.getApplication(ctx, auth, params.id));
  registerEndpoint(app, applicationEndpoints.worksheetInfo, ({ auth, params }) =>
    service.getWorksheetInfo(ctx, auth, params.id),
  );
  registerEndpoint(app, applicationEndpoints.request, ({ auth, params }) => service.getRequest(ctx, auth, params.id));
  registerEndpoint(app, applicationEndpoints.saveRequest, ({ auth, params, body }) =>
    service.saveRequest(ctx, auth, params.id, body),
  );
};
