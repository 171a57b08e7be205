import { Readable } from 'node:stream';
import {
  REPORT_DEFAULT_DAYS,
  REPORT_MAX_DAYS,
  reportMessages,
  type ReportChart,
  type ReportColumn,
  type ReportFilters,
  type SortOrder,
} from '@credence/contracts';
import { addDays, csvLine, formatUsDate, todayIso, type CsvValue } from '@credence/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { withTenant, type TenantTx } from '../../db/tenancy.ts';
import type { AuthContext } from '../../platform/auth.ts';
import { fieldError } from '../../platform/errors.ts';
import { lenderTimeZone } from '../../platform/lender-time.ts';

/**
 * The reports framework (issue 33): a report is its declaration in the contracts (filters, columns, shapes) and
 * one `ReportSql` here — the SQL of its rows, of its totals and of its chart. Everything else is shared: the period
 * in the lender's zone, the shared filters, paging and sort, the tenant transaction, and the CSV export.
 *
 * Rows: `rows(query, ctx)` is a select whose column names are the row's fields ("applicationId"); numeric columns
 * stay numeric (node-postgres gives them as exact decimal text, and they sort as numbers), dates are text
 * 'YYYY-MM-DD' in the lender's zone. Extra columns (a sort key) may be added: the response schema drops them.
 * A page is `select * from (rows) r order by … limit … offset …`; the count, the page, the totals and the chart
 * are read in one tenant transaction, so they agree with each other.
 */
export type ReportContext = {
  lenderId: number;
  timeZone: string;
  /** The lender's today, YYYY-MM-DD. */
  today: string;
  /** The period, both days included, in the lender's zone. */
  from: string;
  to: string;
};

/** The query a report's SQL reads: its CSV query (filters and sort), with the page window when it is a page. */
export type QueryOf<D extends { csvQuery: z.ZodType }> = z.output<D['csvQuery']> & { page?: number; take?: number };

export type ReportQuery = ReportFilters & {
  page?: number;
  take?: number;
  sort?: string | undefined;
  order?: SortOrder | undefined;
};

export type ReportSql<Q extends ReportQuery> = {
  declaration: {
    key: string;
    columns: readonly ReportColumn[];
    defaultSort: { field: string; order: SortOrder };
  };
  rows: (query: Q, ctx: ReportContext) => SQL;
  /**
   * One row whose columns are the totals' fields, over every row the filters select (not only the page).
   * `rows` names the rows of the call already read (a table of `rows(query, ctx)`'s columns): a report whose
   * totals follow from its rows reads them there instead of evaluating its SQL again.
   */
  totals: (query: Q, ctx: ReportContext, rows: SQL) => SQL;
  /**
   * The rows and, in the same statement, the totals as one more line marked `"isTotals"` (the grouping set `()` of
   * the rows' grouping): for a grouped report whose totals do not follow from its rows, one read instead of two.
   * The page reads this instead of `rows` and `totals` when a report has it; the CSV reads `rows`.
   */
  rowsAndTotals?: (query: Q, ctx: ReportContext) => SQL;
  /** The chart; `rows` as for the totals. */
  chart: (tx: TenantTx, query: Q, ctx: ReportContext, rows: SQL) => Promise<ReportChart>;
  /** The order of a field when it is not the column itself (a queue in the queues' order). */
  sortSql?: Partial<Record<string, SQL>>;
  /** Columns that make the order total (paging is stable), after the sort field. */
  tieBreak: SQL;
};

/* ------------------------------------------------------------------------------------------ shared SQL */

/** The start of a lender's day as an instant. */
const dayStart = (date: string, ctx: ReportContext) => sql`((${date}::date)::timestamp at time zone ${ctx.timeZone})`;

/** An instant within the period: from the first day's 00:00 to the last day's end, in the lender's zone. */
export const inPeriod = (column: SQL, ctx: ReportContext): SQL =>
  sql`${column} >= ${dayStart(ctx.from, ctx)} and ${column} < ${dayStart(addDays(ctx.to, 1), ctx)}`;

/** An instant's calendar date in the lender's zone (a date). */
export const localDate = (column: SQL, ctx: ReportContext): SQL => sql`(${column} at time zone ${ctx.timeZone})::date`;

/** The same as text, YYYY-MM-DD. */
export const localDateText = (column: SQL, ctx: ReportContext): SQL =>
  sql`to_char(${column} at time zone ${ctx.timeZone}, 'YYYY-MM-DD')`;

/**
 * The shared filters on the application `a`: its lender (row-level security adds the same), product, dealer,
 * channel, officer (the application's owner) and branch (the owner's branch at the lender).
 */
