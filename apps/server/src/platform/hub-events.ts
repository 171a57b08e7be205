import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { TenantTx } from '../db/tenancy.ts';
import type { JobQueue } from './jobs.ts';

/**
 * The hub's stored events (issue 31 item 4; table hub_events, migration 0037: hand-written, no Drizzle schema, so
 * raw SQL here), written by every signal to a lender's room (hub-signal.ts), read by the catch-up
 * (modules/hub-events), kept HUB_EVENTS_KEEP_HOURS by the job `hub-events-prune`.
 *
 * Cursor: `pg_snapshot_xmin(pg_current_snapshot())` of the read itself, taken in the same statement as the events
 * (one snapshot). Every transaction with an id below it had ended when the read ran, so its events were read; the
 * next read returns every event with `xid >= cursor`, which holds any transaction that was still running (and may
 * commit later). An id cursor would skip a transaction that took a lower id but committed after a read that already
 * saw a higher one; this one needs no serializing of a lender's writes. An event may be read twice (it was running,
 * or was read live): the client applies each id once.
 */
export type StoredHubEvent = { id: number; event: string; data: Record<string, string | number | null> | null };

/** The current cursor, and nothing else (a first connection reads everything anyway). */
export const currentCursor = async (tx: TenantTx): Promise<string> => {
  const { rows } = await tx.execute<{ cursor: string }>(
    sql`select pg_snapshot_xmin(pg_current_snapshot())::text as cursor`,
  );
  return rows[0]!.cursor;
};

/**
 * The events of the given (room, event) pairs with `xid >= since`, oldest first, at most `limit`; the next cursor;
 * and whether the retention deleted events at or above `since` (then some may be missing).
 */
export const eventsSince = async (
  tx: TenantTx,
  query: { lenderId: number; since: string; topics: { room: string; event: string }[]; limit: number },
) => {
  const topics = sql.join(
    query.topics.map((t) => sql`(${t.room}, ${t.event})`),
    sql`, `,
  );
  const { rows } = await tx.execute<{ cursor: string; pruned: boolean; events: StoredHubEvent[] }>(sql`
    select pg_snapshot_xmin(pg_current_snapshot())::text as cursor,
           coalesce((select r.pruned_through >= ${query.since}::xid8 from hub_event_retention r), false) as pruned,
           (select coalesce(json_agg(json_build_object('id', e.id, 'event', e.event, 'data', e.data) order by e.id),
                            '[]'::json)
              from (select id, event, data from hub_events
                     where lender_id = ${query.lenderId} and xid >= ${query.since}::xid8 and (room, event) in (${topics})
                     order by id limit ${query.limit}) e) as events`);
  return rows[0]!;
};

/** Is the oldest stored event older than `hours`? (The first row by id: a look at the primary key's first entry.) */
export const pruneDue = async (db: Db, hours: number): Promise<boolean> => {
  const { rows } = await db.execute<{ due: boolean }>(
    sql`select created_at < now() - make_interval(hours => ${hours}) as due from hub_events order by id limit 1`,
  );
  return rows[0]?.due ?? false;
};

/**
 * Deletes the events older than `hours` (as the owner, across lenders) — those before the first younger one by id —
 * and marks the highest transaction id deleted, in the same statement: a cursor at or below it has lost events.
 */
export const pruneEvents = async (db: Db, hours: number): Promise<number> => {
  const { rows } = await db.execute<{ deleted: number }>(sql`
    with edge as (select id from hub_events where created_at >= now() - make_interval(hours => ${hours})
                   order by id limit 1),
         gone as (delete from hub_events where id < coalesce((select id from edge), 9223372036854775807)
                   returning xid),
         mark as (update hub_event_retention
                     set pruned_through = greatest(pruned_through, (select xid from gone order by xid desc limit 1))
                   returning 1)
    select (select count(*)::int from gone) as deleted, (select count(*) from mark) as marked`);
  return rows[0]?.deleted ?? 0;
};

/** Events are kept this long; a client whose cursor is older reads everything again (`complete: false`). */
export const HUB_EVENTS_KEEP_HOURS = 24;
/** The prune runs when the oldest event is this much older than kept (about once an hour on a busy system). */
const PRUNE_SLACK_HOURS = 1;

/** The retention job (registered by modules/hub-events): deletes the events older than HUB_EVENTS_KEEP_HOURS. */
export const hubEventsPruneQueue: JobQueue = {
  name: 'hub-events-prune',
  due: (db) => pruneDue(db, HUB_EVENTS_KEEP_HOURS + PRUNE_SLACK_HOURS),
  work: async (db, log) => {
    const deleted = await pruneEvents(db, HUB_EVENTS_KEEP_HOURS);
    if (deleted > 0) log.info({ deleted }, 'hub events pruned');
  },
};
