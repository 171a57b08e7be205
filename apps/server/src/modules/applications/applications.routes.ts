import {
  applicationStatesEndpoint,
  applicationRequestSaveSchema,
  applicationRequestSchema,
  applicationSchema,
  createApplicationResponseSchema,
  createApplicationSchema,
  errorBodySchema,
  idParamsSchema,
  worksheetInfoSchema,
  type CreditBureau,
} from '@credence/contracts';
import type { App, AppDeps } from '../../platform/app-types.ts';
import { authOf, type AuthContext } from '../../platform/auth.ts';
import { registerEndpoint } from '../../platform/endpoints.ts';
import { AppError, forbidden } from '../../platform/errors.ts';
import * as credit from './credit/credit.service.ts';
import { applicationContext } from './application-context.ts';
import * as service from './applications.service.ts';

export const registerApplicationRoutes = (app: App, appDeps: AppDeps) => {
  const ctx = applicationContext(appDeps);

  app.post(
    '/api/applications',
    {
      config: { right: 'canCreateApplication' },
      schema: {
        tags: ['applications'],
        summary: 'Create an application with applicants, request and collateral (one transaction); locks it',
        body: createApplicationSchema,
        response: { 201: createApplicationResponseSchema, 403: errorBodySchema, 422: errorBodySchema },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const { pullCredit: pull, creditBureau, ...body } = request.body;
      // Refused before anything is created: the pull is part of what was asked.
      if (pull && !auth.rights.has('canPullAndRepullCredit')) throw forbidden();
      const created = await service.createApplication(ctx, auth, body);
      if (!pull) return reply.status(201).send(created);
      return reply
        .status(201)
        .send({ ...created, creditPull: await pullAfterCreate(auth, created.id, { creditBureau }) });
    },
  );

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

  app.get(
    '/api/applications/:id',
    {
      schema: {
        tags: ['applications'],
        summary: 'The whole application: request, applicants (SSNs masked), collateral, transaction, lock',
        params: idParamsSchema,
        response: { 200: applicationSchema, 404: errorBodySchema },
      },
    },
    (request) => service.getApplication(ctx, authOf(request), request.params.id),
  );

  app.get(
    '/api/applications/:id/worksheetInfo',
    {
      schema: {
        tags: ['applications'],
        summary: 'Worksheet info: lock holder, who unlocked it, product, applicants, state',
        params: idParamsSchema,
        response: { 200: worksheetInfoSchema, 404: errorBodySchema },
      },
    },
    (request) => service.getWorksheetInfo(ctx, authOf(request), request.params.id),
  );

  app.get(
    '/api/applications/:id/request',
    {
      schema: {
        tags: ['applications'],
        summary: 'The application request (money, terms, itemization)',
        params: idParamsSchema,
        response: { 200: applicationRequestSchema, 404: errorBodySchema },
      },
    },
    (request) => service.getRequest(ctx, authOf(request), request.params.id),
  );

  app.put(
    '/api/applications/:id/request',
    {
      schema: {
        tags: ['applications'],
        summary: 'Save the application request; needs the lock, and confirmFunded when funded',
        params: idParamsSchema,
        body: applicationRequestSaveSchema,
        response: { 200: applicationRequestSchema, 404: errorBodySchema, 409: errorBodySchema, 422: errorBodySchema },
      },
    },
    (request) => service.saveRequest(ctx, authOf(request), request.params.id, request.body),
  );
};