export const applicationFilters = (query: ReportFilters, ctx: ReportContext): SQL => {
  const conditions: SQL[] = [sql`a.lender_id = ${ctx.lenderId}`];
  if (query.productId !== undefined) conditions.push(sql`a.loan_product_id = ${query.productId}`);
  if (query.dealerId !== undefined) conditions.push(sql`a.dealer_id = ${query.dealerId}`);
  if (query.channel !== undefined) conditions.push(query.channel === 'direct' ? sql`a.direct` : sql`not a.direct`);
  if (query.officerId !== undefined) conditions.push(sql`a.created_by_user_id = ${query.officerId}`);
  if (query.branchId !== undefined)
    conditions.push(sql`exists (select 1 from user_lenders ul
      where ul.user_id = a.created_by_user_id and ul.lender_id = a.lender_id and ul.branch_id = ${query.branchId})`);
  return sql.join(conditions, sql` and `);
};

/**
 * Whether a shared filter other than the lender is set: without one, a record of the lender (a loan, a decision)
 * needs no join to its application to be selected (its application is the lender's: the foreign key says so).
 */
export const filtersApplications = (query: ReportFilters): boolean =>
  [query.productId, query.dealerId, query.channel, query.officerId, query.branchId].some((v) => v !== undefined);

/** `array_position(array[values], column)`: a column of codes in the order of a list (queues, states). */
export const positionIn = (column: SQL, values: readonly string[]): SQL =>
  sql`array_position(array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[], ${column})`;

/**
 * The buckets of a chart over the period: weeks (from Monday) up to a year, months beyond. Answers the statement
 * of the buckets (`start`, a date) and a label per bucket.
 */
export const periodBuckets = (ctx: ReportContext) => {
  const days = (Date.parse(`${ctx.to}T00:00:00Z`) - Date.parse(`${ctx.from}T00:00:00Z`)) / 86_400_000;
  const unit = days > 371 ? 'month' : 'week';
  const trunc = (column: SQL) => sql`date_trunc(${unit}, ${column})::date`;
  const buckets = sql`select g::date as start from generate_series(
      date_trunc(${unit}, ${ctx.from}::date::timestamp), ${ctx.to}::date::timestamp, ${`1 ${unit}`}::interval) g`;
  const label = (start: string) =>
    unit === 'week'
      ? formatUsDate(start).slice(0, 5)
      : new Date(`${start}T00:00:00Z`).toLocaleDateString('en-US', {
          month: 'short',
          year: 'numeric',
          timeZone: 'UTC',
        });
  return { unit, trunc, buckets, label };
};

/* -------------------------------------------------------------------------------------------- the period */

