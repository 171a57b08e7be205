import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { withTenant } from '../../../db/tenancy.ts';
import type { JobQueue } from '../../../platform/jobs.ts';
import { notify } from '../../notifications/notify.service.ts';

/** The pg-boss queue of the Follow-up Due notifications (platform/jobs.ts works it). */
export const FOLLOW_UP_QUEUE = 'follow-up-alerts';

/** Items told per transaction; a lender with more is done in several. */
const BATCH = 500;

/** The lender's date at `now`, in its zone (lenders.time_zone), as SQL over `l`. */
const lenderToday = (now: Date) => sql`(${now.toISOString()}::timestamptz at time zone l.time_zone)::date`;

/**
 * An open item is due when its next alert date has come in its lender's zone. Every zone's date is at most the UTC
 * date + 1, so the first condition is a range of the partial index action_items_next_alert_idx and the exact
 * one, by zone, reads only the rows in it.
 */
const dueCondition = (now: Date) => sql`i.next_alert_on is not null
   and i.next_alert_on <= (${now.toISOString()}::timestamptz at time zone 'UTC')::date + 1
   and i.next_alert_on <= ${lenderToday(now)}
   and not i.completed`;

/** The poll (every couple of seconds, platform/jobs.ts): whether some follow-up item is due now. */
export const followUpsDue = async (db: Db, now = new Date()) => {
  const result = await db.execute<{ due: boolean }>(sql`
    select exists (select 1 from action_items i join lenders l on l.id = i.lender_id where ${dueCondition(now)}) as due`);
  return result.rows[0]?.due === true;
};

/**
 * One lender's due items, up to BATCH, in one tenant transaction: each is claimed by moving its marker —
 * `last_alerted_on` becomes the lender's today and `next_alert_on` tomorrow for a daily item, none otherwise —
 * and its Follow-up Due written in the same transaction. The claim's `where` is read again on a row another
 * worker changed meanwhile (and `skip locked` passes the rows it holds), so a retry or a second worker never
 * tells an item twice; an item deleted or completed since the poll is simply not there to claim.
 */
const deliverBatch = (db: Db, lenderId: number, now: Date) =>
  withTenant(db, lenderId, async (tx) => {
    const claimed = await tx.execute<{
      application_id: number;
      description: string;
      created_by_user_id: number | null;
    }>(sql`
      with today as (select ${lenderToday(now)} as d from lenders l where l.id = ${lenderId}::int),
      due as (
        select i.id from action_items i, lenders l
         where l.id = i.lender_id and i.lender_id = ${lenderId}::int and ${dueCondition(now)}
         order by i.next_alert_on, i.id
         limit ${BATCH}
         for update of i skip locked)
      update action_items i
         set last_alerted_on = today.d,
             next_alert_on = case when i.is_daily_delivery then today.d + 1 end
        from due, today
       where i.id = due.id and not i.completed and i.next_alert_on <= today.d
      returning i.application_id, i.description, i.created_by_user_id`);
    for (const item of claimed.rows) {
      await notify(tx, {
        lenderId,
        applicationId: item.application_id,
        actorUserId: null,
        type: 'FollowUp',
        audience: {
          kind: 'followersAndUsers',
          userIds: item.created_by_user_id === null ? [] : [item.created_by_user_id],
        },
        values: { description: item.description },
      });
    }
    return claimed.rows.length;
  });

/**
 * The job: every lender's due follow-up items are told (Follow-up Due, 400) to the item's creator and the
 * application's followers. `now` is the time it is judged at (tests pass another day). Answers how many items.
 */
export const deliverDueFollowUps = async (db: Db, now = new Date()) => {
  const lenders = await db.execute<{ lender_id: number }>(sql`
    select distinct i.lender_id from action_items i join lenders l on l.id = i.lender_id where ${dueCondition(now)}`);
  let delivered = 0;
  for (const { lender_id: lenderId } of lenders.rows) {
    // Bounded: a lender's items are claimed in batches until none is due (or a hundred batches, the rest next run).
    for (let pass = 0; pass < 100; pass++) {
      const n = await deliverBatch(db, Number(lenderId), now);
      delivered += n;
      if (n < BATCH) break;
    }
  }
  return delivered;
};

export const followUpQueue: JobQueue = {
  name: FOLLOW_UP_QUEUE,
  due: (db) => followUpsDue(db),
  work: async (db, log) => {
    const delivered = await deliverDueFollowUps(db);
    if (delivered > 0) log.info({ delivered }, 'follow-up alerts sent');
  },
};
