import type { AuditQuery, SsnLookupEntry } from '@credence/contracts';
import { sql } from 'drizzle-orm';
import type { TenantTx } from '../../db/tenancy.ts';
import { SSN_LOOKUP_ACTION } from '../../platform/audit.ts';

/** The lender's zone: the days of the period are its days, as the log shows its times. */
const lenderZone = sql`(select l.time_zone from lenders l where l.id = credence_current_lender())`;
const period = (query: AuditQuery) => sql`
  ${query.fromDate ? sql`and e.occurred_at >= (${query.fromDate}::date)::timestamp at time zone ${lenderZone}` : sql``}
  ${query.toDate ? sql`and e.occurred_at < (${query.toDate}::date + 1)::timestamp at time zone ${lenderZone}` : sql``}`;

/** The lender's SSN lookups of a period, newest first, with the searching user's name. */
export const findSsnLookups = async (tx: TenantTx, query: AuditQuery) => {
  const rows = await tx.execute<SsnLookupEntry & { count: number }>(sql`
    select e.id::int as id,
           to_char(e.occurred_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "occurredAt",
           u.full_name as "userName",
           e.impersonating,
           coalesce((select array_agg(x::int) from jsonb_array_elements_text(e.details->'matchedApplicationIds') as x), '{}') as "matchedApplicationIds",
           coalesce((e.details->>'total')::int, 0) as total,
           count(*) over ()::int as count
      from audit_events e
      left join users u on u.id = e.actor_user_id
     where e.action = ${SSN_LOOKUP_ACTION} ${period(query)}
     order by e.occurred_at desc, e.id desc
     limit ${query.take} offset ${query.skip}`);
  const total = rows.rows[0]?.count ?? 0;
  return { data: rows.rows.map(({ count: _count, ...entry }) => entry), total };
};
