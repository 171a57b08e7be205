import type { LenderDisbursalMethod } from '@credence/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import { lenderDisbursalMethods } from '../../db/schema/index.ts';
import type { TenantTx } from '../../db/tenancy.ts';

export type DisbursalMethodRow = typeof lenderDisbursalMethods.$inferSelect;

/** Sort order, then name (any case), then id. */
export const disbursalMethodOrder = [
  asc(lenderDisbursalMethods.sortOrder),
  sql`lower(${lenderDisbursalMethods.name})`,
  asc(lenderDisbursalMethods.id),
];

/** The lender's enabled disbursal methods in sort order (row-level security: the lender's). */
export const listEnabledDisbursalMethods = async (tx: TenantTx): Promise<LenderDisbursalMethod[]> =>
  tx
    .select({ id: lenderDisbursalMethods.id, name: lenderDisbursalMethods.name })
    .from(lenderDisbursalMethods)
    .where(eq(lenderDisbursalMethods.enabled, true))
    .orderBy(...disbursalMethodOrder);

/** One of the lender's disbursal methods, enabled or not. */
export const findDisbursalMethod = async (tx: TenantTx, id: number): Promise<DisbursalMethodRow | undefined> => {
  const [row] = await tx.select().from(lenderDisbursalMethods).where(eq(lenderDisbursalMethods.id, id));
  return row;
};

/** One of the lender's enabled disbursal methods. */
export const findEnabledDisbursalMethod = async (tx: TenantTx, id: number): Promise<DisbursalMethodRow | undefined> => {
  const [row] = await tx
    .select()
    .from(lenderDisbursalMethods)
    .where(and(eq(lenderDisbursalMethods.id, id), eq(lenderDisbursalMethods.enabled, true)));
  return row;
};
