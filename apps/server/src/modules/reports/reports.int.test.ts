import {
  adverseActionDueDays,
  adverseActionsReport,
  fundedLoanListReport,
  fundedLoansReport,
  pipelineReport,
  reportMessages,
  reportOptionsEndpoint,
  type AdverseActionsReportPage,
  type FundedLoanListReportPage,
  type FundedLoansReportPage,
  type MenuResponse,
  type PipelineReportPage,
} from '@credence/contracts';
import { addDays, money, type Money } from '@credence/domain';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, SUMMIT, HARBOR, type ApiClient } from '../../test/api-client.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import {
  getJson,
  localDate,
  queryString,
  randomReportFilters,
  reportFilterOptions,
  reportFilterSql,
  selecting,
  wholeDemoPeriod,
  type ReportFilterOptions,
  type ReportFilters,
} from '../../test/report-filters.ts';
import { reportCsvPaging } from './report-kit.ts';

/**
 * The Reports area (issue 33): the right, the figures against the records (direct SQL and a reference computed here
 * over the same filters, for random filter combinations), the Regulation B due dates, the CSV (every filtered row,
 * BOM, formula cells neutralised), validation and tenant isolation.
 */
let t: TestApp;
let admin: ApiClient;
let officer: ApiClient;
let summitId: number;
let harborId: number;
let zone: string;
let today: string;

const q = async <T extends Record<string, unknown>>(text: string, values: unknown[] = []) =>
  (await t.pool.query<T>(text, values)).rows;
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;
/** Rounded half up (the Money clone's rounding, as PostgreSQL's round of a positive numeric). */
const fixed = (value: Money, places: number) => value.toFixed(places);

type Filters = ReportFilters;
const directFilters = (f: Filters, dateColumn: string) => reportFilterSql(f, dateColumn, { lenderId: summitId, zone });
let options: ReportFilterOptions;
const filtersArbitrary = () => randomReportFilters(options, today);
const everything = () => wholeDemoPeriod(today);

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, 'admin', 'Admin2026');
  officer = await signIn(t, 'officer', 'Officer2026');
  const lenders = await q<{ id: number; name: string; time_zone: string }>('select id, name, time_zone from lenders');
  summitId = lenders.find((l) => l.name === SUMMIT)!.id;
  harborId = lenders.find((l) => l.name === HARBOR)!.id;
  zone = lenders.find((l) => l.name === SUMMIT)!.time_zone;
  today = localDate(new Date(), zone);
  options = await reportFilterOptions(q, summitId);
});
afterAll(() => t.close());

describe('reports: the right canViewReports', () => {
  const paths = [
    reportOptionsEndpoint.path,
    ...[pipelineReport, fundedLoansReport, fundedLoanListReport, adverseActionsReport].flatMap((r) => [
      r.endpoints.get.path,
      r.endpoints.csv.path,
    ]),
  ];

  it('answers 403 to a loan officer (no right) on every report call, 401 without a session', async () => {
    for (const path of paths) {
      expect((await officer.get(path)).statusCode, path).toBe(403);
      expect((await t.app.inject({ method: 'GET', url: path })).statusCode, path).toBe(401);
      expect((await admin.get(path)).statusCode, path).toBe(200);
    }
  });

  it('the menu lists Reports for the administrator only', async () => {
    const adminMenu = (await admin.get('/api/menu')).json<MenuResponse>();
    expect(adminMenu.main.find((i) => i.menuName === 'Reports')).toMatchObject({
      url: '/reports',
      iconName: 'Assessment',
    });
    const officerMenu = (await officer.get('/api/menu')).json<MenuResponse>();
    expect(officerMenu.main.map((i) => i.menuName)).not.toContain('Reports');
  });

  it('the migration granted it to the roles that may manage users, and only to them', async () => {
    const roles = await q<{ name: string; reports: boolean; users: boolean }>(
      `select r.name, bool_or(rr."right" = 'canViewReports') as reports, bool_or(rr."right" = 'canManageUsers') as users
         from roles r join role_rights rr on rr.role_id = r.id group by r.id, r.name`,
    );
    for (const role of roles) expect(role.reports, role.name).toBe(role.users);
    expect(roles.filter((r) => r.reports).map((r) => r.name)).toContain('Administrator');
  });
});

