import {
  addonGroupings,
  addonPenetrationReport,
  dealerScorecardReport,
  reportMessages,
  type AddonGrouping,
  type AddonPenetrationReportPage,
  type DealerScorecardReportPage,
} from '@credence/contracts';
import { addDays, money, type Money } from '@credence/domain';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, SUMMIT, HARBOR, type ApiClient } from '../../test/api-client.ts';
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
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * Reports 6 (Add-on penetration) and 7 (Dealer scorecard) of issue 33: totals and rows against a reference computed
 * here from the records (plain SQL reads, the arithmetic in decimals) over random filter combinations, the right,
 * the CSV and tenant isolation. This file's own database first varies the demo: some funded loans carry other
 * add-ons, some stipulations are waived, one was cleared before its loan was saved and one withdrawn.
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
let options: ReportFilterOptions;
const filtersArbitrary = () => randomReportFilters(options, today);
const everything = () => wholeDemoPeriod(today);
const filterSql = (f: ReportFilters, dateColumn: string) =>
  reportFilterSql(f, dateColumn, { lenderId: summitId, zone });
/** part × 100 / whole, two decimals half up, or null for an empty whole. */
const pct = (part: number, whole: number) => (whole === 0 ? null : money(part).times(100).div(whole).toFixed(2));
const sumOf = (values: Money[]) => values.reduce((a, b) => a.plus(b), money(0));

/** Varies the demo at a lender (this file's database only). */
const vary = async (lenderId: number) => {
  // Every other loan also carries its credit life; every third drops its GAP.
  await q(
    `update loans l set additions = (
        select jsonb_agg(case when e->>'name' = 'Credit Life' and l.id % 2 = 0 then jsonb_set(e, '{selected}', 'true')
                              when e->>'name' = 'GAP Protection' and l.id % 3 = 0 then jsonb_set(e, '{selected}', 'false')
                              else e end order by o)
          from jsonb_array_elements(l.additions) with ordinality as x(e, o))
      where l.lender_id = $1 and jsonb_array_length(l.additions) > 0`,
    [lenderId],
  );
  await q(
    `update application_funding_requirements r
        set status = 'waived', waive_reason = 'Dealer vouched ' || r.id, cleared_at = now(), status_changed_at = now()
      where r.lender_id = $1 and r.id % 4 = 0`,
    [lenderId],
  );
  // A stipulation cleared an hour before its loan was saved and one withdrawn then (closed at any attempt), and one
  // of a funded loan cleared a day after its funding (open at the funding).
  await q(
    `update application_funding_requirements r
        set status = 'cleared', cleared_at = l.created_at - interval '1 hour', required = true
       from loans l
      where l.application_id = r.application_id and r.lender_id = $1
        and r.id = (select min(r2.id) from application_funding_requirements r2 join loans l2 on l2.application_id = r2.application_id
                     where r2.lender_id = $1 and r2.status <> 'waived')`,
    [lenderId],
  );
  await q(
    `update application_funding_requirements r
        set status = 'withdrawn', status_changed_at = l.created_at - interval '1 hour', required = true
       from loans l
      where l.application_id = r.application_id and r.lender_id = $1
        and r.id = (select max(r2.id) from application_funding_requirements r2 join loans l2 on l2.application_id = r2.application_id
                     where r2.lender_id = $1 and r2.status not in ('waived', 'cleared'))`,
    [lenderId],
  );
  await q(
    `update application_funding_requirements r
        set status = 'cleared', cleared_at = l.funded_at + interval '1 day'
       from loans l
      where l.application_id = r.application_id and r.lender_id = $1 and l.is_funded
        and r.id = (select min(r2.id) from application_funding_requirements r2
                      join loans l2 on l2.application_id = r2.application_id
                     where r2.lender_id = $1 and l2.is_funded and r2.status = 'outstanding')`,
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
  await vary(summitId);
  await vary(harborId);
  options = await reportFilterOptions(q, summitId);
});
afterAll(() => t.close());

