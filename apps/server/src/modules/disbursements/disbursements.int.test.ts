import { disbursementsResource, disbursementTexts, type Disbursement } from '@credence/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../db/tenancy.ts';
import { HARBOR, productId, signIn, SUMMIT, type ApiClient } from '../../test/api-client.ts';
import { describeResource } from '../../test/resource-suite.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { disbursementsForProduct } from './disbursements.service.ts';

const lenderId = async (t: TestApp, name: string) =>
  (await t.pool.query<{ id: number }>(`select id from lenders where name = $1`, [name])).rows[0]!.id;
const addMethod = async (t: TestApp, lender: string, name: string, enabled = true) =>
  (
    await t.pool.query<{ id: number }>(
      `insert into lender_disbursal_methods (lender_id, name, enabled) values ($1, $2, $3) returning id`,
      [await lenderId(t, lender), name, enabled],
    )
  ).rows[0]!.id;

let kitMethod = 0;
const payout = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  payeeType: 'dealer',
  disbursalMethodId: kitMethod,
  sortOrder: 10,
  ...extra,
});

describeResource(disbursementsResource, {
  prepare: async (t) => {
    kitMethod = await addMethod(t, SUMMIT, 'Kit Dealer Draft');
  },
  valid: (name) => payout(name),
  invalid: () => [
    { input: payout('  '), fields: ['name'] },
    { input: payout('X'.repeat(101)), fields: ['name'] },
    { input: payout('OK', { payeeType: 'bank' }), fields: ['payeeType'] },
    { input: payout('OK', { disbursalMethodId: null }), fields: ['disbursalMethodId'] },
    { input: payout('OK', { disbursalMethodId: 2_000_000_000 }), fields: ['disbursalMethodId'] },
    { input: payout('OK', { sortOrder: -1, loanProductIds: [0] }), fields: ['sortOrder', 'loanProductIds.0'] },
    { input: payout('OK', { loanProductIds: [2_000_000_000] }), fields: ['loanProductIds.0'] },
  ],
  change: (input) => ({ ...input, payeeType: 'member', sortOrder: 20 }),
});

