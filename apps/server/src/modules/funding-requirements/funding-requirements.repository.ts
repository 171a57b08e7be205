import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { fundingRequirements, userGroups } from '../../db/schema/index.ts';
import type { TenantTx } from '../../db/tenancy.ts';

/** A product's funding requirement as the application's requirements are made from it. */
export type ProductFundingRequirement = {
  id: number;
  description: string;
  required: boolean;
  /** The user groups whose members may clear or waive it (empty: anyone with canFundALoan). */
  clearUserGroupIds: number[];
};

/**
 * The enabled funding requirements that apply to a loan product (none named: every product), in sort order
 * (row-level security: the lender's). Runs in the caller's tenant transaction.
 */
export const listForProduct = async (tx: TenantTx, loanProductId: number): Promise<ProductFundingRequirement[]> =>
  tx
    .select({
      id: fundingRequirements.id,
      description: fundingRequirements.description,
      required: fundingRequirements.required,
      clearUserGroupIds: fundingRequirements.clearUserGroupIds,
    })
    .from(fundingRequirements)
    .where(
      and(
        eq(fundingRequirements.enabled, true),
        sql`(cardinality(${fundingRequirements.loanProductIds}) = 0 or ${loanProductId} = any(${fundingRequirements.loanProductIds}))`,
      ),
    )
    .orderBy(
      asc(fundingRequirements.sortOrder),
      sql`lower(${fundingRequirements.description})`,
      asc(fundingRequirements.id),
    );

/** Which of these user group ids are not the lender's (row-level security hides another lender's groups). */
export const unknownUserGroupIds = async (tx: TenantTx, ids: readonly number[]): Promise<number[]> => {
  if (ids.length === 0) return [];
  const found = new Set(
    (
      await tx
        .select({ id: userGroups.id })
        .from(userGroups)
        .where(inArray(userGroups.id, [...ids]))
    ).map((r) => r.id),
  );
  return ids.filter((id) => !found.has(id));
};