describe('reports 6 and 7: the right', () => {
  it('403 to a loan officer, 401 without a session, 200 to the administrator', async () => {
    for (const report of [addonPenetrationReport, dealerScorecardReport]) {
      for (const path of [report.endpoints.get.path, report.endpoints.csv.path]) {
        expect((await officer.get(path)).statusCode, path).toBe(403);
        expect((await t.app.inject({ method: 'GET', url: path })).statusCode, path).toBe(401);
        expect((await admin.get(path)).statusCode, path).toBe(200);
      }
    }
  });

  it('a grouping it does not know is refused (422)', async () => {
    const response = await admin.get(`${addonPenetrationReport.endpoints.get.path}?groupBy=color`);
    expect(response.statusCode).toBe(422);
  });
});

/* ------------------------------------------------------------------------------------ add-on penetration */

type Addon = { id: number; name: string; amount: string; selected?: boolean };
type FundedLoan = {
  id: number;
  dealer_id: number | null;
  dealer: string | null;
  officer_id: number | null;
  officer: string | null;
  product_id: number;
  product: string;
  branch_id: number | null;
  branch: string | null;
  additions: Addon[];
};

describe('reports: add-on penetration', () => {
  const fundedLoans = async (f: ReportFilters) => {
    const { where, values } = filterSql(f, 'l.funded_at');
    return q<FundedLoan>(
      `select l.id, a.dealer_id, d.name as dealer, a.created_by_user_id as officer_id, u.full_name as officer,
              a.loan_product_id as product_id, p.name as product, ul.branch_id, b.name as branch, l.additions
         from loans l join applications a on a.id = l.application_id
         join loan_products p on p.id = a.loan_product_id
         left join dealers d on d.id = a.dealer_id
         left join users u on u.id = a.created_by_user_id
         left join user_lenders ul on ul.user_id = a.created_by_user_id and ul.lender_id = a.lender_id
         left join branches b on b.id = ul.branch_id
        where l.is_funded and ${where}`,
      values,
    );
  };
  const catalogue = async () =>
    new Map((await q<{ id: number; name: string }>('select id, name from loan_additions')).map((c) => [c.id, c.name]));
  const carried = (a: Addon) => a.selected !== false;
  const groupOf = (loan: FundedLoan, groupBy: AddonGrouping): { id: number | null; name: string } => {
    switch (groupBy) {
      case 'none':
        return { id: null, name: 'All funded loans' };
      case 'dealer':
        return { id: loan.dealer_id, name: loan.dealer ?? reportMessages.noDealer };
      case 'officer':
        return { id: loan.officer_id, name: loan.officer ?? reportMessages.noOfficer };
      case 'product':
        return { id: loan.product_id, name: loan.product };
      case 'branch':
        return { id: loan.branch_id, name: loan.branch ?? reportMessages.noBranch };
    }
  };
  /** The expected rows, keyed by group and add-on, from the loans' own add-ons. */
  const expectedRows = (loans: FundedLoan[], groupBy: AddonGrouping, names: Map<number, string>) => {
    const groups = new Map<string, FundedLoan[]>();
    for (const loan of loans) {
      const g = groupOf(loan, groupBy);
      const key = `${g.id ?? '-'}`;
      groups.set(key, [...(groups.get(key) ?? []), loan]);
    }
    const rows = [];
    for (const [key, members] of groups) {
      const ids = [...new Set(members.flatMap((l) => l.additions.map((a) => a.id)))];
      for (const id of ids) {
        const lines = members.flatMap((l) => l.additions.filter((a) => a.id === id && carried(a)));
        const amount = sumOf(lines.map((a) => money(a.amount)));
        rows.push({
          key: `${key}:${id}`,
          groupName: groupOf(members[0]!, groupBy).name,
          additionName: names.get(id) ?? members.flatMap((l) => l.additions).find((a) => a.id === id)!.name,
          loans: members.length,
          withAddon: lines.length,
          penetration: pct(lines.length, members.length),
          amount: amount.toFixed(2),
          averageAmount: lines.length === 0 ? null : amount.div(lines.length).toFixed(2),
        });
      }
    }
    return rows.sort((a, b) => a.key.localeCompare(b.key));
  };

  it('rows and totals equal the loans’ own add-ons (random filters and groupings)', async () => {
    const runs = selecting();
    const names = await catalogue();
    await fc.assert(
      fc.asyncProperty(filtersArbitrary(), fc.constantFrom(...addonGroupings), async (filters, groupBy) => {
        const page = await getJson<AddonPenetrationReportPage>(admin, addonPenetrationReport.endpoints.get.path, {
          ...filters,
          groupBy,
          take: 500,
        });
        const loans = await fundedLoans(filters);
        runs.seen(loans.length);
        const lines = loans.flatMap((l) => l.additions.filter(carried));
        const amount = sumOf(lines.map((a) => money(a.amount)));
        const withAddon = loans.filter((l) => l.additions.some(carried)).length;
        expect(page.totals).toEqual({
          loans: loans.length,
          withAddon,
          penetration: pct(withAddon, loans.length),
          amount: amount.toFixed(2),
          sold: lines.length,
          averageAmount: lines.length === 0 ? null : amount.div(lines.length).toFixed(2),
        });
        const got = page.rows
          .map(({ key, groupName, additionName, loans: n, withAddon: w, penetration, amount: a, averageAmount }) => ({
            key,
            groupName,
            additionName,
            loans: n,
            withAddon: w,
            penetration,
            amount: a,
            averageAmount,
          }))
          .sort((a, b) => a.key.localeCompare(b.key));
        expect(got).toEqual(expectedRows(loans, groupBy, names));
        // The add-ons sold add up to the totals whatever the grouping.
        expect(page.rows.reduce((n, r) => n + r.withAddon, 0)).toBe(page.totals.sold);
        // The chart draws the rows' penetrations.
        const drawn = page.chart.series.flatMap((s) => s.data);
        if (groupBy === 'none') expect([...drawn].sort()).toEqual(page.rows.map((r) => r.penetration ?? '0').sort());
        for (const value of drawn.filter((v) => v !== '0'))
          expect(page.rows.map((r) => r.penetration ?? '0')).toContain(value);
      }),
      {
        numRuns: 15,
        examples: [
          [...everything(), 'none'],
          [...everything(), 'dealer'],
        ],
      },
    );
    runs.check(3);
  });

  it('the demo’s funded loans carry add-ons, and the CSV has every row', async () => {
    const page = await getJson<AddonPenetrationReportPage>(admin, addonPenetrationReport.endpoints.get.path, {
      ...everything()[0],
      groupBy: 'dealer',
    });
    expect(page.totals.loans).toBeGreaterThan(0);
    expect(page.totals.sold).toBeGreaterThan(0);
    expect(page.rows.some((r) => r.additionName === 'GAP Protection' && r.withAddon > 0)).toBe(true);
    const csv = await admin.get(
      `${addonPenetrationReport.endpoints.csv.path}?${queryString({ ...everything()[0], groupBy: 'dealer' })}`,
    );
    expect(csv.statusCode).toBe(200);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(addonPenetrationReport.columns.map((c) => `"${c.header}"`).join(','));
    expect(lines.length - 1).toBe(page.total);
  });
});