describe('reports: input validation (422 with the field, never a 500)', () => {
  it.each([
    ['from after to', { from: '2026-05-02', to: '2026-05-01' }, 'to', reportMessages.fromAfterTo],
    ['a period over the limit', { from: '2000-01-01', to: '2026-01-01' }, 'from', reportMessages.periodTooLong],
  ])('%s', async (_name, query, field, message) => {
    for (const report of [pipelineReport, adverseActionsReport]) {
      for (const path of [report.endpoints.get.path, report.endpoints.csv.path]) {
        const response = await admin.get(`${path}?${queryString(query)}`);
        expect(response.statusCode, path).toBe(422);
        expect(response.json<{ errors: { field: string; message: string }[] }>().errors).toContainEqual({
          field,
          message,
        });
      }
    }
  });

  it.each([
    'from=2026-13-01',
    'to=yesterday',
    'from=1899-12-31',
    'productId=abc',
    'productId=0',
    'dealerId=2147483648',
    'branchId=1e3',
    'channel=both',
    'officerId=-1',
    'take=0',
    'take=501',
    'page=0',
    'sort=password',
    'order=sideways',
    'groupBy=color',
    'view=everything',
    'kind=approved',
  ])('refuses %s', async (query) => {
    for (const report of [pipelineReport, fundedLoansReport, adverseActionsReport]) {
      const key = query.split('=')[0]!;
      const declared = key in report.pageQuery.shape;
      const response = await admin.get(`${report.endpoints.get.path}?${query}`);
      expect(response.statusCode, `${report.key} ${query}`).toBe(declared ? 422 : 200);
    }
  });

  it('a filter on another lender’s product selects nothing (not an error)', async () => {
    const [harborProduct] = await q<{ id: number }>('select id from loan_products where lender_id = $1 limit 1', [
      harborId,
    ]);
    const page = await getJson<FundedLoanListReportPage>(admin, fundedLoanListReport.endpoints.get.path, {
      productId: harborProduct!.id,
    });
    expect(page).toMatchObject({ rows: [], total: 0, totals: { count: 0, amount: '0.00' } });
  });
});

describe('reports: pipeline', () => {
  it('totals and rows equal direct SQL over the same filters (random filters)', async () => {
    const runs = selecting();
    await fc.assert(
      fc.asyncProperty(filtersArbitrary(), async (filters) => {
        const page = await getJson<PipelineReportPage>(admin, pipelineReport.endpoints.get.path, {
          ...filters,
          take: 500,
        });
        runs.seen(page.totals.count);
        const { where, values } = directFilters(filters, 'a.created_at');
        const [expected] = await q<Record<string, unknown>>(
          `select count(*)::int as count,
                  count(*) filter (where age <= 7)::int as "days0to7",
                  count(*) filter (where age between 8 and 30)::int as "days8to30",
                  count(*) filter (where age between 31 and 60)::int as "days31to60",
                  count(*) filter (where age > 60)::int as "over60",
                  to_char(coalesce(sum(est_amt_financed), 0), 'FM999999999990.00') as amount
             from (select a.est_amt_financed, $10::date - (a.created_at at time zone $2)::date as age
                     from applications a where ${where} and a.queue is not null) x`,
          [...values, today],
        );
        expect(page.totals).toEqual(expected);
        expect(page.period).toEqual({ from: filters.from, to: filters.to, today });
        // The rows add up to the totals.
        const sum = (key: 'count' | 'days0to7' | 'over60') => page.rows.reduce((n, r) => n + r[key], 0);
        expect([sum('count'), sum('days0to7'), sum('over60')]).toEqual([
          page.totals.count,
          page.totals.days0to7,
          page.totals.over60,
        ]);
        expect(page.rows.reduce((s, r) => s.plus(r.amount), money(0)).toFixed(2)).toBe(page.totals.amount);
        expect(page.total).toBe(page.rows.length);
        for (const row of page.rows) expect(row.days0to7 + row.days8to30 + row.days31to60 + row.over60).toBe(row.count);
        // The chart's submitted applications of the period: every application submitted then, open or closed.
        const [submitted] = await q<{ n: number }>(
          `select count(*)::int as n from applications a where ${where}`,
          values,
        );
        const charted = page.chart.series.find((s) => s.key === 'submitted')!.data.reduce((n, v) => n + Number(v), 0);
        expect(charted).toBe(submitted!.n);
      }),
      { numRuns: 15, examples: [everything()] },
    );
    runs.check(2);
  });

  it('sorts by queue in the queues’ order and pages', async () => {
    const all = await getJson<PipelineReportPage>(admin, pipelineReport.endpoints.get.path, {
      from: '2026-01-01',
      to: today,
    });
    const order = ['creditQueue', 'decisionQueue', 'pendingDecisionQueue', 'requirementsQueue', 'fundingQueue'];
    expect(all.rows.map((r) => order.indexOf(r.queue))).toEqual(
      [...all.rows.map((r) => order.indexOf(r.queue))].sort(),
    );
    const second = await getJson<PipelineReportPage>(admin, pipelineReport.endpoints.get.path, {
      from: '2026-01-01',
      to: today,
      take: 2,
      page: 2,
    });
    expect(second.rows).toEqual(all.rows.slice(2, 4));
    expect(second.total).toBe(all.total);
    const byCount = await getJson<PipelineReportPage>(admin, pipelineReport.endpoints.get.path, {
      from: '2026-01-01',
      to: today,
      sort: 'count',
      order: 'desc',
    });
    expect(byCount.rows.map((r) => r.count)).toEqual([...byCount.rows.map((r) => r.count)].sort((a, b) => b - a));
  });
});

