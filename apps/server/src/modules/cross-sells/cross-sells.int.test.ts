import { crossSellsResource, adminMessages } from '@credence/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAutoApplication, productId, signIn, HARBOR, SUMMIT, type ApiClient } from '../../test/api-client.ts';
import { describeResource } from '../../test/resource-suite.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let autoProduct = 0;
const setting = (name: string) => ({
  name,
  crossSellType: 'RefiCrossSell',
  description: 'Bring a boat loan over and save.',
  loanProductId: autoProduct,
  tradelineLoanTypes: ['AutoLoan'],
  minimumBalance: '7500.00',
  baseRatePercent: '6.250',
  termOptions: [
    { termMonths: 48, rateOffsetPercent: '0' },
    { termMonths: 60, rateOffsetPercent: '0.250' },
  ],
  offerAmount: null,
});

describeResource(crossSellsResource, {
  prepare: async (t) => {
    autoProduct = await productId(t, SUMMIT, 'New Auto');
  },
  valid: setting,
  invalid: () => [
    { input: { ...setting('Kit x'), name: '  ' }, fields: ['name'] },
    { input: { ...setting('Kit x'), termOptions: [] }, fields: ['termOptions'] },
    { input: { ...setting('Kit x'), crossSellType: 'InternalCrossSell', termOptions: [] }, fields: ['offerAmount'] },
    {
      input: {
        ...setting('Kit x'),
        baseRatePercent: '6.2501',
        minimumBalance: '-1.00',
        termOptions: [
          { termMonths: 48, rateOffsetPercent: 'x' },
          { termMonths: 48, rateOffsetPercent: '0' },
        ],
      },
      fields: ['baseRatePercent', 'minimumBalance', 'termOptions.0.rateOffsetPercent', 'termOptions.1.termMonths'],
    },
    { input: { ...setting('Kit x'), loanProductId: 999_999 }, fields: ['loanProductId'] },
  ],
  change: (input) => ({ ...input, baseRatePercent: '5.990', minimumBalance: '5000.00' }),
});

describe('cross-sell settings drive the Cross Sell dialog', () => {
  let t: TestApp;
  let admin: ApiClient;
  let officer: ApiClient;
  let harbor: ApiClient;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t, 'admin', 'Admin2026');
    officer = await signIn(t, 'officer', 'Officer2026');
    harbor = await signIn(t, 'harbor', 'Harbor2026');
  });
  afterAll(() => t.close());

  it('answers on the spec paths: nameIsUnique, POST crosssell/edit, PUT enable/disable', async () => {
    const taken = await admin.get('/api/crosssell/nameIsUnique?name=auto%20REFINANCE');
    expect(taken.json()).toEqual({ isUnique: false });
    const created = await admin.post('/api/crosssell/edit', {
      ...setting('Boat refinance'),
      loanProductId: await productId(t, SUMMIT, 'New Auto'),
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Boat refinance', loanProductName: 'New Auto', enabled: true });
    expect((await admin.put(`/api/crosssell/${created.json<{ id: number }>().id}/disable`, {})).json().enabled).toBe(
      false,
    );
  });

  it('sorts by a numeric column (the base rate), also past the last page', async () => {
    const rates = async (order: string) =>
      (await admin.get(`/api/crosssell?sort=baseRatePercent&order=${order}&pageSize=100`))
        .json<{ data: { baseRatePercent: string }[] }>()
        .data.map((s) => Number(s.baseRatePercent));
    const ascending = await rates('asc');
    expect(ascending.length).toBeGreaterThan(1);
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
    expect(await rates('desc')).toEqual([...ascending].reverse());
    const past = await admin.get('/api/crosssell?page=596718&sort=baseRatePercent&enabled=false');
    expect(past.statusCode).toBe(200);
    expect(past.json().data).toEqual([]);
  });

  it("refuses another lender's loan product", async () => {
    const response = await admin.post('/api/crosssell/edit', {
      ...setting('Harbor product'),
      loanProductId: await productId(t, HARBOR, 'Personal Installment'),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual([
      { field: 'loanProductId', message: adminMessages.crossSell.productUnavailable },
    ]);
    expect((await harbor.get('/api/crosssell')).statusCode).toBe(403);
  });

  it('a disabled setting is no longer offered, and a changed base rate prices the offers', async () => {
    const body = newAutoApplication(await productId(t, SUMMIT, 'New Auto'));
    const [primary, co] = body.applicants;
    const created = await officer.post('/api/applications', {
      ...body,
      applicants: [
        { ...primary, socialSecurityNumber: '123-45-0010' },
        { ...co, dob: '1987-09-30' },
      ],
    });
    const id = created.json<{ id: number }>().id;
    const pulled = await officer.post(`/api/applications/${id}/creditreport/pull`, { creditBureau: 'Equifax' });
    const applicantId = pulled.json<{ reports: { applicantId: number }[] }>().reports[0]!.applicantId;
    type Opportunity = { crossSellName: string; options: { termMonths: number; rate: string }[] };
    const offers = async () => (await officer.get(`/api/applicant/${applicantId}/crossSell`)).json<Opportunity[]>();

    const list = (await admin.get('/api/crosssell?text=Auto%20refinance')).json<{ data: { id: number }[] }>();
    const autoId = list.data[0]!.id;
    const stored = (await admin.get(`/api/crosssell/${autoId}`)).json<Record<string, unknown>>();
    const { id: _id, loanProductName: _name, ...input } = stored;
    const saved = await admin.put(`/api/crosssell/${autoId}`, { ...input, baseRatePercent: '4.000' });
    expect(saved.statusCode, saved.body).toBe(200);
    const auto = (await offers()).find((o) => o.crossSellName === 'Auto refinance')!;
    expect(auto.options.find((o) => o.termMonths === 48)!.rate).toBe('4.000');
    expect(auto.options.find((o) => o.termMonths === 36)!.rate).toBe('3.750');

    await admin.put(`/api/crosssell/${autoId}/disable`, {});
    expect((await offers()).some((o) => o.crossSellName === 'Auto refinance')).toBe(false);
    await admin.put(`/api/crosssell/${autoId}/enable`, {});
    expect((await offers()).some((o) => o.crossSellName === 'Auto refinance')).toBe(true);
  });
});
