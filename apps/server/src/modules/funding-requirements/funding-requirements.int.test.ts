import {
  fundingRequirementDefinitionsResource,
  fundingRequirementDefinitionTexts,
  type FundingRequirementDefinition,
} from '@credence/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../db/tenancy.ts';
import { HARBOR, productId, signIn, SUMMIT, type ApiClient } from '../../test/api-client.ts';
import { describeResource } from '../../test/resource-suite.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { listForProduct } from './funding-requirements.repository.ts';

const path = '/api/admin/fundingRequirements';

describeResource(fundingRequirementDefinitionsResource, {
  valid: (description) => ({ description, required: true, sortOrder: 10 }),
  invalid: [
    { input: { description: ' ' }, fields: ['description'] },
    { input: { description: 'X'.repeat(201) }, fields: ['description'] },
    { input: { description: 'OK', required: 'yes' }, fields: ['required'] },
    {
      input: { description: 'OK', loanProductIds: [0], clearUserGroupIds: ['x'] },
      fields: ['loanProductIds.0', 'clearUserGroupIds.0'],
    },
    { input: { description: 'OK', clearUserGroupIds: [2_000_000_000] }, fields: ['clearUserGroupIds.0'] },
    { input: { description: 'OK', sortOrder: 10000 }, fields: ['sortOrder'] },
  ],
  change: (input) => ({ ...input, required: false }),
});

describe('funding requirements per product', () => {
  let t: TestApp;
  let admin: ApiClient;
  let harborAdmin: ApiClient;
  let officer: ApiClient;
  let summit = 0;
  let newAuto = 0;
  let otherProduct = 0;
  const add = async (body: Record<string, unknown>) => {
    const response = await admin.post(path, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<FundingRequirementDefinition>();
  };
  const groupId = async (lender: string, name: string) =>
    (
      await t.pool.query<{ id: number }>(
        `select g.id from user_groups g join lenders l on l.id = g.lender_id where l.name = $1 and g.name = $2`,
        [lender, name],
      )
    ).rows[0]!.id;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t, 'admin', 'Admin2026');
    officer = await signIn(t, 'officer', 'Officer2026');
    harborAdmin = await signIn(t, 'admin', 'Admin2026');
    const me = (await harborAdmin.get('/api/user/me')).json<{ lenders: { id: number; name: string }[] }>();
    await harborAdmin.put('/api/user/lender', { lenderId: me.lenders.find((l) => l.name === HARBOR)!.id });
    summit = (await t.pool.query<{ id: number }>(`select id from lenders where name = $1`, [SUMMIT])).rows[0]!.id;
    newAuto = await productId(t, SUMMIT, 'New Auto');
    otherProduct = (
      await t.pool.query<{ id: number }>(`select id from loan_products where lender_id = $1 and id <> $2 limit 1`, [
        summit,
        newAuto,
      ])
    ).rows[0]!.id;
  });
  afterAll(() => t.close());

  it("names only the lender's products and user groups (a 422 on the first that is not)", async () => {
    const funding = await groupId(SUMMIT, 'Funding Team');
    const dealerDesk = await groupId(HARBOR, 'Dealer Desk');
    const saved = await add({
      description: 'R Proof of insurance',
      loanProductIds: [newAuto, newAuto],
      clearUserGroupIds: [funding],
    });
    expect(saved).toMatchObject({
      required: true,
      enabled: true,
      loanProductIds: [newAuto],
      clearUserGroupIds: [funding],
    });
    const foreignGroup = await admin.post(path, { description: 'R Foreign', clearUserGroupIds: [funding, dealerDesk] });
    expect(foreignGroup.statusCode).toBe(422);
    expect(foreignGroup.json().errors).toEqual([
      { field: 'clearUserGroupIds.1', message: fundingRequirementDefinitionTexts.unknownGroup },
    ]);
    const harborProduct = (
      await t.pool.query<{ id: number }>(
        `select p.id from loan_products p join lenders l on l.id = p.lender_id where l.name = $1 limit 1`,
        [HARBOR],
      )
    ).rows[0]!.id;
    const foreignProduct = await admin.post(path, { description: 'R Foreign', loanProductIds: [harborProduct] });
    expect(foreignProduct.statusCode).toBe(422);
    expect(foreignProduct.json().errors).toEqual([
      { field: 'loanProductIds.0', message: fundingRequirementDefinitionTexts.unknownProduct },
    ]);
    const taken = await admin.post(path, { description: 'r proof OF insurance' });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual([
      { field: 'description', message: fundingRequirementDefinitionTexts.descriptionTaken },
    ]);
    expect((await harborAdmin.get(`${path}/${saved.id}`)).statusCode).toBe(404);
    expect((await officer.get(path)).statusCode).toBe(403);
    expect((await officer.post(path, { description: 'R Officer' })).statusCode).toBe(403);
  });

  it('listForProduct: enabled, for the product or every product, in sort order, with the groups allowed to clear', async () => {
    const funding = await groupId(SUMMIT, 'Funding Team');
    const all = await add({ description: 'L Signed contract', sortOrder: 20 });
    const auto = await add({
      description: 'L Title application',
      sortOrder: 10,
      loanProductIds: [newAuto],
      clearUserGroupIds: [funding],
    });
    await add({ description: 'L Other product', sortOrder: 1, loanProductIds: [otherProduct] });
    await add({ description: 'L Disabled', sortOrder: 2, enabled: false });
    const optional = await add({ description: 'L Photo ID', sortOrder: 30, required: false });

    const list = await withTenant(t.db, summit, (tx) => listForProduct(tx, newAuto));
    expect(list.filter((r) => r.description.startsWith('L '))).toEqual([
      { id: auto.id, description: 'L Title application', required: true, clearUserGroupIds: [funding] },
      { id: all.id, description: 'L Signed contract', required: true, clearUserGroupIds: [] },
      { id: optional.id, description: 'L Photo ID', required: false, clearUserGroupIds: [] },
    ]);
    const harbor = (await t.pool.query<{ id: number }>(`select id from lenders where name = $1`, [HARBOR])).rows[0]!.id;
    expect(
      (await withTenant(t.db, harbor, (tx) => listForProduct(tx, newAuto))).filter((r) =>
        r.description.startsWith('L '),
      ),
    ).toEqual([]);
  });
});
