import { QUEUE_COUNT_CAP, type ParsedSavedQueueCriteria, type QueueGridName } from '@credence/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { TenantTx } from '../../db/tenancy.ts';
import {
  buildQueue,
  cappedCountQuery,
  stateQueueOf,
  type BuiltQueue,
  type QueueCaller,
  type QueueCriteria,
  type SsnHasher,
  QUEUE_PLANNER_SETTINGS,
  RESTORE_PLANNER_SETTINGS,
} from './queue-sql.ts';

export type BuiltInQueueCounts = Record<Exclude<QueueGridName, 'allApplicationsQueue'>, number>;
export type QueueTotal = { total: number; totalIsLowerBound: boolean };

/** Runs queue statements with the queue planner settings, restored afterwards for the rest of the transaction. */
export const withQueuePlanner = async <T>(
  tx: TenantTx,
  work: () => Promise<T>,
  settings: SQL = QUEUE_PLANNER_SETTINGS,
): Promise<T> => {
  await tx.execute(settings);
  const result = await work();
  await tx.execute(RESTORE_PLANNER_SETTINGS);
  return result;
};

/** The lender's per-queue counts kept by the triggers of application_queue_counts ('closed' included). */
const counterRows = async (tx: TenantTx, lenderId: number) => {
  const result = await tx.execute<{ queue: string; count: number }>(
    sql`select queue, count::int as count from application_queue_counts where lender_id = ${lenderId}`,
  );
  return new Map(result.rows.map((r) => [r.queue, Number(r.count)]));
};

/** Matching rows counted up to the cap: above it the total is the cap and a lower bound. */
export const cappedCount = async (tx: TenantTx, built: BuiltQueue, cap = QUEUE_COUNT_CAP): Promise<QueueTotal> => {
  const result = await tx.execute<{ n: number }>(cappedCountQuery(built, cap));
  return cappedTotal(Number(result.rows[0]?.n ?? 0), cap);
};

/** A count of matching rows as a total: above the cap the total is the cap and a lower bound. */
export const cappedTotal = (n: number, cap: number): QueueTotal =>
  n > cap ? { total: cap, totalIsLowerBound: true } : { total: n, totalIsLowerBound: false };

/**
 * The total of a queue request: exact from the counter table when nothing is filtered (the five state queues
 * and All Applications), otherwise a capped count of the same conditions as the page.
 */
export const queueTotal = async (
  tx: TenantTx,
  who: QueueCaller,
  grid: QueueGridName,
  built: BuiltQueue,
  cap = QUEUE_COUNT_CAP,
): Promise<QueueTotal> => {
  if (!built.filtered) {
    const stateQueue = stateQueueOf[grid];
    if (stateQueue !== undefined || grid === 'allApplicationsQueue') {
      const counts = await counterRows(tx, who.lenderId);
      const total =
        stateQueue !== undefined ? (counts.get(stateQueue) ?? 0) : [...counts.values()].reduce((s, n) => s + n, 0);
      return { total, totalIsLowerBound: false };
    }
  }
  return cappedCount(tx, built, cap);
};

const noCriteria: QueueCriteria = { filter: null, text: null, sort: null };

/**
 * The side menu's counts of the built-in queues: the five state queues exactly from the counter table, My
 * Queue and Shared With Me counted up to QUEUE_COUNT_CAP (a count above the cap is reported as the cap).
 */
export const countBuiltInQueues = async (tx: TenantTx, who: QueueCaller): Promise<BuiltInQueueCounts> => {
  const counts = await counterRows(tx, who.lenderId);
  const state = (grid: keyof typeof stateQueueOf) => counts.get(stateQueueOf[grid]!) ?? 0;
  const [mine, shared] = await withQueuePlanner(tx, async () => [
    await cappedCount(tx, buildQueue('myQueue', who, noCriteria)),
    await cappedCount(tx, buildQueue('sharedWithMeQueue', who, noCriteria)),
  ]);
  return {
    myQueue: mine.total,
    sharedWithMeQueue: shared.total,
    creditQueue: state('creditQueue'),
    pendingDecisionQueue: state('pendingDecisionQueue'),
    decisionQueue: state('decisionQueue'),
    requirementsQueue: state('requirementsQueue'),
    fundingQueue: state('fundingQueue'),
  };
};

/**
 * The item count of a saved (custom) queue: its grid, filters and text, counted like a page total (capped at
 * QUEUE_COUNT_CAP). Pass `hashSsn` (the data protector's keyed hash) so a saved text can match an SSN;
 * without it the text still matches ids, member numbers and names.
 */
export const countSavedQueue = async (
  tx: TenantTx,
  who: QueueCaller,
  criteria: ParsedSavedQueueCriteria,
  hashSsn?: SsnHasher,
): Promise<number> => {
  const built = buildQueue(criteria.gridName, who, criteria, hashSsn);
  return (await withQueuePlanner(tx, () => queueTotal(tx, who, criteria.gridName, built), built.plannerSettings)).total;
};