/* ------------------------------------------------------------------------------------- dealer scorecard */

type Line = {
  id: number;
  dealer_id: number;
  dealer: string;
  score: number | null;
  /** The funding attempt: the funding, or now for a loan saved and not funded; null without a loan. */
  attempt_at: string | null;
  funded: boolean;
  approved: boolean;
  amount: string | null;
  collateral: string | null;
  value: string | null;
};
type Stip = {
  application_id: number;
  status: string;
  required: boolean;
  created_at: string;
  cleared_at: string | null;
  changed_at: string | null;
};

describe('reports: dealer scorecard', () => {
  /** Timestamps as UTC text to the microsecond (compared as text). */
  const ts = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS.US')`;
  const expected = async (f: ReportFilters) => {
    const { where, values } = filterSql(f, 'a.created_at');
    const lines = await q<Line>(
      `select a.id, a.dealer_id, d.name as dealer, a.average_credit_score as score,
              ${ts('case when l.is_funded then l.funded_at when l.id is not null then now() end')} as attempt_at,
              coalesce(l.is_funded, false) as funded,
              a.id in (select application_id from application_decisions
                        where entry_kind = 'decision' and decision_type in ('approve', 'counteroffer')) as approved,
              a.est_amt_financed::text as amount, a.value::text as value,
              (select sum(value)::text from collaterals c where c.application_id = a.id) as collateral
         from applications a join dealers d on d.id = a.dealer_id
         left join loans l on l.application_id = a.id
        where not a.direct and ${where}`,
      values,
    );
    const stips = await q<Stip>(
      `select application_id, status, required, ${ts('created_at')} as created_at, ${ts('cleared_at')} as cleared_at,
              ${ts('status_changed_at')} as changed_at
         from application_funding_requirements where application_id = any($1)`,
      [lines.map((l) => l.id)],
    );
    const figures = (group: Line[]) => {
      const of = (line: Line) => stips.filter((s) => s.application_id === line.id);
      const waived = (line: Line) => of(line).filter((s) => s.status === 'waived').length;
      const open = (line: Line) => {
        const at = line.attempt_at;
        if (at === null) return 0;
        return of(line).filter(
          (s) =>
            s.created_at <= at &&
            !(['cleared', 'waived'].includes(s.status) && s.cleared_at !== null && s.cleared_at <= at) &&
            !(s.status === 'withdrawn' && s.changed_at !== null && s.changed_at <= at),
        ).length;
      };
      const average = (values: Money[], places: number) =>
        values.length === 0 ? null : sumOf(values).div(values.length).toFixed(places);
      const scores = (ls: Line[]) => ls.flatMap((l) => (l.score === null ? [] : [money(l.score)]));
      const ltvs = group.flatMap((l) => {
        const value = l.collateral ?? l.value;
        return l.amount === null || value === null || money(value).isZero()
          ? []
          : [money(l.amount).times(100).div(value)];
      });
      const funded = group.filter((l) => l.funded);
      const atFunding = group.filter((l) => l.attempt_at !== null);
      const score = (ls: Line[]) => {
        const text = average(scores(ls), 0);
        return text === null ? null : Number(text);
      };
      return {
        applications: group.length,
        approved: group.filter((l) => l.approved).length,
        funded: funded.length,
        lookToBook: pct(funded.length, group.length),
        scoreSubmitted: score(group),
        scoreFunded: score(funded),
        ltv: average(ltvs, 2),
        atFunding: atFunding.length,
        waived: group.reduce((n, l) => n + waived(l), 0),
        outstandingAtFunding: group.reduce((n, l) => n + open(l), 0),
        problemShare: pct(atFunding.filter((l) => waived(l) + open(l) > 0).length, atFunding.length),
      };
    };
    const dealers = [...new Set(lines.map((l) => l.dealer_id))];
    return {
      totals: figures(lines),
      rows: dealers
        .map((id) => {
          const group = lines.filter((l) => l.dealer_id === id);
          return { dealerId: id, dealerName: group[0]!.dealer, ...figures(group) };
        })
        .sort((a, b) => a.dealerId - b.dealerId),
    };
  };

  it('rows and totals equal the records (random filters)', async () => {
    const runs = selecting();
    await fc.assert(
      fc.asyncProperty(filtersArbitrary(), async (filters) => {
        const page = await getJson<DealerScorecardReportPage>(admin, dealerScorecardReport.endpoints.get.path, {
          ...filters,
          take: 500,
        });
        const want = await expected(filters);
        runs.seen(want.totals.applications);
        expect(page.totals).toEqual(want.totals);
        expect([...page.rows].sort((a, b) => a.dealerId - b.dealerId)).toEqual(want.rows);
        // The chart: applications and funded loans of the dealers with the most applications (up to 12).
        expect(page.chart.categories.length).toBe(Math.min(12, page.rows.length));
        const applications = page.chart.series.find((s) => s.key === 'applications')!.data.map(Number);
        if (page.rows.length <= 12) expect(applications.reduce((a, b) => a + b, 0)).toBe(page.totals.applications);
      }),
      // Besides the whole demo, two narrower filters that select rows by construction: random filters alone (a
      // direct channel, another product's period) selected fewer than three times in some CI runs.
      {
        numRuns: 12,
        examples: [
          everything(),
          [{ ...everything()[0], channel: 'indirect' }],
          [{ ...everything()[0], from: addDays(today, -60) }],
        ],
      },
    );
    runs.check(3);
  });

  it('the demo has a look-to-book, stipulations open at funding and waived ones', async () => {
    const page = await getJson<DealerScorecardReportPage>(admin, dealerScorecardReport.endpoints.get.path, {
      ...everything()[0],
    });
    expect(page.totals.applications).toBeGreaterThan(0);
    expect(page.totals.funded).toBeGreaterThan(0);
    expect(page.totals.atFunding).toBeGreaterThan(0);
    expect(page.totals.waived).toBeGreaterThan(0);
    expect(page.totals.outstandingAtFunding).toBeGreaterThan(0);
    expect(page.totals.ltv).not.toBeNull();
    // Direct applications are no dealer's.
    const direct = await getJson<DealerScorecardReportPage>(admin, dealerScorecardReport.endpoints.get.path, {
      ...everything()[0],
      channel: 'direct',
    });
    expect(direct.total).toBe(0);
  });
});

