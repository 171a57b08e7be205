import { createHash } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { FILE_EXPORT_KEEP_DAYS, type FileExportFormat, type ParsedFileExportFilters } from '@credence/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { DbExecutor } from '../client.ts';
import type { TenantTx } from '../tenancy.ts';
import { lenders, userLenders, users } from '../schema/index.ts';
import { postgresFileStore } from '../../platform/file-store.ts';
import type { AnyExportKind } from '../../modules/file-export/export-kinds.ts';
import { applicationsExportKind, loansExportKind } from '../../modules/file-export/queue-export-kinds.ts';
import { RESTORE_PLANNER_SETTINGS } from '../../modules/application-queues/queue-sql.ts';
import { SUMMIT } from './lender-names.ts';

type PastExport = {
  kind: AnyExportKind;
  format: FileExportFormat;
  filters: ParsedFileExportFilters;
  daysAgo: number;
  state: 'done' | 'cancelled';
};

const past: PastExport[] = [
  {
    kind: applicationsExportKind,
    format: 'csv',
    filters: { criteria: { gridName: 'allApplicationsQueue', filter: null, text: null, sort: null, columns: null } },
    daysAgo: 2,
    state: 'done',
  },
  {
    kind: loansExportKind,
    format: 'xlsx',
    filters: { criteria: { gridName: 'allApplicationsQueue', filter: null, text: null, sort: null, columns: null } },
    daysAgo: 6,
    state: 'done',
  },
  {
    kind: applicationsExportKind,
    format: 'csv',
    filters: {
      criteria: {
        gridName: 'decisionQueue',
        filter: {
          logic: 'and',
          filters: [{ field: 'state', operator: 'isAnyOf', value: ['approved', 'counteroffer'] }],
        },
        text: null,
        sort: null,
        columns: null,
      },
    },
    daysAgo: 9,
    state: 'cancelled',
  },
  {
    kind: applicationsExportKind,
    format: 'xlsx',
    filters: { criteria: { gridName: 'fundingQueue', filter: null, text: null, sort: null, columns: null } },
    daysAgo: FILE_EXPORT_KEEP_DAYS + 11,
    state: 'done',
  },
];

/** The file of an export written by its kind (the runner's kind and writer), in memory: the demo's files are small. */
const writeFile = async (
  tx: TenantTx,
  kind: AnyExportKind,
  format: FileExportFormat,
  filters: ParsedFileExportFilters,
  ctx: Parameters<AnyExportKind['count']>[2],
) => {
  const chunks: Buffer[] = [];
  const out = new PassThrough();
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const total = await kind.count(tx, filters, ctx);
  const writer = kind.writer(format, filters, ctx);
  const file = await writer.open(out, total);
  let rows = 0;
  for await (const batch of kind.rows(tx, filters, ctx)) {
    await file.add(batch);
    rows += batch.length;
  }
  await file.close();
  return { content: Buffer.concat(chunks), rows, extension: writer.extension };
};

/**
 * Demo history of the File Export area (issue 33): four past exports of Summit's administrator — the applications
 * (CSV, two days ago) and the funded loans (XLSX, six days ago) with their files, a cancelled one, and one whose
 * file the retention already deleted. The files are written by the kinds themselves, as the job writes them.
 */
export const seedFileExportDemo = async (tx: DbExecutor) => {
  const [who] = await tx
    .select({ userId: users.id, lenderId: lenders.id, timeZone: lenders.timeZone })
    .from(users)
    .innerJoin(userLenders, eq(userLenders.userId, users.id))
    .innerJoin(lenders, eq(lenders.id, userLenders.lenderId))
    .where(and(eq(users.username, 'admin'), eq(lenders.name, SUMMIT)));
  if (!who) return;
  const tenant = tx as unknown as TenantTx;
  for (const [i, item] of past.entries()) {
    const ctx = { exportId: i + 1, lenderId: who.lenderId, userId: who.userId, timeZone: who.timeZone, batchSize: 500 };
    const created = sql`now() - make_interval(days => ${item.daysAgo}, mins => ${17 * i + 5})`;
    const expired = item.daysAgo > FILE_EXPORT_KEEP_DAYS;
    let file: { ref: string | null; name: string; size: number; rows: number } | null = null;
    if (item.state === 'done') {
      const written = await writeFile(tenant, item.kind, item.format, item.filters, ctx);
      const ref = expired
        ? null
        : await postgresFileStore.put(tenant, who.lenderId, {
            size: written.content.length,
            sha256: createHash('sha256').update(written.content).digest('hex'),
            chunks: async function* () {
              yield written.content;
            },
          });
      file = {
        ref,
        name: `${item.kind.kind}-demo-${i + 1}.${written.extension}`,
        size: written.content.length,
        rows: written.rows,
      };
    }
    const total = file?.rows ?? (await item.kind.count(tenant, item.filters, ctx));
    await tx.execute(sql`
      insert into file_exports (lender_id, created_by_user_id, kind, format, filters, state, rows_done, rows_total,
                                row_count, file_ref, file_name, file_size, expires_at, created_at, started_at,
                                finished_at, updated_at)
      values (${who.lenderId}, ${who.userId}, ${item.kind.kind}, ${item.format}, ${JSON.stringify(item.filters)}::jsonb,
              ${item.state}, ${file ? file.rows : Math.floor(total / 3)}, ${total}, ${file?.rows ?? null},
              ${file?.ref ?? null}, ${file?.name ?? null}, ${file?.size ?? null},
              ${file ? sql`${created} + make_interval(days => ${FILE_EXPORT_KEEP_DAYS})` : null},
              ${created}, ${created}, ${created} + interval '4 seconds', ${created} + interval '4 seconds')`);
  }
  // The applications kind sets the queue's planner settings for its transaction: the seed's goes on.
  await tx.execute(RESTORE_PLANNER_SETTINGS);
};