type LoanRecord = {
  application_id: number;
  amount: string;
  interest_rate: string;
  term_months: number;
  score: number | null;
  product: number;
  dealer: number | null;
  branch: number | null;
  officer: number | null;
};

/** The figures of a set of loans, computed here with decimal arithmetic (half-up, as PostgreSQL rounds). */
const figuresOf = (loans: LoanRecord[]) => {
  const amount = loans.reduce((s, l) => s.plus(l.amount), money(0));
  const scored = loans.filter((l) => l.score !== null);
  const scoredAmount = scored.reduce((s, l) => s.plus(l.amount), money(0));
  const weighted = (value: (l: LoanRecord) => Money | number, of: LoanRecord[]) =>
    of.reduce((s, l) => s.plus(money(l.amount).times(value(l))), money(0));
  return {
    count: loans.length,
    amount: amount.toFixed(2),
    rate: amount.isZero() ? null : fixed(weighted((l) => money(l.interest_rate), loans).dividedBy(amount), 3),
    term: amount.isZero() ? null : fixed(weighted((l) => l.term_months, loans).dividedBy(amount), 1),
    score: scoredAmount.isZero() ? null : Number(fixed(weighted((l) => l.score!, scored).dividedBy(scoredAmount), 0)),
  };
};

describe('reports: funded loans', () => {
  const loansOf = async (filters: Filters) => {
    const { where, values } = directFilters(filters, 'l.funded_at');
    return q<LoanRecord>(
      `select l.application_id, l.amount::text as amount, l.interest_rate::text as interest_rate, l.term_months,
              a.average_credit_score as score, a.loan_product_id as product, a.dealer_id as dealer,
              (select branch_id from user_lenders where user_id = a.created_by_user_id and lender_id = a.lender_id) as branch,
              a.created_by_user_id as officer
         from loans l join applications a on a.id = l.application_id
        where l.is_funded and ${where} order by l.application_id`,
      values,
    );
  };

  it('every grouping: totals and each group’s figures equal the loans’ own (random filters)', async () => {
    const runs = selecting();
    await fc.assert(
      fc.asyncProperty(
        filtersArbitrary(),
        fc.constantFrom('product' as const, 'branch' as const, 'dealer' as const, 'officer' as const),
        async (filters, groupBy) => {
          const loans = await loansOf(filters);
          runs.seen(loans.length);
          const page = await getJson<FundedLoansReportPage>(admin, fundedLoansReport.endpoints.get.path, {
            ...filters,
            groupBy,
            take: 500,
          });
          expect(page.totals).toEqual(figuresOf(loans));
          const groups = new Map<number | null, LoanRecord[]>();
          for (const loan of loans) groups.set(loan[groupBy], [...(groups.get(loan[groupBy]) ?? []), loan]);
          expect(page.total).toBe(groups.size);
          for (const row of page.rows) {
            const { share: _share, name: _name, groupId, ...figures } = row;
            expect(figures, `${groupBy} ${groupId}`).toEqual(figuresOf(groups.get(groupId) ?? []));
          }
          // The loan list of the same filters has the same totals, and exactly these loans.
          const list = await getJson<FundedLoanListReportPage>(admin, fundedLoanListReport.endpoints.get.path, {
            ...filters,
            take: 500,
          });
          expect(list.totals).toEqual(page.totals);
          expect(list.rows.map((r) => r.applicationId).sort()).toEqual(loans.map((l) => l.application_id).sort());
        },
      ),
      { numRuns: 15, examples: [[...everything(), 'product']] },
    );
    runs.check(2);
  });

  it('shares add up to 100 % and the chart draws the groups’ amounts', async () => {
    const page = await getJson<FundedLoansReportPage>(admin, fundedLoansReport.endpoints.get.path, {
      from: '2026-01-01',
      to: today,
      groupBy: 'product',
    });
    expect(page.rows.length).toBeGreaterThan(1);
    expect(
      page.rows
        .reduce((s, r) => s.plus(r.share!), money(0))
        .minus(100)
        .abs()
        .lte('0.01'),
    ).toBe(true);
    expect(page.chart.categories).toEqual(page.rows.map((r) => r.name));
    expect(page.chart.series[0]!.data).toEqual(page.rows.map((r) => r.amount));
  });

  it('a reversed loan leaves the figures', async () => {
    const before = await getJson<FundedLoansReportPage>(admin, fundedLoansReport.endpoints.get.path, {
      from: '2026-01-01',
      to: today,
    });
    const [loan] = await q<{ application_id: number; amount: string }>(
      'select application_id, amount::text as amount from loans where lender_id = $1 and is_funded order by id limit 1',
      [summitId],
    );
    const reversed = await admin.put(`/api/applications/${loan!.application_id}/loans/reverseFundedLoan`, undefined);
    expect(reversed.statusCode, reversed.body).toBe(200);
    const after = await getJson<FundedLoansReportPage>(admin, fundedLoansReport.endpoints.get.path, {
      from: '2026-01-01',
      to: today,
    });
    expect(after.totals.count).toBe(before.totals.count - 1);
    expect(money(before.totals.amount).minus(after.totals.amount).toFixed(2)).toBe(loan!.amount);
  });
});

