import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import { loans } from '../../../db/schema/index.ts';
import type { TenantTx } from '../../../db/tenancy.ts';

/**
 * The loans of a core batch (issue 33, item 9): funded (`is_funded`: a reversal clears it) within the lender's
 * calendar day `day` in `timeZone` — from its 00:00 to the next day's 00:00 there, read on loans_lender_funded_idx —
 * and not booked live (`sent_to_core`: the core has those already). In funding order.
 */
export const listFundedOnDay = (tx: TenantTx, lenderId: number, day: string, timeZone: string) =>
  tx
    .select({ applicationId: loans.applicationId, fundedAt: loans.fundedAt })
    .from(loans)
    .where(
      and(
        eq(loans.lenderId, lenderId),
        eq(loans.isFunded, true),
        sql`${loans.sentToCore} is not true`,
        gte(loans.fundedAt, sql`(${day}::date::timestamp at time zone ${timeZone})`),
        lt(loans.fundedAt, sql`((${day}::date + 1)::timestamp at time zone ${timeZone})`),
      ),
    )
    .orderBy(asc(loans.fundedAt), asc(loans.applicationId));
