import {
  applicationRequestSaveSchema,
  applicationRequestSchema,
  applicationSchema,
  createApplicationResponseSchema,
  createApplicationSchema,
  errorBodySchema,
  idParamsSchema,
  worksheetInfoSchema,
} from '@credence/contracts';
import type { App, AppDeps } from '../../platform/app-types.ts';
import { authOf } from '../../platform/auth.ts';
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
    async (request, reply) =>
      reply.status(201).send(await service.createApplication(ctx, authOf(request), request.body)),
  );

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
