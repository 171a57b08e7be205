import { Readable } from 'node:stream';
import {
  AUDIT_EXPORT_LIMIT,
  auditActionTitle,
  auditAreaTitle,
  auditValueText,
  type AuditAdminEntry,
  type AuditAdminQuery,
  type AuditAsOf,
  type AuditAsOfQuery,
  type AuditExportQuery,
} from '@credence/contracts';
import type { Db } from '../../db/client.ts';
import { withTenant, type TenantTx } from '../../db/tenancy.ts';
import type { AuthContext } from '../../platform/auth.ts';
import { fieldError, notFound } from '../../platform/errors.ts';
import { csvLine } from '@credence/domain';
import { lenderTimeZone } from '../../platform/lender-time.ts';
import * as repo from './audit-admin.repository.ts';

const UNKNOWN_TIME_ZONE = 'Use a time zone such as America/Denver.';

/** PostgreSQL's 22023 (invalid_parameter_value) is what an unknown time zone name gives: the caller's 422. */
const isUnknownTimeZone = (error: unknown): boolean => {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === '22023' && /time zone/i.test(e.message)) return true;
  }
  return false;
};

const inTenant = async <T>(db: Db, auth: AuthContext, work: (tx: TenantTx) => Promise<T>): Promise<T> => {
  try {
    return await withTenant(db, auth.lenderId, work);
  } catch (error) {
    if (isUnknownTimeZone(error)) throw fieldError('timeZone', UNKNOWN_TIME_ZONE);
    throw error;
  }
};

/** The query with its time zone: the one asked for, else the lender's (DESIGN.md rule 15). */
const zoned = async <Q extends { timeZone?: string | undefined }>(db: Db, auth: AuthContext, query: Q) => ({
  ...query,
  timeZone: query.timeZone ?? (await lenderTimeZone(db, auth.lenderId)),
});

export const listEntries = async (db: Db, auth: AuthContext, query: AuditAdminQuery) => {
  const withZone = await zoned(db, auth, query);
  return inTenant(db, auth, (tx) => repo.findAuditEntries(tx, withZone));
};

export const getEntry = async (db: Db, auth: AuthContext, id: number) => {
  const entry = await inTenant(db, auth, (tx) => repo.findAuditEntry(tx, id));
  if (!entry) throw notFound();
  return entry;
};

export const listFilters = (db: Db, auth: AuthContext) => inTenant(db, auth, (tx) => repo.findAuditFilters(tx));

/**
 * Entries read per query of the CSV export (keyset pages, each its own short tenant transaction); a setting so a
 * test can page through a handful of rows.
 */
export const auditExportPaging = { pageSize: 1000 };

type ExportEntry = AuditAdminEntry & { localTime: string };

/** The lines of one entry: one per changed property, or one with the property columns empty. */
const entryLines = (entry: ExportEntry) => {
  const head = [
    entry.id,
    entry.localTime,
    entry.userName,
    entry.impersonating ? 'Yes' : 'No',
    entry.areaTitle,
    entry.recordId,
    entry.label,
    auditActionTitle(entry.action),
  ];
  if (entry.changes.length === 0) return csvLine([...head, null, null, null]);
  return entry.changes
    .map((change) => csvLine([...head, change.property, auditValueText(change.old), auditValueText(change.new)]))
    .join('');
};

/**
 * The CSV of the filtered entries, newest first, at most AUDIT_EXPORT_LIMIT entries: one line per changed
 * property (an entry without changes, such as an SSN lookup, is one line with the property columns empty). Times
 * are written as MM/dd/yyyy hh:mm AM in the query's time zone (the lender's unless one is asked for), which the
 * header names.
 *
 * Streamed (issue 30, item 12): the entries are read in keyset pages of `auditExportPaging.pageSize` and each
 * page is written as it comes, so memory holds one page, not the whole export. The first page is read before
 * the stream is returned, so a bad query (an unknown time zone) is still answered as a JSON error before any
 * byte; a later failure errors the stream, which the server logs and which breaks the download (the response is
 * destroyed: the client sees it incomplete, never a hang).
 */
export const exportCsv = async (db: Db, auth: AuthContext, asked: AuditExportQuery): Promise<Readable> => {
  const query = await zoned(db, auth, asked);
  const pageSize = Math.max(1, Math.floor(auditExportPaging.pageSize));
  const readPage = (after: repo.AuditExportCursor | null, written: number) => {
    const limit = Math.min(pageSize, AUDIT_EXPORT_LIMIT - written);
    return inTenant(db, auth, (tx) => repo.findAuditExportPage(tx, query, after, limit)).then((page) => ({
      ...page,
      full: page.entries.length === limit,
    }));
  };
  const first = await readPage(null, 0);
  const header = csvLine([
    'Entry ID',
    `When (${query.timeZone})`,
    'User',
    'Impersonating',
    'Area',
    'Record ID',
    'Record',
    'Action',
    'Property',
    'Old Value',
    'New Value',
  ]);
  async function* lines() {
    yield header;
    let page = first;
    let written = 0;
    for (;;) {
      if (page.entries.length > 0) yield page.entries.map(entryLines).join('');
      written += page.entries.length;
      if (!page.full || !page.next || written >= AUDIT_EXPORT_LIMIT) return;
      page = await readPage(page.next, written);
    }
  }
  return Readable.from(lines(), { objectMode: false });
};

/**
 * Replays a record's values from its audit rows, oldest first: a create starts from its new values, an update,
 * enable or disable applies its new values (an enable or disable without changes sets `enabled`), a delete
 * keeps the values the record had (its old values fill what the replay did not know). Rows before a create are
 * ignored by it; a history without a create is incomplete (the record predates its audit).
 */
export const replayValues = (entries: readonly AuditAdminEntry[]) => {
  let values = new Map<string, unknown>();
  let state: AuditAsOf['state'] = 'notCreated';
  let complete = false;
  let label: string | null = null;
  for (const entry of entries) {
    if (entry.label !== null) label = entry.label;
    switch (entry.action) {
      case 'create':
        values = new Map(entry.changes.map((change) => [change.property, change.new]));
        state = 'present';
        complete = true;
        break;
      case 'update':
      case 'enable':
      case 'disable':
        for (const change of entry.changes) values.set(change.property, change.new);
        if (entry.action !== 'update' && !entry.changes.some((change) => change.property === 'enabled')) {
          values.set('enabled', entry.action === 'enable');
        }
        state = 'present';
        break;
      case 'delete':
        for (const change of entry.changes) {
          if (!values.has(change.property)) values.set(change.property, change.old);
        }
        state = 'deleted';
        break;
      default:
        break;
    }
  }
  return {
    state,
    complete,
    label,
    values: [...values].map(([property, value]) => ({ property, value })),
  };
};

/** A record as of the end of a day (in the query's time zone): 404 when the lender's audit never saw it. */
export const recordAsOf = async (db: Db, auth: AuthContext, asked: AuditAsOfQuery): Promise<AuditAsOf> => {
  const query = await zoned(db, auth, asked);
  return inTenant(db, auth, async (tx) => {
    if (!(await repo.auditRecordExists(tx, query.area, query.recordId))) throw notFound();
    const entries = await repo.findRecordHistory(tx, query);
    return {
      area: query.area,
      areaTitle: auditAreaTitle(query.area),
      recordId: query.recordId,
      asOf: query.asOf,
      timeZone: query.timeZone,
      ...replayValues(entries),
      entries,
    };
  });
};
