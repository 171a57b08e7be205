import {
  fileExportLoanColumns,
  fileExportMessages,
  fileExportQueueColumns,
  queueColumnByField,
  type FileExportColumn,
  type ParsedFileExportFilters,
  type QueueRow,
} from '@credence/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { TenantTx } from '../../db/tenancy.ts';
import {
  buildQueue,
  pageOfIds,
  toQueueRow,
  type QueueDbRow,
} from '../application-queues/application-queues.repository.ts';
import { csvValue } from '../application-queues/application-queues.service.ts';
import { defineExportKind, type ExportContext, type ExportFilterError } from './export-kinds.ts';
import { tabularWriter, type ExportCell, type ExportRecord } from './export-writers.ts';

/**
 * Rows of a query through a server-side cursor in the export's transaction (one snapshot: exactly the rows of the
 * filters when it started, none twice or missing), `ctx.batchSize` per FETCH: memory holds one batch.
 */
export async function* cursorBatches<T extends Record<string, unknown>>(
  tx: TenantTx,
  query: SQL,
  batchSize: number,
): AsyncGenerator<T[]> {
  const batch = Math.max(1, Math.floor(batchSize));
  await tx.execute(sql`declare file_export no scroll cursor for ${query}`);
  for (;;) {
    const { rows } = await tx.execute<T>(sql.raw(`fetch forward ${batch} from file_export`));
    if (rows.length > 0) yield rows as T[];
    if (rows.length < batch) break;
  }
  await tx.execute(sql`close file_export`);
}

/** The chosen columns in the kind's order; without a choice, its default set. */
const chosenColumns = (all: readonly FileExportColumn[], filters: ParsedFileExportFilters) => {
  const wanted = filters.columns;
  return wanted ? all.filter((c) => wanted.includes(c.field)) : all.filter((c) => c.default);
};

const validateColumns =
  (all: readonly FileExportColumn[]) =>
  (filters: ParsedFileExportFilters): ExportFilterError[] => {
    const wanted = filters.columns;
    if (!wanted) return [];
    const errors = wanted
      .map((field, i) =>
        all.some((c) => c.field === field)
          ? null
          : { field: `filters.columns.${i}`, message: fileExportMessages.unknownColumn(field) },
      )
      .filter((e): e is ExportFilterError => e !== null);
    if (wanted.length === 0) errors.push({ field: 'filters.columns', message: fileExportMessages.noColumns });
    return errors;
  };

/** The period (both days included, in the lender's zone) over a timestamp column. */
const periodCondition = (column: SQL, filters: ParsedFileExportFilters, timeZone: string): SQL[] => [
  ...(filters.from ? [sql`${column} >= (${filters.from}::date::timestamp at time zone ${timeZone})`] : []),
  ...(filters.to ? [sql`${column} < ((${filters.to}::date + 1)::timestamp at time zone ${timeZone})`] : []),
];

/** The queue's conditions and order for the export's criteria, as the one who asked sees the queue. */
const builtQueue = (filters: ParsedFileExportFilters, ctx: ExportContext) =>
  buildQueue(
    filters.criteria?.gridName ?? 'allApplicationsQueue',
    { lenderId: ctx.lenderId, userId: ctx.userId ?? 0 },
    { filter: filters.criteria?.filter ?? null, sort: filters.criteria?.sort ?? null, text: null },
  );

const and = (where: SQL, more: SQL[]) => (more.length === 0 ? where : sql`${where} and ${sql.join(more, sql` and `)}`);

/** What an export selects: the queue's applications `a` (its conditions and order), joined, in the period. */
type Selection = { built: ReturnType<typeof buildQueue>; join: SQL; where: SQL };
const selection = (filters: ParsedFileExportFilters, ctx: ExportContext, join: SQL, periodColumn: SQL): Selection => {
  const built = builtQueue(filters, ctx);
  return { built, join, where: and(built.where, periodCondition(periodColumn, filters, ctx.timeZone)) };
};
/** The applications, by their creation time. */
const applicationsOf = (filters: ParsedFileExportFilters, ctx: ExportContext) =>
  selection(filters, ctx, sql``, sql`a.created_at`);
/** The funded loans (a reversal clears `is_funded`) of the applications, by their funding time. */
const fundedLoansOf = (filters: ParsedFileExportFilters, ctx: ExportContext) =>
  selection(
    filters,
    ctx,
    sql`join loans l on l.application_id = a.id and l.lender_id = a.lender_id and l.is_funded`,
    sql`l.funded_at`,
  );
const countOf = async (tx: TenantTx, { built, join, where }: Selection) =>
  (await tx.execute<{ n: number }>(sql`select count(*)::int as n from ${built.from} ${join} ${where}`)).rows[0]?.n ?? 0;

