import { and, asc, eq, type SQL } from 'drizzle-orm';
import { dealers } from '../../db/schema/index.ts';
import type { TenantTx } from '../../db/tenancy.ts';

export type DealerRow = typeof dealers.$inferSelect;
export type DealerValues = Omit<typeof dealers.$inferInsert, 'id' | 'lenderId' | 'createdAt' | 'updatedAt'>;

export const listDealers = (tx: TenantTx, enabled: boolean | undefined) =>
  tx
    .select()
    .from(dealers)
    .where(enabled === undefined ? undefined : eq(dealers.enabled, enabled))
    .orderBy(asc(dealers.name));

export const findDealer = async (tx: TenantTx, id: number, extra?: SQL) => {
  const [row] = await tx
    .select()
    .from(dealers)
    .where(and(eq(dealers.id, id), extra));
  return row;
};

export const findEnabledDealer = (tx: TenantTx, id: number) => findDealer(tx, id, eq(dealers.enabled, true));

export const insertDealer = async (tx: TenantTx, lenderId: number, values: DealerValues) => {
  const [row] = await tx
    .insert(dealers)
    .values({ ...values, lenderId })
    .returning();
  return row!;
};

export const updateDealer = async (tx: TenantTx, id: number, values: DealerValues) => {
  const [row] = await tx
    .update(dealers)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(dealers.id, id))
    .returning();
  return row;
};
