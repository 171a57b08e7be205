import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { finished } from 'node:stream/promises';
import {
  FILE_EXPORT_KEEP_DAYS,
  fileExportFiltersSchema,
  fileExportKindSchema,
  fileExportMessages,
  fileExportProblemSchema,
  fileExportRequestSchema,
  queueColumnByField,
  queueTitles,
  type FileExport,
  type FileExportFormat,
  type FileExportState,
} from '@credence/contracts';
import { formatUsDate, type IsoDate } from '@credence/domain';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { withTenant, type TenantTx } from '../../db/tenancy.ts';
import type { AuthContext } from '../../platform/auth.ts';
import { issueDownloadToken } from '../../platform/download-tokens.ts';
import { AppError, notFound, validationError } from '../../platform/errors.ts';
import { FILE_CHUNK_BYTES, storedContentStream, type FileStore } from '../../platform/file-store.ts';
import { hubRooms, signalHub } from '../../platform/hub-signal.ts';
import { wakeJobQueue, type JobsLog } from '../../platform/jobs.ts';
import { lenderTimeZone } from '../../platform/lender-time.ts';
import { exportKinds, findExportKind, type AnyExportKind, type ExportContext } from './export-kinds.ts';
import * as repo from './file-export.repository.ts';

/** The pg-boss queues of the area: the exports, and the retention of their files. */
export const FILE_EXPORT_QUEUE = 'file-export';
export const FILE_EXPORT_RETENTION_QUEUE = 'file-export-retention';

/**
 * The runner's settings: rows per FETCH, the longest wait between two progress writes (which are also the moments
 * a cancel is noticed), the days a file is kept; `paceMs` slows each batch (a test cancels mid-way with it).
 */
/** The longest one statement of an export may run (its count, one FETCH of its cursor): a job, not a request. */
const EXPORT_STATEMENT_TIMEOUT = '10min';
export const fileExportSettings = { batchSize: 1000, progressMs: 1000, paceMs: 0, keepDays: FILE_EXPORT_KEEP_DAYS };

/* ------------------------------------------------------------------------------------------ the API side */

const titleCase = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The queue filter operators as a sentence says them ('Status is any of Approved, Funded'). */
const operatorTexts: Record<string, string> = {
  isAnyOf: 'is any of',
  is: 'is',
  not: 'is not',
  contains: 'contains',
  equals: 'is',
  startsWith: 'starts with',
  isEmpty: 'is empty',
  isNotEmpty: 'is not empty',
  after: 'after',
  onOrAfter: 'on or after',
  before: 'before',
  onOrBefore: 'on or before',
  '!=': '≠',
  '>=': '≥',
  '<=': '≤',
};

/** The filters as a person reads them in the history. */
const summaryOf = (filters: Record<string, unknown>, names: Map<string, string>): string => {
  const parsed = fileExportFiltersSchema.safeParse(filters);
  if (!parsed.success) return '';
  const f = parsed.data;
  const parts: string[] = [];
  if (f.criteria) {
    parts.push(queueTitles[f.criteria.gridName]);
    for (const item of f.criteria.filter?.filters ?? []) {
      const values = (Array.isArray(item.value) ? item.value : [item.value]).filter((v) => v !== null && v !== '');
      const shown = values.map((v) => names.get(`${item.field}:${String(v)}`) ?? titleCase(String(v)));
      const column = queueColumnByField(item.field)?.headerName ?? item.field;
      const operator = operatorTexts[item.operator] ?? item.operator;
      parts.push(`${column} ${operator}${shown.length > 0 ? ` ${shown.join(', ')}` : ''}`);
    }
  }
  if (f.from || f.to)
    parts.push(`${f.from ? formatUsDate(f.from as IsoDate) : '…'} – ${f.to ? formatUsDate(f.to as IsoDate) : '…'}`);
  if (f.year !== undefined) parts.push(String(f.year));
  if (f.day) parts.push(formatUsDate(f.day as IsoDate));
  return parts.join(' · ');
};

/** The names of the lender's products and dealers, for the summaries (`loanProduct:7` → 'Auto Loan'). */
const filterNames = async (tx: TenantTx) => {
  const { rows } = await tx.execute<{ key: string; name: string }>(
    sql`select 'loanProduct:' || id as key, name from loan_products
        union all select 'dealer:' || id, name from dealers`,
  );
  return new Map(rows.map((r) => [r.key, r.name]));
};

