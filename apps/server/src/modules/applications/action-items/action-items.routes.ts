import { actionItemSchema, actionItemsSaveSchema, errorBodySchema, idParamsSchema } from '@credence/contracts';
import { z } from 'zod';
import type { App, AppDeps } from '../../../platform/app-types.ts';
import { authOf } from '../../../platform/auth.ts';
import { registerJobQueue } from '../../../platform/jobs.ts';
import { applicationContext } from '../application-context.ts';
import * as service from './action-items.service.ts';
import { followUpQueue } from './follow-up-alerts.ts';

export const registerActionItemRoutes = (app: App, appDeps: AppDeps) => {
  const ctx = applicationContext(appDeps);
  // Follow-up Due (notification 400): the job that tells the due items (follow-up-alerts.ts).
  registerJobQueue(followUpQueue);

  app.get(
    '/api/applications/:id/actionItems',
    {
      schema: {
        tags: ['applications'],
        summary: 'Follow-up action items (Completed, Description, Due By, Delivery), in order',
        params: idParamsSchema,
        response: { 200: z.array(actionItemSchema), 404: errorBodySchema },
      },
    },
    (request) => service.getActionItems(ctx, authOf(request), request.params.id),
  );

  app.put(
    '/api/applications/:id/actionItems',
    {
      schema: {
        tags: ['applications'],
        summary:
          'Replace the follow-up items {items: [{id?, description, alertDate?, completed, isDailyDelivery, actionItemType: 1}]}; rows left out are deleted; completion date kept, now when completed, else null; no lock needed. Schedules the Follow-up Due notification of each open item on its alert date (daily ones every day), a new alert date afresh; completing or deleting an item cancels it',
        params: idParamsSchema,
        body: actionItemsSaveSchema,
        response: { 200: z.array(actionItemSchema), 404: errorBodySchema, 422: errorBodySchema },
      },
    },
    (request) => service.saveActionItems(ctx, authOf(request), request.params.id, request.body),
  );
};
