import { applicationAlertSchema, errorBodySchema, idParamsSchema } from '@credence/contracts';
import { z } from 'zod';
import type { App, AppDeps } from '../../../platform/app-types.ts';
import { authOf } from '../../../platform/auth.ts';
import { applicationContext } from '../application-context.ts';
import { getApplicationAlerts } from './application-alerts.service.ts';

export const registerApplicationAlertRoutes = (app: App, appDeps: AppDeps) => {
  const ctx = applicationContext(appDeps);

  app.get(
    '/api/applications/:id/alerts',
    {
      schema: {
        tags: ['applications'],
        summary:
          "Application Alerts: applicants of the lender's other applications sharing an e-mail or phone with this one: [{name, applicationId, emails, phoneNumbers (masked (000) 000-0000)}]",
        params: idParamsSchema,
        response: { 200: z.array(applicationAlertSchema), 404: errorBodySchema },
      },
    },
    (request) => getApplicationAlerts(ctx, authOf(request), request.params.id),
  );
};