const problemsSchema = z.array(fileExportProblemSchema);

const toFileExport = (row: repo.FileExportRow, names: Map<string, string>): FileExport => ({
  id: row.id,
  kind: row.kind,
  kindLabel: findExportKind(row.kind)?.label ?? row.kind,
  format: row.format as FileExportFormat,
  state: row.state as FileExportState,
  filters: row.filters,
  filterSummary: summaryOf(row.filters, names),
  createdBy: row.created_by,
  createdAt: row.created_at,
  startedAt: row.started_at,
  finishedAt: row.finished_at,
  rowsDone: row.rows_done,
  rowsTotal: row.rows_total,
  rowCount: row.row_count,
  fileName: row.file_name,
  fileSize: row.file_size,
  expiresAt: row.expires_at,
  downloadable: row.state === 'done' && row.file_ref !== null && !row.expired,
  error: row.error,
  problems: problemsSchema.catch([]).parse(row.problems ?? []),
});

const exportOf = async (tx: TenantTx, id: number) => {
  const row = await repo.findExport(tx, id);
  if (!row) throw notFound();
  return toFileExport(row, await filterNames(tx));
};

export const getExport = (db: Db, auth: AuthContext, id: number) =>
  withTenant(db, auth.lenderId, (tx) => exportOf(tx, id));

export const listExports = (db: Db, auth: AuthContext, page: number, pageSize: number) =>
  withTenant(db, auth.lenderId, async (tx) => {
    const { rows, total } = await repo.listExports(tx, pageSize, (page - 1) * pageSize);
    const names = await filterNames(tx);
    return { data: rows.map((r) => toFileExport(r, names)), total };
  });

/** The kinds the page offers, each with what it pre-fills from the lender's most recent export of that kind. */
export const listKinds = (db: Db, auth: AuthContext) =>
  withTenant(db, auth.lenderId, async (tx) => ({
    kinds: await Promise.all(
      exportKinds().map(async (k) => {
        const last = k.prefill ? await repo.latestFilters(tx, k.kind) : undefined;
        const parsed = last === undefined ? null : fileExportFiltersSchema.safeParse(last);
        return fileExportKindSchema.parse({
          kind: k.kind,
          label: k.label,
          description: k.description,
          formats: k.formats,
          filterSet: k.filterSet,
          columns: k.columns,
          prefill: parsed?.success ? k.prefill!(parsed.data) : null,
        });
      }),
    ),
  }));

/** Tells the one who asked that their export moved (the page reads it again); nobody to tell once they are gone. */
const signalExport = (tx: TenantTx, lenderId: number, userId: number | null, data: Record<string, string | number>) =>
  userId === null
    ? Promise.resolve()
    : signalHub(tx, { room: hubRooms.user(lenderId, userId), event: 'fileExport', data });

/** Queues an export after its kind checked the format and filters (422 naming the field otherwise). */
export const startExport = async (db: Db, auth: AuthContext, request: z.output<typeof fileExportRequestSchema>) => {
  const kind = findExportKind(request.kind);
  if (!kind) throw validationError([{ field: 'kind', message: fileExportMessages.unknownKind }]);
  if (!kind.formats.includes(request.format))
    throw validationError([{ field: 'format', message: fileExportMessages.formatNotOffered }]);
  const errors = kind.validate?.(request.filters) ?? [];
  if (errors.length > 0) throw validationError(errors);
  const created = await withTenant(db, auth.lenderId, async (tx) => {
    const id = await repo.insertExport(tx, {
      lenderId: auth.lenderId,
      userId: auth.userId,
      kind: kind.kind,
      format: request.format,
      filters: request.filters,
    });
    await signalExport(tx, auth.lenderId, auth.userId, { exportId: id, state: 'queued', rowsDone: 0 });
    return exportOf(tx, id);
  });
  wakeJobQueue(FILE_EXPORT_QUEUE);
  return created;
};

