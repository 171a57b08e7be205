import {
  endpointPath,
  pipelineQueues,
  widgetEndpoints as e,
  widgetMessages,
  type AddonPreferences,
  type AddonSnapshot,
  type FundingSnapshot,
  type PipelineSnapshot,
  type TurnTimesSnapshot,
  type Widget,
  type WidgetSettingsInput,
} from '@credence/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HUB_CHANNEL } from '../../platform/hub-signal.ts';
import { signIn, SUMMIT, type ApiClient } from '../../test/api-client.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { computeDueSnapshots } from './widgets.service.ts';

let t: TestApp;
let officer: ApiClient;
let admin: ApiClient;
let processor: ApiClient;
let harbor: ApiClient;
let summitId: number;
let zone: string;

const q = async <T extends Record<string, unknown>>(text: string, values: unknown[] = []) =>
  (await t.pool.query<T>(text, values)).rows;
const path = (name: string) => endpointPath(e.save, { name });
const fieldsOf = (body: string) => (JSON.parse(body) as { errors?: { field: string; message: string }[] }).errors ?? [];

const save = async (client: ApiClient, name: string, settings: WidgetSettingsInput) => {
  const response = await client.put(path(name), settings);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Widget>();
};
/** Runs the job now (the test app has no job runner) and reads the widget as the page does. */
const snapshotOf = async <S>(client: ApiClient, name: string) => {
  await computeDueSnapshots(t.db);
  const response = await client.get(path(name));
  expect(response.statusCode, response.body).toBe(200);
  const widget = response.json<Widget>();
  expect(widget.refreshing).toBe(false);
  return widget as Widget & { latestSnapshot: S };
};

/** The reference: funded loans whose funding time, read as a date in the lender's zone, is in the period. */
const fundedReference = (start: string, end: string) =>
  q<{ name: string; count: number; sum: string }>(
    `select p.name, count(*)::int as count, to_char(sum(l.amount), 'FM999999999990.00') as sum
       from loans l join applications a on a.id = l.application_id join loan_products p on p.id = a.loan_product_id
      where l.lender_id = $1 and l.is_funded and (l.funded_at at time zone $2)::date between $3::date and $4::date
      group by p.name order by p.name`,
    [summitId, zone, start, end],
  );
const addonReference = (start: string, end: string, tracked: number[]) =>
  q<{ name: string; count: number; sum: string }>(
    `select c.name, count(*)::int as count, to_char(sum((x->>'amount')::numeric), 'FM999999999990.00') as sum
       from loans l cross join jsonb_array_elements(l.additions) x join loan_additions c on c.id = (x->>'id')::int
      where l.lender_id = $1 and l.is_funded and (x->>'selected')::boolean
        and (l.funded_at at time zone $2)::date between $3::date and $4::date and c.id = any($5::int[])
      group by c.name order by c.name`,
    [summitId, zone, start, end, tracked],
  );
const cents = (money: string) => BigInt(money.replace('.', ''));
const centsSum = (lines: { sum: string }[]) => {
  const digits = lines
    .reduce((s, l) => s + cents(l.sum), 0n)
    .toString()
    .padStart(3, '0');
  return `${digits.slice(0, -2)}.${digits.slice(-2)}`;
};

/** The first and last day of a period relative to the lender's today, computed by PostgreSQL. */
const periodOf = async (trunc: 'month' | 'quarter' | 'year', offset: number) => {
  const months = { month: 1, quarter: 3, year: 12 }[trunc];
  const [row] = await q<{ start: string; end: string }>(
    `select to_char(s, 'YYYY-MM-DD') as start,
            to_char(s + make_interval(months => $3::int) - interval '1 day', 'YYYY-MM-DD') as end
       from (select date_trunc($2, (now() at time zone $1)) + make_interval(months => $3::int * $4::int) as s) x`,
    [zone, trunc, months, offset],
  );
  return row!;
};

let additionIds: number[] = [];

/** Funded loans at given local times (not through the worksheet: the aggregate's inputs, fixed). */
const insertFundedLoan = async (applicationId: number, amount: string, localTime: string, additions: unknown[]) => {
  await t.pool.query(
    `insert into loans (lender_id, application_id, amount, term_months, interest_rate, payment_frequency, direct,
                        additions, is_funded, funded_at)
     values ($1, $2, $3, 60, 5.25, 'Monthly', true, $4::jsonb, true, ($5::timestamp at time zone $6))`,
    [summitId, applicationId, amount, JSON.stringify(additions), localTime, zone],
  );
};

