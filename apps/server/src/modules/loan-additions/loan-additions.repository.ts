import type { DefaultAddition, LoanAddition, LoanAdditionFeeType } from '@credence/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { loanAdditions, loanProducts } from '../../db/schema/index.ts';
import type { TenantTx } from '../../db/tenancy.ts';

type Stored = typeof loanAdditions.$inferSelect;

/** A stored add-on as the API answers it. */
export const toLoanAddition = (row: Stored): LoanAddition => ({
  id: row.id,
  name: row.name,
  feeType: row.feeType as LoanAdditionFeeType,
  flatAmount: row.flatAmount,
  ratePer1000: row.ratePer1000,
  isDefault: row.isDefault,
  financeCharge: row.financeCharge,
  loanProductIds: row.loanProductIds,
  sortOrder: row.sortOrder,
  enabled: row.enabled,
});

const inSortOrder = [asc(loanAdditions.sortOrder), sql`lower(${loanAdditions.name})`, asc(loanAdditions.id)];

/** Offered on the product: no products named (every product), or the product among them. */
const offeredOn = (loanProductId: number) =>
  sql`(cardinality(${loanAdditions.loanProductIds}) = 0 or ${loanProductId} = any(${loanAdditions.loanProductIds}))`;

/**
 * The enabled add-ons a loan product offers, in sort order (row-level security: the lender's). What a decision
 * on an application of the product may carry; the default ones are selected on a new decision.
 */
export const listOfferedAdditions = async (tx: TenantTx, loanProductId: number): Promise<DefaultAddition[]> =>
  (
    await tx
      .select()
      .from(loanAdditions)
      .where(and(eq(loanAdditions.enabled, true), offeredOn(loanProductId)))
      .orderBy(...inSortOrder)
  ).map((row) => ({
    id: row.id,
    name: row.name,
    feeType: row.feeType as LoanAdditionFeeType,
    flatAmount: row.flatAmount,
    ratePer1000: row.ratePer1000,
    isDefault: row.isDefault,
    financeCharge: row.financeCharge,
  }));

/** The lender's add-ons with these ids, enabled or not (a receipt carried over names add-ons since changed). */
export const findLoanAdditions = async (tx: TenantTx, ids: readonly number[]): Promise<LoanAddition[]> =>
  ids.length === 0
    ? []
    : (
        await tx
          .select()
          .from(loanAdditions)
          .where(inArray(loanAdditions.id, [...ids]))
          .orderBy(...inSortOrder)
      ).map(toLoanAddition);

/** Which of these product ids are not the lender's (row-level security hides another lender's products). */
export const unknownLoanProductIds = async (tx: TenantTx, ids: readonly number[]): Promise<number[]> => {
  if (ids.length === 0) return [];
  const found = new Set(
    (
      await tx
        .select({ id: loanProducts.id })
        .from(loanProducts)
        .where(inArray(loanProducts.id, [...ids]))
    ).map((r) => r.id),
  );
  return ids.filter((id) => !found.has(id));
};
