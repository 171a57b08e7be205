import {
  ADVERSE_DUE_SOON_DAYS,
  adverseActionDueDays,
  adverseActionKindLabels,
  adverseActionKinds,
  adverseActionsReport,
  adverseActionStatuses,
  adverseActionStatusLabels,
  letterTypeLabels,
  lettersTexts,
  type AdverseActionStatus,
  type AdverseActionView,
} from '@credence/contracts';
import { sql, type SQL } from 'drizzle-orm';
import {
  applicationFilters,
  inPeriod,
  localDate,
  positionIn,
  type QueryOf,
  type ReportContext,
  type ReportSql,
} from './report-kit.ts';

type Query = QueryOf<typeof adverseActionsReport>;

/**
 * 5. The adverse action register (Regulation B, 12 CFR 1002.9). The rule and its reading are written with the
 * declaration (packages/contracts/src/reports.ts); in short, by kind:
 * - declined (a completed application): the notice is due 30 days after the application was received
 *   (§1002.9(a)(1)(i)), counted from its submission;
 * - incomplete (a decline or a cancellation with a reason that says "incomplete"): 30 days after that decision
 *   (§1002.9(a)(1)(ii));
 * - counteroffer not accepted (still counter-offered, not funded): 90 days after the counter-offer
 *   (§1002.9(a)(1)(iv)).
 * The application's decision is its newest receipt row (a retraction in between returns it to `reviewed`, so the
 * state check below also drops retracted ones), made in the period — read on application_decisions_lender_created_idx.
 */

/** The first time a letter of this type was printed for the application after its decision (its history row). */
const letterPrinted = (label: string) => sql`(select min(h.created_at) from application_history h
   where h.application_id = a.id and h.action = ${lettersTexts.historyAction}
     and h.description like ${`${label} for %`} and h.created_at >= d.created_at)`;

/** The reasons of the decision: the decline reasons of every applicant, or the counter-offer or cancel reasons. */
const reasonsText = sql`(select string_agg(distinct t.text, '; ' order by t.text) from (
    select jsonb_path_query(d.receipt, '$.decisionApplicants[*].declineReasons[*].text') #>> '{}' as text
    union all select jsonb_path_query(d.receipt, '$.reasons[*].text') #>> '{}') t)`;

/** The due date's days by kind, from the declaration. */
const dueDays = sql`case x.kind ${sql.join(
  adverseActionKinds.map((k) => sql`when ${k} then ${adverseActionDueDays[k]}::int`),
  sql` `,
)} end`;

const decisions = (query: Query, ctx: ReportContext) => sql`
  select a.id as application_id, a.primary_applicant_name, a.loan_product_id, a.created_at as submitted_at,
         d.decision_type, d.created_at as decided_at, d.created_by_user_id,
         ${reasonsText} as reasons,
         ${letterPrinted(letterTypeLabels.adverseAction)} as notice_at,
         ${letterPrinted(letterTypeLabels.creditScoreDisclosure)} as disclosure_at
    from application_decisions d
    join applications a on a.id = d.application_id
   where d.lender_id = ${ctx.lenderId} and ${inPeriod(sql`d.created_at`, ctx)}
     and d.entry_kind = 'decision' and d.decision_type in ('decline', 'counteroffer', 'cancel')
     and d.version = (select max(n.version) from application_decisions n where n.application_id = d.application_id)
     and a.state = case d.decision_type when 'decline' then 'declined' when 'counteroffer' then 'counteroffer'
                                        else 'cancelled' end
     and ${applicationFilters(query, ctx)}`;

/**
 * Each decision's kind (a cancellation not for incompleteness needs no notice: null, dropped). The decisions are
 * read as they are (`offset 0`: not merged into the statements around them, which name the reasons and the letters'
 * moments several times — each would be looked up again).
 */
const classified = (query: Query, ctx: ReportContext) => sql`
  select k.*, case
           when k.decision_type = 'counteroffer' then 'counteroffer'
           when k.reasons ilike '%incomplete%' then 'incomplete'
           when k.decision_type = 'decline' then 'declined'
         end as kind
    from (${decisions(query, ctx)} offset 0) k`;