/* ------------------------------------------------------------------------------------------ Regulation B */

type RegisterRecord = {
  application_id: number;
  state: string;
  decision_type: string;
  submitted: Date;
  decided: Date;
  reasons: string[];
  notice: Date | null;
};

/** The register computed here from the records: §1002.9(a)(1) as written in the contracts. */
const registerReference = async (filters: Filters) => {
  const { where, values } = directFilters(filters, 'd.created_at');
  const records = await q<RegisterRecord>(
    `select a.id as application_id, a.state, d.decision_type, a.created_at as submitted, d.created_at as decided,
            array(select x #>> '{}' from jsonb_path_query(d.receipt, '$.decisionApplicants[*].declineReasons[*].text') x
                  union all select x #>> '{}' from jsonb_path_query(d.receipt, '$.reasons[*].text') x) as reasons,
            (select min(h.created_at) from application_history h where h.application_id = a.id
              and h.action = 'Letter generated' and h.description like 'Adverse Action Notice for %'
              and h.created_at >= d.created_at) as notice
       from application_decisions d join applications a on a.id = d.application_id
      where ${where} and d.version = (select max(version) from application_decisions e where e.application_id = a.id)
        and d.entry_kind = 'decision'`,
    values,
  );
  return records.flatMap((r) => {
    const incomplete = r.reasons.some((text) => /incomplete/i.test(text));
    const kind =
      r.decision_type === 'counteroffer' && r.state === 'counteroffer'
        ? 'counteroffer'
        : ['decline', 'cancel'].includes(r.decision_type) && ['declined', 'cancelled'].includes(r.state) && incomplete
          ? 'incomplete'
          : r.decision_type === 'decline' && r.state === 'declined'
            ? 'declined'
            : null;
    if (!kind) return [];
    const start = localDate(kind === 'declined' ? r.submitted : r.decided, zone);
    const dueDate = addDays(start, adverseActionDueDays[kind]);
    const noticeDate = r.notice ? localDate(r.notice, zone) : null;
    const status = noticeDate
      ? noticeDate <= dueDate
        ? 'producedOnTime'
        : 'producedLate'
      : dueDate < today
        ? 'overdue'
        : dueDate <= addDays(today, 7)
          ? 'dueSoon'
          : 'dueLater';
    return [
      {
        applicationId: r.application_id,
        kind,
        clockStart: start,
        dueDate,
        daysLeft: dayNumber(dueDate) - dayNumber(today),
        noticeDate,
        status,
      },
    ];
  });
};

