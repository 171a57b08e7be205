import { asc } from 'drizzle-orm';
import type { UsefulLink } from '@credence/contracts';
import type { TenantTx } from '../../db/tenancy.ts';
import { usefulLinks } from '../../db/schema/index.ts';

export const listUsefulLinks = (tx: TenantTx) =>
  tx
    .select({ name: usefulLinks.name, link: usefulLinks.link })
    .from(usefulLinks)
    .orderBy(asc(usefulLinks.sortOrder), asc(usefulLinks.id));

/** Replaces the lender's list (row-level security limits the delete to the current lender). */
export const replaceUsefulLinks = async (tx: TenantTx, lenderId: number, links: UsefulLink[]) => {
  await tx.delete(usefulLinks);
  if (links.length > 0) {
    await tx.insert(usefulLinks).values(links.map((l, i) => ({ lenderId, name: l.name, link: l.link, sortOrder: i })));
  }
};
