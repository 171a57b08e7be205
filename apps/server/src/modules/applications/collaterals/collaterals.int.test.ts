import { messages } from '@credence/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, newAutoApplication, productId, signIn, SUMMIT, type ApiClient } from '../../../test/api-client.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let officer: ApiClient;

beforeAll(async () => {
  t = await createTestApp();
  officer = await signIn(t, 'officer', 'Officer2026');
});
afterAll(() => t.close());

const createLocked = async (
  product: string,
  collaterals: object[] = [],
  insurance: object | null = null,
  request: object | null = null,
) => {
  const base = newAutoApplication(await productId(t, SUMMIT, product));
  const response = await officer.post('/api/applications', {
    ...base,
    collaterals,
    insurance,
    request: request ?? base.request,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number }>().id;
};

const boat = {
  family: 'Boat',
  type: 'BOAT',
  identificationNumber: 'BWC12345K526',
  year: 2026,
  make: 'Boston Whaler',
  model: 'Montauk 170',
  length: 17,
  hours: 12,
  value: '48000.00',
};

describe('collateral', () => {
  it('saves every form, updates by id, replaces lists, and records old → new', async () => {
    const id = await createLocked('Boat Loan', [boat]);
    const [stored] = (await officer.get(`/api/applications/${id}/collaterals/`)).json().collaterals;
    const response = await officer.post(`/api/applications/${id}/collaterals/`, {
      collaterals: [
        {
          ...stored,
          value: '46500.00',
          accessories: [{ code: 'GPS', description: 'Garmin chartplotter', isSelected: true }],
          grantors: [{ firstName: 'Dana', lastName: 'Kowalski', address: { city: 'Boulder', state: 'CO' } }],
          liens: [{ lienholder: 'Ally Financial', payoffAmount: '1200.50', perDiem: '' }],
        },
        { family: 'Engine', type: 'ENGINE', make: 'Mercury', model: '90 FourStroke', hours: 12 },
        {
          family: 'Trailer',
          type: 'TRAILER',
          identificationNumber: '1ZEAB1234N1234567',
          year: 2026,
          make: 'EZ Loader',
          value: '3500.00',
        },
      ],
      insurance: { company: 'GEICO', policyNumber: 'BT-77', agentPhoneNumber: '3035550100' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const saved = response.json();
    expect(saved.collaterals.map((c: { family: string }) => c.family)).toEqual(['Boat', 'Engine', 'Trailer']);
    expect(saved.collaterals[0]).toMatchObject({
      id: stored.id,
      value: '46500.00',
      accessories: [{ code: 'GPS', isSelected: true }],
      grantors: [{ lastName: 'Kowalski', address: { city: 'Boulder', state: 'CO', addressLine1: null } }],
      liens: [{ payoffAmount: '1200.50', perDiem: null }],
    });
    expect(saved.insurance).toMatchObject({ company: 'GEICO', policyNumber: 'BT-77' });
    const history = (await officer.get(`/api/applications/${id}/history`)).json();
    expect(history[0]).toMatchObject({ action: 'Collateral updated', entity: 'Collateral' });
    expect(history[0].changes).toEqual(
      expect.arrayContaining([
        { entity: 'Collateral', entityId: stored.id, property: 'value', oldValue: '48000.00', newValue: '46500.00' },
        { entity: 'Insurance', entityId: saved.insurance.id, property: 'company', oldValue: null, newValue: 'GEICO' },
      ]),
    );
  });

  it('checks the VIN when the product requires one (length, letters, check digit), stored upper-cased', async () => {
    const id = await createLocked('New Auto');
    const auto = { family: 'Auto', type: 'AUTO', year: 2024, make: 'Honda', model: 'Accord' };
    for (const vin of ['1HGCM82633A00435', '1HGCM82633A0O4352', '1HGCM82643A004352', null]) {
      const response = await officer.post(`/api/applications/${id}/collaterals/`, {
        collaterals: [{ ...auto, identificationNumber: vin }],
      });
      expect(response.statusCode, String(vin)).toBe(422);
      expect(response.json().errors).toEqual([
        { field: 'collaterals.0.identificationNumber', message: messages.validation.invalidVin },
      ]);
    }
    const ok = await officer.post(`/api/applications/${id}/collaterals/`, {
      collaterals: [{ ...auto, identificationNumber: '1hgcm82633a004352' }],
    });
    expect(ok.json().collaterals[0].identificationNumber).toBe('1HGCM82633A004352');
    // A boat product does not require a VIN.
    const boatId = await createLocked('Boat Loan');
    const boatSave = await officer.post(`/api/applications/${boatId}/collaterals`, {
      collaterals: [{ ...auto, identificationNumber: 'not a vin' }],
    });
    expect(boatSave.statusCode).toBe(200);
  });

  it('keeps insurance only when the product gathers it and a company is given', async () => {
    const withInsurance = await createLocked('New Auto');
    const none = await officer.post(`/api/applications/${withInsurance}/collaterals/`, {
      collaterals: [],
      insurance: { company: '', policyNumber: 'X-1' },
    });
    expect(none.json().insurance).toBeNull();
    const personal = await createLocked('Personal Loan', [], null, {
      paymentFrequencyId: 'Monthly',
      estAmtFinanced: '8000.00',
      termMonths: 36,
    });
    const ignored = await officer.post(`/api/applications/${personal}/collaterals/`, {
      collaterals: [],
      insurance: { company: 'State Farm' },
    });
    expect(ignored.json().insurance).toBeNull();
  });

  it('refuses a type outside its form and writes nothing', async () => {
    const id = await createLocked('Boat Loan', [boat]);
    const before = await countRows(t, 'collaterals');
    const response = await officer.post(`/api/applications/${id}/collaterals/`, {
      collaterals: [
        { family: 'Boat', type: 'AUTO' },
        { ...boat, value: '-1.00' },
      ],
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.map((e: { field: string }) => e.field)).toEqual([
      'collaterals.0.type',
      'collaterals.1.value',
    ]);
    expect(await countRows(t, 'collaterals')).toBe(before);
  });

  it('summarises the collateral (spec 3 §7 collaterals/summary): one line each, lien payoffs and totals exact', async () => {
    const id = await createLocked('Boat Loan', [
      {
        ...boat,
        liens: [{ lienholder: 'Ally Financial', payoffAmount: '1200.10', perDiem: '' }, { payoffAmount: '0.25' }],
      },
      { family: 'Trailer', type: 'TRAILER', make: 'Karavan', value: '2500.05' },
    ]);
    const response = await officer.get(`/api/applications/${id}/collaterals/summary`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      collaterals: [
        { family: 'Boat', description: '2026 Boston Whaler Montauk 170', value: '48000.00', lienPayoff: '1200.35' },
        { family: 'Trailer', description: 'Karavan', value: '2500.05', lienPayoff: '0.00' },
      ],
      totalValue: '50500.05',
      totalLienPayoff: '1200.35',
    });
    // The path as the spec writes it, and without the trailing slash, answer alike.
    const lists = await Promise.all(
      [`/api/applications/${id}/collaterals/`, `/api/applications/${id}/collaterals`].map((u) => officer.get(u)),
    );
    expect(lists.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(lists[0]!.json()).toEqual(lists[1]!.json());
  });
});
