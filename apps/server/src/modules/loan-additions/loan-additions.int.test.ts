import { loanAdditionsResource, loanAdditionTexts, type LoanAddition } from '@credence/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedLoanAdditions } from '../../db/seed/loan-additions.ts';
import { HARBOR, productId, signIn, SUMMIT, type ApiClient } from '../../test/api-client.ts';
import { describeResource } from '../../test/resource-suite.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const flat = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  feeType: 'flat',
  flatAmount: '595.00',
  sortOrder: 500,
  ...extra,
});

describeResource(loanAdditionsResource, {
  valid: (name) => flat(name),
  invalid: [
    { input: flat('  '), fields: ['name'] },
    { input: flat('X'.repeat(101)), fields: ['name'] },
    { input: flat('OK', { feeType: 'percent' }), fields: ['feeType'] },
    { input: flat('OK', { flatAmount: null }), fields: ['flatAmount'] },
    { input: flat('OK', { flatAmount: '-1.00' }), fields: ['flatAmount'] },
    { input: flat('OK', { feeType: 'per1000', flatAmount: null }), fields: ['ratePer1000'] },
    { input: flat('OK', { feeType: 'per1000', ratePer1000: '3.12345' }), fields: ['ratePer1000'] },
    { input: flat('OK', { sortOrder: -1, loanProductIds: [0] }), fields: ['sortOrder', 'loanProductIds.0'] },
  ],
  change: (input) => ({ ...input, flatAmount: '650.00', isDefault: true }),
});

describe('the add-ons catalogue', () => {
  let t: TestApp;
  let admin: ApiClient;
  let harborAdmin: ApiClient;
  let officer: ApiClient;
  const add = async (body: Record<string, unknown>) => {
    const response = await admin.post('/api/loanAdditions', body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<LoanAddition>();
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t, 'admin', 'Admin2026');
    officer = await signIn(t, 'officer', 'Officer2026');
    harborAdmin = await signIn(t, 'admin', 'Admin2026');
    const me = (await harborAdmin.get('/api/user/me')).json<{ lenders: { id: number; name: string }[] }>();
    await harborAdmin.put('/api/user/lender', { lenderId: me.lenders.find((l) => l.name === HARBOR)!.id });
  });
  afterAll(() => t.close());

  it('keeps only the price of its type; a name is unique per lender in any case', async () => {
    const life = await add({ name: 'T Credit Life', feeType: 'per1000', ratePer1000: '3.5', flatAmount: '9.00' });
    expect(life).toMatchObject({ feeType: 'per1000', ratePer1000: '3.5000', flatAmount: null, isDefault: false });
    const again = await admin.post('/api/loanAdditions', flat('t credit LIFE'));
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual([{ field: 'name', message: loanAdditionTexts.nameTaken }]);
    // Harbor may have its own add-on of the same name.
    const harbors = await harborAdmin.post('/api/loanAdditions', flat('T Credit Life'));
    expect(harbors.statusCode, harbors.body).toBe(201);
    // Switching to a flat price drops the rate.
    const saved = await admin.put(`/api/loanAdditions/${life.id}`, flat('T Credit Life', { ratePer1000: '3.5' }));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ feeType: 'flat', flatAmount: '595.00', ratePer1000: null });
  });

  it("names only the lender's own loan products; another lender's add-on is a 404; the area needs its right", async () => {
    const newAuto = await productId(t, SUMMIT, 'New Auto');
    const { rows: harbors } = await t.pool.query<{ id: number }>(
      `select p.id from loan_products p join lenders l on l.id = p.lender_id where l.name = $1 limit 1`,
      [HARBOR],
    );
    const harborProduct = harbors[0]!.id;
    const limited = await add(flat('T GAP', { loanProductIds: [newAuto, newAuto], isDefault: true }));
    expect(limited.loanProductIds).toEqual([newAuto]);
    const foreign = await admin.post(
      '/api/loanAdditions',
      flat('T Foreign', { loanProductIds: [newAuto, harborProduct] }),
    );
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors).toEqual([{ field: 'loanProductIds.1', message: loanAdditionTexts.unknownProduct }]);
    expect((await harborAdmin.get(`/api/loanAdditions/${limited.id}`)).statusCode).toBe(404);
    expect((await harborAdmin.put(`/api/loanAdditions/${limited.id}`, flat('T GAP'))).statusCode).toBe(404);
    expect((await harborAdmin.post(`/api/loanAdditions/${limited.id}/disable`, {})).statusCode).toBe(404);
    expect((await officer.get('/api/loanAdditions')).statusCode).toBe(403);
    expect((await officer.post('/api/loanAdditions', flat('T Officer'))).statusCode).toBe(403);
  });

  it('the demo seed: GAP and a service contract on vehicle products, GAP by default; per-$1,000 protections', async () => {
    const { rows: lender } = await t.pool.query<{ id: number }>(
      `insert into lenders (name, time_zone) values ('Add-On Seed Lender', 'America/Denver') returning id`,
    );
    const lenderId = lender[0]!.id;
    const { rows: product } = await t.pool.query<{ id: number }>(
      `insert into loan_products (lender_id, name, control_type) values ($1, 'Seed Auto', 'AUTOMOTIVE') returning id`,
      [lenderId],
    );
    await seedLoanAdditions(t.db, lenderId);
    const { rows } = await t.pool.query(
      `select name, fee_type, flat_amount, rate_per_1000, is_default, loan_product_ids, finance_charge
         from loan_additions where lender_id = $1 order by sort_order`,
      [lenderId],
    );
    expect(rows).toEqual([
      {
        name: 'GAP Protection',
        fee_type: 'flat',
        flat_amount: '595.00',
        rate_per_1000: null,
        is_default: true,
        loan_product_ids: [product[0]!.id],
        finance_charge: false,
      },
      {
        name: 'Vehicle Service Contract',
        fee_type: 'flat',
        flat_amount: '1895.00',
        rate_per_1000: null,
        is_default: false,
        loan_product_ids: [product[0]!.id],
        finance_charge: false,
      },
      ...[
        ['Credit Life', '3.5000'],
        ['Credit Disability', '4.2500'],
        ['Debt Protection', '2.1000'],
      ].map(([name, rate]) => ({
        name,
        fee_type: 'per1000',
        flat_amount: null,
        rate_per_1000: rate,
        is_default: false,
        loan_product_ids: [],
        finance_charge: false,
      })),
      // Issue 41: the credit union's own fee for the credit, a prepaid finance charge, chosen by the officer.
      {
        name: 'Loan Processing Fee',
        fee_type: 'flat',
        flat_amount: '95.00',
        rate_per_1000: null,
        is_default: false,
        loan_product_ids: [],
        finance_charge: true,
      },
    ]);
  });
});