describe('disbursements', () => {
  let t: TestApp;
  let admin: ApiClient;
  let harborAdmin: ApiClient;
  let officer: ApiClient;
  let check = 0;
  let draft = 0;
  let transfer = 0;
  const save = async (body: Record<string, unknown>, status = 201) => {
    const response = await admin.post('/api/disbursements', body);
    expect(response.statusCode, response.body).toBe(status);
    return response.json<Disbursement>();
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t, 'admin', 'Admin2026');
    officer = await signIn(t, 'officer', 'Officer2026');
    harborAdmin = await signIn(t, 'admin', 'Admin2026');
    const me = (await harborAdmin.get('/api/user/me')).json<{ lenders: { id: number; name: string }[] }>();
    await harborAdmin.put('/api/user/lender', { lenderId: me.lenders.find((l) => l.name === HARBOR)!.id });
    check = await addMethod(t, SUMMIT, 'D Check');
    draft = await addMethod(t, SUMMIT, 'D Dealer Draft');
    transfer = await addMethod(t, SUMMIT, 'D Internal Transfer');
  });
  afterAll(() => t.close());

  it('POST disbursements saves the one its id names (spec 2 §7), audited as an update; GET reads it back', async () => {
    const created = await save({ name: 'D Lien payoff', payeeType: 'lienholder', disbursalMethodId: check });
    expect(created).toMatchObject({
      name: 'D Lien payoff',
      payeeType: 'lienholder',
      disbursalMethodId: check,
      disbursalMethodName: 'D Check',
      loanProductIds: [],
      enabled: true,
    });
    const saved = await save({ ...created, id: created.id, disbursalMethodId: draft, sortOrder: 7 });
    expect(saved).toMatchObject({ id: created.id, disbursalMethodName: 'D Dealer Draft', sortOrder: 7 });
    expect((await admin.get(`/api/disbursements/${created.id}`)).json()).toEqual(saved);
    const { rows } = await t.pool.query<{ action: string; details: { changes: Record<string, unknown> } }>(
      `select action, details from audit_events where area = 'disbursements' and record_id = $1 order by id`,
      [String(created.id)],
    );
    expect(rows.map((r) => r.action)).toEqual(['create', 'update']);
    expect(Object.keys(rows[1]!.details.changes).sort()).toEqual([
      'disbursalMethodId',
      'disbursalMethodName',
      'sortOrder',
    ]);
    // Another lender's id is not saved over.
    const foreign = await harborAdmin.post('/api/disbursements', { ...created, id: created.id });
    expect(foreign.statusCode).toBe(404);
    // isUnique with the spec's query (name, id).
    const unique = (query: string) => admin.get(`/api/disbursements/isUnique?${query}`);
    expect((await unique('name=d%20LIEN%20payoff')).json()).toEqual({ isUnique: false });
    expect((await unique(`name=d%20LIEN%20payoff&id=${created.id}`)).json()).toEqual({ isUnique: true });
  });

  it("takes only the lender's enabled methods (a disabled one may stay) and the lender's products", async () => {
    const harborMethod = await addMethod(t, HARBOR, 'D Harbor Check');
    const foreign = await admin.post('/api/disbursements', payoutWith('D Foreign', harborMethod));
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors).toEqual([{ field: 'disbursalMethodId', message: disbursementTexts.unknownMethod }]);
    const retired = await addMethod(t, SUMMIT, 'D Retired', false);
    expect((await admin.post('/api/disbursements', payoutWith('D Retired one', retired))).statusCode).toBe(422);

    const kept = await save(payoutWith('D Kept', transfer));
    await t.pool.query(`update lender_disbursal_methods set enabled = false where id = $1`, [transfer]);
    const again = await admin.put(`/api/disbursements/${kept.id}`, { ...payoutWith('D Kept', transfer), sortOrder: 3 });
    expect(again.statusCode, again.body).toBe(200);
    await t.pool.query(`update lender_disbursal_methods set enabled = true where id = $1`, [transfer]);

    const { rows } = await t.pool.query<{ id: number }>(
      `select p.id from loan_products p join lenders l on l.id = p.lender_id where l.name = $1 limit 1`,
      [HARBOR],
    );
    const newAuto = await productId(t, SUMMIT, 'New Auto');
    const wrong = await admin.post('/api/disbursements', {
      ...payoutWith('D Products', check),
      loanProductIds: [newAuto, rows[0]!.id],
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual([{ field: 'loanProductIds.1', message: disbursementTexts.unknownProduct }]);
  });

  it('GET loanProduct lists every product of the lender for the funding administration', async () => {
    const response = await admin.get('/api/loanProduct');
    expect(response.statusCode).toBe(200);
    const products = response.json<{ id: number; name: string; enabled: boolean }[]>();
    expect(products.map((p) => p.name)).toContain('New Auto');
    const { rows } = await t.pool.query<{ n: string }>(
      `select count(*) as n from loan_products p join lenders l on l.id = p.lender_id where l.name = $1`,
      [SUMMIT],
    );
    expect(products).toHaveLength(Number(rows[0]!.n));
    expect((await officer.get('/api/loanProduct')).statusCode).toBe(403);
    expect((await officer.post('/api/disbursements', payoutWith('D Officer', check))).statusCode).toBe(403);
  });

  it('disbursementsForProduct: enabled, for the product or every product, with an enabled method, in order', async () => {
    const summit = await lenderId(t, SUMMIT);
    const newAuto = await productId(t, SUMMIT, 'New Auto');
    const { rows } = await t.pool.query<{ id: number }>(
      `select id from loan_products where lender_id = $1 and id <> $2 order by id limit 1`,
      [summit, newAuto],
    );
    const otherProduct = rows[0]!.id;
    const off = await addMethod(t, SUMMIT, 'P Off');
    await save({ ...payoutWith('P Member', transfer), payeeType: 'member', sortOrder: 30 });
    await save({ ...payoutWith('P Dealer', draft), sortOrder: 10, loanProductIds: [newAuto] });
    await save({ ...payoutWith('P Other product', check), sortOrder: 5, loanProductIds: [otherProduct] });
    await save({ ...payoutWith('P Disabled', check), sortOrder: 1, enabled: false });
    await save({ ...payoutWith('P Method off', off), sortOrder: 2 });
    await t.pool.query(`update lender_disbursal_methods set enabled = false where id = $1`, [off]);

    const list = await withTenant(t.db, summit, (tx) => disbursementsForProduct(tx, newAuto));
    const mine = list.filter((d) => d.name.startsWith('P '));
    expect(mine).toEqual([
      {
        id: expect.any(Number),
        name: 'P Dealer',
        payeeType: 'dealer',
        disbursalMethodId: draft,
        disbursalMethodName: 'D Dealer Draft',
      },
      {
        id: expect.any(Number),
        name: 'P Member',
        payeeType: 'member',
        disbursalMethodId: transfer,
        disbursalMethodName: 'D Internal Transfer',
      },
    ]);
    // Another lender sees none of them.
    const harbor = await withTenant(t.db, await lenderId(t, HARBOR), (tx) => disbursementsForProduct(tx, newAuto));
    expect(harbor.filter((d) => d.name.startsWith('P '))).toEqual([]);
  });
});

const payoutWith = (name: string, disbursalMethodId: number) => ({
  name,
  payeeType: 'dealer',
  disbursalMethodId,
  sortOrder: 10,
});
