import { dealersResource, adminMessages } from '@credence/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, type ApiClient } from '../../test/api-client.ts';
import { describeResource } from '../../test/resource-suite.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let officer: ApiClient;
let admin: ApiClient;
let harbor: ApiClient;

beforeAll(async () => {
  t = await createTestApp();
  officer = await signIn(t, 'officer', 'Officer2026');
  admin = await signIn(t, 'admin', 'Admin2026');
  harbor = await signIn(t, 'harbor', 'Harbor2026');
});
afterAll(() => t.close());

const dealer = {
  name: 'Foothills Hyundai',
  addressLine1: '1500 Wadsworth Blvd',
  city: 'Lakewood',
  state: 'CO',
  zip: '80214',
  phoneNumber: '3035550188',
  faxNumber: '3035550189',
  mainContactEmail: 'finance@foothillshyundai.example',
  mainContactName: 'Jordan Lee',
};

describe('dealers', () => {
  it("lists the lender's dealers for every signed-in user, enabled ones on request", async () => {
    type Page = { data: { name: string; enabled: boolean }[]; total: number };
    const all = (await officer.get('/api/dealers?pageSize=500')).json<Page>();
    expect(all.data.map((d) => d.name)).toContain('Front Range Toyota');
    expect(all.data.some((d) => !d.enabled)).toBe(true);
    const enabled = (await officer.get('/api/dealers?enabled=true&pageSize=500')).json<Page>();
    expect(enabled.data.every((d) => d.enabled)).toBe(true);
    expect(enabled.total).toBeLessThan(all.total);
    const harborDealers = (await harbor.get('/api/dealers?pageSize=500')).json<Page>();
    expect(harborDealers.data.map((d) => d.name)).not.toContain('Front Range Toyota');
  });

  it('creates and updates with canManageDealers only', async () => {
    expect((await officer.post('/api/dealers', dealer)).statusCode).toBe(403);
    const created = await admin.post('/api/dealers', dealer);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ ...dealer, enabled: true, addressLine2: null });
    const id = created.json().id;
    expect((await officer.put(`/api/dealers/${id}`, { ...dealer, name: 'x' })).statusCode).toBe(403);
    const updated = await admin.put(`/api/dealers/${id}`, { ...dealer, mainContactName: 'Sam Ortiz', enabled: false });
    expect(updated.json()).toMatchObject({ id, mainContactName: 'Sam Ortiz', enabled: false });
  });

  it('validates fields and keeps names unique per lender', async () => {
    const bad = await admin.post('/api/dealers', { ...dealer, name: '', zip: '8021', phoneNumber: '555', state: 'XX' });
    expect(bad.statusCode).toBe(422);
    expect(
      bad
        .json()
        .errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['name', 'phoneNumber', 'state', 'zip']);
    const taken = await admin.post('/api/dealers', { ...dealer, name: 'front range toyota' });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual([{ field: 'name', message: adminMessages.dealers.nameTaken }]);
    // Another lender may use the same name.
    const inHarbor = await signIn(t, 'admin', 'Admin2026');
    const me = (await inHarbor.get('/api/user/me')).json<{ lenders: { id: number; name: string }[] }>();
    await inHarbor.put('/api/user/lender', { lenderId: me.lenders.find((l) => l.name.startsWith('Harbor'))!.id });
    expect((await inHarbor.post('/api/dealers', { ...dealer, name: 'Front Range Toyota' })).statusCode).toBe(201);
  });

  it("answers 404 for another lender's dealer", async () => {
    const summitDealer = (await officer.get('/api/dealers')).json().data[0].id;
    const inHarbor = await signIn(t, 'admin', 'Admin2026');
    const me = (await inHarbor.get('/api/user/me')).json<{ lenders: { id: number; name: string }[] }>();
    await inHarbor.put('/api/user/lender', { lenderId: me.lenders.find((l) => l.name.startsWith('Harbor'))!.id });
    expect((await inHarbor.put(`/api/dealers/${summitDealer}`, dealer)).statusCode).toBe(404);
  });
});

describeResource(dealersResource, {
  valid: (name) => ({ ...dealer, name }),
  invalid: [
    { input: { ...dealer, name: '' }, fields: ['name'] },
    { input: { ...dealer, zip: '8021', phoneNumber: '555', state: 'XX' }, fields: ['phoneNumber', 'state', 'zip'] },
    { input: { ...dealer, mainContactEmail: 'not-an-email' }, fields: ['mainContactEmail'] },
  ],
  change: (input) => ({ ...input, city: 'Golden', mainContactName: 'Riley Park' }),
});
