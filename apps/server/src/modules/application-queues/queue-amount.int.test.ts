import type { QueuePage, QueueRow } from '@credence/contracts';
import { money } from '@credence/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HARBOR, newAutoApplication, productId, signIn, SUMMIT, type ApiClient } from '../../test/api-client.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * The Amount column (issue 17, item 4): the estimated amount financed of every loan type, kept in cents by the
 * row trigger of migration 0016, filtered and sorted through its index; the demo's saved filters find rows.
 */
let t: TestApp;
let officer: ApiClient;
let admin: ApiClient;
let harbor: ApiClient;

const search = async (client: ApiClient, body: Record<string, unknown>, grid = 'allApplicationsQueue') => {
  const response = await client.post(`/api/applicationqueues/${grid}/search`, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<QueuePage>();
};
const rowOf = async (id: number) => {
  const page = await search(officer, { text: String(id), pageSize: 1 });
  return page.data.find((r) => r.applicationId === id)!;
};

beforeAll(async () => {
  t = await createTestApp();
  officer = await signIn(t, 'officer', 'Officer2026');
  admin = await signIn(t, 'admin', 'Admin2026');
  harbor = await signIn(t, 'harbor', 'Harbor2026');
});
afterAll(() => t.close());

describe('the Amount column', () => {
  const created: Record<string, number> = {};

  it('is filled for every loan type on create: requested amount, amount or the itemization total', async () => {
    const auto = newAutoApplication(0);
    const itemized = {
      negotiatedPrice: '40000.00',
      ttlEstimate: '1000.00',
      cashDown: '5000.00',
      otherFrontEndFees: [{ name: 'Documentation fee', value: '500.00' }],
      gap: '500.00',
      termMonths: 60,
    };
    const cases: [string, Record<string, unknown>, string][] = [
      ['New Auto', itemized, '37000.00'],
      ['Used Auto', { ...itemized, negotiatedPrice: '20000.00' }, '17000.00'],
      ['Boat Loan', { ...itemized, negotiatedPrice: '60000.00' }, '57000.00'],
      ['RV Loan', { ...itemized, negotiatedPrice: '90000.00' }, '87000.00'],
      ['Visa Platinum', { requestedAmount: '7500.00' }, '7500.00'],
      ['Personal Loan', { estAmtFinanced: '12000.00', termMonths: 36 }, '12000.00'],
      ['Home Equity Loan', { estAmtFinanced: '80000.00', termMonths: 120 }, '80000.00'],
      ['Share Secured Loan', { estAmtFinanced: '9000.00', termMonths: 24 }, '9000.00'],
    ];
    for (const [name, request, amount] of cases) {
      const response = await officer.post('/api/applications', {
        loanProductId: await productId(t, SUMMIT, name),
        direct: true,
        applicants: [{ ...auto.applicants[0], lastName: 'Amountson' }],
        request: { paymentFrequencyId: 'Monthly', ...request },
      });
      expect(response.statusCode, `${name}: ${response.body}`).toBe(201);
      created[name] = response.json<{ id: number }>().id;
      expect((await rowOf(created[name])).amount, name).toBe(amount);
    }
    const cents = await t.pool.query<{ id: number; c: string; a: string }>(
      'select id, est_amt_financed_cents::text as c, est_amt_financed::text as a from applications where id = any($1)',
      [Object.values(created)],
    );
    for (const r of cents.rows) expect(r.c).toBe(money(r.a).times(100).toFixed(0));
  });

  it('follows request and itemization edits', async () => {
    const edit = async (id: number, change: Record<string, unknown>) => {
      expect((await officer.post(`/api/applications/${id}/lock`, {})).statusCode).toBe(200);
      const current = (await officer.get(`/api/applications/${id}/request`)).json<Record<string, unknown>>();
      const response = await officer.put(`/api/applications/${id}/request`, {
        ...current,
        totalFrontEndAmount: null,
        ...change,
      });
      expect(response.statusCode, response.body).toBe(200);
    };
    await edit(created['New Auto']!, { cashDown: '10000.00' });
    expect((await rowOf(created['New Auto']!)).amount).toBe('32000.00');
    await edit(created['Personal Loan']!, { estAmtFinanced: '15500.50' });
    expect((await rowOf(created['Personal Loan']!)).amount).toBe('15500.50');
    await edit(created['Visa Platinum']!, { requestedAmount: '9000.00' });
    expect((await rowOf(created['Visa Platinum']!)).amount).toBe('9000.00');
  });

  it('filters and sorts by the amount (decimal strings only), blanks last in descending order', async () => {
    const mine = { field: 'applicantName', operator: 'equals', value: 'Dana Amountson' };
    const page = await search(officer, {
      pageSize: 100,
      sort: [{ field: 'amount', dir: 'desc' }],
      filter: { logic: 'and', filters: [mine, { field: 'amount', operator: '>=', value: '15500.50' }] },
    });
    expect(page.data.map((r) => r.amount)).toEqual([
      '87000.00',
      '80000.00',
      '57000.00',
      '32000.00',
      '17000.00',
      '15500.50',
    ]);
    const asc = await search(officer, {
      pageSize: 100,
      sort: [{ field: 'amount', dir: 'asc' }],
      filter: { logic: 'and', filters: [mine, { field: 'amount', operator: '<', value: '15500.50' }] },
    });
    expect(asc.data.map((r) => r.amount)).toEqual(['9000.00', '9000.00']);
    const refused = await officer.post('/api/applicationqueues/allApplicationsQueue/search', {
      filter: { filters: [{ field: 'amount', operator: '>=', value: 25000 }] },
    });
    expect(refused.statusCode).toBe(422);
    // Every demo application has an amount: sorting by it puts no blank first.
    const top = await search(officer, { pageSize: 100, sort: [{ field: 'amount', dir: 'desc' }] });
    expect(top.data.every((r: QueueRow) => r.amount !== null)).toBe(true);
    const blanks = await search(officer, { filter: { filters: [{ field: 'amount', operator: 'isEmpty' }] } });
    expect(blanks.total).toBe(0);
  });

  it("the demo's 'Large auto loans' and 'Pending over 50k' filters return rows", async () => {
    const names = ['Large auto loans', 'Pending over 50k'];
    const filters = (
      await t.pool.query<{ name: string; filter: string }>(
        'select name, filter from search_filters where name = any($1)',
        [names],
      )
    ).rows;
    expect(filters.map((f) => f.name).sort()).toEqual(names);
    for (const f of filters) {
      const criteria = JSON.parse(f.filter) as { gridName: string; filter: unknown; sort: unknown };
      const page = await search(admin, { filter: criteria.filter, sort: criteria.sort }, criteria.gridName);
      expect(page.total, f.name).toBeGreaterThan(0);
      const amounts = page.data.map((r) => money(r.amount!));
      expect(amounts.every((a, i) => i === 0 || a.lessThanOrEqualTo(amounts[i - 1]!))).toBe(true);
      expect(amounts.every((a) => a.greaterThanOrEqualTo(25_000))).toBe(true);
      if (f.name === 'Pending over 50k') {
        expect(page.data.every((r) => r.state === 'pending')).toBe(true);
        expect(amounts.every((a) => a.greaterThan(50_000))).toBe(true);
      } else
        expect(
          page.data.every((r) => ['New Auto', 'Used Auto', 'Business Vehicle Loan'].includes(r.loanProductName)),
        ).toBe(true);
    }
  });

  it('never crosses lenders', async () => {
    const page = await search(harbor, {
      pageSize: 100,
      filter: { filters: [{ field: 'applicantName', operator: 'contains', value: 'amountson' }] },
    });
    expect(page.total).toBe(0);
    expect(HARBOR).not.toBe(SUMMIT);
  });
});