const registerOf = async (query: Record<string, string | number | undefined>) =>
  getJson<AdverseActionsReportPage>(admin, adverseActionsReport.endpoints.get.path, { take: 500, ...query });

describe('reports: adverse action register (Regulation B)', () => {
  it('lists exactly the records’ declines, unaccepted counteroffers and incompletes, with their due dates (random filters)', async () => {
    const runs = selecting();
    await fc.assert(
      fc.asyncProperty(filtersArbitrary(), async (filters) => {
        const expected = await registerReference(filters);
        runs.seen(expected.length);
        const page = await registerOf(filters);
        const byId = <R extends { applicationId: number }>(rows: R[]) =>
          [...rows].sort((a, b) => a.applicationId - b.applicationId);
        expect(
          byId(page.rows).map(({ applicationId, kind, clockStart, dueDate, daysLeft, noticeDate, status }) => ({
            applicationId,
            kind,
            clockStart,
            dueDate,
            daysLeft,
            noticeDate,
            status,
          })),
        ).toEqual(byId(expected));
        const count = (pick: (e: (typeof expected)[number]) => boolean) => expected.filter(pick).length;
        expect(page.totals).toEqual({
          count: expected.length,
          declined: count((e) => e.kind === 'declined'),
          counteroffer: count((e) => e.kind === 'counteroffer'),
          incomplete: count((e) => e.kind === 'incomplete'),
          overdue: count((e) => e.status === 'overdue'),
          dueSoon: count((e) => e.status === 'dueSoon'),
          dueLater: count((e) => e.status === 'dueLater'),
          producedOnTime: count((e) => e.status === 'producedOnTime'),
          producedLate: count((e) => e.status === 'producedLate'),
        });
      }),
      { numRuns: 15, examples: [everything()] },
    );
    runs.check(2);
  });

  it('the demo register has each kind', async () => {
    const page = await registerOf({ from: addDays(today, -170), to: today });
    expect(new Set(page.rows.map((r) => r.kind))).toEqual(new Set(['declined', 'counteroffer', 'incomplete']));
    // An approval, a pending decision and a withdrawn application need no notice.
    const ids = new Set(page.rows.map((r) => r.applicationId));
    const [approved, pending, withdrawn] = await Promise.all(
      [
        `a.state = 'approved'`,
        `a.state = 'pending'`,
        `a.state = 'cancelled' and d.receipt @? '$.reasons[*] ? (@.code == "WITHDRAWN")'`,
      ].map(async (where) =>
        (
          await q<{ id: number }>(
            `select a.id from applications a join application_decisions d on d.application_id = a.id
              where a.lender_id = $1 and ${where}`,
            [summitId],
          )
        ).map((r) => r.id),
      ),
    );
    expect(withdrawn!.length).toBeGreaterThan(0);
    for (const id of [...approved!, ...pending!, ...withdrawn!]) expect(ids.has(id), String(id)).toBe(false);
  });

  it('due dates: a decline 30 days after submission, an incomplete 30 days after the decision, an unaccepted counteroffer 90 days after it — days in the lender’s zone', async () => {
    const pick = async (where: string) =>
      (
        await q<{ id: number; decision_id: number }>(
          `select a.id, d.id as decision_id from applications a join application_decisions d on d.application_id = a.id
            where a.lender_id = $1 and ${where} order by a.id limit 1`,
          [summitId],
        )
      )[0]!;
    const declined = await pick(`a.state = 'declined' and d.decision_type = 'decline'
      and not d.receipt::text ilike '%incomplete%'`);
    const incomplete = await pick(`a.state = 'cancelled' and d.receipt @? '$.reasons[*] ? (@.code == "NO-RESPONSE")'`);
    const countered = await pick(`a.state = 'counteroffer' and d.decision_type = 'counteroffer'`);
    // Instants just after the lender's midnight in UTC, still the previous day in Denver (UTC-7 in winter).
    await q(`update applications set created_at = '2026-03-01T05:30:00Z' where id = $1`, [declined.id]);
    await q(`update application_decisions set created_at = '2026-03-03T15:00:00Z' where id = $1`, [
      declined.decision_id,
    ]);
    await q(`update applications set created_at = '2026-01-20T15:00:00Z' where id = $1`, [incomplete.id]);
    await q(`update application_decisions set created_at = '2026-02-01T06:59:00Z' where id = $1`, [
      incomplete.decision_id,
    ]);
    await q(`update applications set created_at = '2025-12-20T15:00:00Z' where id = $1`, [countered.id]);
    await q(`update application_decisions set created_at = '2026-01-10T12:00:00Z' where id = $1`, [
      countered.decision_id,
    ]);

    const page = await registerOf({ from: '2026-01-01', to: '2026-03-31' });
    const row = (id: number) => page.rows.find((r) => r.applicationId === id);
    expect(row(declined.id)).toMatchObject({
      kind: 'declined',
      decidedDate: '2026-03-03',
      clockStart: '2026-02-28',
      dueDate: '2026-03-30',
      status: 'overdue',
    });
    expect(row(incomplete.id)).toMatchObject({
      kind: 'incomplete',
      decidedDate: '2026-01-31',
      clockStart: '2026-01-31',
      dueDate: '2026-03-02',
      reasons: 'Incomplete – no response',
    });
    expect(row(countered.id)).toMatchObject({
      kind: 'counteroffer',
      decidedDate: '2026-01-10',
      clockStart: '2026-01-10',
      dueDate: '2026-04-10',
    });
    expect(row(declined.id)!.daysLeft).toBe(dayNumber('2026-03-30') - dayNumber(today));
  });

  it('the notice printed from the decision worksheet: produced on time before the due date, late after it', async () => {
    const declines = await q<{ id: number; decision_id: number }>(
      `select a.id, d.id as decision_id from applications a join application_decisions d on d.application_id = a.id
        where a.lender_id = $1 and a.state = 'declined' and d.decision_type = 'decline'
          and not d.receipt::text ilike '%incomplete%' order by a.id limit 2`,
      [summitId],
    );
    const [onTime, late] = declines as [(typeof declines)[number], (typeof declines)[number]];
    // Submitted five days ago (due in 25 days), and 40 days ago (due ten days ago).
    await q(`update applications set created_at = now() - interval '5 days' where id = $1`, [onTime.id]);
    await q(`update application_decisions set created_at = now() - interval '4 days' where id = $1`, [
      onTime.decision_id,
    ]);
    await q(`update applications set created_at = now() - interval '40 days' where id = $1`, [late.id]);
    await q(`update application_decisions set created_at = now() - interval '38 days' where id = $1`, [
      late.decision_id,
    ]);
    const period = { from: addDays(today, -60), to: today };
    const before = await registerOf(period);
    expect(before.rows.find((r) => r.applicationId === onTime.id)).toMatchObject({
      status: 'dueLater',
      noticeDate: null,
    });
    expect(before.rows.find((r) => r.applicationId === late.id)).toMatchObject({ status: 'overdue', noticeDate: null });

    for (const decline of [onTime, late]) {
      const letter = await admin.get(`/api/applications/adverse?declineId=${decline.decision_id}`);
      expect(letter.statusCode, letter.body).toBe(200);
    }
    const facta = await admin.get(`/api/applications/${onTime.id}/facta`);
    expect([200, 422]).toContain(facta.statusCode);
    const after = await registerOf(period);
    expect(after.rows.find((r) => r.applicationId === onTime.id)).toMatchObject({
      status: 'producedOnTime',
      noticeDate: today,
      ...(facta.statusCode === 200 ? { disclosureDate: today } : {}),
    });
    expect(after.rows.find((r) => r.applicationId === late.id)).toMatchObject({
      status: 'producedLate',
      noticeDate: today,
    });
    // The views: produced ones leave 'Not produced' and 'Overdue'.
    const produced = await registerOf({ ...period, view: 'produced' });
    expect(produced.rows.map((r) => r.applicationId)).toEqual(expect.arrayContaining([onTime.id, late.id]));
    const overdue = await registerOf({ ...period, view: 'overdue' });
    expect(overdue.rows.every((r) => r.status === 'overdue')).toBe(true);
    expect(overdue.rows.map((r) => r.applicationId)).not.toContain(late.id);
  });

  it('the due-within-7-days view lists the notices due from today to a week from today, not produced', async () => {
    const [countered] = await q<{ id: number; decision_id: number }>(
      `select a.id, d.id as decision_id from applications a join application_decisions d on d.application_id = a.id
        where a.lender_id = $1 and a.state = 'counteroffer' and d.decision_type = 'counteroffer' order by a.id desc limit 1`,
      [summitId],
    );
    // Counter-offered 85 days ago: due in five days.
    await q(`update applications set created_at = now() - interval '90 days' where id = $1`, [countered!.id]);
    await q(`update application_decisions set created_at = now() - interval '85 days' where id = $1`, [
      countered!.decision_id,
    ]);
    const page = await registerOf({ from: addDays(today, -120), to: today, view: 'dueSoon' });
    expect(page.rows.map((r) => r.applicationId)).toContain(countered!.id);
    for (const row of page.rows) {
      expect(row.status).toBe('dueSoon');
      expect(row.daysLeft).toBeGreaterThanOrEqual(0);
      expect(row.daysLeft).toBeLessThanOrEqual(7);
      expect(row.noticeDate).toBeNull();
    }
    expect(page.totals.count).toBe(page.rows.length);
    expect(page.totals.dueSoon).toBe(page.rows.length);
  });
});

