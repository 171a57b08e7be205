import {
  reserveMatricesResource,
  reservesResource,
  reserveTexts,
  type Reserve,
  type ReserveMatrix,
  type ReserveResolution,
  type ReservesLists,
} from '@credence/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoReserveNames, seedReserves } from '../../db/seed/reserves.ts';
import { HARBOR, productId, signIn, SUMMIT, type ApiClient } from '../../test/api-client.ts';
import { describeResource } from '../../test/resource-suite.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const flat = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  method: 'flat',
  flatAmount: '150.00',
  ...extra,
});

describeResource(reservesResource, {
  valid: (name) => flat(name),
  invalid: [
    { input: flat('  '), fields: ['name'] },
    { input: flat('OK', { method: 'percent' }), fields: ['method'] },
    { input: flat('OK', { flatAmount: '' }), fields: ['flatAmount'] },
    { input: flat('OK', { flatAmount: '-1.00', capAmount: '1.5' }), fields: ['flatAmount', 'capAmount'] },
    { input: flat('OK', { method: 'percentOfAmount', percentOfAmount: '100.5' }), fields: ['percentOfAmount'] },
    { input: flat('OK', { method: 'rateParticipation' }), fields: ['participationPercent'] },
    {
      input: flat('OK', { method: 'rateParticipation', participationPercent: '25', maxSpread: '-1' }),
      fields: ['maxSpread'],
    },
  ],
  change: (input) => ({ ...input, flatAmount: '175.00', capAmount: '500.00' }),
});

let seededReserveId = 0;
const matrixRow = (extra: Record<string, unknown> = {}) => ({
  loanProductIds: [],
  minTermMonths: null,
  maxTermMonths: 36,
  minAmount: null,
  maxAmount: null,
  direct: false,
  reserveId: seededReserveId,
  ...extra,
});
describeResource(reserveMatricesResource, {
  prepare: async (t) => {
    const { rows } = await t.pool.query<{ id: number }>(
      `insert into reserves (lender_id, name, method, flat_amount)
         select id, 'Kit matrix reserve', 'flat', 150 from lenders where name = $1 returning id`,
      [SUMMIT],
    );
    seededReserveId = rows[0]!.id;
  },
  valid: (name) => ({ name, defaultReserveId: seededReserveId, rows: [matrixRow()] }),
  invalid: () => [
    { input: { name: ' ', rows: [] }, fields: ['name'] },
    { input: { name: 'OK', rows: [matrixRow({ reserveId: null })] }, fields: ['rows.0.reserveId'] },
    {
      input: { name: 'OK', rows: [matrixRow({ minTermMonths: 48, maxTermMonths: 36 })] },
      fields: ['rows.0.maxTermMonths'],
    },
    {
      input: { name: 'OK', rows: [matrixRow(), matrixRow({ minAmount: '9000.00', maxAmount: '8000.00' })] },
      fields: ['rows.1.maxAmount'],
    },
    { input: { name: 'OK', rows: [matrixRow({ maxTermMonths: 601 })] }, fields: ['rows.0.maxTermMonths'] },
    { input: { name: 'OK', defaultReserveId: 2_000_000_000, rows: [] }, fields: ['defaultReserveId'] },
  ],
  change: (input) => ({ ...input, rows: [matrixRow({ maxTermMonths: 48 })] }),
});