beforeAll(async () => {
  t = await createTestApp();
  officer = await signIn(t, 'officer', 'Officer2026');
  admin = await signIn(t, 'admin', 'Admin2026');
  processor = await signIn(t, 'expiring', 'Expiring2026');
  harbor = await signIn(t, 'harbor', 'Harbor2026');
  [{ id: summitId, time_zone: zone }] = (await q<{ id: number; time_zone: string }>(
    `select id, time_zone from lenders where name = $1`,
    [SUMMIT],
  )) as [{ id: number; time_zone: string }];
  additionIds = (
    await q<{ id: number }>(`select id from loan_additions where lender_id = $1 order by id limit 3`, [summitId])
  ).map((r) => r.id);
  expect(additionIds.length).toBeGreaterThanOrEqual(2);
  const [gap, warranty] = additionIds as [number, number];
  // Applications of the lender without a loan: they get funded loans across last month's end and last year.
  const free = (
    await q<{ id: number }>(
      `select a.id from applications a where a.lender_id = $1
          and not exists (select 1 from loans l where l.application_id = a.id) order by a.id limit 5`,
      [summitId],
    )
  ).map((r) => r.id);
  const lastMonth = await periodOf('month', -1);
  const lastYear = await periodOf('year', -1);
  const sold = (id: number, amount: string, selected = true) => ({
    id,
    name: 'old name',
    feeType: 'flat',
    amount,
    selected,
  });
  // The last minute of last month in the lender's zone (already next month in UTC) and the first of this month.
  await insertFundedLoan(free[0]!, '18250.55', `${lastMonth.end} 23:59:00`, [
    sold(gap, '595.00'),
    sold(warranty, '1200.10'),
  ]);
  await insertFundedLoan(free[1]!, '9999.99', `${lastMonth.end} 00:00:00`, [
    sold(gap, '595.00'),
    sold(warranty, '999.00', false),
  ]);
  await insertFundedLoan(free[2]!, '31000.01', `${lastYear.start} 00:00:30`, [sold(warranty, '1450.45')]);
  await insertFundedLoan(free[3]!, '12000.00', `${lastYear.end} 23:59:59`, []);
});
afterAll(() => t.close());

