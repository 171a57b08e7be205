import { Readable } from 'node:stream';
import {
  QUEUE_COUNT_CAP,
  QUEUE_EXPORT_MAX_ROWS,
  QUEUE_LOOKUP_COUNT_CAP,
  queueColumns,
  type DynamicQueueColumns,
  type ParsedSavedQueueCriteria,
  type QueueColumn,
  type ParsedApplicationSearchRequest,
  type QueueGridName,
  type QueuePage,
  type QueueRow,
} from '@credence/contracts';
import { withTenant } from '../../db/tenancy.ts';
import type { AuthContext } from '../../platform/auth.ts';
import { protectedPurposes } from '../../platform/crypto.ts';
import type { ApplicationDeps } from '../applications/application-context.ts';
import * as repo from './application-queues.repository.ts';
import { cappedCount, cappedTotal, queueTotal, withQueuePlanner, type QueueTotal } from './queue-counts.ts';
import { csvLine, type CsvValue } from '@credence/domain';
import { lenderDateTime, lenderTimeZone } from '../../platform/lender-time.ts';
import { buildQueue, type BuiltQueue, type QueueCaller, type SsnHasher } from './queue-sql.ts';
import { isSsnLookup, recordSsnLookup, takeSsnLookup } from '../../platform/ssn-lookup.ts';

/** Part of this module's public face: the side menu (modules/menu) shows the queues' counts. */
export { countBuiltInQueues, countSavedQueue, type BuiltInQueueCounts } from './queue-counts.ts';

/** Rows read per query of the CSV export; a setting so a test can page through a handful of rows. */
export const queueExportPaging = { batchSize: 1000 };

export const ssnHasherOf =
  (deps: Pick<ApplicationDeps, 'protector'>): SsnHasher =>
  (digits) =>
    deps.protector.hash(digits, protectedPurposes.ssn);

const callerOf = (auth: AuthContext): QueueCaller => ({ lenderId: auth.lenderId, userId: auth.userId });

/** The page window of a request: skip and take win over page (1-based) and pageSize. */
export const pageWindow = (request: ParsedApplicationSearchRequest) => ({
  limit: request.take ?? request.pageSize,
  offset: request.skip ?? (request.page - 1) * request.pageSize,
});

/** The cap of a page's total: the side menu's lookup (one row) only tells one from several. */
export const countCap = (limit: number) => (limit === 1 ? QUEUE_LOOKUP_COUNT_CAP : QUEUE_COUNT_CAP);

/**
 * Whether a page and its total come from one statement (BuiltQueue.countWithPage); a lookup's page and its
 * count of three each stop at the first matches instead.
 */
export const pageWithCount = (built: BuiltQueue, limit: number) => built.countWithPage && limit > 1;

/** The same build the route runs: for the benchmark and the EXPLAIN test. */
export const buildSearch = (
  deps: Pick<ApplicationDeps, 'protector'>,
  grid: QueueGridName,
  who: QueueCaller,
  request: ParsedApplicationSearchRequest,
) => buildQueue(grid, who, request, ssnHasherOf(deps));

/**
 * A saved (custom) queue's conditions as its viewer `who` sees it: what `a` is and the `where …` over it. New Queue
 * Entry (modules/notifications) probes one application with them.
 */
export const savedQueueConditions = (
  deps: Pick<ApplicationDeps, 'protector'>,
  who: QueueCaller,
  criteria: ParsedSavedQueueCriteria,
) => {
  const built = buildQueue(criteria.gridName, who, criteria, ssnHasherOf(deps));
  return { from: built.from, where: built.where };
};

/** One page of a queue and its total (spec 1 §3). */
export const search = (
  deps: ApplicationDeps,
  auth: AuthContext,
  grid: QueueGridName,
  request: ParsedApplicationSearchRequest,
): Promise<QueuePage> =>
  withTenant(deps.db, auth.lenderId, async (tx) => {
    const ssnLookup = isSsnLookup(request.text);
    if (ssnLookup) await takeSsnLookup(tx, auth, deps.config);
    const who = callerOf(auth);
    const built = buildSearch(deps, grid, who, request);
    const { limit, offset } = pageWindow(request);
    // The planner setting ends with this transaction, right after the statements: no restore needed.
    await tx.execute(built.plannerSettings);
    const cap = countCap(limit);
    let data: QueueRow[];
    let total: QueueTotal;
    if (pageWithCount(built, limit)) {
      // The matches are read once for the page and its count; an empty first page means none, and a page past
      // the end counts alone.
      const found = await repo.findPageAndCount(tx, built, limit, offset);
      data = found.data;
      total =
        found.count === null
          ? offset === 0
            ? { total: 0, totalIsLowerBound: false }
            : await cappedCount(tx, built, cap)
          : cappedTotal(found.count, cap);
    } else {
      data = await repo.findPage(tx, built, limit, offset);
      total = await queueTotal(tx, who, grid, built, cap);
    }
    if (ssnLookup)
      await recordSsnLookup(
        tx,
        auth,
        data.map((r) => r.applicationId),
        total.total,
      );
    return { data, ...total };
  });

