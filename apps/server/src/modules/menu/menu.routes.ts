import { menuResponseSchema } from '@credence/contracts';
import type { App } from '../../app.ts';
import { authOf } from '../../platform/auth.ts';
import { buildMenu } from './menu.service.ts';

export const registerMenuRoutes = (app: App) => {
  app.get(
    '/api/menu',
    { schema: { tags: ['shell'], summary: 'Side menu by role', response: { 200: menuResponseSchema } } },
    async (request) => buildMenu(authOf(request).rights),
  );
};
