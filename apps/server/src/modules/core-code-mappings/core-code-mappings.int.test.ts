import { coreCodeMappingTexts, type CoreCodeMapping, type CoreCodeValues } from '@credence/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedFundingAdmin } from '../../db/seed/funding-admin.ts';
import { withTenant } from '../../db/tenancy.ts';
import { HARBOR, productId, signIn, SUMMIT, type ApiClient } from '../../test/api-client.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { coreCodeMap } from './core-code-mappings.service.ts';

const path = '/api/admin/corecodemappings';

describe('core code mappings (admin/corecodemappings)', () => {
  let t: TestApp;
  let admin: ApiClient;
  let harborAdmin: ApiClient;
  let officer: ApiClient;
  let newAuto = 0;
  const audit = async (id: number) =>
    (
      await t.pool.query<{ action: string; details: { label: string; changes: Record<string, unknown> } }>(
        `select action, details from audit_events where area = 'coreCodeMappings' and record_id = $1 order by id`,
        [String(id)],
      )
    ).rows;
  const create = async (body: Record<string, unknown>) => {
    const response = await admin.post(path, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<CoreCodeMapping>();
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t, 'admin', 'Admin2026');
    officer = await signIn(t, 'officer', 'Officer2026');
    harborAdmin = await signIn(t, 'admin', 'Admin2026');
    const me = (await harborAdmin.get('/api/user/me')).json<{ lenders: { id: number; name: string }[] }>();
    await harborAdmin.put('/api/user/lender', { lenderId: me.lenders.find((l) => l.name === HARBOR)!.id });
    newAuto = await productId(t, SUMMIT, 'New Auto');
    // The demo seed maps every value of the demo lenders: these tests start from none.
    await t.pool.query(`delete from core_code_mappings`);
  });
  afterAll(() => t.close());

  it('creates, reads, updates and deletes, each write audited; the value is labelled', async () => {
    const mapping = await create({
      codeType: 'loanProduct',
      credenceValue: String(newAuto),
      coreCode: ' 0010 ',
      description: 'New vehicle loan type',
    });
    expect(mapping).toMatchObject({ codeType: 'loanProduct', credenceLabel: 'New Auto', coreCode: '0010' });
    const frequency = await create({ codeType: 'paymentFrequency', credenceValue: 'BiWeekly', coreCode: 'B' });
    expect(frequency).toMatchObject({ credenceLabel: 'Bi-Weekly', description: null });
    expect((await admin.get(`${path}/${mapping.id}`)).json()).toEqual(mapping);

    const updated = await admin.put(`${path}/${mapping.id}`, {
      codeType: 'loanProduct',
      credenceValue: String(newAuto),
      coreCode: '0011',
      description: 'New vehicle loan type',
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect((await admin.delete(`${path}/${frequency.id}`)).statusCode).toBe(200);
    expect((await admin.get(`${path}/${frequency.id}`)).statusCode).toBe(404);
    const rows = await audit(mapping.id);
    expect(rows.map((r) => r.action)).toEqual(['create', 'update']);
    expect(rows[1]!.details.changes).toEqual({ coreCode: { old: '0010', new: '0011' } });
    expect((await audit(frequency.id)).map((r) => r.action)).toEqual(['create', 'delete']);

    // The list: sorted by the value's name, searched by it, filtered by kind.
    const page = await admin.get(`${path}?codeType=loanProduct&text=new%20auto&sort=credenceLabel`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().data.map((m: CoreCodeMapping) => m.id)).toEqual([mapping.id]);
    expect((await admin.get(`${path}?codeType=nope`)).statusCode).toBe(422);
  });

  it('refuses a value not of its kind, a taken (kind, value) and bad fields with a 422 on the field', async () => {
    const refused = async (body: Record<string, unknown>, fields: string[]) => {
      const response = await admin.post(path, body);
      expect(response.statusCode, response.body).toBe(422);
      expect(
        response
          .json()
          .errors.map((e: { field: string }) => e.field)
          .sort(),
      ).toEqual(fields);
      return response.json().errors as { field: string; message: string }[];
    };
    const { rows } = await t.pool.query<{ id: number }>(
      `select p.id from loan_products p join lenders l on l.id = p.lender_id where l.name = $1 limit 1`,
      [HARBOR],
    );
    expect(
      await refused({ codeType: 'loanProduct', credenceValue: String(rows[0]!.id), coreCode: 'X' }, ['credenceValue']),
    ).toEqual([{ field: 'credenceValue', message: coreCodeMappingTexts.unknownValue }]);
    await refused({ codeType: 'paymentFrequency', credenceValue: 'Daily', coreCode: 'D' }, ['credenceValue']);
    await refused({ codeType: 'collateralType', credenceValue: 'auto', coreCode: 'A' }, ['credenceValue']);
    await refused({ codeType: 'branch', credenceValue: '99999999999', coreCode: 'A' }, ['credenceValue']);
    await refused({ codeType: 'color', credenceValue: 'x', coreCode: 'A' }, ['codeType']);
    await refused({ codeType: 'collateralType', credenceValue: 'AUTO', coreCode: 'X'.repeat(41) }, ['coreCode']);
    await refused({ codeType: 'collateralType', credenceValue: 'AUTO', coreCode: ' ' }, ['coreCode']);
    await refused({ codeType: 'collateralType', credenceValue: 'AUTO', coreCode: 'A', description: 'X'.repeat(201) }, [
      'description',
    ]);

    await create({ codeType: 'collateralType', credenceValue: 'AUTO', coreCode: '01' });
    expect(
      await refused({ codeType: 'collateralType', credenceValue: 'AUTO', coreCode: '02' }, ['credenceValue']),
    ).toEqual([{ field: 'credenceValue', message: coreCodeMappingTexts.valueTaken }]);
    // Two saves racing: one wins, the other is the same 422 (the unique index decides).
    const racing = await Promise.all(
      [1, 2, 3].map(() => admin.post(path, { codeType: 'collateralType', credenceValue: 'BOAT', coreCode: '03' })),
    );
    expect(racing.map((r) => r.statusCode).sort()).toEqual([201, 422, 422]);
    // The same value in another kind, or at another lender, is free.
    await create({ codeType: 'paymentFrequency', credenceValue: 'Monthly', coreCode: 'AUTO' });
    expect(
      (await harborAdmin.post(path, { codeType: 'collateralType', credenceValue: 'AUTO', coreCode: '09' })).statusCode,
    ).toBe(201);
  });

  it("keeps another lender's mappings out of reach; the area needs its right", async () => {
    const mine = await create({ codeType: 'collateralType', credenceValue: 'RV', coreCode: '16' });
    expect((await harborAdmin.get(`${path}/${mine.id}`)).statusCode).toBe(404);
    expect(
      (await harborAdmin.put(`${path}/${mine.id}`, { codeType: 'collateralType', credenceValue: 'RV', coreCode: '1' }))
        .statusCode,
    ).toBe(404);
    expect((await harborAdmin.delete(`${path}/${mine.id}`)).statusCode).toBe(404);
    const harborList = (await harborAdmin.get(`${path}?pageSize=500`)).json<{ data: CoreCodeMapping[] }>();
    expect(harborList.data.some((m) => m.id === mine.id)).toBe(false);
    expect((await officer.get(path)).statusCode).toBe(403);
    expect((await officer.get(`${path}/values`)).statusCode).toBe(403);
    expect(
      (await officer.post(path, { codeType: 'collateralType', credenceValue: 'ATV', coreCode: '1' })).statusCode,
    ).toBe(403);
    expect((await officer.delete(`${path}/${mine.id}`)).statusCode).toBe(403);
  });

  it('answers the values of every kind; coreCodeMap reads them back per kind', async () => {
    const values = (await admin.get(`${path}/values`)).json<CoreCodeValues>();
    expect(values.map((v) => v.codeType)).toEqual([
      'loanProduct',
      'paymentFrequency',
      'collateralType',
      'disbursalMethod',
      'addition',
      'branch',
    ]);
    expect(values[0]!.values).toContainEqual({ value: String(newAuto), label: 'New Auto' });
    expect(values[1]!.values).toContainEqual({ value: 'BiWeekly', label: 'Bi-Weekly' });
    expect(values[2]!.values).toContainEqual({ value: 'TRAVEL_TRAILER', label: 'Travel Trailer' });

    const summit = (await t.pool.query<{ id: number }>(`select id from lenders where name = $1`, [SUMMIT])).rows[0]!.id;
    const map = await withTenant(t.db, summit, (tx) => coreCodeMap(tx));
    expect([...map.keys()].sort()).toEqual(values.map((v) => v.codeType).sort());
    expect(map.get('collateralType')!.get('AUTO')).toBe('01');
    expect(map.get('loanProduct')!.get(String(newAuto))).toBe('0011');
    expect(map.get('branch')!.size).toBe(0);
  });

  it('the demo seed: methods, disbursements, a code for every product, frequency, method and add-on; requirements', async () => {
    const { rows: lender } = await t.pool.query<{ id: number }>(
      `insert into lenders (name, time_zone) values ('Funding Admin Seed Lender', 'America/Denver') returning id`,
    );
    const lenderId = lender[0]!.id;
    const { rows: products } = await t.pool.query<{ id: number }>(
      `insert into loan_products (lender_id, name, control_type) values ($1, 'Seed Auto', 'AUTOMOTIVE'), ($1, 'Seed Personal', 'PERSONAL') returning id`,
      [lenderId],
    );
    const { rows: group } = await t.pool.query<{ id: number }>(
      `insert into user_groups (lender_id, name) values ($1, 'Funding Team') returning id`,
      [lenderId],
    );
    // No add-ons and no branches: the seed still runs.
    await seedFundingAdmin(t.db, lenderId);
    const q = async (sql: string) => (await t.pool.query(sql, [lenderId])).rows;
    expect(
      await q(`select name, enabled from lender_disbursal_methods where lender_id = $1 order by sort_order`),
    ).toEqual([
      { name: 'Check', enabled: true },
      { name: 'ACH', enabled: true },
      { name: 'Dealer Draft', enabled: true },
      { name: 'Internal Transfer', enabled: true },
      { name: 'Wire Transfer', enabled: false },
    ]);
    const payouts = await q(
      `select d.name, d.payee_type, m.name as method from disbursements d
         join lender_disbursal_methods m on m.id = d.disbursal_method_id where d.lender_id = $1 order by d.sort_order`,
    );
    expect(payouts.slice(0, 3)).toEqual([
      { name: 'Dealer proceeds', payee_type: 'dealer', method: 'Dealer Draft' },
      { name: 'Lien payoff', payee_type: 'lienholder', method: 'Check' },
      { name: 'Member proceeds', payee_type: 'member', method: 'Internal Transfer' },
    ]);
    const counts = await q(
      `select code_type, count(*)::int as n from core_code_mappings where lender_id = $1 group by code_type order by code_type`,
    );
    expect(counts).toEqual([
      { code_type: 'collateralType', n: 23 },
      { code_type: 'disbursalMethod', n: 5 },
      { code_type: 'loanProduct', n: 2 },
      { code_type: 'paymentFrequency', n: 7 },
    ]);
    const requirements = await q(
      `select description, required, loan_product_ids, clear_user_group_ids from funding_requirements
        where lender_id = $1 order by sort_order`,
    );
    expect(requirements.length).toBeGreaterThanOrEqual(4);
    expect(requirements.length).toBeLessThanOrEqual(6);
    expect(requirements.find((r) => r.description === 'Proof of insurance')).toEqual({
      description: 'Proof of insurance',
      required: true,
      loan_product_ids: [products[0]!.id],
      clear_user_group_ids: [group[0]!.id],
    });
    expect(requirements.find((r) => r.description === 'Proof of income')!.loan_product_ids).toEqual([products[1]!.id]);
  });
});
