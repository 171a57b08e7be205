import { and, asc, eq, gte, isNull, lte, or, sql } from 'drizzle-orm';
import { applicationPromotions, promotions } from '../../../db/schema/index.ts';
import type { TenantTx } from '../../../db/tenancy.ts';

export type PromotionRow = typeof promotions.$inferSelect;

const todayUtc = sql`(now() at time zone 'utc')::date`;

/** The enabled promotions of a loan product that run today (UTC). */
export const listCurrentPromotions = (tx: TenantTx, loanProductId: number) =>
  tx
    .select()
    .from(promotions)
    .where(
      and(
        eq(promotions.loanProductId, loanProductId),
        eq(promotions.enabled, true),
        or(isNull(promotions.startDate), lte(promotions.startDate, todayUtc)),
        or(isNull(promotions.endDate), gte(promotions.endDate, todayUtc)),
      ),
    )
    .orderBy(asc(promotions.name), asc(promotions.id));

/**
 * The promotions chosen for an application among those of its current product (a choice made under a
 * product the application no longer has is not shown, and goes at the next save).
 */
export const listChosenPromotionIds = async (tx: TenantTx, applicationId: number, loanProductId: number) =>
  (
    await tx
      .select({ id: applicationPromotions.promotionId })
      .from(applicationPromotions)
      .innerJoin(promotions, eq(promotions.id, applicationPromotions.promotionId))
      .where(and(eq(applicationPromotions.applicationId, applicationId), eq(promotions.loanProductId, loanProductId)))
      .orderBy(asc(applicationPromotions.promotionId))
  ).map((r) => r.id);

export const replaceChosenPromotions = async (
  tx: TenantTx,
  keys: { lenderId: number; applicationId: number },
  promotionIds: number[],
) => {
  await tx.delete(applicationPromotions).where(eq(applicationPromotions.applicationId, keys.applicationId));
  if (promotionIds.length > 0) {
    await tx.insert(applicationPromotions).values(promotionIds.map((promotionId) => ({ ...keys, promotionId })));
  }
};
