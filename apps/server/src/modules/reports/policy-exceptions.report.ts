import { policyExceptionKindLabels, policyExceptionsReport, reportMessages } from '@credence/contracts';
import { sql } from 'drizzle-orm';
import {
  applicationFilters,
  inPeriod,
  localDateText,
  type QueryOf,
  type ReportContext,
  type ReportSql,
} from './report-kit.ts';

type Query = QueryOf<typeof policyExceptionsReport>;

/**
 * 4. Policy exceptions made in the period, of the applications the shared filters select:
 * - a decision outside the policy: a receipt row (entry kind decision) whose receipt holds a `policyException` —
 *   the decision service records one, with the limits passed, the override reason and the user, whenever the
 *   decided terms pass a limit of the policy or approve what it declines (only with `canOverridePolicy`). A
 *   decision retracted later stays listed: the exception was made;
 * - a stipulation waived: a funding requirement whose status is waived, by the user and at the moment its status
 *   last changed (`status_changed_*`), with its waive reason.
 */
const exceptions = (query: Query, ctx: ReportContext) => {
  const kind = query.kind;
  const decisions = sql`
    select 'policyException' as kind, 'd' || d.id as key, d.application_id, d.created_at as at,
           coalesce(du.full_name, d.receipt #>> '{policyException,decidedBy,name}') as made_by,
           d.created_by_user_id as made_by_id,
           (select string_agg(l->>'label' || ': ' || (l->>'decidedValue') || ' (policy ' || (l->>'policyValue') || ')',
                              '; ' order by o)
              from jsonb_array_elements(d.receipt #> '{policyException,limits}') with ordinality as x(l, o)) as detail,
           d.receipt #>> '{policyException,reason}' as reason
      from application_decisions d left join users du on du.id = d.created_by_user_id
     where d.lender_id = ${ctx.lenderId} and d.entry_kind = 'decision'
       and jsonb_typeof(d.receipt -> 'policyException') = 'object' and ${inPeriod(sql`d.created_at`, ctx)}`;
  const waivers = sql`
    select 'waiver' as kind, 'w' || r.id as key, r.application_id, r.status_changed_at as at, wu.full_name as made_by,
           r.status_changed_by_user_id as made_by_id, r.description as detail, r.waive_reason as reason
      from application_funding_requirements r left join users wu on wu.id = r.status_changed_by_user_id
     where r.lender_id = ${ctx.lenderId} and r.status = 'waived' and r.status_changed_at is not null
       and ${inPeriod(sql`r.status_changed_at`, ctx)}`;
  const parts = kind === 'policyException' ? [decisions] : kind === 'waiver' ? [waivers] : [decisions, waivers];
  return sql`
    select x.*, a.primary_applicant_name, a.created_by_user_id as officer_id, p.name as product_name,
           o.full_name as officer_name
      from (${sql.join(parts, sql` union all `)}) x
      join applications a on a.id = x.application_id
      join loan_products p on p.id = a.loan_product_id
      left join users o on o.id = a.created_by_user_id
     where ${applicationFilters(query, ctx)}`;
};

/** At most this many people are drawn (the most exceptions); the table lists every exception. */
const CHART_PEOPLE = 15;

export const policyExceptionsSql: ReportSql<Query> = {
  declaration: policyExceptionsReport,
  rows: (query, ctx) => sql`
    select e.key as "key", e.application_id as "applicationId", e.primary_applicant_name as "applicantName",
           e.kind as "kind", ${localDateText(sql`e.at`, ctx)} as "date", e.at as "at", e.made_by as "madeBy",
           coalesce(e.detail, '') as "detail", e.reason as "reason", e.officer_name as "officerName",
           e.product_name as "productName", e.made_by_id as "madeById"
      from (${exceptions(query, ctx)}) e`,
  totals: (_query, _ctx, rows) => sql`
    select count(*)::int as "count", count(*) filter (where e.kind = 'policyException')::int as "policyException",
           count(*) filter (where e.kind = 'waiver')::int as "waiver"
      from ${rows} e`,
  /** Exceptions per person who made them, by kind (stacked), the most first. */
  chart: async (tx, _query, _ctx, table) => {
    const result = await tx.execute<{ name: string; policyException: number; waiver: number }>(sql`
      select coalesce(e."madeBy", ${reportMessages.noOfficer}) as name,
             count(*) filter (where e.kind = 'policyException')::int as "policyException",
             count(*) filter (where e.kind = 'waiver')::int as "waiver"
        from ${table} e
       group by e."madeById", e."madeBy"
       order by count(*) desc, 1 limit ${CHART_PEOPLE}`);
    const rows = result.rows;
    const series = (key: 'policyException' | 'waiver') => ({
      key,
      label: policyExceptionKindLabels[key],
      unit: 'count' as const,
      stack: 'kind',
      data: rows.map((r) => String(r[key])),
    });
    return {
      kind: 'bar',
      horizontal: true,
      title: 'Exceptions per officer',
      categories: rows.map((r) => r.name),
      series: [series('policyException'), series('waiver')],
    };
  },
  sortSql: { date: sql`r."at"` },
  tieBreak: sql`r."at" desc, r."key"`,
};
