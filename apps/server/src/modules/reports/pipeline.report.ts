import { applicationStates, pipelineAgeBuckets, pipelineQueues, pipelineReport } from '@credence/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { TenantTx } from '../../db/tenancy.ts';
import {
  applicationFilters,
  filtersApplications,
  inPeriod,
  localDate,
  periodBuckets,
  positionIn,
  type QueryOf,
  type ReportContext,
  type ReportSql,
} from './report-kit.ts';

type Query = QueryOf<typeof pipelineReport>;

/**
 * The open applications (in a work queue) submitted in the period, with the queue page they are in
 * ('creditQueue', from the generated `applications.queue` column), their estimated amount financed and their age in
 * whole days since submission in the lender's zone. Read on applications_lender_created_idx.
 */
const openApplications = (query: Query, ctx: ReportContext) => sql`
  select a.queue || 'Queue' as queue, a.state, a.est_amt_financed as amount,
         ${ctx.today}::date - ${localDate(sql`a.created_at`, ctx)} as age
    from applications a
   where ${applicationFilters(query, ctx)} and a.queue is not null and ${inPeriod(sql`a.created_at`, ctx)}`;

/** The count of each age bucket, from the declaration's bounds. */
const bucketCounts = sql.join(
  pipelineAgeBuckets.map(
    (b) =>
      sql`count(*) filter (where o.age >= ${b.min}${b.max === null ? sql`` : sql` and o.age <= ${b.max}`})::int as ${sql.identifier(b.field)}`,
  ),
  sql`, `,
);
const figures = sql`count(*)::int as "count", ${bucketCounts}, coalesce(sum(o.amount), 0)::numeric(16, 2) as "amount"`;

/**
 * The flow of the period per week (or month): applications submitted, first credit decisions (approve,
 * counter-offer or decline; the first such receipt of the application, made in the period) and loans funded (not
 * reversed), each of the applications the filters select.
 */
const flowChart = async (tx: TenantTx, query: Query, ctx: ReportContext) => {
  const { trunc, buckets, label } = periodBuckets(ctx);
  const filters = applicationFilters(query, ctx);
  // The decisions and loans of the lender's applications the filters select (no join when only the lender is).
  const ofApplications = (id: SQL) =>
    filtersApplications(query)
      ? sql`and exists (select 1 from applications a where a.id = ${id} and ${filters})`
      : sql``;
  const credit = sql`('approve', 'counteroffer', 'decline')`;
  const result = await tx.execute<{ start: string; submitted: number; decided: number; funded: number }>(sql`
    with b as (${buckets}),
    s as (select ${trunc(localDate(sql`a.created_at`, ctx))} as start, count(*)::int as n
            from applications a where ${filters} and ${inPeriod(sql`a.created_at`, ctx)} group by 1),
    dec as (select ${trunc(localDate(sql`d.created_at`, ctx))} as start, count(*)::int as n
            from application_decisions d
           where d.lender_id = ${ctx.lenderId} and ${inPeriod(sql`d.created_at`, ctx)}
             and d.entry_kind = 'decision' and d.decision_type in ${credit} ${ofApplications(sql`d.application_id`)}
             and d.version = (select min(e.version) from application_decisions e
                               where e.application_id = d.application_id and e.entry_kind = 'decision'
                                 and e.decision_type in ${credit})
           group by 1),
    f as (select ${trunc(localDate(sql`l.funded_at`, ctx))} as start, count(*)::int as n
            from loans l
           where l.lender_id = ${ctx.lenderId} and l.is_funded and ${inPeriod(sql`l.funded_at`, ctx)}
             ${ofApplications(sql`l.application_id`)}
           group by 1)
    select to_char(b.start, 'YYYY-MM-DD') as start, coalesce(s.n, 0) as submitted, coalesce(dec.n, 0) as decided,
           coalesce(f.n, 0) as funded
      from b left join s on s.start = b.start left join dec on dec.start = b.start left join f on f.start = b.start
     order by b.start`);
  const rows = result.rows;
  const series = (key: 'submitted' | 'decided' | 'funded', text: string) => ({
    key,
    label: text,
    unit: 'count' as const,
    stack: null,
    data: rows.map((r) => String(r[key])),
  });
  return {
    kind: 'line' as const,
    horizontal: false,
    title: 'Flow per week',
    categories: rows.map((r) => label(r.start)),
    series: [series('submitted', 'Submitted'), series('decided', 'Decided'), series('funded', 'Funded')],
  };
};

/** 1. Pipeline: open applications by queue and state with their ageing; the weekly flow as its chart. */
export const pipelineSql: ReportSql<Query> = {
  declaration: pipelineReport,
  rows: (query, ctx) => sql`
    select o.queue as "queue", o.state as "state", ${figures}, max(o.age)::int as "oldestDays"
      from (${openApplications(query, ctx)}) o
     group by o.queue, o.state`,
  /** The sums of the rows (every figure is a count or a sum). */
  totals: (_query, _ctx, rows) => sql`
    select coalesce(sum(r.count), 0)::int as "count",
           ${sql.join(
             pipelineAgeBuckets.map(
               (b) => sql`coalesce(sum(r.${sql.identifier(b.field)}), 0)::int as ${sql.identifier(b.field)}`,
             ),
             sql`, `,
           )},
           coalesce(sum(r.amount), 0)::numeric(16, 2) as "amount"
      from ${rows} r`,
  chart: async (tx, query, ctx) => {
    const chart = await flowChart(tx, query, ctx);
    return periodBuckets(ctx).unit === 'month' ? { ...chart, title: 'Flow per month' } : chart;
  },
  sortSql: {
    queue: positionIn(sql`r.queue`, pipelineQueues),
    state: positionIn(sql`r.state`, applicationStates),
  },
  tieBreak: sql`${positionIn(sql`r.queue`, pipelineQueues)}, ${positionIn(sql`r.state`, applicationStates)}`,
};