describe('reserves and reserve matrices', () => {
  let t: TestApp;
  let admin: ApiClient;
  let harborAdmin: ApiClient;
  let officer: ApiClient;
  let processor: ApiClient;
  let reserveByName: Map<string, Reserve>;
  let dealerMatrix: ReserveMatrix;

  const resolve = (client: ApiClient, body: Record<string, unknown>) =>
    client.post('/api/reserveMatrix/resolveReserveByMatrix', body);
  const loan = (extra: Record<string, unknown> = {}) => ({
    reserveMatrixId: dealerMatrix.id,
    loanProductId: 1,
    amount: '25000.00',
    termMonths: 60,
    paymentFrequency: 'Monthly',
    contractRate: '6.990',
    buyRate: '5.990',
    direct: false,
    ...extra,
  });

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t, 'admin', 'Admin2026');
    officer = await signIn(t, 'officer', 'Officer2026');
    processor = await signIn(t, 'expiring', 'Expiring2026');
    harborAdmin = await signIn(t, 'admin', 'Admin2026');
    const me = (await harborAdmin.get('/api/user/me')).json<{ lenders: { id: number; name: string }[] }>();
    await harborAdmin.put('/api/user/lender', { lenderId: me.lenders.find((l) => l.name === HARBOR)!.id });
    // The demo reserves of Summit (the lead wires seedReserves into the demo; seeded here when it is not yet).
    const { rows } = await t.pool.query<{ id: number; seeded: boolean }>(
      `select l.id, exists (select 1 from reserve_matrices m where m.lender_id = l.id and m.name = $2) as seeded
         from lenders l where l.name = $1`,
      [SUMMIT, demoReserveNames.matrix],
    );
    if (!rows[0]!.seeded) await seedReserves(t.db, rows[0]!.id);
    const lists = (await admin.get('/api/reserves/getReservesListsAndMatricesWithDetails')).json<ReservesLists>();
    reserveByName = new Map(lists.reserves.map((r) => [r.name, r]));
    dealerMatrix = lists.reserveMatrices.find((m) => m.name === demoReserveNames.matrix)!;
  });
  afterAll(() => t.close());

  it('the demo seed: three reserves and the Dealer reserve matrix by term for indirect loans', async () => {
    expect(reserveByName.get(demoReserveNames.flat)).toMatchObject({ method: 'flat', flatAmount: '150.00' });
    expect(reserveByName.get(demoReserveNames.percent)).toMatchObject({
      method: 'percentOfAmount',
      percentOfAmount: '2.0000',
      capAmount: '750.00',
      description: '2 % of amount, cap $750.00',
    });
    expect(reserveByName.get(demoReserveNames.participation)).toMatchObject({
      method: 'rateParticipation',
      participationPercent: '25.0000',
      maxSpread: '2.0000',
      capAmount: '1500.00',
      description: '25 % of rate participation, max spread 2 points, cap $1,500.00',
    });
    const lists = (await admin.get('/api/reserves/getReservesListsAndMatricesWithDetails')).json<ReservesLists>();
    const matrix = lists.reserveMatrices.find((m) => m.id === dealerMatrix.id)!;
    expect(matrix).toMatchObject({ enabled: true, rowCount: 3, defaultReserveId: null, defaultReserveName: '' });
    expect(matrix.rows.map((r) => [r.minTermMonths, r.maxTermMonths, r.direct, r.reserveName])).toEqual([
      [null, 36, false, demoReserveNames.flat],
      [37, 84, false, demoReserveNames.participation],
      [85, null, false, demoReserveNames.percent],
    ]);
    // The worksheets read it too; a user with neither the area nor a worksheet right does not.
    expect((await officer.get('/api/reserves/getReservesListsAndMatricesWithDetails')).statusCode).toBe(200);
    expect((await processor.get('/api/reserves/getReservesListsAndMatricesWithDetails')).statusCode).toBe(403);
    const harbors = (
      await harborAdmin.get('/api/reserves/getReservesListsAndMatricesWithDetails')
    ).json<ReservesLists>();
    expect(harbors.reserveMatrices.some((m) => m.id === dealerMatrix.id)).toBe(false);
  });

  it('resolves the dealer reserve of several loans by the matrix', async () => {
    const ask = async (extra: Record<string, unknown>) => {
      const response = await resolve(officer, loan(extra));
      expect(response.statusCode, response.body).toBe(200);
      return response.json<ReserveResolution>();
    };
    // 24 months indirect: row 1, the flat $150.
    expect(await ask({ termMonths: 24 })).toEqual({
      reserveId: reserveByName.get(demoReserveNames.flat)!.id,
      reserveName: demoReserveNames.flat,
      reserveAmount: '150.00',
      detail: `Row 1, ${demoReserveNames.flat}: Flat reserve of $150.00`,
    });
    // $25,000 over 60 months at 6.990 % against a 5.990 % buy rate: 25 % of 702.53 (domain test) = $175.63.
    const participation = await ask({});
    expect(participation).toMatchObject({ reserveName: demoReserveNames.participation, reserveAmount: '175.63' });
    expect(participation.detail).toContain('$702.53 × 25 % = $175.63');
    // 9.990 % counts as buy + 2.000 (the max spread): 25 % of 1,415.16 = $353.79.
    expect((await ask({ contractRate: '9.990' })).reserveAmount).toBe('353.79');
    // At the buy rate: nothing.
    expect((await ask({ contractRate: '5.990' })).reserveAmount).toBe('0.00');
    // 96 months, $40,000: row 3, 2 % = $800.00 capped at $750.00.
    expect(await ask({ termMonths: 96, amount: '40000.00' })).toMatchObject({
      reserveName: demoReserveNames.percent,
      reserveAmount: '750.00',
    });
    // A direct loan matches no row and the matrix has no default.
    expect(await ask({ direct: true })).toEqual({
      reserveId: null,
      reserveName: null,
      reserveAmount: null,
      detail: reserveTexts.noReserve,
    });
    // The administrator (both rights) may resolve too.
    expect((await resolve(admin, loan({ termMonths: 24 }))).statusCode).toBe(200);
  });

  it('resolve: a 422 with the field for bad input, 404 for another lender, 403 without a worksheet right', async () => {
    const fields = async (body: Record<string, unknown>) => {
      const response = await resolve(officer, body);
      expect(response.statusCode, response.body).toBe(422);
      return response.json<{ errors: { field: string }[] }>().errors.map((e) => e.field);
    };
    expect(await fields(loan({ amount: '0.00' }))).toEqual(['amount']);
    expect(await fields(loan({ contractRate: '6.9999', buyRate: 'x' }))).toEqual(['contractRate', 'buyRate']);
    expect(await fields(loan({ termMonths: 0, paymentFrequency: 'Daily' }))).toEqual([
      'termMonths',
      'paymentFrequency',
    ]);
    // 18 months is no whole number of annual payments (the loan maths' own rule).
    expect(await fields(loan({ paymentFrequency: 'Annually', termMonths: 18 }))).toEqual(['termMonths']);
    expect(await fields({ reserveMatrixId: dealerMatrix.id })).toEqual(
      expect.arrayContaining(['loanProductId', 'amount', 'termMonths', 'direct']),
    );
    expect((await resolve(officer, loan({ reserveMatrixId: 2_000_000_000 }))).statusCode).toBe(404);
    expect((await resolve(harborAdmin, loan())).statusCode).toBe(404);
    expect((await resolve(processor, loan())).statusCode).toBe(403);
  });

  it('a disabled matrix is not resolved; a disabled reserve pays nothing', async () => {
    const reserve = (
      await admin.post('/api/reserves', flat('T Disabled Later', { flatAmount: '99.00' }))
    ).json<Reserve>();
    const created = await admin.post('/api/reserveMatrix', {
      name: 'T Short matrix',
      defaultReserveId: reserve.id,
      rows: [],
    });
    expect(created.statusCode, created.body).toBe(201);
    const matrix = created.json<ReserveMatrix>();
    expect((await resolve(officer, loan({ reserveMatrixId: matrix.id }))).json()).toMatchObject({
      reserveAmount: '99.00',
      detail: 'Default reserve, T Disabled Later: Flat reserve of $99.00',
    });
    expect((await admin.post(`/api/reserves/${reserve.id}/disable`, {})).statusCode).toBe(200);
    expect((await resolve(officer, loan({ reserveMatrixId: matrix.id }))).json()).toEqual({
      reserveId: null,
      reserveName: null,
      reserveAmount: null,
      detail: reserveTexts.reserveDisabled,
    });
    // The matrix keeps its (now disabled) default when saved again; a new matrix may not choose it.
    const again = await admin.put(`/api/reserveMatrix/${matrix.id}`, {
      name: 'T Short matrix',
      defaultReserveId: reserve.id,
    });
    expect(again.statusCode, again.body).toBe(200);
    const fresh = await admin.post('/api/reserveMatrix', { name: 'T Other', rows: [matrixRowOf(reserve.id)] });
    expect(fresh.statusCode).toBe(422);
    expect(fresh.json().errors).toEqual([{ field: 'rows.0.reserveId', message: reserveTexts.unknownReserve }]);
    expect((await admin.post(`/api/reserveMatrix/${matrix.id}/disable`, {})).statusCode).toBe(200);
    const off = await resolve(officer, loan({ reserveMatrixId: matrix.id }));
    expect(off.statusCode).toBe(422);
    expect(off.json().errors).toEqual([{ field: 'reserveMatrixId', message: reserveTexts.matrixUnavailable }]);
  });

  it("a matrix names only the lender's reserves and loan products (422 on the row's field)", async () => {
    const summitProduct = await productId(t, SUMMIT, 'New Auto');
    const harborReserve = (await harborAdmin.post('/api/reserves', flat('T Harbor reserve'))).json<Reserve>();
    const { rows } = await t.pool.query<{ id: number }>(
      `select p.id from loan_products p join lenders l on l.id = p.lender_id where l.name = $1 limit 1`,
      [HARBOR],
    );
    const ours = reserveByName.get(demoReserveNames.flat)!.id;
    const response = await admin.post('/api/reserveMatrix', {
      name: 'T Foreign',
      defaultReserveId: harborReserve.id,
      rows: [
        matrixRowOf(ours, { loanProductIds: [summitProduct] }),
        matrixRowOf(harborReserve.id, { loanProductIds: [summitProduct, rows[0]!.id] }),
      ],
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual([
      { field: 'defaultReserveId', message: reserveTexts.unknownReserve },
      { field: 'rows.1.reserveId', message: reserveTexts.unknownReserve },
      { field: 'rows.1.loanProductIds.1', message: reserveTexts.unknownProduct },
    ]);
    // By product: a row for one product only applies to it.
    const byProduct = await admin.post('/api/reserveMatrix', {
      name: 'T By product',
      rows: [matrixRowOf(ours, { loanProductIds: [summitProduct, summitProduct], maxTermMonths: null, direct: null })],
    });
    expect(byProduct.statusCode, byProduct.body).toBe(201);
    expect(byProduct.json<ReserveMatrix>().rows[0]!.loanProductIds).toEqual([summitProduct]);
    const id = byProduct.json<ReserveMatrix>().id;
    expect((await resolve(officer, loan({ reserveMatrixId: id, loanProductId: summitProduct }))).json()).toMatchObject({
      reserveAmount: '150.00',
    });
    expect(
      (await resolve(officer, loan({ reserveMatrixId: id, loanProductId: summitProduct + 1 }))).json(),
    ).toMatchObject({ reserveId: null });
  });

  it('reserves: only the fields of the method are kept; PUT reserves/ with the id in the body; doesNameExist', async () => {
    const created = await admin.post('/api/reserves', {
      name: 'T Participation',
      method: 'rateParticipation',
      participationPercent: '30',
      maxSpread: '1.5',
      flatAmount: '10.00',
      percentOfAmount: '2',
      capAmount: '',
    });
    expect(created.statusCode, created.body).toBe(201);
    const reserve = created.json<Reserve>();
    expect(reserve).toMatchObject({
      method: 'rateParticipation',
      participationPercent: '30.0000',
      maxSpread: '1.5000',
      flatAmount: null,
      percentOfAmount: null,
      capAmount: null,
    });
    const saved = await admin.put('/api/reserves', {
      id: reserve.id,
      name: 'T Participation',
      method: 'percentOfAmount',
      percentOfAmount: '1.75',
      maxSpread: '1.5',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ method: 'percentOfAmount', percentOfAmount: '1.7500', maxSpread: null });
    const { rows: audit } = await t.pool.query<{ action: string; details: { changes: Record<string, unknown> } }>(
      `select action, details from audit_events where area = 'reserves' and record_id = $1 order by id`,
      [String(reserve.id)],
    );
    expect(audit.map((a) => a.action)).toEqual(['create', 'update']);
    expect(Object.keys(audit[1]!.details.changes).sort()).toEqual([
      'maxSpread',
      'method',
      'participationPercent',
      'percentOfAmount',
    ]);
    const missing = await admin.put('/api/reserves', {
      id: 2_000_000_000,
      name: 'X',
      method: 'flat',
      flatAmount: '1.00',
    });
    expect(missing.statusCode).toBe(404);
    expect((await admin.put('/api/reserves', { name: 'X', method: 'flat', flatAmount: '1.00' })).statusCode).toBe(422);
    expect((await harborAdmin.put('/api/reserves', { ...saved.json<Reserve>(), id: reserve.id })).statusCode).toBe(404);

    const exists = (query: string) => admin.get(`/api/reserves/doesNameExist?${query}`);
    expect((await exists('name=t%20PARTICIPATION')).json()).toEqual({ exists: true, isUnique: false });
    expect((await exists(`name=t%20PARTICIPATION&id=${reserve.id}`)).json()).toEqual({ exists: false, isUnique: true });
    expect((await exists('name=T%20Nobody')).json()).toEqual({ exists: false, isUnique: true });
    expect((await harborAdmin.get('/api/reserves/doesNameExist?name=T%20Participation')).json()).toEqual({
      exists: false,
      isUnique: true,
    });
    expect((await officer.get('/api/reserves/doesNameExist?name=x')).statusCode).toBe(403);
    expect((await officer.put('/api/reserves', { ...saved.json<Reserve>(), id: reserve.id })).statusCode).toBe(403);
  });

  it('matrix writes are audited with the rows changed', async () => {
    const ours = reserveByName.get(demoReserveNames.flat)!.id;
    const created = (
      await admin.post('/api/reserveMatrix', { name: 'T Audited', rows: [matrixRowOf(ours)] })
    ).json<ReserveMatrix>();
    await admin.put(`/api/reserveMatrix/${created.id}`, {
      name: 'T Audited',
      rows: [matrixRowOf(ours), matrixRowOf(ours, { minTermMonths: 37, maxTermMonths: null })],
    });
    const { rows } = await t.pool.query<{ action: string; details: { changes: Record<string, unknown> } }>(
      `select action, details from audit_events where area = 'reserveMatrices' and record_id = $1 order by id`,
      [String(created.id)],
    );
    expect(rows.map((r) => r.action)).toEqual(['create', 'update']);
    expect(Object.keys(rows[1]!.details.changes).sort()).toEqual(['rowCount', 'rows']);
  });
});

function matrixRowOf(reserveId: number, extra: Record<string, unknown> = {}) {
  return {
    loanProductIds: [],
    minTermMonths: null,
    maxTermMonths: 36,
    minAmount: null,
    maxAmount: null,
    direct: false,
    reserveId,
    ...extra,
  };
}