/* ------------------------------------------------------------------------------------------------- CSV */

/** The cells of a CSV line (every cell quoted, quotes doubled, no line breaks inside the demo's cells). */
const cellsOf = (line: string) => [...line.matchAll(/"((?:[^"]|"")*)"/g)].map((m) => m[1]!.replaceAll('""', '"'));

describe('reports: CSV export', () => {
  it('is every filtered row in the page’s order, UTF-8 with a BOM, one header line', async () => {
    const query = { from: addDays(today, -170), to: today, sort: 'applicationId', order: 'desc' };
    const page = await getJson<AdverseActionsReportPage>(admin, adverseActionsReport.endpoints.get.path, {
      ...query,
      take: 500,
    });
    const previous = reportCsvPaging.batchSize;
    reportCsvPaging.batchSize = 3; // several FETCHes of the cursor
    try {
      const response = await admin.get(`${adverseActionsReport.endpoints.csv.path}?${queryString(query)}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="adverseActions-${query.from}_to_${query.to}.csv"`,
      );
      expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
      const lines = response.body
        .replace(/^\uFEFF/, '')
        .split('\r\n')
        .filter(Boolean);
      expect(cellsOf(lines[0]!)).toEqual(adverseActionsReport.columns.map((c) => c.header));
      expect(lines).toHaveLength(page.total + 1);
      expect(lines.slice(1).map((l) => Number(cellsOf(l)[0]))).toEqual(page.rows.map((r) => r.applicationId));
      const first = cellsOf(lines[1]!);
      const row = page.rows[0]!;
      const decided = adverseActionsReport.columns.findIndex((c) => c.field === 'decidedDate');
      expect(first[decided]).toBe(
        `${row.decidedDate.slice(5, 7)}/${row.decidedDate.slice(8)}/${row.decidedDate.slice(0, 4)}`,
      );
    } finally {
      reportCsvPaging.batchSize = previous;
    }
  });

  it('writes money exactly and the funded loans’ groups as the page shows them', async () => {
    const query = { from: '2026-01-01', to: today, groupBy: 'dealer' };
    const page = await getJson<FundedLoansReportPage>(admin, fundedLoansReport.endpoints.get.path, query);
    const csv = await admin.get(`${fundedLoansReport.endpoints.csv.path}?${queryString(query)}`);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean)
      .slice(1)
      .map(cellsOf);
    expect(lines.map((l) => [l[0], l[1], l[2]])).toEqual(page.rows.map((r) => [r.name, String(r.count), r.amount]));
  });

  it('neutralises formula cells: a name starting with = + - @, a tab or a CR gets an apostrophe', async () => {
    const hostile = ['=HYPERLINK("http://x.example","click")', '+1+2', '-2+3', '@SUM(A1)', '\tcmd', '\rcmd'];
    const targets = await q<{ id: number }>(
      `select a.id from applications a join application_decisions d on d.application_id = a.id
        where a.lender_id = $1 and a.state = 'declined' order by a.id limit ${hostile.length}`,
      [summitId],
    );
    expect(targets).toHaveLength(hostile.length);
    for (const [i, target] of targets.entries())
      await q('update applications set primary_applicant_name = $2 where id = $1', [target.id, hostile[i]]);
    const csv = await admin.get(
      `${adverseActionsReport.endpoints.csv.path}?${queryString({ from: '2025-01-01', to: today, sort: 'applicationId' })}`,
    );
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean)
      .slice(1)
      .map(cellsOf);
    const names = new Map(lines.map((l) => [Number(l[0]), l[1]]));
    for (const [i, target] of targets.entries()) expect(names.get(target.id)).toBe(`'${hostile[i]}`);
    // A plain negative number (days past the due date) stays a number.
    const daysLeft = adverseActionsReport.columns.findIndex((c) => c.field === 'daysLeft');
    expect(lines.some((l) => /^-\d+$/.test(l[daysLeft]!))).toBe(true);
  });
});

