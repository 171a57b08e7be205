import { dictionaryFieldsResource, dictionaryFieldTexts } from '@credence/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HARBOR, signIn, SUMMIT, type ApiClient } from '../../test/api-client.ts';
import { describeResource } from '../../test/resource-suite.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const path = '/api/loanFormDictionaryFields';

describeResource(dictionaryFieldsResource, {
  valid: (code) => ({ formVendor: 'Kit Vendor', formCode: code, jmesPath: 'loanProduct.name' }),
  invalid: [
    { input: { formVendor: ' ', formCode: 'A', jmesPath: 'id' }, fields: ['formVendor'] },
    { input: { formVendor: 'V', formCode: 'X'.repeat(101), jmesPath: '' }, fields: ['formCode', 'jmesPath'] },
    { input: { formVendor: 'V', formCode: 'A', jmesPath: 'applicants[?isPrimary' }, fields: ['jmesPath'] },
  ],
  change: (input) => ({ ...input, jmesPath: 'requestedAmount' }),
});

describe('dictionary fields: JMESPath, uniqueness and the application dictionary', () => {
  let t: TestApp;
  let admin: ApiClient;
  let harborAdmin: ApiClient;
  let officer: ApiClient;
  let applicationId = 0;
  let harborApplicationId = 0;
  const add = async (formVendor: string, formCode: string, jmesPath: string) => {
    const response = await admin.post(path, { formVendor, formCode, jmesPath });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: number }>();
  };
  const firstApplication = async (lender: string) =>
    (
      await t.pool.query<{ id: number }>(
        `select a.id from applications a join lenders l on l.id = a.lender_id
          where l.name = $1 and exists (select 1 from applicants p where p.application_id = a.id and p.role = 'PRIMARY' and p.last_name is not null)
          order by a.id limit 1`,
        [lender],
      )
    ).rows[0]!.id;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t, 'admin', 'Admin2026');
    officer = await signIn(t, 'officer', 'Officer2026');
    harborAdmin = await signIn(t, 'admin', 'Admin2026');
    const me = (await harborAdmin.get('/api/user/me')).json<{ lenders: { id: number; name: string }[] }>();
    await harborAdmin.put('/api/user/lender', { lenderId: me.lenders.find((l) => l.name === HARBOR)!.id });
    applicationId = await firstApplication(SUMMIT);
    harborApplicationId = await firstApplication(HARBOR);
  });
  afterAll(() => t.close());

  it('refuses a JMESPath that does not compile with the parser’s message, on create and update', async () => {
    const created = await admin.post(path, { formVendor: 'Acme', formCode: 'BAD', jmesPath: 'applicants[0' });
    expect(created.statusCode).toBe(422);
    const [error] = created.json<{ errors: { field: string; message: string }[] }>().errors;
    expect(error!.field).toBe('jmesPath');
    expect(error!.message).toMatch(/^Not a valid JMESPath: .*(Expected|Invalid|Unexpected)/);
    const unknownFunction = await admin.post(path, { formVendor: 'Acme', formCode: 'BAD', jmesPath: 'nope(id)' });
    expect(unknownFunction.json().errors[0].message).toContain('Unknown function: nope()');
    const { id } = await add('Acme', 'OK', 'id');
    const update = await admin.put(`${path}/${id}`, { formVendor: 'Acme', formCode: 'OK', jmesPath: 'id ||' });
    expect(update.statusCode).toBe(422);
    expect(update.json().errors[0].field).toBe('jmesPath');
    expect((await admin.get(`${path}/${id}`)).json().jmesPath).toBe('id');
  });

  it('POST IsUnique answers on the three fields (vendor and code in any case, the path exactly), and the id', async () => {
    const { id } = await add('Docs Inc', 'BUYER_NAME', 'applicants[0].lastName');
    const ask = async (body: Record<string, unknown>) =>
      (await admin.post(`${path}/IsUnique`, body)).json<{ isUnique: boolean }>().isUnique;
    const same = { formVendor: 'DOCS INC', formCode: 'buyer_name', jmesPath: 'applicants[0].lastName' };
    expect(await ask(same)).toBe(false);
    expect(await ask({ ...same, id })).toBe(true);
    expect(await ask({ ...same, jmesPath: 'applicants[0].LastName' })).toBe(true);
    expect(await ask({ ...same, formVendor: 'Other' })).toBe(true);
    expect((await harborAdmin.post(`${path}/IsUnique`, same)).json().isUnique).toBe(true);
    expect((await officer.post(`${path}/IsUnique`, same)).statusCode).toBe(403);
    const taken = await admin.post(path, same);
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual([{ field: 'formCode', message: dictionaryFieldTexts.taken }]);
  });

  it('evaluates the dictionary against the application’s document: code → value, by vendor with a loan form', async () => {
    const summary = await admin.post('/api/graphql', {
      query: `query($id: Int!) { application(id: $id) { requestedAmount loanProduct { name } applicants { isPrimary lastName } } }`,
      variables: { id: applicationId },
    });
    const doc = summary.json<{
      data: {
        application: {
          requestedAmount: string | null;
          loanProduct: { name: string };
          applicants: { isPrimary: boolean; lastName: string | null }[];
        };
      };
    }>().data.application;
    const primaryLast = doc.applicants.find((a) => a.isPrimary)!.lastName;
    await add('Forms Co', 'APP_ID', 'id');
    await add('Forms Co', 'PRODUCT', 'loanProduct.name');
    await add('Forms Co', 'BORROWER_LAST', 'applicants[?isPrimary] | [0].lastName');
    // A code defined twice: the first path that finds a value answers.
    await add('Forms Co', 'AMOUNT', 'noSuchField');
    await add('Forms Co', 'AMOUNT', 'requestedAmount');
    await add('Other Vendor', 'OTHER_ONLY', 'loanProduct.name');

    const all = await admin.get(`/api/applications/${applicationId}/dictionary`);
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json()).toMatchObject({
      APP_ID: applicationId,
      PRODUCT: doc.loanProduct.name,
      BORROWER_LAST: primaryLast,
      AMOUNT: doc.requestedAmount,
      OTHER_ONLY: doc.loanProduct.name,
    });
    const forms = await officer.get(`/api/applications/${applicationId}/dictionary?loanFormId=7&vendor=forms%20co`);
    expect(forms.statusCode, forms.body).toBe(200);
    expect(forms.json()).toEqual({
      APP_ID: applicationId,
      PRODUCT: doc.loanProduct.name,
      BORROWER_LAST: primaryLast,
      AMOUNT: doc.requestedAmount,
    });
    const vendorAlone = await admin.get(`/api/applications/${applicationId}/dictionary?vendor=Forms%20Co`);
    expect(vendorAlone.statusCode).toBe(422);
    expect(vendorAlone.json().errors).toEqual([{ field: 'vendor', message: dictionaryFieldTexts.vendorWithoutForm }]);
    // Another lender's application is not found; that lender's dictionary is its own (the demo's two fields).
    expect((await admin.get(`/api/applications/${harborApplicationId}/dictionary`)).statusCode).toBe(404);
    const harbor = (await harborAdmin.get(`/api/applications/${harborApplicationId}/dictionary`)).json();
    expect(Object.keys(harbor).sort()).toEqual(['BORROWER_LAST_NAME', 'DEALER_NAME']);
  });

  it('the editor’s test evaluates one path against a chosen application', async () => {
    const test = (body: Record<string, unknown>, client = admin) => client.post(`${path}/test`, body);
    const product = await test({ applicationId, jmesPath: 'loanProduct.name' });
    expect(product.statusCode, product.body).toBe(200);
    expect(product.json().value).toEqual(expect.any(String));
    expect((await test({ applicationId, jmesPath: 'length(applicants) > `0`' })).json()).toEqual({ value: true });
    expect((await test({ applicationId, jmesPath: 'nothing.here' })).json()).toEqual({ value: null });
    const bad = await test({ applicationId, jmesPath: 'applicants[' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors[0].field).toBe('jmesPath');
    expect((await test({ applicationId: harborApplicationId, jmesPath: 'id' })).statusCode).toBe(404);
    expect((await test({ applicationId, jmesPath: 'id' }, officer)).statusCode).toBe(403);
  });
});
