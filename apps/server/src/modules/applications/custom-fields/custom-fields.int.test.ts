import { messages } from '@credence/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  countRows,
  HARBOR,
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
const field = { branch: 0, note: 0, score: 0, visit: 0, member: 0, retired: 0 };
let sortOrder = 0;

const define = async (product: number, label: string, fieldType: string, extra: Record<string, unknown> = {}) => {
  const { rows } = await t.pool.query<{ id: number }>(
    `insert into custom_field_definitions (lender_id, loan_product_id, label, field_type, required, options, max_length, sort_order, enabled)
     select lender_id, id, $2, $3, $4, $5::jsonb, $6, $7, $8 from loan_products where id = $1 returning id`,
    [
      product,
      label,
      fieldType,
      extra.required ?? false,
      JSON.stringify(extra.options ?? []),
      extra.maxLength ?? null,
      sortOrder++,
      extra.enabled ?? true,
    ],
  );
  return rows[0]!.id;
};

beforeAll(async () => {
  t = await createTestApp();
  officer = await signIn(t, 'officer', 'Officer2026');
  harbor = await signIn(t, 'harbor', 'Harbor2026');
  usedAuto = await productId(t, SUMMIT, 'Used Auto');
  await t.pool.query('delete from custom_field_definitions where loan_product_id = $1', [usedAuto]);
  field.branch = await define(usedAuto, 'Referring branch', 'SELECT', {
    required: true,
    options: ['Boulder', 'Denver'],
  });
  field.note = await define(usedAuto, 'Referral note', 'TEXT', { maxLength: 20 });
  field.score = await define(usedAuto, 'Internal score', 'NUMBER');
  field.visit = await define(usedAuto, 'Branch visit', 'DATE');
  field.member = await define(usedAuto, 'Existing member', 'BOOLEAN', { required: true });
  field.retired = await define(usedAuto, 'Retired field', 'TEXT', { enabled: false });
});
afterAll(() => t.close());

const create = async () => {
  const response = await officer.post('/api/applications', newAutoApplication(usedAuto));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number }>().id;
};

const valid = () => [
  { customFieldId: field.branch, value: 'Denver' },
  { customFieldId: field.note, value: '  Walk-in  ' },
  { customFieldId: field.score, value: 712.5 },
  { customFieldId: field.visit, value: '2026-04-30' },
  { customFieldId: field.member, value: false },
];

describe('custom fields', () => {
  it("lists the product's enabled fields, saves values and shows them again", async () => {
    const id = await create();
    const empty = (await officer.get(`/api/applications/${id}/customfields`)).json();
    expect(empty.map((f: { label: string }) => f.label)).toEqual([
      'Referring branch',
      'Referral note',
      'Internal score',
      'Branch visit',
      'Existing member',
    ]);
    expect(empty[0]).toMatchObject({
      fieldType: 'SELECT',
      required: true,
      options: ['Boulder', 'Denver'],
      value: null,
    });
    const saved = await officer.post(`/api/applications/${id}/customfields`, { values: valid() });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().map((f: { value: unknown }) => f.value)).toEqual([
      'Denver',
      'Walk-in',
      '712.5',
      '2026-04-30',
      false,
    ]);
    expect((await officer.get(`/api/applications/${id}/customfields`)).json()).toEqual(saved.json());
    const byProduct = await officer.get(`/api/LoanProduct/${usedAuto}/customfields?appId=${id}`);
    expect(byProduct.json()).toEqual(saved.json());
    const withoutApp = (await officer.get(`/api/LoanProduct/${usedAuto}/customfields`)).json();
    expect(withoutApp.every((f: { value: unknown }) => f.value === null)).toBe(true);
    const [entry] = (await officer.get(`/api/applications/${id}/history`)).json();
    expect(entry).toMatchObject({ action: 'Custom fields updated', entity: 'CustomField' });
    expect(entry.changes).toContainEqual({
      entity: 'CustomField',
      entityId: field.branch,
      property: 'Referring branch',
      oldValue: null,
      newValue: 'Denver',
    });
    // Clearing an optional field removes its value.
    const cleared = await officer.post(`/api/applications/${id}/customfields`, {
      values: valid().map((v) => (v.customFieldId === field.note ? { ...v, value: '' } : v)),
    });
    expect(cleared.json()[1].value).toBeNull();
  });

  it('enforces required fields and types, writing nothing on a bad request', async () => {
    const id = await create();
    await officer.post(`/api/applications/${id}/customfields`, { values: valid() });
    const before = await countRows(t, 'application_custom_field_values');
    const historyBefore = await countRows(t, 'application_history');
    const replace = (fieldId: number, value: unknown): unknown[] =>
      valid().map((v) => (v.customFieldId === fieldId ? { ...v, value } : v));
    const cases: [unknown[], { field: string; message: string }[]][] = [
      [
        replace(field.branch, 'Aspen'),
        [{ field: `customFields.${field.branch}`, message: messages.customFields.notAnOption }],
      ],
      [
        replace(field.branch, null),
        [{ field: `customFields.${field.branch}`, message: messages.customFields.required }],
      ],
      [
        valid().filter((v) => v.customFieldId !== field.member),
        [{ field: `customFields.${field.member}`, message: messages.customFields.required }],
      ],
      [
        replace(field.member, 'yes'),
        [{ field: `customFields.${field.member}`, message: messages.customFields.notABoolean }],
      ],
      [
        replace(field.score, '12,5'),
        [{ field: `customFields.${field.score}`, message: messages.customFields.notANumber }],
      ],
      [
        replace(field.visit, '2026-02-30'),
        [{ field: `customFields.${field.visit}`, message: messages.customFields.notADate }],
      ],
      [
        replace(field.note, 'x'.repeat(21)),
        [{ field: `customFields.${field.note}`, message: messages.customFields.tooLong(20) }],
      ],
      [
        [...valid(), { customFieldId: field.retired, value: 'x' }],
        [{ field: 'values.5.customFieldId', message: messages.customFields.fieldNotFound }],
      ],
    ];
    for (const [values, errors] of cases) {
      const response = await officer.post(`/api/applications/${id}/customfields`, { values });
      expect(response.statusCode, JSON.stringify(values)).toBe(422);
      expect(response.json().errors).toEqual(errors);
    }
    expect(await countRows(t, 'application_custom_field_values')).toBe(before);
    expect(await countRows(t, 'application_history')).toBe(historyBefore);
  });

  it('needs the lock; another lender answers 404 for the application and the product', async () => {
    const id = await create();
    expect((await officer.delete(`/api/applications/${id}/lock`)).statusCode).toBeLessThan(300);
    expect((await officer.post(`/api/applications/${id}/customfields`, { values: valid() })).json().code).toBe(
      'LOCK_REQUIRED',
    );
    expect((await harbor.get(`/api/applications/${id}/customfields`)).statusCode).toBe(404);
    expect((await harbor.get(`/api/LoanProduct/${usedAuto}/customfields`)).statusCode).toBe(404);
    expect((await harbor.post(`/api/applications/${id}/customfields`, { values: valid() })).statusCode).toBe(404);
    const harborProduct = await productId(t, HARBOR, 'Marine');
    expect((await officer.get(`/api/LoanProduct/${harborProduct}/customfields`)).statusCode).toBe(404);
    expect((await harbor.get(`/api/LoanProduct/${harborProduct}/customfields?appId=${id}`)).statusCode).toBe(404);
  });
});
