import { dealerSchema, type Dealer } from '@credence/contracts';
import { and, eq } from 'drizzle-orm';
import { dealers } from '../../db/schema/index.ts';
import type { TenantTx } from '../../db/tenancy.ts';
import { pickFields } from '../../platform/crud.ts';

export type DealerRow = typeof dealers.$inferSelect;

export const toDealerView = (row: DealerRow): Dealer => pickFields(dealerSchema, row);

/** A dealer that can be chosen on an application (enabled, of the lender). */
export const findEnabledDealer = async (tx: TenantTx, id: number) => {
  const [row] = await tx
    .select()
    .from(dealers)
    .where(and(eq(dealers.id, id), eq(dealers.enabled, true)));
  return row;
};
