import {
  customFieldDefinitionsResource,
  customFieldDefinitionTexts,
  type CustomFieldDefinition,
} from '@credence/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productId, signIn, SUMMIT, type ApiClient } from '../../test/api-client.ts';
import { describeResource } from '../../test/resource-suite.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const path = '/api/admin/customFields';
let usedAuto = 0;

describeResource(customFieldDefinitionsResource, {
  prepare: async (t) => {
    usedAuto = await productId(t, SUMMIT, 'Used Auto');
  },
  valid: (label) => ({ loanProductId: usedAuto, label, fieldType: 'TEXT', required: false, sortOrder: 5 }),
  invalid: () => [
    { input: { loanProductId: usedAuto, label: ' ', fieldType: 'TEXT' }, fields: ['label'] },
    { input: { loanProductId: usedAuto, label: 'A', fieldType: 'COLOUR' }, fields: ['fieldType'] },
    { input: { loanProductId: usedAuto, label: 'A', fieldType: 'SELECT', options: [] }, fields: ['options'] },
    {
      input: { loanProductId: usedAuto, label: 'A', fieldType: 'SELECT', options: ['Yes', 'yes'] },
      fields: ['options.1'],
    },
    { input: { loanProductId: 2_000_000_000, label: 'A', fieldType: 'DATE' }, fields: ['loanProductId'] },
    { input: { loanProductId: usedAuto, label: 'A', fieldType: 'TEXT', sortOrder: -1 }, fields: ['sortOrder'] },
  ],
  change: (input) => ({ ...input, required: true, fieldType: 'MONEY' }),
});

describe('custom fields administration and the application’s Custom Fields dialog', () => {
  let t: TestApp;
  let admin: ApiClient;
  let newAuto = 0;
  let applicationId = 0;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t, 'admin', 'Admin2026');
    newAuto = await productId(t, SUMMIT, 'New Auto');
    applicationId = (
      await t.pool.query<{ id: number }>(`select id from applications where loan_product_id = $1 order by id limit 1`, [
        newAuto,
      ])
    ).rows[0]!.id;
  });
  afterAll(() => t.close());

  it('a field with values keeps its type (422 saying why); one without may change', async () => {
    const created = await admin.post(path, {
      loanProductId: newAuto,
      label: 'Trade allowance',
      fieldType: 'MONEY',
      sortOrder: 9,
    });
    expect(created.statusCode, created.body).toBe(201);
    const field = created.json<CustomFieldDefinition>();
    expect(field).toMatchObject({ loanProductName: 'New Auto', fieldType: 'MONEY', inUse: false, enabled: true });

    // The application's dialog shows it; a value is saved as money.
    const shown = await admin.get(`/api/applications/${applicationId}/customfields`);
    expect(shown.json().map((f: { label: string }) => f.label)).toContain('Trade allowance');
    await admin.post(`/api/applications/${applicationId}/lock`, {});
    const values = (shown.json() as { id: number; fieldType: string; options: string[] }[]).map((f) => ({
      customFieldId: f.id,
      value:
        f.id === field.id
          ? '1250.00'
          : f.fieldType === 'SELECT'
            ? f.options[0]
            : f.fieldType === 'BOOLEAN'
              ? false
              : null,
    }));
    const bad = await admin.post(`/api/applications/${applicationId}/customfields`, {
      values: values.map((v) => (v.customFieldId === field.id ? { ...v, value: '12.5' } : v)),
      confirmFunded: true,
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toContainEqual({
      field: `customFields.${field.id}`,
      message: 'Enter an amount with two decimals, e.g. 1234.50',
    });
    const saved = await admin.post(`/api/applications/${applicationId}/customfields`, { values, confirmFunded: true });
    expect(saved.statusCode, saved.body).toBe(200);

    const inUse = (await admin.get(`${path}/${field.id}`)).json<CustomFieldDefinition>();
    expect(inUse.inUse).toBe(true);
    const body = { loanProductId: newAuto, label: 'Trade allowance', fieldType: 'MONEY', sortOrder: 9 };
    const retyped = await admin.put(`${path}/${field.id}`, { ...body, fieldType: 'NUMBER' });
    expect(retyped.statusCode).toBe(422);
    expect(retyped.json().errors).toEqual([{ field: 'fieldType', message: customFieldDefinitionTexts.typeInUse }]);
    const moved = await admin.put(`${path}/${field.id}`, {
      ...body,
      loanProductId: await productId(t, SUMMIT, 'Used Auto'),
    });
    expect(moved.json().errors).toEqual([{ field: 'loanProductId', message: customFieldDefinitionTexts.productInUse }]);
    // Its label, order and required flag still change.
    const relabelled = await admin.put(`${path}/${field.id}`, { ...body, label: 'Trade-in allowance', required: true });
    expect(relabelled.statusCode, relabelled.body).toBe(200);
    expect(relabelled.json()).toMatchObject({ label: 'Trade-in allowance', required: true, fieldType: 'MONEY' });

    // Disabled, the dialog no longer shows it.
    await admin.post(`${path}/${field.id}/disable`, {});
    const after = await admin.get(`/api/applications/${applicationId}/customfields`);
    expect(after.json().map((f: { id: number }) => f.id)).not.toContain(field.id);

    // A field nobody filled changes type freely; a list keeps only its options.
    const fresh = await admin.post(path, { loanProductId: newAuto, label: 'Colour', fieldType: 'TEXT', maxLength: 30 });
    const listed = await admin.put(`${path}/${fresh.json().id}`, {
      loanProductId: newAuto,
      label: 'Colour',
      fieldType: 'SELECT',
      options: [' Red ', 'Blue'],
      maxLength: 30,
    });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json()).toMatchObject({ fieldType: 'SELECT', options: ['Red', 'Blue'], maxLength: null });
  });

  it('lists by loan product and type', async () => {
    const page = await admin.get(`${path}?loanProductId=${newAuto}&sort=sortOrder&pageSize=100`);
    expect(page.statusCode, page.body).toBe(200);
    const rows = page.json<{ data: CustomFieldDefinition[] }>().data;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.loanProductId === newAuto && r.loanProductName === 'New Auto')).toBe(true);
    const lists = await admin.get(`${path}?fieldType=SELECT&text=new%20auto`);
    expect(lists.json<{ data: CustomFieldDefinition[] }>().data.every((r) => r.fieldType === 'SELECT')).toBe(true);
    const byProduct = await admin.get(`${path}?sort=loanProductName&order=desc`);
    expect(byProduct.statusCode).toBe(200);
  });
});
