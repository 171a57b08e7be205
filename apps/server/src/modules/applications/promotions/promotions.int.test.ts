import { messages } from '@credence/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  countRows,
  findSeededApplication,
  newAutoApplication,
  productId,
  signIn,
  SUMMIT,
  type ApiClient,
} from '../../../test/api-client.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let officer: ApiClient;
let harbor: ApiClient;
let usedAuto: number;
const promo = { spring: 0, member: 0, ended: 0, other: 0 };

const addPromotion = async (product: number, name: string, extra: Record<string, unknown> = {}) => {
  const { rows } = await t.pool.query<{ id: number }>(
    `insert into promotions (lender_id, loan_product_id, name, description, rate_discount, start_date, end_date, auto_select)
     select lender_id, id, $2, $3, $4, $5, $6, $7 from loan_products where id = $1 returning id`,
    [
      product,
      name,
      extra.description ?? null,
      extra.rateDiscount ?? null,
      extra.startDate ?? null,
      extra.endDate ?? null,
      extra.autoSelect ?? false,
    ],
  );
  return rows[0]!.id;
};

beforeAll(async () => {
  t = await createTestApp();
  officer = await signIn(t, 'officer', 'Officer2026');
  harbor = await signIn(t, 'harbor', 'Harbor2026');
  usedAuto = await productId(t, SUMMIT, 'Used Auto');
  await t.pool.query('delete from promotions where loan_product_id = $1', [usedAuto]);
  promo.spring = await addPromotion(usedAuto, 'Spring rate special', {
    rateDiscount: '0.250',
    autoSelect: true,
    startDate: '2020-01-01',
  });
  promo.member = await addPromotion(usedAuto, 'Member loyalty', { rateDiscount: '0.125', description: '5+ years' });
  promo.ended = await addPromotion(usedAuto, 'Last year', { endDate: '2021-12-31' });
  promo.other = await addPromotion(await productId(t, SUMMIT, 'Personal Loan'), 'Personal promo');
});
afterAll(() => t.close());

const create = async () => {
  const response = await officer.post('/api/applications', newAutoApplication(usedAuto));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number }>().id;
};
const replace = (value: unknown) => [{ op: 'replace', path: '/promotionIds', value }];

describe('promotions', () => {
  it("lists the product's current promotions and saves the chosen ids through the JSON patch", async () => {
    const id = await create();
    const summary = (await officer.get(`/api/applications/${id}/promotions`)).json();
    expect(summary).toEqual({
      applicationId: id,
      loanProductId: usedAuto,
      promotionIds: [],
      promotions: [
        expect.objectContaining({ id: promo.member, name: 'Member loyalty', rateDiscount: '0.125', autoSelect: false }),
        expect.objectContaining({ id: promo.spring, rateDiscount: '0.250', autoSelect: true, startDate: '2020-01-01' }),
      ],
    });
    const patched = await officer.patch(`/api/application/${id}`, replace([promo.spring, promo.member, promo.spring]));
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().promotionIds).toEqual([promo.spring, promo.member].sort((a, b) => a - b));
    expect((await officer.get(`/api/applications/${id}/promotions`)).json()).toEqual(patched.json());
    const [entry] = (await officer.get(`/api/applications/${id}/history`)).json();
    expect(entry).toMatchObject({
      action: 'Promotions updated',
      changes: [{ property: 'promotionIds', oldValue: null }],
    });
    const cleared = await officer.patch(`/api/application/${id}`, replace([]));
    expect(cleared.json().promotionIds).toEqual([]);
  });

  it('refuses other operations and paths, bad values and promotions of other products, writing nothing', async () => {
    const id = await create();
    await officer.patch(`/api/application/${id}`, replace([promo.member]));
    const before = await countRows(t, 'application_promotions');
    const historyBefore = await countRows(t, 'application_history');
    const cases: [unknown, string[]][] = [
      [[{ op: 'add', path: '/promotionIds', value: [promo.spring] }], ['0.op']],
      // A loan id op alone is the cores module's (issue 14); mixed with /promotionIds it is refused here.
      [
        [{ op: 'replace', path: '/potentialLoanId', value: 'L-1' }, ...replace([promo.spring])],
        ['0.path', '0.value'],
      ],
      [[{ op: 'remove', path: '/state' }], ['0.op', '0.path', '0.value']],
      [replace([promo.spring]).concat({ op: 'replace', path: '/loanProductId', value: [1] }), ['1.path']],
      [replace(['x']), ['0.value.0']],
      [replace(null), ['0.value']],
      [[], ['body']],
    ];
    for (const [body, fields] of cases) {
      const response = await officer.patch(`/api/application/${id}`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(
        response.json().errors.map((e: { field: string }) => e.field),
        JSON.stringify(body),
      ).toEqual(fields);
    }
    const wrongPath = await officer.patch(`/api/application/${id}`, [{ op: 'replace', path: '/state', value: [] }]);
    expect(wrongPath.json().errors).toEqual([{ field: '0.path', message: messages.promotions.patchNotAllowed }]);
    for (const ids of [[promo.other], [promo.ended], [2147483000]]) {
      const response = await officer.patch(`/api/application/${id}`, replace([promo.member, ...ids]));
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual([{ field: 'promotionIds.1', message: messages.promotions.notFound }]);
    }
    expect(await countRows(t, 'application_promotions')).toBe(before);
    expect(await countRows(t, 'application_history')).toBe(historyBefore);
    expect((await officer.get(`/api/applications/${id}/promotions`)).json().promotionIds).toEqual([promo.member]);
  });

  it('needs the lock and the funded confirmation; another lender answers 404', async () => {
    const funded = await findSeededApplication(t, SUMMIT, "a.state = 'funded'");
    expect((await officer.patch(`/api/application/${funded}`, replace([]))).json().code).toBe('LOCK_REQUIRED');
    expect((await officer.post(`/api/applications/${funded}/lock`)).statusCode).toBe(200);
    expect((await officer.patch(`/api/application/${funded}`, replace([]))).json().code).toBe(
      'FUNDED_CONFIRMATION_REQUIRED',
    );
    expect((await officer.patch(`/api/application/${funded}?confirmFunded=true`, replace([]))).statusCode).toBe(200);
    expect((await harbor.get(`/api/applications/${funded}/promotions`)).statusCode).toBe(404);
    expect((await harbor.patch(`/api/application/${funded}`, replace([]))).statusCode).toBe(404);
  });
});
