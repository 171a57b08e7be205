import { menuResponseSchema } from '@credence/contracts';
import type { App, AppDeps } from '../../platform/app-types.ts';
import { authOf } from '../../platform/auth.ts';
import { applicationDeps } from '../applications/application-context.ts';
import { buildMenu } from './menu.service.ts';

export const registerMenuRoutes = (app: App, appDeps: AppDeps) => {
  const deps = applicationDeps(appDeps);
  app.get(
    '/api/menu',
    {
      schema: {
        tags: ['shell'],
        summary:
          "Side menu by role: built-in queues with counts, the caller's custom queues with counts, My Filters, Shared Filters, tools, Administration",
        response: { 200: menuResponseSchema },
      },
    },
    async (request) => buildMenu(deps, authOf(request)),
  );
};
