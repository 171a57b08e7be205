import {
  decisionGroupings,
  decisionsReport,
  policyExceptionKinds,
  policyExceptionsReport,
  type DecisionsReportPage,
  type PolicyExceptionsReportPage,
} from '@credence/contracts';
import { addDays, money } from '@credence/domain';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, SUMMIT, HARBOR, type ApiClient } from '../../test/api-client.ts';
import {
  getJson,
  localDate,
  randomReportFilters,
  reportFilterOptions,
  reportFilterSql,
  selecting,
  wholeDemoPeriod,
  type ReportFilterOptions,
  type ReportFilters,
} from '../../test/report-filters.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * Reports 3 (Decisions and turn times) and 4 (Policy exceptions) of issue 33: totals and rows against direct SQL
 * over random filter combinations, the right, and tenant isolation. The demo's decisions are all manual and it
 * waives few stipulations, so the test first makes some decisions automatic, records a few more decisions outside
 * policy and waives stipulations, at both lenders (this file's own database).
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
type Filters = ReportFilters;
/** The shared filters as SQL over `applications a`, on the date column given to `where`. */
const directFilters = (f: Filters) => ({
  where: (dateColumn: string) => reportFilterSql(f, dateColumn, { lenderId: summitId, zone }).where,
  values: reportFilterSql(f, '', { lenderId: summitId, zone }).values,
});
let options: ReportFilterOptions;
const filtersArbitrary = () => randomReportFilters(options, today);
const everything = () => wholeDemoPeriod(today);
/** part × 100 / whole with two decimals, decimal arithmetic (half up), or null for an empty whole. */
const pct = (part: number, whole: number) => (whole === 0 ? null : money(part).times(100).div(whole).toFixed(2));

/** Seeds, at a lender: a third of its credit decisions automatic, policy exceptions and waived stipulations. */
const seed = async (lenderId: number) => {
  await q(
    `update application_decisions set source = 'auto'
      where lender_id = $1 and entry_kind = 'decision' and id % 3 = 0`,
    [lenderId],
  );
  await q(
    `update application_decisions d
        set receipt = jsonb_set(d.receipt, '{policyException}', jsonb_build_object(
              'limits', jsonb_build_array(jsonb_build_object('limit', 'amount', 'label', 'Amount',
                          'policyValue', '25000.00', 'decidedValue', '27500.00')),
              'reason', 'Long member relationship ' || d.id,
              'decidedBy', jsonb_build_object('userId', d.created_by_user_id, 'name', 'Someone')))
      where d.lender_id = $1 and d.entry_kind = 'decision' and d.decision_type in ('approve', 'counteroffer')
        and d.id % 4 = 1 and coalesce(d.receipt -> 'policyException', 'null'::jsonb) = 'null'::jsonb`,
    [lenderId],
  );
  await q(
    `update application_funding_requirements r
        set status = 'waived', waive_reason = 'Verified by phone ' || r.id,
            status_changed_at = now() - make_interval(days => (r.id % 120)),
            status_changed_by_user_id = (select a.created_by_user_id from applications a where a.id = r.application_id)
      where r.lender_id = $1 and r.id % 3 = 0`,
    [lenderId],
  );
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, 'admin', 'Admin2026');
  officer = await signIn(t, 'officer', 'Officer2026');
  const lenders = await q<{ id: number; name: string; time_zone: string }>('select id, name, time_zone from lenders');
  summitId = lenders.find((l) => l.name === SUMMIT)!.id;
  harborId = lenders.find((l) => l.name === HARBOR)!.id;
  zone = lenders.find((l) => l.name === SUMMIT)!.time_zone;
  today = localDate(new Date(), zone);
  await seed(summitId);
  await seed(harborId);
  options = await reportFilterOptions(q, summitId);
});
afterAll(() => t.close());

