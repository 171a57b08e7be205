import { errorBodySchema, usefulLinksSchema } from '@credence/contracts';
import type { App, AppDeps } from '../../platform/app-types.ts';
import { withTenant } from '../../db/tenancy.ts';
import { authOf } from '../../platform/auth.ts';
import { listUsefulLinks, replaceUsefulLinks } from './useful-links.repository.ts';

export const registerUsefulLinkRoutes = (app: App, { db }: AppDeps) => {
  app.get(
    '/api/UsefulLinks',
    { schema: { tags: ['shell'], summary: "The lender's useful links", response: { 200: usefulLinksSchema } } },
    (request) => withTenant(db, authOf(request).lenderId, listUsefulLinks),
  );

  app.put(
    '/api/UsefulLinks',
    {
      config: { right: 'canManageUsefulLinks' },
      schema: {
        tags: ['admin'],
        summary: "Replace the lender's useful links",
        body: usefulLinksSchema,
        response: { 200: usefulLinksSchema, 422: errorBodySchema },
      },
    },
    (request) => {
      const { lenderId } = authOf(request);
      return withTenant(db, lenderId, async (tx) => {
        await replaceUsefulLinks(tx, lenderId, request.body);
        return listUsefulLinks(tx);
      });
    },
  );
};
