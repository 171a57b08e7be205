import {
  auditAreaTitle,
  auditValueActions,
  type AuditAdminEntry,
  type AuditAdminQuery,
  type AuditChange,
  type AuditExportQuery,
} from '@credence/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { TenantTx } from '../../db/tenancy.ts';

/**
 * Queries of the audit history (issue 9, item 7). Every query runs in the caller's tenant transaction, so
 * row-level security keeps it to the lender; every value is bound. Only `details.label` and `details.changes`
 * are ever read out of a row's details (an SSN lookup's matched applications stay in its own log).
 *
 * Indexes these queries would like on a large audit (not created here: no migration in this change):
 *   (lender_id, area, occurred_at)             the area filter of the page;
 *   (lender_id, area, record_id, occurred_at)  the as-of replay of one record.
 * The page by period and by user already has (lender_id, occurred_at) and (actor_user_id, action, occurred_at).
 */

type EntryRow = Omit<AuditAdminEntry, 'areaTitle' | 'changes'> & { changes: AuditChange[] | null };

/** Property names whose values are never shown, whatever a writer stored (an SSN, a password, a secret). */
const SENSITIVE_PROPERTY = /ssn|social.?security|password|secret|token|credential|api.?key/i;
export const REDACTED = '[redacted]';
const redact = (change: AuditChange): AuditChange =>
  SENSITIVE_PROPERTY.test(change.property)
    ? {
        property: change.property,
        old: change.old === null ? null : REDACTED,
        new: change.new === null ? null : REDACTED,
      }
    : change;

const toEntry = ({ changes, ...row }: EntryRow): AuditAdminEntry => ({
  ...row,
  areaTitle: auditAreaTitle(row.area),
  changes: (changes ?? []).map(redact),
});

/** The columns of one entry; `changes` is details.changes as a list in the stored key order. */
const entryColumns = sql`
  e.id::float8 as id,
  to_char(e.occurred_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "occurredAt",
  e.actor_user_id as "userId",
  u.full_name as "userName",
  e.impersonating,
  e.area,
  e.record_id as "recordId",
  e.action,
  case when jsonb_typeof(e.details->'label') in ('string', 'number') then e.details->>'label' end as label,
  (select jsonb_agg(jsonb_build_object('property', c.key, 'old', c.value->'old', 'new', c.value->'new')
                    order by c.key)
     from jsonb_each(case when jsonb_typeof(e.details->'changes') = 'object' then e.details->'changes'
                          else '{}'::jsonb end) with ordinality as c(key, value, n)) as changes`;

/** The start of a day in a time zone, as a moment. */
const startOfDay = (day: string, timeZone: string) => sql`((${day}::date)::timestamp at time zone ${timeZone})`;
const endOfDay = (day: string, timeZone: string) => sql`(((${day}::date) + 1)::timestamp at time zone ${timeZone})`;

/** A query whose days are read in a known zone (the service fills in the lender's). */
type Zoned<Q> = Q & { timeZone: string };

const filters = (query: Zoned<AuditExportQuery>): SQL => sql`
  ${query.fromDate ? sql`and e.occurred_at >= ${startOfDay(query.fromDate, query.timeZone)}` : sql``}
  ${query.toDate ? sql`and e.occurred_at < ${endOfDay(query.toDate, query.timeZone)}` : sql``}
  ${query.userId === undefined ? sql`` : sql`and e.actor_user_id = ${query.userId}`}
  ${query.area === undefined ? sql`` : sql`and e.area = ${query.area}`}`;

/** One page of the lender's audit, newest first, with the total of the filter. */
export const findAuditEntries = async (tx: TenantTx, query: Zoned<AuditAdminQuery>) => {
  const rows = await tx.execute<EntryRow & { count: number }>(sql`
    select ${entryColumns}, count(*) over ()::int as count
      from audit_events e
      left join users u on u.id = e.actor_user_id
     where true ${filters(query)}
     order by e.occurred_at desc, e.id desc
     limit ${query.take} offset ${query.skip}`);
  let total = rows.rows[0]?.count;
  if (total === undefined) {
    // An empty page past the end still reports the filter's total.
    const counted = await tx.execute<{ n: number }>(sql`
      select count(*)::int as n from audit_events e where true ${filters(query)}`);
    total = counted.rows[0]?.n ?? 0;
  }
  return { data: rows.rows.map(({ count: _count, ...row }) => toEntry(row)), total };
};

