import { sql } from 'drizzle-orm';
import type { TenantTx } from '../../db/tenancy.ts';

/** How many recent applications are kept per user and lender; the side menu shows the newest RECENT_SHOWN. */
export const RECENT_KEPT = 20;
export const RECENT_SHOWN = 10;

/**
 * Records that the user opened the application now (the worksheet load) and forgets the ones beyond the
 * newest RECENT_KEPT. Runs in the caller's tenant transaction.
 *
 * The forgetting never waits: two worksheets the same user opens at once both try to forget the same oldest
 * rows, and the second used to wait on the first one's row lock until it committed (10 ms on average, 166 ms at
 * worst under bench:load). The newest RECENT_KEPT are found without locking; of the older rows, those another
 * transaction holds are skipped and forgotten by a later load. So the user may keep more than RECENT_KEPT for a
 * moment, never fewer.
 */
export const recordRecentApplication = async (
  tx: TenantTx,
  who: { lenderId: number; userId: number },
  applicationId: number,
) => {
  await tx.execute(sql`
    insert into recent_applications (lender_id, user_id, application_id, viewed_at)
    values (${who.lenderId}, ${who.userId}, ${applicationId}, clock_timestamp())
    on conflict (user_id, lender_id, application_id) do update set viewed_at = excluded.viewed_at`);
  await tx.execute(sql`
    delete from recent_applications r
     where r.ctid in (
       select k.ctid from recent_applications k
        where k.user_id = ${who.userId} and k.lender_id = ${who.lenderId}
          and (k.viewed_at, k.application_id) < (
            select c.viewed_at, c.application_id from recent_applications c
             where c.user_id = ${who.userId} and c.lender_id = ${who.lenderId}
             order by c.viewed_at desc, c.application_id desc offset ${RECENT_KEPT - 1} limit 1)
        for update skip locked)`);
};

export type RecentRow = {
  application_id: number;
  applicant_name: string | null;
  state: string;
  locking_user: string | null;
  loan_product: string;
};

/** The user's recent applications in this lender, newest first; the locking user only while the lock is live. */
export const listRecentApplications = async (tx: TenantTx, who: { lenderId: number; userId: number }) =>
  (
    await tx.execute<RecentRow>(sql`
      select a.id as application_id, a.primary_applicant_name as applicant_name, a.state,
             lu.full_name as locking_user, lp.name as loan_product
        from recent_applications r
        join applications a on a.id = r.application_id and a.lender_id = r.lender_id
        join loan_products lp on lp.id = a.loan_product_id
        left join users lu on lu.id = a.locked_by_user_id and a.lock_expires_at > now()
       where r.user_id = ${who.userId} and r.lender_id = ${who.lenderId}
       order by r.viewed_at desc, r.application_id desc
       limit ${RECENT_SHOWN}`)
  ).rows;