describe('widgets: save and delete (spec 1 §2)', () => {
  it('adds a widget with its defaults, lists it, changes its period and deletes it', async () => {
    const added = await save(officer, 'fundingTable', { frequency: { value: 'thisMonth' } });
    expect(added).toMatchObject({
      name: 'fundingTable',
      settings: { frequency: { text: 'This Month', value: 'thisMonth' }, startDate: null, endDate: null },
      refreshing: true,
      latestSnapshot: null,
    });
    const custom = await save(officer, 'fundingTable', {
      frequency: { text: 'anything', value: 'custom' },
      startDate: '2026-10-15',
      endDate: '2026-11-15',
    });
    expect(custom.id).toBe(added.id);
    expect(custom.settings).toEqual({
      frequency: { text: 'Custom', value: 'custom' },
      startDate: '2026-10-15',
      endDate: '2026-11-15',
    });
    // Dates are dropped for a frequency that is not custom.
    const monthly = await save(officer, 'fundingTable', { frequency: { value: 'lastMonth' }, startDate: '2026-10-15' });
    expect(monthly.settings.startDate).toBeNull();
    const list = (await officer.get(e.list.path)).json<Widget[]>();
    expect(list.map((w) => w.name)).toEqual(['fundingTable']);
    // Another user's dashboard is theirs.
    expect((await admin.get(e.list.path)).json<Widget[]>().map((w) => w.id)).not.toContain(added.id);

    const removed = await officer.delete(path('fundingTable'));
    expect(removed.statusCode).toBe(204);
    expect((await officer.get(path('fundingTable'))).statusCode).toBe(404);
    expect((await officer.delete(path('fundingTable'))).statusCode).toBe(204);
  });

  it('refuses bad settings with the field and a clear text, never a 500, and keeps what was saved', async () => {
    await save(officer, 'addonSales', { frequency: { value: 'thisYear' } });
    const cases: [unknown, string, string][] = [
      [{ frequency: { value: 'custom' } }, 'startDate', widgetMessages.customDatesRequired],
      [{ frequency: { value: 'custom' }, startDate: '2026-01-01' }, 'endDate', widgetMessages.customDatesRequired],
      [
        { frequency: { value: 'custom' }, startDate: '2026-02-01', endDate: '2026-01-31' },
        'endDate',
        widgetMessages.customDatesOrder,
      ],
      [
        { frequency: { value: 'custom' }, startDate: '2000-01-01', endDate: '2026-01-31' },
        'startDate',
        widgetMessages.customTooLong,
      ],
    ];
    for (const [body, field, message] of cases) {
      const response = await officer.put(path('addonSales'), body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(fieldsOf(response.body)).toContainEqual({ field, message });
    }
    for (const body of [
      { frequency: { value: 'weekly' } },
      { frequency: 'thisMonth' },
      {},
      { frequency: { value: 'custom' }, startDate: '2026-13-01', endDate: '2026-12-01' },
    ]) {
      expect((await officer.put(path('addonSales'), body)).statusCode, JSON.stringify(body)).toBe(422);
    }
    expect([400, 422]).toContain(
      (await officer.put(path('pieChart'), { frequency: { value: 'thisMonth' } })).statusCode,
    );
    expect((await officer.get(path('addonSales'))).json<Widget>().settings.frequency.value).toBe('thisYear');
  });

  it('is only for users with canViewDashboard', async () => {
    for (const call of [
      processor.get(e.list.path),
      processor.put(path('fundingTable'), { frequency: { value: 'thisMonth' } }),
      processor.get(e.getAddonPreferences.path),
    ])
      expect((await call).statusCode).toBe(403);
  });
});

describe('widgets: snapshots equal a direct aggregate in the lender zone', () => {
  it.each([
    ['thisMonth', 'month', 0],
    ['lastMonth', 'month', -1],
    ['thisQuarter', 'quarter', 0],
    ['thisYear', 'year', 0],
    ['lastYear', 'year', -1],
  ] as const)('Funding Table, %s', async (value, trunc, offset) => {
    await save(officer, 'fundingTable', { frequency: { value } });
    const widget = await snapshotOf<FundingSnapshot>(officer, 'fundingTable');
    const period = await periodOf(trunc, offset);
    const expected = await fundedReference(period.start, period.end);
    expect(widget.latestSnapshot.loanProducts).toEqual(expected);
    expect(widget.latestSnapshot.sum).toBe(centsSum(expected));
    expect({ start: widget.periodStart, end: widget.periodEnd }).toEqual(period);
    expect(Date.now() - Date.parse(widget.snapshotAsOfUtcTime!)).toBeLessThan(60_000);
  });

  it('a custom range across a month end counts the last minute of the month in the lender zone, not in UTC', async () => {
    const lastMonth = await periodOf('month', -1);
    await save(officer, 'fundingTable', {
      frequency: { value: 'custom' },
      startDate: lastMonth.end,
      endDate: lastMonth.end,
    });
    const widget = await snapshotOf<FundingSnapshot>(officer, 'fundingTable');
    expect(widget.latestSnapshot.loanProducts).toEqual(await fundedReference(lastMonth.end, lastMonth.end));
    // Both loans of that day count: 18,250.55 at 23:59 (the next day in UTC) and 9,999.99 at 00:00.
    expect(cents(widget.latestSnapshot.sum)).toBeGreaterThanOrEqual(cents('28250.54'));
    const firstOfMonth = (await periodOf('month', 0)).start;
    await save(officer, 'fundingTable', {
      frequency: { value: 'custom' },
      startDate: firstOfMonth,
      endDate: firstOfMonth,
    });
    const after = await snapshotOf<FundingSnapshot>(officer, 'fundingTable');
    expect(after.latestSnapshot.loanProducts).toEqual(await fundedReference(firstOfMonth, firstOfMonth));
  });

  it('Add On Sales: the tracked add-ons sold (selected only), per frequency and custom range', async () => {
    const none = await snapshotOf<AddonSnapshot>(officer, 'addonSales');
    expect(none.latestSnapshot).toEqual({ total: 0, sum: '0.00', addonSales: [] });
    const saved = await officer.put(e.saveAddonPreferences.path, { additionIds: additionIds.slice(0, 2) });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<AddonPreferences>().additionIds).toEqual(additionIds.slice(0, 2));
    for (const [value, trunc, offset] of [
      ['lastMonth', 'month', -1],
      ['lastYear', 'year', -1],
      ['thisYear', 'year', 0],
    ] as const) {
      await save(officer, 'addonSales', { frequency: { value } });
      const widget = await snapshotOf<AddonSnapshot>(officer, 'addonSales');
      const period = await periodOf(trunc, offset);
      const expected = await addonReference(period.start, period.end, additionIds.slice(0, 2));
      expect(widget.latestSnapshot.addonSales, value).toEqual(expected);
      expect(widget.latestSnapshot.total).toBe(expected.reduce((n, l) => n + l.count, 0));
      expect(widget.latestSnapshot.sum).toBe(centsSum(expected));
    }
    // Last month: two GAP at 595.00 and one warranty at 1,200.10 (the unselected 999.00 is not a sale).
    await save(officer, 'addonSales', { frequency: { value: 'lastMonth' } });
    const lastMonth = await snapshotOf<AddonSnapshot>(officer, 'addonSales');
    expect(lastMonth.latestSnapshot.total).toBeGreaterThanOrEqual(3);
    // Tracking one add-on only: only its line.
    await officer.put(e.saveAddonPreferences.path, { additionIds: [additionIds[1]] });
    const one = await snapshotOf<AddonSnapshot>(officer, 'addonSales');
    const [name] = (await q<{ name: string }>(`select name from loan_additions where id = $1`, [additionIds[1]])).map(
      (r) => r.name,
    );
    expect(one.latestSnapshot.addonSales.map((l) => l.name)).toEqual([name]);
  });

  it('add-on preferences: at least one, from the catalogue, and saving them adds the widget', async () => {
    await admin.delete(path('addonSales'));
    const empty = await admin.put(e.saveAddonPreferences.path, { additionIds: [] });
    expect(empty.statusCode).toBe(422);
    expect(fieldsOf(empty.body)).toContainEqual({ field: 'additionIds', message: widgetMessages.selectionRequired });
    const [harborAddition] = await q<{ id: number }>(
      `select a.id from loan_additions a join lenders l on l.id = a.lender_id where l.name <> $1 limit 1`,
      [SUMMIT],
    );
    const foreign = await admin.put(e.saveAddonPreferences.path, { additionIds: [harborAddition!.id] });
    expect(foreign.statusCode).toBe(422);
    expect(fieldsOf(foreign.body)).toContainEqual({ field: 'additionIds', message: widgetMessages.unknownAddon });
    expect((await admin.get(path('addonSales'))).statusCode).toBe(404);
    expect((await admin.put(e.saveAddonPreferences.path, { additionIds: [additionIds[0]] })).statusCode).toBe(200);
    expect((await admin.get(path('addonSales'))).json<Widget>()).toMatchObject({
      refreshing: true,
      settings: { frequency: { value: 'thisMonth' } },
    });
    const preferences = (await admin.get(e.getAddonPreferences.path)).json<AddonPreferences>();
    expect(preferences.additionIds).toEqual([additionIds[0]]);
    expect(preferences.additions.map((a) => a.id)).toEqual(expect.arrayContaining(additionIds));
    // Harbor's catalogue is Harbor's.
    const harborPreferences = (await harbor.get(e.getAddonPreferences.path)).json<AddonPreferences>();
    expect(harborPreferences.additions.map((a) => a.id)).not.toContain(additionIds[0]);
  });
});

