import { disbursalMethodsResource, disbursalMethodTexts, type DisbursalMethod } from '@credence/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HARBOR, signIn, type ApiClient } from '../../test/api-client.ts';
import { describeResource } from '../../test/resource-suite.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

describeResource(disbursalMethodsResource, {
  valid: (name) => ({ name, sortOrder: 100 }),
  invalid: [
    { input: { name: '  ' }, fields: ['name'] },
    { input: { name: 'X'.repeat(101) }, fields: ['name'] },
    { input: { name: 'a\u0000b' }, fields: ['name'] },
    { input: { name: 'OK', sortOrder: -1 }, fields: ['sortOrder'] },
    { input: { name: 'OK', sortOrder: 10000 }, fields: ['sortOrder'] },
    { input: { name: 'OK', sortOrder: 'x' }, fields: ['sortOrder'] },
  ],
  change: (input) => ({ ...input, sortOrder: 5 }),
});

describe('the lender disbursal methods (GET lender/disbursalmethods)', () => {
  let t: TestApp;
  let admin: ApiClient;
  let harborAdmin: ApiClient;
  let officer: ApiClient;
  let processor: ApiClient;
  const add = async (client: ApiClient, body: Record<string, unknown>) => {
    const response = await client.post('/api/disbursalMethods', body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<DisbursalMethod>();
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t, 'admin', 'Admin2026');
    officer = await signIn(t, 'officer', 'Officer2026');
    processor = await signIn(t, 'expiring', 'Expiring2026');
    harborAdmin = await signIn(t, 'admin', 'Admin2026');
    const me = (await harborAdmin.get('/api/user/me')).json<{ lenders: { id: number; name: string }[] }>();
    await harborAdmin.put('/api/user/lender', { lenderId: me.lenders.find((l) => l.name === HARBOR)!.id });
  });
  afterAll(() => t.close());

  it("answers the lender's enabled methods in sort order, to who may fund or manage disbursements", async () => {
    const wire = await add(admin, { name: 'L Wire', sortOrder: 5 });
    await add(admin, { name: 'L Check', sortOrder: 30 });
    await add(admin, { name: 'L ACH', sortOrder: 20 });
    await add(admin, { name: 'L Draft', sortOrder: 20, enabled: false });
    await add(harborAdmin, { name: 'L Harbor Check', sortOrder: 1 });
    expect((await admin.post(`/api/disbursalMethods/${wire.id}/disable`, {})).statusCode).toBe(200);

    const names = async (client: ApiClient) => {
      const response = await client.get('/api/lender/disbursalmethods');
      expect(response.statusCode, response.body).toBe(200);
      // The demo's own methods (Check, ACH, …) are there too: only this test's ('L …') are compared.
      return response
        .json<{ id: number; name: string }[]>()
        .map((m) => m.name)
        .filter((name) => name.startsWith('L '));
    };
    expect(await names(admin)).toEqual(['L ACH', 'L Check']);
    // The officer may fund a loan (canFundALoan) without managing disbursements.
    expect(await names(officer)).toEqual(['L ACH', 'L Check']);
    expect(await names(harborAdmin)).toEqual(['L Harbor Check']);
    // A processor has neither right; nor may the officer manage the methods.
    expect((await processor.get('/api/lender/disbursalmethods')).statusCode).toBe(403);
    expect((await officer.get('/api/disbursalMethods')).statusCode).toBe(403);
  });

  it('keeps a name unique per lender in any case', async () => {
    await add(admin, { name: 'L Unique' });
    const again = await admin.post('/api/disbursalMethods', { name: 'l UNIQUE' });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual([{ field: 'name', message: disbursalMethodTexts.nameTaken }]);
    expect((await harborAdmin.post('/api/disbursalMethods', { name: 'L Unique' })).statusCode).toBe(201);
  });
});
