import {
  customFieldSchema,
  customFieldsSaveSchema,
  errorBodySchema,
  idParamsSchema,
  loanProductCustomFieldsQuerySchema,
} from '@credence/contracts';
import { z } from 'zod';
import type { App, AppDeps } from '../../../platform/app-types.ts';
import { authOf } from '../../../platform/auth.ts';
import { applicationContext } from '../application-context.ts';
import * as service from './custom-fields.service.ts';

export const registerCustomFieldRoutes = (app: App, appDeps: AppDeps) => {
  const ctx = applicationContext(appDeps);

  app.get(
    '/api/applications/:id/customfields',
    {
      schema: {
        tags: ['applications'],
        summary: "Custom fields of the application's loan product with the application's values",
        params: idParamsSchema,
        response: { 200: z.array(customFieldSchema), 404: errorBodySchema },
      },
    },
    (request) => service.getApplicationCustomFields(ctx, authOf(request), request.params.id),
  );

  app.get(
    '/api/LoanProduct/:id/customfields',
    {
      schema: {
        tags: ['applications'],
        summary: 'Custom fields of a loan product; with ?appId= the values that application has for them',
        params: idParamsSchema,
        querystring: loanProductCustomFieldsQuerySchema,
        response: { 200: z.array(customFieldSchema), 404: errorBodySchema },
      },
    },
    (request) => service.getLoanProductCustomFields(ctx, authOf(request), request.params.id, request.query.appId),
  );

  app.post(
    '/api/applications/:id/customfields',
    {
      schema: {
        tags: ['applications'],
        summary:
          'Save custom field values {values: [{customFieldId, value}], confirmFunded?}: types and required fields enforced (errors on customFields.{id}); needs the lock',
        params: idParamsSchema,
        body: customFieldsSaveSchema,
        response: {
          200: z.array(customFieldSchema),
          404: errorBodySchema,
          409: errorBodySchema,
          422: errorBodySchema,
        },
      },
    },
    (request) => service.saveCustomFields(ctx, authOf(request), request.params.id, request.body),
  );
};