describe('widgets: a funding or a reversal refreshes the snapshot', () => {
  it('reversing a funded loan of this month lowers the Funding Table; funding it again restores it', async () => {
    const [loan] = await q<{
      application_id: number;
      amount: string;
      contract_date: string;
      first_payment_date: string;
      funding_date: string;
      member_number: string | null;
    }>(
      `select application_id, amount, to_char(contract_date, 'YYYY-MM-DD') as contract_date,
              to_char(first_payment_date, 'YYYY-MM-DD') as first_payment_date, to_char(funding_date, 'YYYY-MM-DD') as funding_date, member_number
         from loans where lender_id = $1 and is_funded and funded_at > now() - interval '20 days' order by id limit 1`,
      [summitId],
    );
    expect(loan, 'the demo funds loans of this month').toBeDefined();
    await save(officer, 'fundingTable', { frequency: { value: 'thisMonth' } });
    const before = await snapshotOf<FundingSnapshot>(officer, 'fundingTable');

    const reversed = await officer.put(`/api/applications/${loan!.application_id}/loans/reverseFundedLoan`, undefined);
    expect(reversed.statusCode, reversed.body).toBe(200);
    const requested = await snapshotOf<FundingSnapshot>(officer, 'fundingTable');
    expect(cents(before.latestSnapshot.sum) - cents(requested.latestSnapshot.sum)).toBe(cents(loan!.amount));
    expect(Date.parse(requested.snapshotAsOfUtcTime!)).toBeGreaterThan(Date.parse(before.snapshotAsOfUtcTime!));

    const draft = await officer.put(`/api/applications/${loan!.application_id}/loans`, {
      contractDate: loan!.contract_date,
      firstPaymentDate: loan!.first_payment_date,
      fundingDate: loan!.funding_date,
      memberNumber: loan!.member_number,
      loanId: `W${loan!.application_id}`,
      shareAccountNumber: null,
      reserveMatrixId: null,
    });
    expect(draft.statusCode, draft.body).toBe(200);
    const funded = await officer.post(`/api/applications/${loan!.application_id}/loans/fund`, {});
    expect(funded.statusCode, funded.body).toBe(200);
    const again = await snapshotOf<FundingSnapshot>(officer, 'fundingTable');
    expect(again.latestSnapshot.sum).toBe(before.latestSnapshot.sum);
    expect(await q(`select 1 from widget_refresh_requests`)).toHaveLength(0);
  });
});