/** Where a page of the export ended: the last entry's moment (to the microsecond, UTC) and id. */
export type AuditExportCursor = { at: string; id: string };

/**
 * One page of the export: the entries of the filter after `after` (newest first: older moment, or the same moment
 * and a smaller id), up to `limit`, each with its time written in the time zone and the cursor of the next page.
 * Keyset paging on (occurred_at, id), the export's order, so each page is one short indexed read and an entry
 * appears once however many pages there are (the audit is append-only).
 */
export const findAuditExportPage = async (
  tx: TenantTx,
  query: Zoned<AuditExportQuery>,
  after: AuditExportCursor | null,
  limit: number,
) => {
  const rows = await tx.execute<EntryRow & { localTime: string; cursorAt: string; cursorId: string }>(sql`
    select ${entryColumns},
           to_char(e.occurred_at at time zone ${query.timeZone}, 'MM/DD/YYYY HH12:MI AM') as "localTime",
           to_char(e.occurred_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as "cursorAt",
           e.id::text as "cursorId"
      from audit_events e
      left join users u on u.id = e.actor_user_id
     where true ${filters(query)}
       ${after ? sql`and (e.occurred_at, e.id) < (${after.at}::timestamptz, ${after.id}::bigint)` : sql``}
     order by e.occurred_at desc, e.id desc
     limit ${limit}`);
  const entries = rows.rows.map(({ localTime, cursorAt: _at, cursorId: _id, ...row }) => ({
    ...toEntry(row),
    localTime,
  }));
  const last = rows.rows.at(-1);
  return { entries, next: last ? { at: last.cursorAt, id: last.cursorId } : null };
};

export const findAuditEntry = async (tx: TenantTx, id: number) => {
  const rows = await tx.execute<EntryRow>(sql`
    select ${entryColumns} from audit_events e left join users u on u.id = e.actor_user_id where e.id = ${id}`);
  const row = rows.rows[0];
  return row ? toEntry(row) : undefined;
};

/** The users who wrote the lender's audit and its areas, for the filter lists. */
export const findAuditFilters = async (tx: TenantTx) => {
  const users = await tx.execute<{ id: number; name: string }>(sql`
    select u.id, coalesce(u.full_name, u.username) as name
      from users u
     where exists (select 1 from audit_events e where e.actor_user_id = u.id)
     order by 2, 1`);
  const areas = await tx.execute<{ area: string }>(sql`select distinct area from audit_events order by area`);
  return {
    users: users.rows,
    areas: areas.rows
      .map(({ area }) => ({ area, title: auditAreaTitle(area) }))
      .sort((a, b) => a.title.localeCompare(b.title)),
  };
};

/** Has the record any audit row at all (of any action, at any time)? */
export const auditRecordExists = async (tx: TenantTx, area: string, recordId: string) => {
  const rows = await tx.execute<{ found: boolean }>(sql`
    select exists (select 1 from audit_events e where e.area = ${area} and e.record_id = ${recordId}) as found`);
  return rows.rows[0]?.found === true;
};

/** The record's value-changing rows up to the end of a day in a time zone, oldest first. */
export const findRecordHistory = async (
  tx: TenantTx,
  { area, recordId, asOf, timeZone }: { area: string; recordId: string; asOf: string; timeZone: string },
) => {
  const rows = await tx.execute<EntryRow>(sql`
    select ${entryColumns}
      from audit_events e
      left join users u on u.id = e.actor_user_id
     where e.area = ${area} and e.record_id = ${recordId}
       and e.action in (${sql.join(
         auditValueActions.map((action) => sql`${action}`),
         sql`, `,
       )})
       and e.occurred_at < ${endOfDay(asOf, timeZone)}
     order by e.occurred_at, e.id`);
  return rows.rows.map(toEntry);
};
