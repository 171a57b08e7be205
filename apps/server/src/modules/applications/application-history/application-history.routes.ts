import { errorBodySchema, historyEntrySchema, idParamsSchema } from '@credence/contracts';
import { z } from 'zod';
import type { App, AppDeps } from '../../../platform/app-types.ts';
import { authOf } from '../../../platform/auth.ts';
import { applicationContext } from '../application-context.ts';
import { getHistory } from './application-history.service.ts';

export const registerApplicationHistoryRoutes = (app: App, appDeps: AppDeps) => {
  const ctx = applicationContext(appDeps);

  app.get(
    '/api/applications/:id/history',
    {
      schema: {
        tags: ['applications'],
        summary: 'Application history, newest first: date-time, user, action, description, changed properties',
        params: idParamsSchema,
        response: { 200: z.array(historyEntrySchema), 404: errorBodySchema },
      },
    },
    (request) => getHistory(ctx, authOf(request), request.params.id),
  );
};
