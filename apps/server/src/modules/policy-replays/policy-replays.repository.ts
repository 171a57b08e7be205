import { and, asc, desc, eq, gte, lt, sql } from 'drizzle-orm';
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

/** A replay with what the API shows beside it: its object, the versions compared, who started it. */
const replayColumns = {
  replay: policyReplays,
  objectName: policyObjects.name,
  objectKind: policyObjects.kind,
  draftVersion: policyVersions.version,
  createdBy: users.fullName,
};

export const findReplay = async (tx: TenantTx, id: number) => {
  const [row] = await tx
    .select(replayColumns)
    .from(policyReplays)
    .innerJoin(policyObjects, eq(policyObjects.id, policyReplays.policyObjectId))
    .innerJoin(policyVersions, eq(policyVersions.id, policyReplays.draftVersionId))
    .leftJoin(users, eq(users.id, policyReplays.createdByUserId))
    .where(eq(policyReplays.id, id));
  return row;
};

/** The lender's replays (of one object, or all), newest first, without their reports. */
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
      createdBy: users.fullName,
    })
    .from(policyReplays)
    .innerJoin(policyObjects, eq(policyObjects.id, policyReplays.policyObjectId))
    .innerJoin(policyVersions, eq(policyVersions.id, policyReplays.draftVersionId))
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

/** Whether a replay waits (the job runner's poll: an index-free scan of a small table). */
export const hasQueuedReplay = async (db: Db) => {
  const { rows } = await db.execute<{ due: boolean }>(
    sql`select exists (select 1 from policy_replays where status = 'queued') as due`,
  );
  return rows[0]?.due === true;
};

/** Takes the oldest waiting replay (any lender): it becomes running; others' workers skip it. */
export const claimQueuedReplay = async (db: Db) => {
  const { rows } = await db.execute<{ id: number; lender_id: number }>(
    sql`update policy_replays set status = 'running', processed = 0
        where id = (select id from policy_replays where status = 'queued' order by id limit 1 for update skip locked)
        returning id, lender_id`,
  );
  const row = rows[0];
  return row ? { id: row.id, lenderId: row.lender_id } : undefined;
};

/** A replay that could not finish (its error kept for the page). */
export const failReplay = (db: Db, id: number, error: string) =>
  db.execute(sql`update policy_replays set status = 'failed', error = ${error}, finished_at = now() where id = ${id}`);
