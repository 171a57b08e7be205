import { and, asc, desc, eq, gte, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import {
  applications,
  dealers,
  lenders,
  loanProducts,
  policyObjects,
  policyReplays,
  policyVersions,
  users,
} from '../../db/schema/index.ts';
import type { TenantTx } from '../../db/tenancy.ts';

export type ReplayRow = typeof policyReplays.$inferSelect;

/** The published version a replay compares with (the draft's row is `policyVersions`). */
const publishedVersions = alias(policyVersions, 'published_versions');

/** A replay with what the API shows beside it: its object, the versions compared, who started it. */
const replayColumns = {
  replay: policyReplays,
  objectName: policyObjects.name,
  objectKind: policyObjects.kind,
  draftVersion: policyVersions.version,
  publishedVersion: publishedVersions.version,
  createdBy: users.fullName,
};

export const findReplay = async (tx: TenantTx, id: number) => {
  const [row] = await tx
    .select(replayColumns)
    .from(policyReplays)
    .innerJoin(policyObjects, eq(policyObjects.id, policyReplays.policyObjectId))
    .innerJoin(policyVersions, eq(policyVersions.id, policyReplays.draftVersionId))
    .leftJoin(publishedVersions, eq(publishedVersions.id, policyReplays.publishedVersionId))
    .leftJoin(users, eq(users.id, policyReplays.createdByUserId))
    .where(eq(policyReplays.id, id));
  return row;
};

/** The lender's replays (of one object, or all), newest first, without their reports: one query. */
export const listReplays = (tx: TenantTx, policyObjectId: number | undefined, limit = 50) =>
  tx
    .select({
      replay: {
        id: policyReplays.id,
        policyObjectId: policyReplays.policyObjectId,
        publishedVersionId: policyReplays.publishedVersionId,
        fromDate: policyReplays.fromDate,
        toDate: policyReplays.toDate,
        status: policyReplays.status,
        processed: policyReplays.processed,
        total: policyReplays.total,
        error: policyReplays.error,
        createdAt: policyReplays.createdAt,
        finishedAt: policyReplays.finishedAt,
      },
      objectName: policyObjects.name,
      objectKind: policyObjects.kind,
      draftVersion: policyVersions.version,
      publishedVersion: publishedVersions.version,
      createdBy: users.fullName,
    })
    .from(policyReplays)
    .innerJoin(policyObjects, eq(policyObjects.id, policyReplays.policyObjectId))
    .innerJoin(policyVersions, eq(policyVersions.id, policyReplays.draftVersionId))
    .leftJoin(publishedVersions, eq(publishedVersions.id, policyReplays.publishedVersionId))
    .leftJoin(users, eq(users.id, policyReplays.createdByUserId))
    .where(policyObjectId === undefined ? undefined : eq(policyReplays.policyObjectId, policyObjectId))
    .orderBy(desc(policyReplays.createdAt), desc(policyReplays.id))
    .limit(limit);

export const insertReplay = async (tx: TenantTx, values: typeof policyReplays.$inferInsert) => {
  const [row] = await tx.insert(policyReplays).values(values).returning({ id: policyReplays.id });
  return row!.id;
};

export const updateReplay = (tx: TenantTx, id: number, values: Partial<typeof policyReplays.$inferInsert>) =>
  tx.update(policyReplays).set(values).where(eq(policyReplays.id, id));

/** The objects of the lender with a draft (what the sandbox can replay). */
export const listDrafts = (tx: TenantTx) =>
  tx
    .select({
      policyObjectId: policyObjects.id,
      name: policyObjects.name,
      kind: policyObjects.kind,
      matrixType: policyObjects.matrixType,
      draftVersion: policyVersions.version,
      draftUpdatedAt: policyVersions.updatedAt,
    })
    .from(policyVersions)
    .innerJoin(policyObjects, eq(policyObjects.id, policyVersions.policyObjectId))
    .where(eq(policyVersions.status, 'draft'))
    .orderBy(asc(policyObjects.kind), asc(policyObjects.name));

export const lenderTimeZone = async (tx: TenantTx, lenderId: number) => {
  const [row] = await tx.select({ timeZone: lenders.timeZone }).from(lenders).where(eq(lenders.id, lenderId));
  return row?.timeZone ?? 'UTC';
};

/** The applications created in the period (days in the lender's time zone, both included), by id. */
export const listApplicationsOfPeriod = (tx: TenantTx, from: string, to: string, timeZone: string) =>
  tx
    .select({
      id: applications.id,
      productId: applications.loanProductId,
      productName: loanProducts.name,
      dealerId: applications.dealerId,
      dealerName: dealers.name,
    })
    .from(applications)
    .innerJoin(loanProducts, eq(loanProducts.id, applications.loanProductId))
    .leftJoin(dealers, eq(dealers.id, applications.dealerId))
    .where(
      and(
        gte(applications.createdAt, sql`((${from}::date)::timestamp at time zone ${timeZone})`),
        lt(applications.createdAt, sql`(((${to}::date) + 1)::timestamp at time zone ${timeZone})`),
      ),
    )
    .orderBy(asc(applications.id));
export type PeriodApplication = Awaited<ReturnType<typeof listApplicationsOfPeriod>>[number];

/* ------------------------------------------------------------------------- the job (owner role, all lenders) */

/** The advisory-lock namespace of running replays: a worker holds (REPLAY_LOCK, id) on its own connection. */
const REPLAY_LOCK = 7_321;

/**
 * Whether a replay waits for a worker (the job runner's poll): a queued one, or a running one no live worker holds
 * — its process died (the lock went with its connection), so it is run again from the start.
 */
export const hasQueuedReplay = async (db: Db) => {
  const { rows } = await db.execute<{ due: boolean }>(
    sql`select exists (
          select 1 from policy_replays r
           where r.status = 'queued'
              or (r.status = 'running' and not exists (
                    select 1 from pg_locks l
                     where l.locktype = 'advisory' and l.classid::bigint = ${REPLAY_LOCK} and l.objid::bigint = r.id
                       and l.objsubid = 2))
        ) as due`,
  );
  return rows[0]?.due === true;
};

/**
 * Runs `work` on the oldest replay waiting for a worker (any lender), holding it for as long as it runs: a
 * transaction-scoped advisory lock on a connection of its own (other workers skip the replay; if this process
 * dies, the lock goes with its connection and another worker takes the replay over). False when none waits.
 */
export const withWaitingReplay = (db: Db, work: (replay: { id: number; lenderId: number }) => Promise<void>) =>
  db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ id: number; lender_id: number }>(
      sql`select id, lender_id from policy_replays where status in ('queued', 'running') order by id`,
    );
    for (const row of rows) {
      const locked = await tx.execute<{ ok: boolean }>(
        sql`select pg_try_advisory_xact_lock(${REPLAY_LOCK}, ${row.id}) as ok`,
      );
      if (!locked.rows[0]!.ok) continue;
      // Marked running on the pool, not in this transaction: the page sees it at once.
      const claimed = await db.execute(
        sql`update policy_replays set status = 'running', processed = 0, error = null
             where id = ${row.id} and status in ('queued', 'running')`,
      );
      if (claimed.rowCount === 0) continue;
      await work({ id: row.id, lenderId: row.lender_id });
      return true;
    }
    return false;
  });

/** A replay that could not finish (its error kept for the page). */
export const failReplay = (db: Db, id: number, error: string) =>
  db.execute(sql`update policy_replays set status = 'failed', error = ${error}, finished_at = now() where id = ${id}`);
