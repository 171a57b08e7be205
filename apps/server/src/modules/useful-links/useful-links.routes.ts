import { usefulLinksEndpoints } from '@credence/contracts';
import { withTenant } from '../../db/tenancy.ts';
import type { App, AppDeps } from '../../platform/app-types.ts';
import { recordAudit } from '../../platform/audit.ts';
import { changedFields } from '../../platform/crud.ts';
import { registerEndpoint } from '../../platform/endpoints.ts';
import { listUsefulLinks, replaceUsefulLinks } from './useful-links.repository.ts';

/** Useful links: the side menu reads them; Administration › Useful Links replaces the list, audited. */
export const registerUsefulLinkRoutes = (app: App, { db }: AppDeps) => {
  registerEndpoint(app, usefulLinksEndpoints.list, ({ auth }) => withTenant(db, auth.lenderId, listUsefulLinks));

  registerEndpoint(app, usefulLinksEndpoints.save, ({ auth, body }) =>
    withTenant(db, auth.lenderId, async (tx) => {
      const before = await listUsefulLinks(tx);
      await replaceUsefulLinks(tx, auth.lenderId, body);
      const after = await listUsefulLinks(tx);
      const changes = changedFields({ links: before }, { links: after });
      if (Object.keys(changes).length > 0) {
        // One record per lender: the list as a whole (its as-of view replays the whole list).
        await recordAudit(tx, auth, {
          area: 'usefulLinks',
          action: 'update',
          recordId: auth.lenderId,
          details: { label: 'Useful Links', changes },
        });
      }
      return after;
    }),
  );
};
