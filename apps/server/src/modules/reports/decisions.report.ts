import {
  decisionGroupingLabels,
  decisionsReport,
  reportChannelLabels,
  reportMessages,
  type DecisionGrouping,
  type ReportFilters,
} from '@credence/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { applicationFilters, inPeriod, type QueryOf, type ReportContext, type ReportSql } from './report-kit.ts';

/**
 * 3. Decisions and turn times. Every figure is counted by its own event in the period, with the definitions of the
 * dashboard's Turn Times widget (the first decision and the first approval of an application, as `firstDecisions`
 * and `firstApprovals` of the widgets define them, and the same hours), of the applications the shared filters select:
 * - `decision`: each credit decision (approve, counter-offer, decline) made in the period, with its source;
 * - `first`: an application's first decision (its first receipt row, of any type: the widget's) made in the
 *   period, with the hours since the application was created;
 * - `funding`: a loan funded in the period (not reversed), with the hours since the approval it funds;
 * - `approval`: an application's first approval or counter-offer made in the period, and whether its loan is funded.
 * The first three of a decision are flags of one line per receipt row of the period (read once, on
 * application_decisions_decision_created_idx; "first" by the application's lowest version, on
 * application_decisions_decision_version_idx); a funding is a line of its own.
 */
const firstOf = (types: SQL) => sql`d.version = (select min(e.version) from application_decisions e
   where e.application_id = d.application_id and e.entry_kind = 'decision' ${types})`;
const approvals = sql`('approve', 'counteroffer')`;

const events = (ctx: ReportContext) => sql`
  select d.application_id, 'decision' as ev, d.decision_type as type, d.source,
         d.decision_type in ('approve', 'counteroffer', 'decline') as credit,
         ${firstOf(sql``)} as first, d.created_at as at, null::numeric as fh,
         d.decision_type in ${approvals} and ${firstOf(sql`and e.decision_type in ${approvals}`)} as approval,
         case when d.decision_type in ${approvals}
              then coalesce((select pl.is_funded from loans pl where pl.application_id = d.application_id), false)
              else false end as loan_funded
    from application_decisions d
   where d.lender_id = ${ctx.lenderId} and d.entry_kind = 'decision' and ${inPeriod(sql`d.created_at`, ctx)}
  union all
  select l.application_id, 'funding', null, null, false, false, null,
         extract(epoch from l.funded_at - ld.created_at) / 3600, false, false
    from loans l join application_decisions ld on ld.id = l.decision_id
   where l.lender_id = ${ctx.lenderId} and l.is_funded and ${inPeriod(sql`l.funded_at`, ctx)}`;

const source = (query: ReportFilters, ctx: ReportContext, join: SQL = sql``) => sql`
  from (${events(ctx)}) e
  join applications a on a.id = e.application_id
  ${join}
  where ${applicationFilters(query, ctx)}`;

/**
 * An event's hours (`h`: to the first decision, or to the funding) and whether it is a first approval whose loan is
 * funded (the loan read once per approval line, in `events`).
 */
const measures = sql`case when e.first then extract(epoch from e.at - a.created_at) / 3600 else e.fh end as h,
  e.approval and e.loan_funded as funded`;

/** A share in percent with two decimals, PostgreSQL's numeric arithmetic (exact, rounded half away from zero). */
const percent = (part: SQL, whole: SQL) => sql`round(100 * (${part})::numeric / nullif(${whole}, 0), 2)`;
const hours = (fraction: number, ev: 'first' | 'funding') =>
  sql`round((percentile_cont(${sql.raw(String(fraction))}) within group (order by e.h) filter (where ${
    ev === 'first' ? sql`e.first` : sql`e.ev = 'funding'`
  }))::numeric, 1)`;
const decisionsOf = (type?: string) =>
  type ? sql`count(*) filter (where e.credit and e.type = ${type})` : sql`count(*) filter (where e.credit)`;

const figures = sql`${decisionsOf()}::int as "decisions",
  ${decisionsOf('approve')}::int as "approved",
  ${decisionsOf('counteroffer')}::int as "counteroffered",
  ${decisionsOf('decline')}::int as "declined",
  ${percent(decisionsOf('approve'), decisionsOf())} as "approvalRate",
  ${percent(decisionsOf('counteroffer'), decisionsOf())} as "counterofferRate",
  ${percent(decisionsOf('decline'), decisionsOf())} as "declineRate",
  ${percent(sql`count(*) filter (where e.credit and e.source = 'auto')`, decisionsOf())} as "autoShare",
  ${hours(0.5, 'first')} as "decisionHoursMedian",
  ${hours(0.9, 'first')} as "decisionHoursP90",
  ${hours(0.5, 'funding')} as "fundingHoursMedian",
  ${hours(0.9, 'funding')} as "fundingHoursP90",
  count(*) filter (where e.approval)::int as "firstApproved",
  count(*) filter (where e.funded)::int as "funded",
  ${percent(sql`count(*) filter (where e.funded)`, sql`count(*) filter (where e.approval)`)} as "pullThrough"`;

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

/** A line per group; `withTotals`: and the totals line (marked "isTotals"), in the same read. */
const groupedRows = (query: Query, ctx: ReportContext, withTotals: boolean) => {
  const group = groupings[query.groupBy];
  return sql`
    select e."groupId", e.name, ${figures}${withTotals ? sql`, grouping(e."groupId", e.name) <> 0 as "isTotals"` : sql``}
      from (select e.*, ${measures}, ${group.id} as "groupId", ${group.name} as name
              ${source(query, ctx, group.join)}) e
     group by ${withTotals ? sql`grouping sets ((e."groupId", e.name), ())` : sql`e."groupId", e.name`}`;
};

export const decisionsSql: ReportSql<Query> = {
  declaration: decisionsReport,
  rows: (query, ctx) => groupedRows(query, ctx, false),
  totals: (query, ctx) => sql`select ${figures} from (select e.*, ${measures} ${source(query, ctx)}) e`,
  rowsAndTotals: (query, ctx) => groupedRows(query, ctx, true),
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