describe('reports 3 and 4: the right', () => {
  it('403 to a loan officer, 401 without a session, 200 to the administrator', async () => {
    for (const report of [decisionsReport, policyExceptionsReport]) {
      for (const path of [report.endpoints.get.path, report.endpoints.csv.path]) {
        expect((await officer.get(path)).statusCode, path).toBe(403);
        expect((await t.app.inject({ method: 'GET', url: path })).statusCode, path).toBe(401);
        expect((await admin.get(path)).statusCode, path).toBe(200);
      }
    }
  });
});

describe('reports: decisions and turn times', () => {
  /** The expected totals, straight from the tables (first rows by the lowest version, as the receipts count). */
  const expectedTotals = async (f: Filters) => {
    const { where, values } = directFilters(f);
    const [d] = await q<{ n: number; approve: number; counter: number; decline: number; auto: number }>(
      `select count(*)::int as n, count(*) filter (where d.decision_type = 'approve')::int as approve,
              count(*) filter (where d.decision_type = 'counteroffer')::int as counter,
              count(*) filter (where d.decision_type = 'decline')::int as decline,
              count(*) filter (where d.source = 'auto')::int as auto
         from application_decisions d join applications a on a.id = d.application_id
        where d.entry_kind = 'decision' and d.decision_type in ('approve', 'counteroffer', 'decline')
          and ${where('d.created_at')}`,
      values,
    );
    const [first] = await q<{ median: string | null; p90: string | null }>(
      `select round(percentile_cont(0.5) within group (order by h)::numeric, 1)::text as median,
              round(percentile_cont(0.9) within group (order by h)::numeric, 1)::text as p90
         from (select extract(epoch from d.created_at - a.created_at) / 3600 as h
                 from application_decisions d join applications a on a.id = d.application_id
                where d.entry_kind = 'decision'
                  and d.version = (select min(version) from application_decisions m
                                    where m.application_id = d.application_id and m.entry_kind = 'decision')
                  and ${where('d.created_at')}) x`,
      values,
    );
    const [funding] = await q<{ median: string | null; p90: string | null }>(
      `select round(percentile_cont(0.5) within group (order by h)::numeric, 1)::text as median,
              round(percentile_cont(0.9) within group (order by h)::numeric, 1)::text as p90
         from (select extract(epoch from l.funded_at - d.created_at) / 3600 as h
                 from loans l join applications a on a.id = l.application_id
                 join application_decisions d on d.id = l.decision_id
                where l.is_funded and ${where('l.funded_at')}) x`,
      values,
    );
    const [pull] = await q<{ approved: number; funded: number }>(
      `select count(*)::int as approved,
              count(*) filter (where exists (select 1 from loans l where l.application_id = a.id and l.is_funded))::int
                as funded
         from application_decisions d join applications a on a.id = d.application_id
        where d.version = (select min(version) from application_decisions m where m.application_id = d.application_id
                             and m.entry_kind = 'decision' and m.decision_type in ('approve', 'counteroffer'))
          and ${where('d.created_at')}`,
      values,
    );
    return {
      decisions: d!.n,
      approved: d!.approve,
      counteroffered: d!.counter,
      declined: d!.decline,
      approvalRate: pct(d!.approve, d!.n),
      counterofferRate: pct(d!.counter, d!.n),
      declineRate: pct(d!.decline, d!.n),
      autoShare: pct(d!.auto, d!.n),
      decisionHoursMedian: first!.median,
      decisionHoursP90: first!.p90,
      fundingHoursMedian: funding!.median,
      fundingHoursP90: funding!.p90,
      firstApproved: pull!.approved,
      funded: pull!.funded,
      pullThrough: pct(pull!.funded, pull!.approved),
    };
  };

  it('totals equal direct SQL and the groups add up to them (random filters and groupings)', async () => {
    const runs = selecting();
    await fc.assert(
      fc.asyncProperty(filtersArbitrary(), fc.constantFrom(...decisionGroupings), async (filters, groupBy) => {
        const page = await getJson<DecisionsReportPage>(admin, decisionsReport.endpoints.get.path, {
          ...filters,
          groupBy,
          take: 500,
        });
        runs.seen(page.totals.decisions);
        expect(page.totals).toEqual(await expectedTotals(filters));
        const sum = (key: 'decisions' | 'approved' | 'declined' | 'firstApproved' | 'funded') =>
          page.rows.reduce((n, r) => n + r[key], 0);
        expect([sum('decisions'), sum('approved'), sum('declined'), sum('firstApproved'), sum('funded')]).toEqual([
          page.totals.decisions,
          page.totals.approved,
          page.totals.declined,
          page.totals.firstApproved,
          page.totals.funded,
        ]);
        for (const row of page.rows) {
          expect(row.approvalRate).toBe(pct(row.approved, row.decisions));
          expect(row.declineRate).toBe(pct(row.declined, row.decisions));
        }
        // The chart: the rates of the groups with decisions (up to 12).
        const drawn = page.rows.filter((r) => r.decisions > 0);
        expect(page.chart.categories.length).toBe(Math.min(12, drawn.length));
        expect(page.chart.series.map((s) => s.key)).toEqual(['approvalRate', 'counterofferRate', 'declineRate']);
      }),
      // The whole demo and its last 60 days select rows by construction (random filters alone may not, often enough).
      {
        numRuns: 15,
        examples: [
          [...everything(), 'product'],
          [{ ...everything()[0], from: addDays(today, -60) }, 'officer'],
        ],
      },
    );
    runs.check(3);
  });

  it('the demo (seeded) has automatic decisions, approvals and fundings to measure', async () => {
    const page = await getJson<DecisionsReportPage>(admin, decisionsReport.endpoints.get.path, everything()[0]);
    expect(page.totals.decisions).toBeGreaterThan(5);
    expect(Number(page.totals.autoShare)).toBeGreaterThan(0);
    expect(page.totals.decisionHoursMedian).not.toBeNull();
    expect(page.totals.firstApproved).toBeGreaterThan(0);
  });
});