describe('widgets: the demo dashboard', () => {
  it("the Harbor officer's demo widgets get numbers from the demo's funded loans on the job's first run", async () => {
    await computeDueSnapshots(t.db);
    const widgets = (await harbor.get(e.list.path)).json<Widget[]>();
    expect(widgets.map((w) => w.name)).toEqual(['fundingTable', 'addonSales']);
    const [funding, addons] = widgets as [
      Widget & { latestSnapshot: FundingSnapshot },
      Widget & { latestSnapshot: AddonSnapshot },
    ];
    expect(funding.latestSnapshot.loanProducts.length).toBeGreaterThan(0);
    expect(addons.latestSnapshot.total).toBeGreaterThan(0);
  });
});

/** A date in a time zone, by the platform's Intl (not PostgreSQL): the references below use it. */
const localDate = (instant: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;
/** percentile_cont: linear interpolation between the closest ranks. */
const percentileCont = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  const rank = p * (sorted.length - 1);
  const low = Math.floor(rank);
  const high = Math.ceil(rank);
  return sorted[low]! + (sorted[high]! - sorted[low]!) * (rank - low);
};
const oneDecimal = (hours: number) => Math.round(hours * 10) / 10;
const twoDecimals = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  useGrouping: false,
});

describe('widgets beyond the spec: Pipeline and Turn Times (issue 32, item 5)', () => {
  it('Pipeline counts the open applications per queue and state by age in the lender zone', async () => {
    await save(admin, 'pipeline', { frequency: { value: 'thisMonth' } });
    const widget = await snapshotOf<PipelineSnapshot>(admin, 'pipeline');
    const open = await q<{ queue: string; state: string; created_at: Date }>(
      `select queue, state, created_at from applications where lender_id = $1 and queue is not null`,
      [summitId],
    );
    const today = dayNumber(localDate(new Date(), zone));
    const expected = new Map<string, number[]>();
    for (const a of open) {
      const age = today - dayNumber(localDate(a.created_at, zone));
      const key = `${a.queue}Queue ${a.state}`;
      const counts = expected.get(key) ?? [0, 0, 0, 0];
      counts[age === 0 ? 0 : age <= 3 ? 1 : age <= 7 ? 2 : 3]! += 1;
      expected.set(key, counts);
    }
    expect(widget.latestSnapshot.total).toBe(open.length);
    expect(new Map(widget.latestSnapshot.rows.map((r) => [`${r.queue} ${r.state}`, r.counts]))).toEqual(expected);
    expect(widget.latestSnapshot.rows.map((r) => r.queue)).toEqual(
      [...widget.latestSnapshot.rows.map((r) => r.queue)].sort(
        (a, b) => pipelineQueues.indexOf(a) - pipelineQueues.indexOf(b),
      ),
    );
  });

  it('Turn Times: medians and p90 of hours to decision and to funding, and the pull-through, per product', async () => {
    await save(admin, 'turnTimes', { frequency: { value: 'thisYear' } });
    const widget = await snapshotOf<TurnTimesSnapshot>(admin, 'turnTimes');
    const { start, end } = await periodOf('year', 0);
    const inPeriod = (at: Date) => {
      const day = localDate(at, zone);
      return day >= start && day <= end;
    };
    const decisions = await q<{
      application_id: number;
      version: number;
      decision_type: string;
      created_at: Date;
      submitted: Date;
      product: string;
      funded: boolean | null;
      decision_id: number;
    }>(
      `select d.id as decision_id, d.application_id, d.version, d.decision_type, d.created_at, a.created_at as submitted,
              p.name as product, l.is_funded as funded
         from application_decisions d join applications a on a.id = d.application_id
         join loan_products p on p.id = a.loan_product_id left join loans l on l.application_id = a.id
        where d.lender_id = $1 and d.entry_kind = 'decision' order by d.application_id, d.version`,
      [summitId],
    );
    const loans = await q<{ funded_at: Date; approved_at: Date; product: string }>(
      `select l.funded_at, d.created_at as approved_at, p.name as product
         from loans l join application_decisions d on d.id = l.decision_id join applications a on a.id = l.application_id
         join loan_products p on p.id = a.loan_product_id where l.lender_id = $1 and l.is_funded`,
      [summitId],
    );
    const firstOf = (filter: (d: (typeof decisions)[number]) => boolean) => {
      const seen = new Set<number>();
      return decisions.filter((d) => filter(d) && !seen.has(d.application_id) && seen.add(d.application_id));
    };
    const firstDecisions = firstOf(() => true).filter((d) => inPeriod(d.created_at));
    const firstApprovals = firstOf((d) => ['approve', 'counteroffer'].includes(d.decision_type)).filter((d) =>
      inPeriod(d.created_at),
    );
    const fundedInPeriod = loans.filter((l) => inPeriod(l.funded_at));
    const hoursBetween = (from: Date, to: Date) => (to.getTime() - from.getTime()) / 3_600_000;
    const lineFor = (name: string, product?: string) => {
      const of = <T extends { product: string }>(rows: T[]) =>
        product ? rows.filter((r) => r.product === product) : rows;
      const decided = of(firstDecisions).map((d) => hoursBetween(d.submitted, d.created_at));
      const funded = of(fundedInPeriod).map((l) => hoursBetween(l.approved_at, l.funded_at));
      const approved = of(firstApprovals);
      const approvedFunded = approved.filter((a) => a.funded).length;
      return {
        name,
        decided: decided.length,
        decisionMedianHours: decided.length ? oneDecimal(percentileCont(decided, 0.5)) : null,
        decisionP90Hours: decided.length ? oneDecimal(percentileCont(decided, 0.9)) : null,
        funded: funded.length,
        fundingMedianHours: funded.length ? oneDecimal(percentileCont(funded, 0.5)) : null,
        fundingP90Hours: funded.length ? oneDecimal(percentileCont(funded, 0.9)) : null,
        approved: approved.length,
        approvedFunded,
        pullThrough: approved.length ? twoDecimals.format((approvedFunded * 100) / approved.length) : null,
      };
    };
    expect(widget.latestSnapshot.overall).toEqual(lineFor('All products'));
    expect(widget.latestSnapshot.overall).toMatchObject({
      decided: expect.toSatisfy((n: number) => n > 0),
      funded: expect.toSatisfy((n: number) => n > 0),
      approvedFunded: expect.toSatisfy((n: number) => n > 0),
    });
    const products = [
      ...new Set([...firstDecisions, ...firstApprovals, ...fundedInPeriod].map((r) => r.product)),
    ].sort();
    expect(widget.latestSnapshot.loanProducts).toEqual(products.map((p) => lineFor(p, p)));
  });
});

describe('widgets: the hub is told', () => {
  it('a snapshot stored by the job signals its user (at commit), so the page refetches it', async () => {
    const listener = new pg.Client({ connectionString: t.config.databaseUrl });
    await listener.connect();
    const signals: { id: number; room: string; event: string; data: { name: string } }[] = [];
    listener.on('notification', (m) => signals.push(JSON.parse(m.payload ?? '{}') as (typeof signals)[number]));
    await listener.query(`LISTEN ${HUB_CHANNEL}`);
    try {
      const [officerId] = (await q<{ id: number }>(`select id from users where username = 'officer'`)).map((r) => r.id);
      await save(officer, 'fundingTable', { frequency: { value: 'thisMonth' } });
      await computeDueSnapshots(t.db);
      await expect
        .poll(() => signals.filter((s) => s.event === 'widgets'))
        .toContainEqual({
          id: expect.any(Number),
          room: `user:${summitId}:${officerId}`,
          event: 'widgets',
          data: { name: 'fundingTable' },
        });
    } finally {
      await listener.end();
    }
  });
});