const daysBetween = (from: string, to: string) =>
  (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;

/** The report's context: the lender's zone and today, and the period (the last 180 days when none is asked). */
export const reportContext = async (db: Db, auth: AuthContext, query: ReportFilters): Promise<ReportContext> => {
  const timeZone = await lenderTimeZone(db, auth.lenderId);
  const today = todayIso(timeZone);
  const to = query.to ?? (query.from && query.from > today ? query.from : today);
  const from = query.from ?? addDays(to, -(REPORT_DEFAULT_DAYS - 1));
  if (from > to) throw fieldError('to', reportMessages.fromAfterTo);
  if (daysBetween(from, to) > REPORT_MAX_DAYS) throw fieldError('from', reportMessages.periodTooLong);
  return { lenderId: auth.lenderId, timeZone, today, from, to };
};

/* ------------------------------------------------------------------------------------------ page and CSV */

const orderBy = <Q extends ReportQuery>(report: ReportSql<Q>, query: Q): SQL => {
  const { field, order } = query.sort
    ? { field: query.sort, order: query.order ?? 'asc' }
    : { field: report.declaration.defaultSort.field, order: query.order ?? report.declaration.defaultSort.order };
  // The field is one of the declaration's sortable columns (the query schema's enum): an identifier, never text.
  const column = report.sortSql?.[field] ?? sql`r.${sql.identifier(field)}`;
  const direction = sql.raw(order === 'desc' ? 'desc' : 'asc');
  return sql`order by ${column} ${direction} nulls last, ${report.tieBreak}`;
};

/** `GET /api/reports/{report}`: a page of rows, the row count, the totals and the chart, in one transaction. */
export const reportPage = async <Q extends ReportQuery>(db: Db, auth: AuthContext, report: ReportSql<Q>, query: Q) => {
  const ctx = await reportContext(db, auth, query);
  const take = query.take ?? 25;
  const offset = ((query.page ?? 1) - 1) * take;
  return withTenant(db, auth.lenderId, async (tx) => {
    // A report aggregates up to hundreds of thousands of records: hashes and sorts of that size in memory, not on
    // disk (this transaction only).
    await tx.execute(sql`set local work_mem = '64MB'`);
    // The rows are evaluated once per call (their SQL may read hundreds of thousands of records): kept in a
    // temporary table of this transaction, from which the count, the page and the reports' totals and charts read.
    const withTotals = report.rowsAndTotals?.(query, ctx);
    await tx.execute(
      sql`create temporary table report_rows on commit drop as select * from (${withTotals ?? report.rows(query, ctx)}) r`,
    );
    const rows = sql`report_rows`;
    const totals = withTotals
      ? await tx.execute(sql`delete from ${rows} where "isTotals" returning *`)
      : await tx.execute(report.totals(query, ctx, rows));
    const count = await tx.execute<{ n: number }>(sql`select count(*)::int as n from ${rows}`);
    const page = await tx.execute(
      sql`select * from ${rows} r ${orderBy(report, query)} limit ${take} offset ${offset}`,
    );
    const chart = await report.chart(tx, query, ctx, rows);
    await tx.execute(sql`drop table report_rows`);
    return {
      period: { from: ctx.from, to: ctx.to, today: ctx.today },
      rows: page.rows,
      total: count.rows[0]?.n ?? 0,
      totals: totals.rows[0] ?? {},
      chart,
    };
  });
};

/** A cell of the CSV by its column's type: money and rates stay exact text, dates are MM/dd/yyyy. */
const csvValue = (column: ReportColumn, value: unknown): CsvValue => {
  if (value === null || value === undefined) return null;
  switch (column.type) {
    case 'count':
    case 'applicationId':
      return Number(value);
    case 'money':
    case 'rate':
    case 'decimal':
    case 'percent':
      return { decimal: String(value) };
    case 'date':
      return /^\d{4}-\d{2}-\d{2}$/.test(String(value)) ? formatUsDate(String(value)) : String(value);
    case 'text':
      return column.labels?.[String(value)] ?? String(value);
  }
};

export const csvFileName = (key: string, ctx: Pick<ReportContext, 'from' | 'to'>) =>
  `${key}-${ctx.from}_to_${ctx.to}.csv`;

/** The rows read per FETCH of the export's cursor: memory holds one batch, not the export. */
export const reportCsvPaging = { batchSize: 500 };

class ExportCancelled extends Error {}

/**
 * `GET /api/reports/{report}/csv`: every filtered row in the page's order, as CSV — UTF-8 with a byte order mark
 * (Excel reads the encoding from it), a header line of the columns' headers, one line per row, every cell quoted
 * and formula cells neutralised (`csvLine`: a cell or a segment starting with = + - @, tab or CR gets an apostrophe).
 *
 * Streamed from a cursor in one tenant transaction (one snapshot: exactly the rows of the filters at that moment,
 * none twice or missing as they would be with page after page), `reportCsvPaging.batchSize` rows per FETCH, each
 * written as it comes and the next read only when the client has taken it. The first batch is read before the
 * stream is returned, so a query that fails is still a JSON error; a later failure breaks the download (the
 * response is destroyed), and a client that goes away ends the transaction.
 */
export const reportCsv = async <Q extends ReportQuery>(
  db: Db,
  auth: AuthContext,
  report: ReportSql<Q>,
  query: Q,
): Promise<{ stream: Readable; fileName: string }> => {
  const ctx = await reportContext(db, auth, query);
  const columns = report.declaration.columns;
  const header = `\uFEFF${csvLine(columns.map((c) => c.header))}`;
  const lineOf = (row: Record<string, unknown>) => csvLine(columns.map((c) => csvValue(c, row[c.field])));

  let resume: (() => void) | null = null;
  let cancelled = false;
  const wake = () => {
    const next = resume;
    resume = null;
    next?.();
  };
  const stream = new Readable({
    read: wake,
    destroy(error, callback) {
      cancelled = true;
      wake();
      callback(error);
    },
  });
  const write = async (text: string) => {
    if (cancelled) throw new ExportCancelled();
    if (!stream.push(text)) await new Promise<void>((resolve) => (resume = resolve));
    if (cancelled) throw new ExportCancelled();
  };

  let started = false;
  let begin!: () => void;
  let fail!: (error: unknown) => void;
  const ready = new Promise<void>((resolve, reject) => {
    begin = resolve;
    fail = reject;
  });
  const batch = Math.max(1, Math.floor(reportCsvPaging.batchSize));
  void withTenant(db, auth.lenderId, async (tx) => {
    await tx.execute(
      sql`declare report_csv no scroll cursor for select * from (${report.rows(query, ctx)}) r ${orderBy(report, query)}`,
    );
    let text = header;
    for (;;) {
      const { rows } = await tx.execute(sql.raw(`fetch forward ${batch} from report_csv`));
      text += rows.map((row) => lineOf(row)).join('');
      if (!started) {
        started = true;
        begin();
      }
      await write(text);
      text = '';
      if (rows.length < batch) break;
    }
    await tx.execute(sql`close report_csv`);
  }).then(
    () => {
      if (!cancelled) stream.push(null);
    },
    (error: unknown) => {
      if (!started) {
        started = true;
        fail(error);
      } else if (!(error instanceof ExportCancelled)) {
        stream.destroy(error instanceof Error ? error : new Error(String(error)));
      }
    },
  );
  await ready;
  return { stream, fileName: csvFileName(report.declaration.key, ctx) };
};
