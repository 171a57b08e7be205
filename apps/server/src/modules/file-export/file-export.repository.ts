import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { TenantTx } from '../../db/tenancy.ts';

/** A row of file_exports as the service reads it (times as ISO text). */
export type FileExportRow = {
  id: number;
  lender_id: number;
  created_by_user_id: number | null;
  created_by: string | null;
  kind: string;
  format: string;
  filters: Record<string, unknown>;
  state: string;
  rows_done: number;
  rows_total: number | null;
  row_count: number | null;
  file_ref: string | null;
  file_name: string | null;
  file_size: number | null;
  expires_at: string | null;
  expired: boolean;
  error: string | null;
  problems: Record<string, unknown>[] | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
};

const iso = (column: string) =>
  sql.raw(`to_char(e.${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as ${column}`);
const selectRow = sql`select e.id, e.lender_id, e.created_by_user_id, u.full_name as created_by, e.kind, e.format,
    e.filters, e.state, e.rows_done, e.rows_total, e.row_count, e.file_ref, e.file_name, e.file_size::float8 as file_size,
    ${iso('expires_at')}, (e.expires_at <= now()) as expired, e.error, e.problems, ${iso('created_at')},
    ${iso('started_at')}, ${iso('finished_at')}
  from file_exports e left join users u on u.id = e.created_by_user_id`;

export const findExport = async (tx: TenantTx, id: number) =>
  (await tx.execute<FileExportRow>(sql`${selectRow} where e.id = ${id}`)).rows[0];

export const listExports = async (tx: TenantTx, limit: number, offset: number) => {
  const { rows } = await tx.execute<FileExportRow>(
    sql`${selectRow} order by e.created_at desc, e.id desc limit ${limit} offset ${offset}`,
  );
  const [count] = (await tx.execute<{ n: number }>(sql`select count(*)::int as n from file_exports`)).rows;
  return { rows, total: count?.n ?? 0 };
};

/** The filters of the lender's most recent export of a kind (undefined: none yet). */
export const latestFilters = async (tx: TenantTx, kind: string) =>
  (
    await tx.execute<{ filters: Record<string, unknown> }>(
      sql`select filters from file_exports where kind = ${kind} order by created_at desc, id desc limit 1`,
    )
  ).rows[0]?.filters;

export const insertExport = async (
  tx: TenantTx,
  values: { lenderId: number; userId: number; kind: string; format: string; filters: unknown },
) => {
  const { rows } = await tx.execute<{ id: number }>(
    sql`insert into file_exports (lender_id, created_by_user_id, kind, format, filters)
        values (${values.lenderId}, ${values.userId}, ${values.kind}, ${values.format}, ${JSON.stringify(values.filters)}::jsonb)
        returning id`,
  );
  return rows[0]!.id;
};

/** Cancels a queued or running export; false when it was in another state. */
export const cancelExport = async (tx: TenantTx, id: number) =>
  ((
    await tx.execute(
      sql`update file_exports set state = 'cancelled', finished_at = now(), updated_at = now()
           where id = ${id} and state in ('queued', 'running')`,
    )
  ).rowCount ?? 0) > 0;

/** The progress of a running export (and its heartbeat); answers its state (`cancelled` tells the run to stop). */
export const recordProgress = async (tx: TenantTx, id: number, rowsDone: number, rowsTotal: number | null) =>
  (
    await tx.execute<{ state: string }>(
      sql`update file_exports set rows_done = ${rowsDone}, rows_total = coalesce(${rowsTotal}::int, rows_total),
             updated_at = now()
           where id = ${id} returning state`,
    )
  ).rows[0]?.state;

/** The end of a run that wrote its file: only a still running export becomes done (a cancel in between wins). */
export const finishExport = async (
  tx: TenantTx,
  id: number,
  file: { ref: string; name: string; size: number; rows: number; keepDays: number },
) =>
  ((
    await tx.execute(
      sql`update file_exports set state = 'done', rows_done = ${file.rows}, row_count = ${file.rows},
             rows_total = ${file.rows}, file_ref = ${file.ref}, file_name = ${file.name}, file_size = ${file.size},
             expires_at = now() + make_interval(days => ${file.keepDays}), finished_at = now(), updated_at = now()
           where id = ${id} and state = 'running'`,
    )
  ).rowCount ?? 0) > 0;

export const failExport = (tx: TenantTx, id: number, error: string, problems: unknown[] | null) =>
  tx.execute(
    sql`update file_exports set state = 'failed', error = ${error},
           problems = ${problems === null ? null : JSON.stringify(problems)}::jsonb, finished_at = now(), updated_at = now()
         where id = ${id} and state = 'running'`,
  );

/* ------------------------------------------------------------------------- the jobs (owner role, all lenders) */

/** A running export whose heartbeat is older than this was left by a process that died: it is run again. */
const STALE = sql`interval '2 minutes'`;

/** Whether an export waits for a worker (the job runner's poll; the partial index file_exports_waiting_idx). */
export const hasWaitingExport = async (db: Db) =>
  (
    await db.execute<{ due: boolean }>(
      sql`select exists (select 1 from file_exports
                          where state = 'queued' or (state = 'running' and updated_at < now() - ${STALE})) as due`,
    )
  ).rows[0]?.due === true;

export type ClaimedExport = {
  id: number;
  lender_id: number;
  created_by_user_id: number | null;
  kind: string;
  format: string;
  filters: Record<string, unknown>;
};

/** Takes the oldest waiting export (any lender) for this worker: running, progress reset, heartbeat now. */
export const claimExport = async (db: Db) =>
  (
    await db.execute<ClaimedExport>(
      sql`update file_exports set state = 'running', started_at = now(), updated_at = now(), rows_done = 0,
             rows_total = null, error = null, problems = null
           where id = (select id from file_exports
                        where state = 'queued' or (state = 'running' and updated_at < now() - ${STALE})
                        order by id for update skip locked limit 1)
       returning id, lender_id, created_by_user_id, kind, format, filters`,
    )
  ).rows[0];

/** Whether a done export's file is past its retention (the retention job's poll). */
export const hasExpiredFile = async (db: Db) =>
  (
    await db.execute<{ due: boolean }>(
      sql`select exists (select 1 from file_exports where file_ref is not null and expires_at <= now()) as due`,
    )
  ).rows[0]?.due === true;

export const expiredFiles = async (db: Db, limit: number) =>
  (
    await db.execute<{ id: number; lender_id: number; file_ref: string }>(
      sql`select id, lender_id, file_ref from file_exports
           where file_ref is not null and expires_at <= now() order by expires_at limit ${limit}`,
    )
  ).rows;

export const clearFile = (tx: TenantTx, id: number, fileRef: string) =>
  tx.execute(
    sql`update file_exports set file_ref = null, updated_at = now() where id = ${id} and file_ref = ${fileRef}`,
  );