describe('reports: tenant isolation', () => {
  it('another lender’s applications, loans and options never appear; switching lender shows only that lender’s', async () => {
    const lenderOf = async (ids: number[]) =>
      new Set(
        (await q<{ lender_id: number }>('select distinct lender_id from applications where id = any($1)', [ids])).map(
          (r) => r.lender_id,
        ),
      );
    const read = async () => {
      const period = { from: addDays(today, -170), to: today, take: 500 };
      const register = await getJson<AdverseActionsReportPage>(admin, adverseActionsReport.endpoints.get.path, period);
      const loans = await getJson<FundedLoanListReportPage>(admin, fundedLoanListReport.endpoints.get.path, period);
      const opts = await getJson<{ products: { id: number }[]; dealers: { id: number }[] }>(
        admin,
        reportOptionsEndpoint.path,
      );
      return {
        ids: [...register.rows, ...loans.rows].map((r) => r.applicationId),
        products: opts.products.map((p) => p.id),
      };
    };
    const summit = await read();
    expect(summit.ids.length).toBeGreaterThan(0);
    expect(await lenderOf(summit.ids)).toEqual(new Set([summitId]));
    const productLenders = await q<{ lender_id: number }>(
      'select distinct lender_id from loan_products where id = any($1)',
      [summit.products],
    );
    expect(productLenders.map((r) => r.lender_id)).toEqual([summitId]);

    expect((await admin.put('/api/user/lender', { lenderId: harborId })).statusCode).toBe(200);
    try {
      const harbor = await read();
      expect(harbor.ids.length).toBeGreaterThan(0);
      expect(await lenderOf(harbor.ids)).toEqual(new Set([harborId]));
    } finally {
      expect((await admin.put('/api/user/lender', { lenderId: summitId })).statusCode).toBe(200);
    }
  });
});
