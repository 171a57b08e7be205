import {
  fundedGroupingLabels,
  fundedLoanListReport,
  fundedLoansReport,
  reportMessages,
  type FundedGrouping,
  type ReportFilters,
} from '@credence/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { TenantTx } from '../../db/tenancy.ts';
import {
  applicationFilters,
  filtersApplications,
  inPeriod,
  localDate,
  localDateText,
  periodBuckets,
  type QueryOf,
  type ReportContext,
  type ReportSql,
} from './report-kit.ts';

/**
 * 2. Funded loans. A funded loan is a `loans` row funded (`is_funded`: a reversal clears it) in the period, by its
 * funding time (`funded_at`, read on loans_lender_funded_idx), of an application the shared filters select. Its
 * figures are the loan's own: the amount funded, the note rate and the term booked; the score is the application's
 * average credit score (the applicants' active default-model scores, as the queues show it).
 */
export const fundedLoans = (query: ReportFilters, ctx: ReportContext, join: SQL = sql``, readsApplication = true) => {
  // A statement that reads nothing of the application needs it only for the shared filters (the loan's lender is
  // its application's: the foreign key says so).
  const application = readsApplication || filtersApplications(query);
  return sql`
  from loans l
  ${application ? sql`join applications a on a.id = l.application_id and a.lender_id = l.lender_id` : sql``}
  ${join}
  where l.lender_id = ${ctx.lenderId} and l.is_funded and ${inPeriod(sql`l.funded_at`, ctx)}
    ${application ? sql`and ${applicationFilters(query, ctx)}` : sql``}`;
};

/**
 * Count, amount and the sums the averages are weighted by: Σ(amount × rate), Σ(amount × term), Σ(amount × score)
 * and Σ amount of the loans with a score. Sums of sums are the sums (exact numeric), so the totals add up the rows'.
 */
const sums = sql`count(*)::int as "count",
  coalesce(sum(l.amount), 0)::numeric(16, 2) as "amount",
  sum(l.amount * l.interest_rate) as "rateWeight",
  sum(l.amount * l.term_months) as "termWeight",
  sum(l.amount * a.average_credit_score) as "scoreWeight",
  sum(l.amount) filter (where a.average_credit_score is not null) as "scoreAmount"`;

/**
 * The averages weighted by the amount from the sums of `s`: Σ(amount × rate) / Σ amount (three decimals),
 * Σ(amount × term) / Σ amount (one decimal), Σ(amount × score) / Σ amount of the loans with a score (whole).
 * PostgreSQL's numeric arithmetic and rounding (half away from zero), so the figures are exact.
 */
const averages = sql`round(s."rateWeight" / nullif(s.amount, 0), 3) as "rate",
  round(s."termWeight" / nullif(s.amount, 0), 1) as "term",
  round(s."scoreWeight" / nullif(s."scoreAmount", 0))::int as "score"`;

/** The totals of a funded-loans statement's rows (`sums` and `averages` per row): their sums, then the averages. */
const totalsOfRows = (rows: SQL) => sql`
  select s.count, s.amount, ${averages}
    from (select coalesce(sum(r.count), 0)::int as "count", coalesce(sum(r.amount), 0)::numeric(16, 2) as "amount",
                 sum(r."rateWeight") as "rateWeight", sum(r."termWeight") as "termWeight",
                 sum(r."scoreWeight") as "scoreWeight", sum(r."scoreAmount") as "scoreAmount"
            from ${rows} r) s`;

/** Each grouping: its join, its id and its name column (a loan without one is grouped under `none`). */
export const fundedGroupingSql: Record<FundedGrouping, { join: SQL; id: SQL; name: SQL; none: string | null }> = {
  product: {
    join: sql`join loan_products g on g.id = a.loan_product_id`,
    id: sql`g.id`,
    name: sql`g.name`,
    none: null,
  },
  dealer: {
    join: sql`left join dealers g on g.id = a.dealer_id`,
    id: sql`g.id`,
    name: sql`g.name`,
    none: reportMessages.noDealer,
  },
  branch: {
    join: sql`left join user_lenders ul on ul.user_id = a.created_by_user_id and ul.lender_id = a.lender_id
              left join branches g on g.id = ul.branch_id`,
    id: sql`g.id`,
    name: sql`g.name`,
    none: reportMessages.noBranch,
  },
  officer: {
    join: sql`left join users g on g.id = a.created_by_user_id`,
    id: sql`g.id`,
    name: sql`g.full_name`,
    none: reportMessages.noOfficer,
  },
};

