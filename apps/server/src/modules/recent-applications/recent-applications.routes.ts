import { recentApplicationSchema } from '@credence/contracts';
import { z } from 'zod';
import type { App, AppDeps } from '../../platform/app-types.ts';
import { authOf } from '../../platform/auth.ts';
import * as service from './recent-applications.service.ts';

export const registerRecentApplicationRoutes = (app: App, { db }: AppDeps) => {
  app.get(
    '/api/user/recentApplications',
    {
      schema: {
        tags: ['queues'],
        summary:
          'The applications the caller opened lately in the current lender, newest first (at most 10); the locking user while the lock is live',
        response: { 200: z.array(recentApplicationSchema) },
      },
    },
    (request) => service.getRecentApplications(db, authOf(request)),
  );
};