describe('reports: policy exceptions', () => {
  const expected = async (f: Filters) => {
    const { where, values } = directFilters(f);
    const decisions = await q<{ key: string }>(
      `select 'd' || d.id as key from application_decisions d join applications a on a.id = d.application_id
        where d.entry_kind = 'decision' and d.receipt -> 'policyException' is not null
          and d.receipt -> 'policyException' <> 'null'::jsonb and ${where('d.created_at')}`,
      values,
    );
    const waivers = await q<{ key: string }>(
      `select 'w' || r.id as key from application_funding_requirements r join applications a on a.id = r.application_id
        where r.status = 'waived' and ${where('r.status_changed_at')}`,
      values,
    );
    return { decisions: decisions.map((r) => r.key).sort(), waivers: waivers.map((r) => r.key).sort() };
  };

  it('rows and totals equal direct SQL, per kind (random filters)', async () => {
    const runs = selecting();
    await fc.assert(
      fc.asyncProperty(filtersArbitrary(), async (filters) => {
        const page = await getJson<PolicyExceptionsReportPage>(admin, policyExceptionsReport.endpoints.get.path, {
          ...filters,
          take: 500,
        });
        const want = await expected(filters);
        runs.seen(Math.min(want.decisions.length, want.waivers.length));
        expect(page.totals).toEqual({
          count: want.decisions.length + want.waivers.length,
          policyException: want.decisions.length,
          waiver: want.waivers.length,
        });
        expect(page.rows.map((r) => r.key).sort()).toEqual([...want.decisions, ...want.waivers].sort());
        for (const kind of policyExceptionKinds) {
          const only = await getJson<PolicyExceptionsReportPage>(admin, policyExceptionsReport.endpoints.get.path, {
            ...filters,
            kind,
            take: 500,
          });
          expect(only.rows.every((r) => r.kind === kind)).toBe(true);
          expect(only.total).toBe(kind === 'waiver' ? want.waivers.length : want.decisions.length);
        }
        // Chart: exceptions per person, the stacked kinds adding up to the rows (up to 15 people).
        const charted = page.chart.series.flatMap((s) => s.data).reduce((n, v) => n + Number(v), 0);
        if (page.chart.categories.length < 15) expect(charted).toBe(page.totals.count);
      }),
      { numRuns: 12, examples: [everything()] },
    );
    runs.check(2);
  });

  it('a row carries the override reason, the limits and who; a waiver its reason and who', async () => {
    const page = await getJson<PolicyExceptionsReportPage>(admin, policyExceptionsReport.endpoints.get.path, {
      ...everything()[0],
      take: 500,
    });
    const decision = page.rows.find((r) => r.kind === 'policyException')!;
    const [stored] = await q<{ reason: string; by: string }>(
      `select d.receipt #>> '{policyException,reason}' as reason, u.full_name as by
         from application_decisions d join users u on u.id = d.created_by_user_id where d.id = $1`,
      [Number(decision.key.slice(1))],
    );
    expect(decision).toMatchObject({ reason: stored!.reason, madeBy: stored!.by });
    expect(decision.detail).not.toBe('');
    // Every waiver (the demo's and this file's) with its reason and who.
    const waivers = page.rows.filter((r) => r.kind === 'waiver');
    expect(waivers.some((r) => r.reason?.startsWith('Verified by phone '))).toBe(true);
    for (const waiver of waivers) {
      expect(waiver.reason).not.toBeNull();
      expect(waiver.madeBy).not.toBeNull();
    }
  });
});