/** At most this many groups are drawn; the table lists them all. */
const CHART_GROUPS = 15;

export const fundedLoansSql: ReportSql<QueryOf<typeof fundedLoansReport>> = {
  declaration: fundedLoansReport,
  rows: (query, ctx) => {
    const group = fundedGroupingSql[query.groupBy];
    // Grouped by the id and the name column themselves (a parameter in the GROUP BY would not match the select's).
    return sql`
      select s.*, ${averages}, round(100 * s.amount / nullif(sum(s.amount) over (), 0), 2) as "share"
        from (select ${group.id} as "groupId", coalesce(${group.name}, ${group.none ?? ''}) as "name", ${sums}
                ${fundedLoans(query, ctx, group.join)}
               group by ${group.id}, ${group.name}) s`;
  },
  totals: (_query, _ctx, rows) => totalsOfRows(rows),
  /** The amount funded per group, largest first (the table's default order). */
  chart: async (tx, query, _ctx, table) => {
    const result = await tx.execute<{ name: string; amount: string }>(sql`
      select r.name, r.amount from ${table} r
       order by r.amount desc, r.name limit ${CHART_GROUPS}`);
    return {
      kind: 'bar',
      horizontal: true,
      title: `Amount funded by ${fundedGroupingLabels[query.groupBy].toLowerCase()}`,
      categories: result.rows.map((r) => r.name),
      series: [
        { key: 'amount', label: 'Amount funded', unit: 'money', stack: null, data: result.rows.map((r) => r.amount) },
      ],
    };
  },
  tieBreak: sql`r.name, r."groupId"`,
};

/**
 * The loans behind the Funded loans figures: each funded loan of the period with its terms. Its totals are the
 * Funded loans report's totals for the same filters (the same statement), so the two agree; its chart is the amount
 * funded per week (per month past a year).
 */
export const fundedLoanListSql: ReportSql<QueryOf<typeof fundedLoanListReport>> = {
  declaration: fundedLoanListReport,
  rows: (query, ctx) => sql`
    select a.id as "applicationId", a.primary_applicant_name as "applicantName", p.name as "productName",
           d.name as "dealerName", u.full_name as "officerName", b.name as "branchName",
           case when a.direct then 'Direct' else 'Indirect' end as "channel",
           ${localDateText(sql`l.funded_at`, ctx)} as "fundedDate", l.funded_at as "fundedAt",
           l.amount as "amount", round(l.interest_rate, 3) as "rate", l.term_months as "term",
           a.average_credit_score as "score", l.interest_rate as "noteRate"
      ${fundedLoans(
        query,
        ctx,
        sql`join loan_products p on p.id = a.loan_product_id
            left join dealers d on d.id = a.dealer_id
            left join users u on u.id = a.created_by_user_id
            left join user_lenders ul on ul.user_id = a.created_by_user_id and ul.lender_id = a.lender_id
            left join branches b on b.id = ul.branch_id`,
      )}`,
  /** The Funded loans report's figures (the same sums and averages), of the listed loans. */
  totals: (_query, _ctx, rows) =>
    totalsOfRows(sql`(select 1 as "count", l.amount, l.amount * l."noteRate" as "rateWeight",
                             l.amount * l.term as "termWeight", l.amount * l.score as "scoreWeight",
                             case when l.score is not null then l.amount end as "scoreAmount"
                        from ${rows} l)`),
  chart: async (tx: TenantTx, _query, ctx, table) => {
    const { trunc, buckets, label, unit } = periodBuckets(ctx);
    const result = await tx.execute<{ start: string; amount: string; count: number }>(sql`
      with b as (${buckets}),
      f as (select ${trunc(localDate(sql`l."fundedAt"`, ctx))} as start, sum(l.amount) as amount, count(*)::int as n
              from ${table} l group by 1)
      select to_char(b.start, 'YYYY-MM-DD') as start, coalesce(f.amount, 0)::numeric(16, 2) as amount,
             coalesce(f.n, 0) as count
        from b left join f on f.start = b.start order by b.start`);
    return {
      kind: 'bar',
      horizontal: false,
      title: `Amount funded per ${unit}`,
      categories: result.rows.map((r) => label(r.start)),
      series: [
        { key: 'amount', label: 'Amount funded', unit: 'money', stack: null, data: result.rows.map((r) => r.amount) },
      ],
    };
  },
  sortSql: { fundedDate: sql`r."fundedAt"` },
  tieBreak: sql`r."applicationId"`,
};
