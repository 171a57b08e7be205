import { fileExportMessages, type ParsedFileExportFilters } from '@credence/contracts';
import type { TenantTx } from '../../../db/tenancy.ts';
import { defineExportKind, type ExportContext } from '../export-kinds.ts';
import { textLinesWriter } from '../export-writers.ts';
import { coreBatchFile, coreBatchFileName, coreBatchLines, loadCoreBatch } from './core-batch.ts';

/**
 * The batch of one run, read once (by the check for removed mappings, before anything is written) as its lines —
 * header, one per loan, trailer (`coreBatchLines`) — and kept for the run's count, rows and file.
 */
type BatchLines = { lenderId: number; businessDate: string; header: string; loans: string[]; trailer: string };
const built = new WeakMap<ExportContext, BatchLines>();
const batchOf = async (tx: TenantTx, filters: ParsedFileExportFilters, ctx: ExportContext) => {
  const known = built.get(ctx);
  if (known) return { lines: known, problems: [] };
  const batch = await loadCoreBatch(tx, ctx.lenderId, filters.day!);
  const all = [...coreBatchLines(batch)];
  const lines = { ...batch, header: all[0]!, loans: all.slice(1, -1), trailer: all.at(-1)! };
  built.set(ctx, lines);
  return { lines, problems: batch.problems };
};

/**
 * 4. The funded-loans batch file for the core of one of the lender's days (core-batch.ts: which loans, the JSON
 * Lines format and why). A loan whose core code mapping was removed after funding would go with a null code, which
 * the core refuses: such loans fail the export with their list.
 */
export const coreBatchExportKind = defineExportKind<string>({
  kind: 'coreBatch',
  label: 'Core batch file',
  description:
    'The loans funded on a day and not booked live, for a core that takes files: JSON Lines — a header, one line per loan with the funding dry run’s payload, and a trailer with the count and the exact sum.',
  formats: ['jsonl'],
  filterSet: 'day',
  columns: [],
  validate: (filters) =>
    filters.day === undefined ? [{ field: 'filters.day', message: fileExportMessages.dayRequired }] : [],
  problems: async (tx, filters, ctx) =>
    (await batchOf(tx, filters, ctx)).problems.flatMap((p) =>
      p.messages.map((message) => ({
        record: `Application ${p.applicationId} · ${p.reference}`,
        field: 'Core code mapping',
        edit: null,
        message,
      })),
    ),
  count: async (tx, filters, ctx) => (await batchOf(tx, filters, ctx)).lines.loans.length,
  rows: async function* (tx, filters, ctx) {
    const { loans } = (await batchOf(tx, filters, ctx)).lines;
    for (let i = 0; i < loans.length; i += ctx.batchSize) yield loans.slice(i, i + ctx.batchSize);
  },
  writer: (_format, _filters, ctx) =>
    textLinesWriter<string>({
      extension: coreBatchFile.extension,
      contentType: coreBatchFile.contentType,
      eol: '\n',
      header: () => [built.get(ctx)!.header],
      line: (line) => line,
      trailer: () => [built.get(ctx)!.trailer],
    }),
  fileName: (_filters, ctx) => coreBatchFileName(built.get(ctx)!),
});