/** The display value of a column in the CSV file; dates and times as the lender's people read them. */
export const csvValue = (row: QueueRow, column: Pick<QueueColumn, 'field' | 'type'>, timeZone: string): CsvValue => {
  const { field } = column;
  if (column.type === 'dateTime') {
    const value = row[field as keyof QueueRow];
    return typeof value === 'string' ? lenderDateTime(value, timeZone) : null;
  }
  switch (field) {
    case 'loanProduct':
      return row.loanProductName;
    case 'dealer':
      return row.dealerName;
    case 'state':
      return repo.stateLabel(row.state);
    case 'requestedAmount':
      return row.requestedAmount === null ? null : { decimal: row.requestedAmount };
    case 'amount':
      return row.amount === null ? null : { decimal: row.amount };
    case 'direct':
      return row.direct ? 'Yes' : 'No';
    default: {
      const value = row[field as keyof QueueRow];
      return value === null || value === undefined ? null : value;
    }
  }
};

/**
 * The CSV export of a queue: the request's columns (default the visible ones) in catalogue order, up to
 * QUEUE_EXPORT_MAX_ROWS rows in the page's order. Streamed (issue 30, item 12): the ids are found first (one
 * query, in the tenant transaction that also takes and records an SSN lookup), then the rows are loaded in
 * batches of `queueExportPaging.batchSize` (each batch its own tenant transaction) and written as they come, so
 * memory holds the ids and one batch, whatever the size. A refused request (validation, an SSN lookup over its
 * budget) is answered as a JSON error before any byte, since the ids are read before the stream is returned; a
 * failure while the rows are read errors the stream, which the server logs and which breaks the download (the
 * response is destroyed: the client sees it incomplete, never a hang).
 */
export const exportCsv = async (
  deps: ApplicationDeps,
  auth: AuthContext,
  grid: QueueGridName,
  request: ParsedApplicationSearchRequest,
): Promise<Readable> => {
  const who = callerOf(auth);
  const built = buildSearch(deps, grid, who, request);
  const ids = await withTenant(deps.db, auth.lenderId, async (tx) => {
    const ssnLookup = isSsnLookup(request.text);
    if (ssnLookup) await takeSsnLookup(tx, auth, deps.config);
    const found = await withQueuePlanner(
      tx,
      () => repo.findIds(tx, built, QUEUE_EXPORT_MAX_ROWS),
      built.plannerSettings,
    );
    if (ssnLookup) await recordSsnLookup(tx, auth, found, found.length);
    return found;
  });
  const wanted = request.columns ? new Set(request.columns) : null;
  const columns = queueColumns.filter((c) => (wanted ? wanted.has(c.field) : !c.hiddenByDefault));
  const timeZone = await lenderTimeZone(deps.db, auth.lenderId);
  async function* lines() {
    yield csvLine(columns.map((c) => c.headerName));
    const batchSize = Math.max(1, Math.floor(queueExportPaging.batchSize));
    for (let start = 0; start < ids.length; start += batchSize) {
      const batch = ids.slice(start, start + batchSize);
      const rows = await withTenant(deps.db, auth.lenderId, (tx) => repo.findRowsByIds(tx, auth.lenderId, batch));
      yield rows.map((row) => csvLine(columns.map((c) => csvValue(row, c, timeZone)))).join('');
    }
  }
  // Bytes, not objects: the stream reads ahead at most its 16 KiB high-water mark (one batch), not 16 batches.
  return Readable.from(lines(), { objectMode: false });
};

/** The column catalogue with the value options of the singleSelect columns. */
export const dynamicColumns = (deps: ApplicationDeps, auth: AuthContext): Promise<DynamicQueueColumns> =>
  withTenant(deps.db, auth.lenderId, async (tx) => {
    const options = await repo.loadValueOptions(tx);
    return {
      columns: queueColumns.map((c) => ({
        field: c.field,
        headerName: c.headerName,
        type: c.type,
        sortable: c.sortable,
        filterable: c.filterable,
        operators: [...c.operators],
        hiddenByDefault: c.hiddenByDefault,
        width: c.width,
        valueOptions: c.type === 'singleSelect' ? (options[c.field as keyof typeof options] ?? []) : null,
      })),
    };
  });
