import { dealerScorecardReport } from '@credence/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { applicationFilters, inPeriod, type QueryOf, type ReportContext, type ReportSql } from './report-kit.ts';

type Query = QueryOf<typeof dealerScorecardReport>;

/**
 * 7. Dealer scorecard: one line per indirect application submitted in the period (created; read on
 * applications_lender_created_idx) of the applications the shared filters select, with what became of it (see the
 * declaration for each definition):
 * - `approved`: an approve or counter-offer decision on its receipt; `funded`: its loan funded (not reversed);
 * - `ltv`: the amount financed over the collateral value — the sum of its collaterals' values, the request's value
 *   when none has one (policy-facts' BackEndLtv) — null without both;
 * - `attempted`: its loan saved on the funding worksheet; `attempt_at`: the moment of its funding attempt — when it
 *   was funded, or now for a loan not funded (yet, or since a reversal);
 * - `waived`: its stipulations waived; `open_at_funding`: its stipulations open at the attempt — recorded by then
 *   and not closed by then (cleared or waived: `cleared_at`; withdrawn: `status_changed_at`).
 */
const applicationLines = (query: Query, ctx: ReportContext) => sql`
  select x.*,
         case when x.attempt_at is null then 0 else
           (select count(*) from application_funding_requirements r
             where r.application_id = x.id and r.created_at <= x.attempt_at
               and not (r.status in ('cleared', 'waived') and r.cleared_at is not null and r.cleared_at <= x.attempt_at)
               and not (r.status = 'withdrawn' and r.status_changed_at <= x.attempt_at))::int
         end as open_at_funding
    from (select a.id, a.dealer_id, a.average_credit_score as score, l.id is not null as attempted,
                 case when l.is_funded then l.funded_at when l.id is not null then now() end as attempt_at,
                 coalesce(l.is_funded, false) as funded,
                 exists (select 1 from application_decisions d
                          where d.application_id = a.id and d.entry_kind = 'decision'
                            and d.decision_type in ('approve', 'counteroffer')) as approved,
                 100 * a.est_amt_financed / nullif(coalesce(cv.value, a.value), 0) as ltv,
                 (select count(*) from application_funding_requirements r
                   where r.application_id = a.id and r.status = 'waived')::int as waived
            from applications a
            left join loans l on l.application_id = a.id and l.lender_id = a.lender_id
            -- The collaterals' values per application, summed in one pass (a lookup per application line costs more).
            left join (select c.application_id, sum(c.value) as value from collaterals c
                        where c.value is not null group by c.application_id) cv on cv.application_id = a.id
           where not a.direct and a.dealer_id is not null and ${inPeriod(sql`a.created_at`, ctx)}
             and ${applicationFilters(query, ctx)}) x`;

const percent = (part: SQL, whole: SQL) => sql`round(100 * (${part})::numeric / nullif(${whole}, 0), 2)`;
const atFunding = sql`count(*) filter (where x.attempted)`;

const figures = sql`count(*)::int as "applications",
  count(*) filter (where x.approved)::int as "approved",
  count(*) filter (where x.funded)::int as "funded",
  ${percent(sql`count(*) filter (where x.funded)`, sql`count(*)`)} as "lookToBook",
  round(avg(x.score))::int as "scoreSubmitted",
  round(avg(x.score) filter (where x.funded))::int as "scoreFunded",
  round(avg(x.ltv), 2) as "ltv",
  ${atFunding}::int as "atFunding",
  coalesce(sum(x.waived), 0)::int as "waived",
  coalesce(sum(x.open_at_funding), 0)::int as "outstandingAtFunding",
  ${percent(sql`count(*) filter (where x.attempted and (x.waived > 0 or x.open_at_funding > 0))`, atFunding)}
    as "problemShare"`;

/**
 * A line per dealer; `withTotals`: and the totals line (marked "isTotals"), in the same read — every line has a
 * dealer (the dealer is required of an application line), so the join drops none.
 */
const dealerRows = (query: Query, ctx: ReportContext, withTotals: boolean) => sql`
  select x.dealer_id as "dealerId", d.name as "dealerName", ${figures}${
    withTotals ? sql`, grouping(x.dealer_id, d.name) <> 0 as "isTotals"` : sql``
  }
    from (${applicationLines(query, ctx)}) x join dealers d on d.id = x.dealer_id
   group by ${withTotals ? sql`grouping sets ((x.dealer_id, d.name), ())` : sql`x.dealer_id, d.name`}`;

/** At most this many dealers are drawn (the most applications); the table lists them all. */
const CHART_DEALERS = 12;

export const dealerScorecardSql: ReportSql<Query> = {
  declaration: dealerScorecardReport,
  rows: (query, ctx) => dealerRows(query, ctx, false),
  totals: (query, ctx) => sql`select ${figures} from (${applicationLines(query, ctx)}) x`,
  rowsAndTotals: (query, ctx) => dealerRows(query, ctx, true),
  /** Applications and funded loans per dealer, side by side (the look-to-book at a glance). */
  chart: async (tx, _query, _ctx, table) => {
    const result = await tx.execute<{ dealerName: string; applications: number; funded: number }>(sql`
      select r."dealerName", r.applications, r.funded from ${table} r
       order by r.applications desc, r."dealerName", r."dealerId" limit ${CHART_DEALERS}`);
    const rows = result.rows;
    const series = (key: 'applications' | 'funded', label: string) => ({
      key,
      label,
      unit: 'count' as const,
      stack: null,
      data: rows.map((r) => String(r[key])),
    });
    return {
      kind: 'bar',
      horizontal: false,
      title: 'Applications and funded loans by dealer',
      categories: rows.map((r) => r.dealerName),
      series: [series('applications', 'Applications'), series('funded', 'Funded')],
    };
  },
  tieBreak: sql`r."dealerName", r."dealerId"`,
};
