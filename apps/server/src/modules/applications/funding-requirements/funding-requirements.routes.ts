import { fundingRequirementEndpoints as e } from '@credence/contracts';
import type { App, AppDeps } from '../../../platform/app-types.ts';
import { registerEndpoint } from '../../../platform/endpoints.ts';
import { applicationContext } from '../application-context.ts';
import * as service from './funding-requirements.service.ts';

/** The funding requirements worksheet's calls (issue 14; the paths are Credence's, see the contracts). */
export const registerFundingRequirementRoutes = (app: App, appDeps: AppDeps) => {
  const ctx = applicationContext(appDeps);
  registerEndpoint(app, e.worksheet, ({ auth, params }) => service.getWorksheet(ctx, auth, params.id));
  registerEndpoint(app, e.add, ({ auth, params, body }) => service.addRequirement(ctx, auth, params.id, body));
  registerEndpoint(app, e.update, ({ auth, params, body }) =>
    service.updateRequirementStatus(ctx, auth, params.id, params.requirementId, body),
  );
  registerEndpoint(app, e.attachFile, ({ auth, params, body }) =>
    service.attachFile(ctx, auth, params.id, params.requirementId, body.applicationFileId),
  );
  registerEndpoint(app, e.detachFile, ({ auth, params }) =>
    service.detachFile(ctx, auth, params.id, params.requirementId, params.applicationFileId),
  );
};