describe('reports 3 and 4: tenant isolation', () => {
  it('another lender’s decisions and exceptions never appear', async () => {
    const period = { ...everything()[0], take: 500 };
    const appLenders = async (ids: number[]) =>
      (await q<{ lender_id: number }>('select distinct lender_id from applications where id = any($1)', [ids])).map(
        (r) => r.lender_id,
      );
    const summit = await getJson<PolicyExceptionsReportPage>(admin, policyExceptionsReport.endpoints.get.path, period);
    expect(summit.total).toBeGreaterThan(0);
    expect(await appLenders(summit.rows.map((r) => r.applicationId))).toEqual([summitId]);
    const [harborCount] = await q<{ n: number }>(
      `select count(*)::int as n from application_decisions where lender_id = $1 and entry_kind = 'decision'`,
      [harborId],
    );
    expect(harborCount!.n).toBeGreaterThan(0);
    // A filter on Harbor's product from Summit selects nothing.
    const [harborProduct] = await q<{ id: number }>('select id from loan_products where lender_id = $1 limit 1', [
      harborId,
    ]);
    const decisions = await getJson<DecisionsReportPage>(admin, decisionsReport.endpoints.get.path, {
      ...period,
      productId: harborProduct!.id,
    });
    expect(decisions.totals.decisions).toBe(0);
    expect(decisions.rows).toEqual([]);

    expect((await admin.put('/api/user/lender', { lenderId: harborId })).statusCode).toBe(200);
    try {
      const harbor = await getJson<PolicyExceptionsReportPage>(
        admin,
        policyExceptionsReport.endpoints.get.path,
        period,
      );
      expect(harbor.total).toBeGreaterThan(0);
      expect(await appLenders(harbor.rows.map((r) => r.applicationId))).toEqual([harborId]);
      const harborDecisions = await getJson<DecisionsReportPage>(admin, decisionsReport.endpoints.get.path, period);
      const [own] = await q<{ n: number }>(
        `select count(*)::int as n from application_decisions d
          where d.lender_id = $1 and d.entry_kind = 'decision' and d.decision_type in ('approve', 'counteroffer', 'decline')
            and (d.created_at at time zone $2)::date between $3::date and $4::date`,
        [
          harborId,
          (await q<{ z: string }>('select time_zone as z from lenders where id = $1', [harborId]))[0]!.z,
          period.from,
          period.to,
        ],
      );
      expect(harborDecisions.totals.decisions).toBe(own!.n);
    } finally {
      expect((await admin.put('/api/user/lender', { lenderId: summitId })).statusCode).toBe(200);
    }
  });
});