/** The register's lines: the clock's start, the due date, the letters' dates and the status. */
const register = (query: Query, ctx: ReportContext) => sql`
  select y.*,
         case when y.notice_date is not null
              then case when y.notice_date <= y.due_date then 'producedOnTime' else 'producedLate' end
              when y.due_date < ${ctx.today}::date then 'overdue'
              when y.due_date <= ${ctx.today}::date + ${ADVERSE_DUE_SOON_DAYS}::int then 'dueSoon'
              else 'dueLater' end as status
    from (select x.*, x.clock_start + ${dueDays} as due_date, ${localDate(sql`x.notice_at`, ctx)} as notice_date,
                 ${localDate(sql`x.disclosure_at`, ctx)} as disclosure_date
            from (select c.*, case when c.kind = 'declined' then ${localDate(sql`c.submitted_at`, ctx)}
                                   else ${localDate(sql`c.decided_at`, ctx)} end as clock_start
                    from (${classified(query, ctx)}) c where c.kind is not null) x) y`;

/** The statuses of a view of the register. */
const viewStatuses: Record<AdverseActionView, readonly AdverseActionStatus[]> = {
  all: adverseActionStatuses,
  outstanding: ['overdue', 'dueSoon', 'dueLater'],
  overdue: ['overdue'],
  dueSoon: ['dueSoon'],
  produced: ['producedOnTime', 'producedLate'],
};

/** The register's lines the query selects (its view and kind). */
const selected = (query: Query, ctx: ReportContext): SQL => {
  const conditions: SQL[] = [
    sql`z.status in (${sql.join(
      viewStatuses[query.view].map((s) => sql`${s}`),
      sql`, `,
    )})`,
  ];
  if (query.kind) conditions.push(sql`z.kind = ${query.kind}`);
  return sql`select z.* from (${register(query, ctx)}) z where ${sql.join(conditions, sql` and `)}`;
};

const date = (column: SQL) => sql`to_char(${column}, 'YYYY-MM-DD')`;

const counts = sql`count(*)::int as "count",
  ${sql.join(
    adverseActionKinds.map((k) => sql`count(*) filter (where s.kind = ${k})::int as ${sql.identifier(k)}`),
    sql`, `,
  )},
  ${sql.join(
    adverseActionStatuses.map((st) => sql`count(*) filter (where s.status = ${st})::int as ${sql.identifier(st)}`),
    sql`, `,
  )}`;

export const adverseActionsSql: ReportSql<Query> = {
  declaration: adverseActionsReport,
  rows: (query, ctx) => sql`
    select s.application_id as "applicationId", s.primary_applicant_name as "applicantName", p.name as "productName",
           s.kind as "kind", ${date(localDate(sql`s.decided_at`, ctx))} as "decidedDate", s.decided_at as "decidedAt",
           u.full_name as "decidedBy", ${date(sql`s.clock_start`)} as "clockStart", ${date(sql`s.due_date`)} as "dueDate",
           (s.due_date - ${ctx.today}::date)::int as "daysLeft", ${date(sql`s.notice_date`)} as "noticeDate",
           ${date(sql`s.disclosure_date`)} as "disclosureDate", s.status as "status", coalesce(s.reasons, '') as "reasons"
      from (${selected(query, ctx)}) s
      join loan_products p on p.id = s.loan_product_id
      left join users u on u.id = s.created_by_user_id`,
  totals: (_query, _ctx, rows) => sql`select ${counts} from ${rows} s`,
  /** The notices by kind and status, stacked: what is overdue or due this week stands out. */
  chart: async (tx, _query, _ctx, table) => {
    const result = await tx.execute<Record<string, number>>(sql`
      select s.kind, ${sql.join(
        adverseActionStatuses.map((st) => sql`count(*) filter (where s.status = ${st})::int as ${sql.identifier(st)}`),
        sql`, `,
      )}
        from ${table} s group by s.kind`);
    const byKind = new Map(result.rows.map((r) => [String(r.kind), r]));
    return {
      kind: 'bar',
      horizontal: false,
      title: 'Notices by action and status',
      categories: adverseActionKinds.map((k) => adverseActionKindLabels[k]),
      series: adverseActionStatuses.map((st) => ({
        key: st,
        label: adverseActionStatusLabels[st],
        unit: 'count' as const,
        stack: 'status',
        data: adverseActionKinds.map((k) => String(byKind.get(k)?.[st] ?? 0)),
      })),
    };
  },
  sortSql: {
    kind: positionIn(sql`r.kind`, adverseActionKinds),
    status: positionIn(sql`r.status`, adverseActionStatuses),
    decidedDate: sql`r."decidedAt"`,
  },
  tieBreak: sql`r."applicationId"`,
};