export const cancelExport = (db: Db, auth: AuthContext, id: number) =>
  withTenant(db, auth.lenderId, async (tx) => {
    const row = await repo.findExport(tx, id);
    if (!row) throw notFound();
    if (!(await repo.cancelExport(tx, id))) throw new AppError(409, 'CONFLICT', fileExportMessages.notCancellable);
    await signalExport(tx, auth.lenderId, row.created_by_user_id, {
      exportId: id,
      state: 'cancelled',
      rowsDone: row.rows_done,
    });
    return exportOf(tx, id);
  });

/** The export's file as it is now: 404 unless done and not expired. */
const downloadableFile = async (tx: TenantTx, id: number) => {
  const row = await repo.findExport(tx, id);
  if (!row) throw notFound();
  if (row.state !== 'done' || row.file_ref === null || row.expired) throw notFound(fileExportMessages.notDownloadable);
  return row as repo.FileExportRow & { file_ref: string };
};

/** A single-use token for the file (the platform's download tokens, as an application's files have). */
export const exportDownloadToken = async (db: Db, auth: AuthContext, id: number) => {
  await withTenant(db, auth.lenderId, (tx) => downloadableFile(tx, id));
  return issueDownloadToken(db, auth.sessionId, { exportId: id });
};

const CONTENT_TYPES: Record<string, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  txt: 'text/plain; charset=utf-8',
  jsonl: 'application/jsonl; charset=utf-8',
};

/** The file, streamed from the store piece by piece. */
export const downloadExport = async (db: Db, store: FileStore, auth: AuthContext, id: number) => {
  const { row, size } = await withTenant(db, auth.lenderId, async (tx) => {
    const found = await downloadableFile(tx, id);
    const stored = await store.size(tx, found.file_ref);
    if (stored === undefined) throw notFound(fileExportMessages.notDownloadable);
    return { row: found, size: stored };
  });
  const fileName = row.file_name ?? `export-${id}.${row.format}`;
  const extension = path.extname(fileName).slice(1);
  return {
    fileName,
    size,
    contentType: CONTENT_TYPES[extension] ?? 'text/plain; charset=utf-8',
    content: storedContentStream(db, auth.lenderId, store, row.file_ref, size),
  };
};

/* --------------------------------------------------------------------------------------------- the job */

class ExportCancelled extends Error {}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The file being written: a temporary file on disk, its SHA-256 and size counted as the bytes go through. */
const tempFile = (exportId: number, extension: string) => {
  const filePath = path.join(os.tmpdir(), `credence-export-${exportId}-${randomBytes(6).toString('hex')}.${extension}`);
  const hash = createHash('sha256');
  const out = new PassThrough();
  out.on('data', (chunk: Buffer) => hash.update(chunk));
  const file = createWriteStream(filePath);
  out.pipe(file);
  return {
    filePath,
    out,
    written: async () => {
      await finished(file);
      return { sha256: hash.digest('hex'), size: (await stat(filePath)).size };
    },
    remove: async () => {
      out.destroy();
      file.destroy();
      await rm(filePath, { force: true });
    },
  };
};

/**
 * Runs one claimed export: the kind's checks (records to fix fail it with their list), then its rows through a
 * cursor in one tenant transaction into a temporary file, the progress written (and signalled to the one who asked)
 * at least every `progressMs` — each write also answers whether the export was cancelled, which stops the run and
 * throws the file away. The file is then stored (file store) and the export marked done in one transaction; a cancel
 * that came in between wins and nothing is stored.
 */