/** An application column's cell: the queue CSV's display values, money exact, times as instants. */
const queueCell = (row: QueueRow, field: string, timeZone: string): ExportCell => {
  const column = queueColumnByField(field)!;
  const value = row[field as keyof QueueRow];
  if (column.type === 'dateTime') return typeof value === 'string' ? { instant: value } : null;
  if (column.type === 'money') {
    const amount = field === 'amount' ? row.amount : field === 'requestedAmount' ? row.requestedAmount : value;
    return typeof amount === 'string' ? { decimal: amount, money: true } : null;
  }
  const shown = csvValue(row, column, timeZone);
  return shown === undefined ? null : (shown as ExportCell);
};

/** 1. The applications of a queue (the grid's columns), created in the period. */
export const applicationsExportKind = defineExportKind<ExportRecord>({
  kind: 'applications',
  label: 'Applications',
  description: 'The rows of a queue with the columns you choose, as the queue grid shows them.',
  formats: ['csv', 'xlsx'],
  filterSet: 'queue',
  columns: fileExportQueueColumns,
  validate: validateColumns(fileExportQueueColumns),
  count: (tx, filters, ctx) => countOf(tx, applicationsOf(filters, ctx)),
  rows: async function* (tx, filters, ctx) {
    const { built, where } = applicationsOf(filters, ctx);
    const columns = chosenColumns(fileExportQueueColumns, filters);
    const query = pageOfIds(built, sql`select a.id from ${built.from} ${where} ${built.orderBy}`);
    await tx.execute(built.plannerSettings);
    for await (const batch of cursorBatches<QueueDbRow>(tx, query, ctx.batchSize))
      yield batch.map((db) => {
        const row = toQueueRow(db);
        return Object.fromEntries(columns.map((c) => [c.field, queueCell(row, c.field, ctx.timeZone)]));
      });
  },
  writer: (format, filters, ctx) =>
    tabularWriter(format, chosenColumns(fileExportQueueColumns, filters), ctx.timeZone, 'Applications'),
});

type LoanDbRow = QueueDbRow & {
  loan_number: string | null;
  funded_at: Date | string;
  funded_amount: string;
  note_rate: string;
  loan_term_months: number;
  loan_payment: string | null;
  first_payment_date: string | null;
  core_loan_id: string | null;
};

const loanCells = (r: LoanDbRow): Record<string, ExportCell> => ({
  loanNumber: r.loan_number,
  fundedDate: { instant: new Date(r.funded_at).toISOString() },
  fundedAmount: { decimal: r.funded_amount, money: true },
  noteRate: { decimal: r.note_rate },
  loanTermMonths: r.loan_term_months,
  loanPayment: r.loan_payment === null ? null : { decimal: r.loan_payment, money: true },
  firstPaymentDate: r.first_payment_date === null ? null : { date: r.first_payment_date },
  coreLoanId: r.core_loan_id,
});

const loanColumns = [...fileExportQueueColumns, ...fileExportLoanColumns];
/** The application columns offered for loans: those of the grid, without the queue-only ones (lock holder). */
const loanKindColumns = loanColumns.map((c) =>
  c.field === 'lockingUser' || c.field === 'decisionRate' || c.field === 'decisionPayment' || c.field === 'decisionTier'
    ? { ...c, default: false }
    : c,
);

/** 2. The funded loans (funded in the period): the application's columns and the loan's own. */
export const loansExportKind = defineExportKind<ExportRecord>({
  kind: 'loans',
  label: 'Funded loans',
  description: 'The funded loans with their booking figures and the application columns you choose.',
  formats: ['csv', 'xlsx'],
  filterSet: 'queue',
  columns: loanKindColumns,
  validate: validateColumns(loanKindColumns),
  count: (tx, filters, ctx) => countOf(tx, fundedLoansOf(filters, ctx)),
  rows: async function* (tx, filters, ctx) {
    const { built, join, where } = fundedLoansOf(filters, ctx);
    const columns = chosenColumns(loanKindColumns, filters);
    const ids = sql`select a.id, l.loan_id as loan_number, l.funded_at, l.amount::text as funded_amount,
        l.interest_rate::text as note_rate, l.term_months as loan_term_months, l.monthly_payment::text as loan_payment,
        l.first_payment_date::text as first_payment_date, l.core_loan_id
      from ${built.from} ${join} ${where} ${built.orderBy}`;
    const query = pageOfIds(
      built,
      ids,
      sql`p.loan_number, p.funded_at, p.funded_amount, p.note_rate, p.loan_term_months, p.loan_payment,
          p.first_payment_date, p.core_loan_id, `,
    );
    for await (const batch of cursorBatches<LoanDbRow>(tx, query, ctx.batchSize))
      yield batch.map((db) => {
        const row = toQueueRow(db);
        const loan = loanCells(db);
        return Object.fromEntries(
          columns.map((c) => [c.field, c.field in loan ? loan[c.field]! : queueCell(row, c.field, ctx.timeZone)]),
        );
      });
  },
  writer: (format, filters, ctx) =>
    tabularWriter(format, chosenColumns(loanKindColumns, filters), ctx.timeZone, 'Funded loans'),
});