describe('reports 6 and 7: tenant isolation', () => {
  it('another lender’s loans and dealers never appear', async () => {
    const period = { ...everything()[0], take: 500 };
    const summitDealers = (await q<{ id: number }>('select id from dealers where lender_id = $1', [summitId])).map(
      (d) => d.id,
    );
    const scorecard = await getJson<DealerScorecardReportPage>(admin, dealerScorecardReport.endpoints.get.path, period);
    expect(scorecard.rows.length).toBeGreaterThan(0);
    for (const row of scorecard.rows) expect(summitDealers).toContain(row.dealerId);
    const [harborDealer] = await q<{ id: number }>('select id from dealers where lender_id = $1 limit 1', [harborId]);
    const foreign = await getJson<AddonPenetrationReportPage>(admin, addonPenetrationReport.endpoints.get.path, {
      ...period,
      dealerId: harborDealer!.id,
    });
    expect(foreign.totals.loans).toBe(0);
    expect(foreign.rows).toEqual([]);

    expect((await admin.put('/api/user/lender', { lenderId: harborId })).statusCode).toBe(200);
    try {
      const harbor = await getJson<DealerScorecardReportPage>(admin, dealerScorecardReport.endpoints.get.path, period);
      expect(harbor.rows.length).toBeGreaterThan(0);
      for (const row of harbor.rows) expect(summitDealers).not.toContain(row.dealerId);
      const addons = await getJson<AddonPenetrationReportPage>(
        admin,
        addonPenetrationReport.endpoints.get.path,
        period,
      );
      const [own] = await q<{ n: number }>('select count(*)::int as n from loans where lender_id = $1 and is_funded', [
        harborId,
      ]);
      expect(addons.totals.loans).toBe(own!.n);
    } finally {
      expect((await admin.put('/api/user/lender', { lenderId: summitId })).statusCode).toBe(200);
    }
  });
});
