import {
  decisionGroupingLabels,
  decisionsReport,
  reportChannelLabels,
  reportMessages,
  type DecisionGrouping,
  type ReportFilters,
} from '@credence/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { firstApprovals, firstDecisions } from '../widgets/widgets.repository.ts';
import { applicationFilters, inPeriod, type QueryOf, type ReportContext, type ReportSql } from './report-kit.ts';

/**
 * 3. Decisions and turn times. Every figure is counted by its own event in the period, with the definitions of the
 * dashboard's Turn Times widget (`firstDecisions`, `firstApprovals` and the same hours), of the applications the
 * shared filters select:
 * - `decision`: each credit decision (approve, counter-offer, decline) made in the period, with its source;
 * - `first`: an application's first decision (its first receipt row, of any type: the widget's) made in the
 *   period, with the hours since the application was created;
 * - `funding`: a loan funded in the period (not reversed), with the hours since the approval it funds;
 * - `approval`: an application's first approval or counter-offer made in the period, and whether its loan is funded.
 */
const events = (ctx: ReportContext) => sql`
  select d.application_id, 'decision' as ev, d.decision_type as type, d.source, null::numeric as h, false as funded
    from application_decisions d
   where d.lender_id = ${ctx.lenderId} and d.entry_kind = 'decision'
     and d.decision_type in ('approve', 'counteroffer', 'decline') and ${inPeriod(sql`d.created_at`, ctx)}
  union all
  select f.application_id, 'first', null, null, extract(epoch from f.created_at - fa.created_at) / 3600, false
    from (${firstDecisions}) f join applications fa on fa.id = f.application_id
   where ${inPeriod(sql`f.created_at`, ctx)}
  union all
  select l.application_id, 'funding', null, null, extract(epoch from l.funded_at - ld.created_at) / 3600, false
    from loans l join application_decisions ld on ld.id = l.decision_id
   where l.lender_id = ${ctx.lenderId} and l.is_funded and ${inPeriod(sql`l.funded_at`, ctx)}
  union all
  select p.application_id, 'approval', null, null, null, coalesce(pl.is_funded, false)
    from (${firstApprovals}) p left join loans pl on pl.application_id = p.application_id
   where ${inPeriod(sql`p.created_at`, ctx)}`;

const source = (query: ReportFilters, ctx: ReportContext, join: SQL = sql``) => sql`
  from (${events(ctx)}) e
  join applications a on a.id = e.application_id
  ${join}
  where ${applicationFilters(query, ctx)}`;

/** A share in percent with two decimals, PostgreSQL's numeric arithmetic (exact, rounded half away from zero). */
const percent = (part: SQL, whole: SQL) => sql`round(100 * (${part})::numeric / nullif(${whole}, 0), 2)`;
const hours = (fraction: number, ev: string) =>
  sql`round((percentile_cont(${sql.raw(String(fraction))}) within group (order by e.h) filter (where e.ev = ${ev}))::numeric, 1)`;
const decisionsOf = (type?: string) =>
  type
    ? sql`count(*) filter (where e.ev = 'decision' and e.type = ${type})`
    : sql`count(*) filter (where e.ev = 'decision')`;

const figures = sql`${decisionsOf()}::int as "decisions",
  ${decisionsOf('approve')}::int as "approved",
  ${decisionsOf('counteroffer')}::int as "counteroffered",
  ${decisionsOf('decline')}::int as "declined",
  ${percent(decisionsOf('approve'), decisionsOf())} as "approvalRate",
  ${percent(decisionsOf('counteroffer'), decisionsOf())} as "counterofferRate",
  ${percent(decisionsOf('decline'), decisionsOf())} as "declineRate",
  ${percent(sql`count(*) filter (where e.ev = 'decision' and e.source = 'auto')`, decisionsOf())} as "autoShare",
  ${hours(0.5, 'first')} as "decisionHoursMedian",
  ${hours(0.9, 'first')} as "decisionHoursP90",
  ${hours(0.5, 'funding')} as "fundingHoursMedian",
  ${hours(0.9, 'funding')} as "fundingHoursP90",
  count(*) filter (where e.ev = 'approval')::int as "firstApproved",
  count(*) filter (where e.ev = 'approval' and e.funded)::int as "funded",
  ${percent(sql`count(*) filter (where e.ev = 'approval' and e.funded)`, sql`count(*) filter (where e.ev = 'approval')`)} as "pullThrough"`;

/** Each grouping: its join, its id and its name (an application without one is grouped under `none`). */
const groupings: Record<DecisionGrouping, { join: SQL; id: SQL; name: SQL }> = {
  product: {
    join: sql`join loan_products g on g.id = a.loan_product_id`,
    id: sql`g.id`,
    name: sql`g.name`,
  },
  branch: {
    join: sql`left join user_lenders ul on ul.user_id = a.created_by_user_id and ul.lender_id = a.lender_id
              left join branches g on g.id = ul.branch_id`,
    id: sql`g.id`,
    name: sql`coalesce(g.name, ${reportMessages.noBranch})`,
  },
  officer: {
    join: sql`left join users g on g.id = a.created_by_user_id`,
    id: sql`g.id`,
    name: sql`coalesce(g.full_name, ${reportMessages.noOfficer})`,
  },
  channel: {
    join: sql``,
    id: sql`null::int`,
    name: sql`case when a.direct then ${reportChannelLabels.direct} else ${reportChannelLabels.indirect} end`,
  },
};

/** At most this many groups are drawn (the most decisions); the table lists them all. */
const CHART_GROUPS = 12;

type Query = QueryOf<typeof decisionsReport>;

export const decisionsSql: ReportSql<Query> = {
  declaration: decisionsReport,
  rows: (query, ctx) => {
    const group = groupings[query.groupBy];
    return sql`
      select e."groupId", e.name, ${figures}
        from (select e.*, ${group.id} as "groupId", ${group.name} as name ${source(query, ctx, group.join)}) e
       group by e."groupId", e.name`;
  },
  totals: (query, ctx) => sql`select ${figures} ${source(query, ctx)}`,
  /** The approval, counter-offer and decline rates per group, stacked (they add up to 100 %). */
  chart: async (tx, query, _ctx, table) => {
    const result = await tx.execute<{
      name: string;
      approvalRate: string | null;
      counterofferRate: string | null;
      declineRate: string | null;
    }>(sql`
      select r.name, r."approvalRate", r."counterofferRate", r."declineRate"
        from ${table} r where r.decisions > 0
       order by r.decisions desc, r.name limit ${CHART_GROUPS}`);
    const rows = result.rows;
    const series = (key: 'approvalRate' | 'counterofferRate' | 'declineRate', label: string) => ({
      key,
      label,
      unit: 'percent' as const,
      stack: 'rates',
      data: rows.map((r) => r[key] ?? '0'),
    });
    return {
      kind: 'bar',
      horizontal: false,
      title: `Decision rates by ${decisionGroupingLabels[query.groupBy].toLowerCase()}`,
      categories: rows.map((r) => r.name),
      series: [
        series('approvalRate', 'Approved'),
        series('counterofferRate', 'Counteroffered'),
        series('declineRate', 'Declined'),
      ],
    };
  },
  tieBreak: sql`r.name, r."groupId"`,
};
