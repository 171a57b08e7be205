import {
  addOnPriceCapsResource,
  addOnVendorsResource,
  salesPlanTexts,
  type AddOnVendor,
  type OfferedPlans,
} from '@credence/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findSeededApplication, HARBOR, signIn, SUMMIT, type ApiClient } from '../../test/api-client.ts';
import { describeResource } from '../../test/resource-suite.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const plan = (extra: Record<string, unknown> = {}) => ({
  product: 'serviceContract',
  title: 'Powertrain 36',
  description: 'Engine and transmission',
  termMonths: 36,
  miles: 36000,
  dealerCost: '400.00',
  retailPrice: '900.00',
  options: [{ title: 'Roadside', cost: '50.00' }],
  ...extra,
});
const vendor = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  eligibility: 'route66',
  products: ['serviceContract', 'gap'],
  plans: [plan()],
  ...extra,
});

describeResource(addOnVendorsResource, {
  valid: (name) => vendor(name),
  invalid: [
    { input: vendor('  '), fields: ['name'] },
    { input: vendor('OK', { eligibility: 'acme' }), fields: ['eligibility'] },
    { input: vendor('OK', { products: ['gap'] }), fields: ['plans.0.product'] },
    { input: vendor('OK', { plans: [plan({ maxLtv: '125' })] }), fields: ['plans.0.maxLtv'] },
    {
      input: vendor('OK', { plans: [plan({ termMonths: -1, retailPrice: '9.5', title: '' })] }),
      fields: ['plans.0.termMonths', 'plans.0.retailPrice', 'plans.0.title'],
    },
    {
      input: vendor('OK', { plans: [plan({ options: [{ title: 'X', cost: '-1.00' }] })] }),
      fields: ['plans.0.options.0.cost'],
    },
  ],
  change: (input) => ({ ...input, plans: [plan({ retailPrice: '950.00' })] }),
});

const cap = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  state: 'CO',
  products: ['gap'],
  percent: '4',
  minimumAmount: '600.00',
  ...extra,
});
describeResource(addOnPriceCapsResource, {
  valid: (name) => cap(name),
  invalid: [
    { input: cap('OK', { state: 'XX' }), fields: ['state'] },
    { input: cap('OK', { percent: '100.5', products: [] }), fields: ['percent', 'products'] },
    { input: cap('OK', { minimumAmount: '6' }), fields: ['minimumAmount'] },
  ],
  change: (input) => ({ ...input, percent: '4.5' }),
});