const runExport = async (db: Db, store: FileStore, claimed: repo.ClaimedExport, log?: JobsLog) => {
  const { id, lender_id: lenderId, created_by_user_id: userId } = claimed;
  const signal = (tx: TenantTx, state: FileExportState, rowsDone: number) =>
    signalExport(tx, lenderId, userId, { exportId: id, state, rowsDone });
  const fail = (error: string, problems: unknown[] | null = null) =>
    withTenant(db, lenderId, async (tx) => {
      await repo.failExport(tx, id, error, problems);
      await signal(tx, 'failed', 0);
    });

  const kind: AnyExportKind | undefined = findExportKind(claimed.kind);
  const filters = fileExportFiltersSchema.safeParse(claimed.filters);
  if (!kind || !filters.success || !kind.formats.includes(claimed.format as FileExportFormat))
    return fail(fileExportMessages.unknownKind);
  const format = claimed.format as FileExportFormat;
  const ctx: ExportContext = {
    exportId: id,
    lenderId,
    userId,
    timeZone: await lenderTimeZone(db, lenderId),
    batchSize: fileExportSettings.batchSize,
  };
  if (kind.problems) {
    const problems = await withTenant(db, lenderId, (tx) => kind.problems!(tx, filters.data, ctx));
    if (problems.length > 0) return fail(fileExportMessages.invalidRecords, problems);
  }

  const writer = kind.writer(format, filters.data, ctx);
  const temp = tempFile(id, writer.extension);
  let rows = 0;
  let total: number | null = null;
  let lastProgress = 0;
  const progress = async (force = false) => {
    if (!force && Date.now() - lastProgress < fileExportSettings.progressMs) return;
    lastProgress = Date.now();
    const state = await withTenant(db, lenderId, async (tx) => {
      const now = await repo.recordProgress(tx, id, rows, total);
      if (now === 'running') await signal(tx, 'running', rows);
      return now;
    });
    if (state !== 'running') throw new ExportCancelled();
  };
  try {
    await withTenant(db, lenderId, async (tx) => {
      // A background job, not a request: the API's per-statement bound (DB_STATEMENT_TIMEOUT_MS, seconds) would stop
      // the count or a FETCH of a million-row export; an export's statement may take up to EXPORT_STATEMENT_TIMEOUT.
      await tx.execute(sql`select set_config('statement_timeout', ${EXPORT_STATEMENT_TIMEOUT}, true)`);
      total = await kind.count(tx, filters.data, ctx);
      await progress(true);
      const file = await writer.open(temp.out, total);
      for await (const batch of kind.rows(tx, filters.data, ctx)) {
        await file.add(batch);
        rows += batch.length;
        if (fileExportSettings.paceMs > 0) await pause(fileExportSettings.paceMs);
        await progress();
      }
      await file.close();
    });
    const { sha256, size } = await temp.written();
    await progress(true);
    const fileName = kind.fileName?.(filters.data, ctx, writer.extension) ?? `${kind.kind}-${id}.${writer.extension}`;
    await withTenant(db, lenderId, async (tx) => {
      const ref = await store.put(tx, lenderId, {
        size,
        sha256,
        chunks: () => createReadStream(temp.filePath, { highWaterMark: FILE_CHUNK_BYTES }),
      });
      const done = await repo.finishExport(tx, id, {
        ref,
        name: fileName,
        size,
        rows,
        keepDays: fileExportSettings.keepDays,
      });
      // Cancelled after the last progress: the transaction rolls back, and the stored content with it.
      if (!done) throw new ExportCancelled();
      await signal(tx, 'done', rows);
    });
    log?.info({ exportId: id, kind: kind.kind, rows }, 'file export done');
  } catch (error) {
    if (error instanceof ExportCancelled) {
      log?.info({ exportId: id, rows }, 'file export cancelled');
      return;
    }
    log?.warn({ exportId: id, error: error instanceof Error ? error.message : String(error) }, 'file export failed');
    await fail(fileExportMessages.failed);
  } finally {
    await temp.remove();
  }
};

/** The queue's work: every export waiting for a worker, oldest first, one at a time. Answers how many ran. */
export const runQueuedExports = async (db: Db, store: FileStore, log?: JobsLog) => {
  let ran = 0;
  for (;;) {
    const claimed = await repo.claimExport(db);
    if (!claimed) return ran;
    await runExport(db, store, claimed, log);
    ran += 1;
  }
};

/** Retention: the files of exports past `expires_at` are deleted (content and reference); the rows stay. */
export const deleteExpiredFiles = async (db: Db, store: FileStore, log?: JobsLog) => {
  let deleted = 0;
  for (;;) {
    const due = await repo.expiredFiles(db, 100);
    if (due.length === 0) break;
    for (const row of due)
      await withTenant(db, row.lender_id, async (tx) => {
        await store.remove(tx, row.file_ref);
        await repo.clearFile(tx, row.id, row.file_ref);
      });
    deleted += due.length;
  }
  if (deleted > 0) log?.info({ deleted }, 'file export files expired');
  return deleted;
};
