import { savedQueueCriteriaSchema, type QueueGridName } from '@credence/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { TenantTx } from '../../db/tenancy.ts';
import type { DataProtector } from '../../platform/crypto.ts';
import { savedQueueConditions } from '../application-queues/application-queues.service.ts';
import { notify } from './notify.service.ts';

/**
 * New Queue Entry (500): an application created or changed so that it now matches a custom queue (a search filter
 * of type queue) it did not match before the change. Judged in the change's transaction: the lender's enabled
 * custom queues are read once (one query; none, and nothing more is done), each compiled to SQL by the queue
 * pages' own builder (application-queues `savedQueueConditions`), and all of them are evaluated on this one application in
 * one statement before the change and one after it.
 *
 * Who a queue is for: the users it is shown to — its creator and the members of the enabled user groups it is
 * published to. A queue built on a personal grid (My Queue, Shared With Me) shows each viewer their own rows, so
 * it is judged as its creator sees it and told to its creator only. A disabled queue is shown to no one and tells
 * no one. As every notification, not the one who made the change, nor users without canReceiveNotifications.
 */

type WatchedQueue = { id: number; name: string; audience: number[]; from: SQL; where: SQL };

const personalGrids: ReadonlySet<QueueGridName> = new Set(['myQueue', 'sharedWithMeQueue']);

const loadQueues = async (tx: TenantTx, lenderId: number, protector: DataProtector): Promise<WatchedQueue[]> => {
  const rows = await tx.execute<{ id: number; name: string; filter: string; owner_id: number; members: number[] }>(sql`
    select sf.id, sf.name, sf.filter, sf.created_by_user_id as owner_id,
           array(select distinct m.user_id from search_filter_user_groups fg
                   join user_groups g on g.id = fg.user_group_id and g.enabled
                   join user_group_members m on m.user_group_id = g.id
                  where fg.search_filter_id = sf.id) as members
      from search_filters sf
     where sf.lender_id = ${lenderId}::int and sf.type = 'queue' and sf.enabled
     order by sf.id`);
  return rows.rows.flatMap((row) => {
    let json: unknown;
    try {
      json = JSON.parse(row.filter);
    } catch {
      return [];
    }
    // Saved through the same schema; one that no longer passes it is not a queue anyone can open either.
    const criteria = savedQueueCriteriaSchema.safeParse(json);
    if (!criteria.success) return [];
    const ownerId = Number(row.owner_id);
    const { from, where } = savedQueueConditions({ protector }, { lenderId, userId: ownerId }, criteria.data);
    const audience = personalGrids.has(criteria.data.gridName)
      ? [ownerId]
      : [...new Set([ownerId, ...row.members.map(Number)])];
    return [{ id: Number(row.id), name: row.name, audience, from, where }];
  });
};

/** The ids of the queues the application matches now: one statement, one indexed probe of it per queue. */
const matching = async (tx: TenantTx, queues: WatchedQueue[], applicationId: number): Promise<Set<number>> => {
  const probes = queues.map(
    (q) => sql`case when exists (select 1 from ${q.from} ${q.where} and a.id = ${applicationId}::int)
                    then ${q.id}::int end`,
  );
  const result = await tx.execute<{ ids: number[] }>(
    sql`select array_remove(array[${sql.join(probes, sql`, `)}], null) as ids`,
  );
  return new Set((result.rows[0]?.ids ?? []).map(Number));
};

export type QueueEntryEvent = { lenderId: number; applicationId: number; actorUserId: number | null };

/**
 * Starts watching an application's custom queues before a change (`isNew`: it did not exist, so it matched none);
 * the answer, called after the change in the same transaction, writes a New Queue Entry for each queue it entered.
 */
export const watchQueueEntries = async (
  tx: TenantTx,
  protector: DataProtector,
  event: QueueEntryEvent,
  { isNew = false }: { isNew?: boolean } = {},
): Promise<() => Promise<void>> => {
  const queues = await loadQueues(tx, event.lenderId, protector);
  if (queues.length === 0) return async () => {};
  const before = isNew ? new Set<number>() : await matching(tx, queues, event.applicationId);
  return async () => {
    const after = await matching(tx, queues, event.applicationId);
    for (const queue of queues) {
      if (!after.has(queue.id) || before.has(queue.id)) continue;
      await notify(tx, {
        ...event,
        type: 'QueuesNewEntry',
        audience: { kind: 'users', userIds: queue.audience },
        values: { queue: queue.name },
      });
    }
  };
};

/** Runs a change of an application between the two looks of `watchQueueEntries`. */
export const withQueueEntries = async <T>(
  tx: TenantTx,
  protector: DataProtector,
  event: QueueEntryEvent,
  change: () => Promise<T>,
): Promise<T> => {
  const entered = await watchQueueEntries(tx, protector, event);
  const result = await change();
  await entered();
  return result;
};