describe('add-on vendors: plans and the plans offered on an application', () => {
  let t: TestApp;
  let admin: ApiClient;
  let harbor: ApiClient;
  let applicationId: number;
  let allied: AddOnVendor;
  let route66: AddOnVendor;

  /** The application's facts, set as the owner: amount financed, collateral value, the primary's state, MLA. */
  const facts = async (amount: string, value: string, state: string, mla = false) => {
    await t.pool.query(`update applications set est_amt_financed = $2, value = $3 where id = $1`, [
      applicationId,
      amount,
      value,
    ]);
    await t.pool.query(`update collaterals set value = $2 where application_id = $1`, [applicationId, value]);
    await t.pool.query(
      `update applicant_addresses set state = $2
        where applicant_id in (select id from applicants where application_id = $1 and role = 'PRIMARY')`,
      [applicationId, state],
    );
    await t.pool.query(`update credit_reports set mla = $2 where application_id = $1`, [applicationId, mla]);
  };
  const offered = async (body: Record<string, unknown>, client = admin) =>
    client.post(`/api/applications/${applicationId}/addOnPlans`, body);
  const no = { usedCommercially: false, salvagedTitle: false, titledToIndividual: true };
  const titles = (o: OfferedPlans) => o.plans.map((p) => p.title);
  const leftOut = (o: OfferedPlans) => Object.fromEntries(o.leftOut.map((p) => [p.title, p.rule]));

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t, 'admin', 'Admin2026');
    harbor = await signIn(t, 'harbor', 'Harbor2026');
    applicationId = await findSeededApplication(
      t,
      SUMMIT,
      `exists (select 1 from credit_reports c where c.application_id = a.id and c.is_active)
       and exists (select 1 from collaterals c where c.application_id = a.id)`,
    );
    const vendors = (await admin.get('/api/addOnVendors?sort=name')).json<{ data: AddOnVendor[] }>().data;
    allied = vendors.find((v) => v.name === 'Allied')!;
    route66 = vendors.find((v) => v.name === 'Route66')!;
  });
  afterAll(() => t.close());

  it('keeps plan and option ids across saves; removes the plans left out; audits the plans', async () => {
    const created = (
      await admin.post('/api/addOnVendors', vendor('T Plans', { plans: [plan(), plan({ title: 'B' })] }))
    ).json<AddOnVendor>();
    const [a, b] = created.plans;
    expect(a!.options).toEqual([{ id: 1, title: 'Roadside', cost: '50.00' }]);
    const input = vendor('T Plans', {
      plans: [
        plan({
          id: a!.id,
          retailPrice: '990.00',
          options: [
            { id: 1, title: 'Roadside', cost: '55.00' },
            { title: 'Rental', cost: '20.00' },
          ],
        }),
      ],
    });
    const saved = await admin.put(`/api/addOnVendors/${created.id}`, input);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<AddOnVendor>().plans).toEqual([
      expect.objectContaining({
        id: a!.id,
        retailPrice: '990.00',
        options: [
          { id: 1, title: 'Roadside', cost: '55.00' },
          { id: 2, title: 'Rental', cost: '20.00' },
        ],
      }),
    ]);
    const { rows } = await t.pool.query<{ n: string }>(`select count(*) n from add_on_vendor_plans where id = $1`, [
      b!.id,
    ]);
    expect(Number(rows[0]!.n)).toBe(0);
    const audit = await t.pool.query<{ details: { changes: Record<string, unknown> } }>(
      `select details from audit_events where area = 'addOnVendors' and record_id = $1 and action = 'update'`,
      [String(created.id)],
    );
    expect(Object.keys(audit.rows[0]!.details.changes)).toEqual(['plans']);
    // Another vendor's plan id is refused on it.
    const foreign = await admin.put(
      `/api/addOnVendors/${created.id}`,
      vendor('T Plans', { plans: [plan({ id: allied.plans[0]!.id })] }),
    );
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors[0].field).toBe('plans.0.id');
  });

  it('asks every question of the vendor: Allied three, Route66 two (422 per unanswered question)', async () => {
    const a = await offered({ vendorId: allied.id, answers: {} });
    expect(a.statusCode).toBe(422);
    expect(a.json().errors).toEqual([
      { field: 'answers.usedCommercially', message: salesPlanTexts.required },
      { field: 'answers.salvagedTitle', message: salesPlanTexts.required },
      { field: 'answers.titledToIndividual', message: salesPlanTexts.required },
    ]);
    const r = await offered({ vendorId: route66.id, answers: { usedCommercially: false } });
    expect(r.json().errors).toEqual([{ field: 'answers.salvagedTitle', message: salesPlanTexts.required }]);
    await facts('10000.00', '12000.00', 'NE');
    const ok = await offered({ vendorId: route66.id, answers: { usedCommercially: true, salvagedTitle: true } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(titles(ok.json())).toEqual(['Route66 Gold', 'Route66 Silver']);
    expect(ok.json<OfferedPlans>().plans[0]).toMatchObject({
      term: 72,
      miles: 100000,
      cost: '2195.00',
      options: [
        { id: 1, description: 'Wear and tear', cost: '395.00' },
        { id: 2, description: 'Tire and wheel', cost: '299.00' },
      ],
    });
  });

  it('leaves GAP out on a salvaged title or commercial use, with the reason', async () => {
    await facts('10000.00', '12000.00', 'NE');
    const clean = (await offered({ vendorId: allied.id, answers: no })).json<OfferedPlans>();
    expect(titles(clean)).toEqual(['GAP Essential', 'GAP Plus', 'Powertrain 60', 'Debt Protection Life + Disability']);
    expect(clean.facts).toMatchObject({ amountFinanced: '10000.00', ltv: '83.33', state: 'NE', mlaCovered: false });
    const salvaged = (
      await offered({ vendorId: allied.id, answers: { ...no, salvagedTitle: true } })
    ).json<OfferedPlans>();
    expect(leftOut(salvaged)).toEqual({ 'GAP Essential': 'gapSalvagedTitle', 'GAP Plus': 'gapSalvagedTitle' });
    expect(salvaged.leftOut[0]!.reason).toBe('GAP is not offered on a salvaged or branded title.');
    const commercial = (
      await offered({ vendorId: allied.id, answers: { ...no, usedCommercially: true } })
    ).json<OfferedPlans>();
    expect(leftOut(commercial)).toEqual({ 'GAP Essential': 'gapCommercialUse', 'GAP Plus': 'gapCommercialUse' });
  });

  it("leaves GAP out above the plan's maximum LTV", async () => {
    await facts('10000.00', '7000.00', 'NE'); // 142.86 %
    const o = (await offered({ vendorId: allied.id, answers: no })).json<OfferedPlans>();
    expect(leftOut(o)).toEqual({ 'GAP Essential': 'gapLtv' });
    expect(o.leftOut[0]!.reason).toBe("The loan's LTV of 142.86% exceeds this GAP plan's maximum of 125%.");
  });

  it("applies the state's price cap: Colorado the greater of 4 % or $600, Texas 5 %", async () => {
    await facts('10000.00', '12000.00', 'CO');
    const co = (await offered({ vendorId: allied.id, answers: no })).json<OfferedPlans>();
    expect(leftOut(co)).toEqual({ 'GAP Plus': 'stateCap' });
    expect(co.leftOut[0]!.reason).toBe(
      "The price of $795.00 exceeds CO's cap of $600.00 (the greater of 4% of the amount financed or $600.00).",
    );
    await facts('20000.00', '24000.00', 'CO'); // 4 % = $800
    expect(leftOut((await offered({ vendorId: allied.id, answers: no })).json())).toEqual({});
    await facts('10000.00', '12000.00', 'TX'); // 5 % = $500
    const tx = (await offered({ vendorId: allied.id, answers: no })).json<OfferedPlans>();
    expect(leftOut(tx)).toEqual({ 'GAP Essential': 'stateCap', 'GAP Plus': 'stateCap' });
    expect(titles(tx)).toEqual(['Powertrain 60', 'Debt Protection Life + Disability']);
  });

  it('refuses credit-related plans for an MLA covered borrower above a 36 % MAPR, with the figure', async () => {
    await facts('10000.00', '12000.00', 'NE', true);
    const terms = (annualRate: string) => ({
      annualRate,
      termMonths: 60,
      contractDate: '2026-12-01',
      firstPaymentDate: '2027-01-01',
    });
    const high = (await offered({ vendorId: allied.id, answers: no, terms: terms('35.5') })).json<OfferedPlans>();
    expect(high.facts.mlaCovered).toBe(true);
    expect(titles(high)).toEqual(['Powertrain 60']);
    expect(high.leftOut.map((p) => p.rule)).toEqual(['mapr', 'mapr', 'mapr']);
    expect(high.leftOut[0]!.reason).toMatch(
      /^A Military Lending Act covered borrower: the MAPR with this plan would be 3\d\.\d{3}%, above 36%\.$/,
    );
    const low = (await offered({ vendorId: allied.id, answers: no, terms: terms('9.9') })).json<OfferedPlans>();
    expect(low.leftOut).toEqual([]);
    const bad = await offered({
      vendorId: allied.id,
      answers: no,
      terms: { ...terms('9.9'), firstPaymentDate: '2026-11-01' },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors[0].field).toBe('terms.firstPaymentDate');
    const unknown = (await offered({ vendorId: allied.id, answers: no })).json<OfferedPlans>();
    expect(unknown.leftOut.map((p) => p.rule)).toEqual(['mapr', 'mapr', 'mapr']);
  });

  it("refuses another lender's vendor and application; a disabled vendor is not offered", async () => {
    expect((await offered({ vendorId: allied.id, answers: no }, harbor)).statusCode).toBe(404);
    const harborApp = await findSeededApplication(t, HARBOR);
    const foreign = await admin.post(`/api/applications/${harborApp}/addOnPlans`, { vendorId: allied.id, answers: no });
    expect(foreign.statusCode).toBe(404);
    await admin.post(`/api/addOnVendors/${route66.id}/disable`, {});
    const disabled = await offered({ vendorId: route66.id, answers: no });
    expect(disabled.statusCode).toBe(422);
    expect(disabled.json().errors).toEqual([{ field: 'vendorId', message: salesPlanTexts.unknownVendor }]);
    await admin.post(`/api/addOnVendors/${route66.id}/enable`, {});
  });
});
