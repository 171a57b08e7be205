import { messages } from '@credence/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  countRows,
  newAutoApplication,
  productId,
  signIn,
  SUMMIT,
  HARBOR,
  type ApiClient,
} from '../../../test/api-client.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let officer: ApiClient;
let admin: ApiClient;
let newAuto: number;

beforeAll(async () => {
  t = await createTestApp();
  officer = await signIn(t, 'officer', 'Officer2026');
  admin = await signIn(t, 'admin', 'Admin2026');
  newAuto = await productId(t, SUMMIT, 'New Auto');
});
afterAll(() => t.close());

const create = async (caller: ApiClient = officer) => {
  const response = await caller.post('/api/applications', newAutoApplication(newAuto));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number }>().id;
};
type ApplicantView = { id: number; applicantRole: string; socialSecurityNumber: string | null; [k: string]: unknown };
const applicantsOf = async (id: number) =>
  (await officer.get(`/api/applications/${id}/applicants`)).json<{ applicants: ApplicantView[] }>().applicants;

const CLEAR_SSNS = ['123456789', '123-45-6789', '987654321', '987-65-4321', '555-12-3456', '555123456'];

describe('personal data protection', () => {
  it('never stores an SSN or document number in clear, and keeps a keyed hash for search', async () => {
    const id = await create();
    const { rows } = await t.pool.query(
      `select ssn_encrypted, ssn_hash, ssn_last4, row_to_json(a)::text as whole from applicants a where application_id = $1 order by sort_order`,
      [id],
    );
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      for (const ssn of CLEAR_SSNS) expect(row.whole).not.toContain(ssn);
      expect(row.ssn_encrypted).toMatch(/^v1\./);
      expect(row.ssn_hash).toMatch(/^[0-9a-f]{64}$/);
    }
    expect(rows.map((r) => r.ssn_last4)).toEqual(['6789', '4321']);
    const ids = await t.pool.query(
      `select g.* from applicant_govt_ids g join applicants a on a.id = g.applicant_id where a.application_id = $1`,
      [id],
    );
    expect(JSON.stringify(ids.rows)).not.toContain('D12345678');
    // Equality search by the keyed hash finds the applicant without decrypting anything.
    const hash = rows[0].ssn_hash as string;
    const found = await t.pool.query(`select application_id from applicants where ssn_hash = $1`, [hash]);
    expect(found.rows.map((r) => r.application_id)).toContain(id);
  });

  it('shows SSNs masked in every response, and never writes them to the logs', async () => {
    const id = await create();
    const responses = [
      await officer.get(`/api/applications/${id}`),
      await officer.get(`/api/applications/${id}/applicants`),
      await officer.get(`/api/applications/${id}/history`),
      await officer.get(`/api/applications/${id}/worksheetInfo`),
    ];
    for (const response of responses) {
      for (const ssn of CLEAR_SSNS) expect(response.body).not.toContain(ssn);
    }
    expect(responses[1]!.json().applicants.map((a: ApplicantView) => a.socialSecurityNumber)).toEqual([
      '***-**-6789',
      '***-**-4321',
    ]);
    // An invalid save carrying a new SSN: still nothing in the logs.
    const applicants = await applicantsOf(id);
    await officer.put(`/api/applications/${id}/applicants`, {
      applicants: [{ ...applicants[0], socialSecurityNumber: '555-12-3456', applicantRole: 'CO_SIGNER' }],
    });
    const logs = t.logs.join('\n');
    expect(logs.length).toBeGreaterThan(0);
    for (const ssn of CLEAR_SSNS) expect(logs).not.toContain(ssn);
    expect(logs).not.toContain('Kowalski');
  });

  it('reveals an SSN only with canRevealSensitiveData, and records every reveal', async () => {
    const id = await create();
    const [primary] = await applicantsOf(id);
    const url = `/api/applications/${id}/applicants/${primary!.id}/ssn`;
    const denied = await officer.get(url);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().code).toBe('FORBIDDEN');
    const revealed = await admin.get(url);
    expect(revealed.statusCode).toBe(200);
    expect(revealed.json()).toEqual({ socialSecurityNumber: '123-45-6789' });
    expect(revealed.headers['cache-control']).toBe('no-store');
    await admin.get(url);
    const history = (await officer.get(`/api/applications/${id}/history`)).json();
    const reveals = history.filter((h: { action: string }) => h.action === 'SSN revealed');
    expect(reveals).toHaveLength(2);
    expect(reveals[0]).toMatchObject({ user: { name: 'Avery Morgan' }, entity: 'Applicant', changes: [] });
    expect(reveals[0].description).toContain('Dana Kowalski');
    expect((await admin.get(`/api/applications/${id}/applicants/2147483000/ssn`)).statusCode).toBe(404);
    for (const ssn of CLEAR_SSNS) expect(t.logs.join('\n')).not.toContain(ssn);
  });
});

describe('save applicants', () => {
  it('updates, adds and removes applicants and every list; a masked SSN keeps the stored one', async () => {
    const id = await create();
    await officer.post(`/api/applications/${id}/lock`);
    const [primary, co] = await applicantsOf(id);
    const response = await officer.put(`/api/applications/${id}/applicants`, {
      applicants: [
        {
          ...primary,
          lastName: 'Kowalski-Reyes',
          addresses: [{ addressLine1: '22 Aspen Way', city: 'Golden', state: 'CO', zip: '80401' }],
          phoneNumbers: [{ number: '7205550111' }],
          govtIssuedIds: (primary!.govtIssuedIds as object[]).map((g) => ({ ...g })),
        },
        {
          applicantRole: 'CO_SIGNER',
          firstName: 'Lee',
          lastName: 'Park',
          socialSecurityNumber: '555123456',
          employments: [{ status: 'RETIRED', isCurrent: true }],
        },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    const saved = response.json().applicants;
    expect(saved.map((a: ApplicantView) => a.applicantRole)).toEqual(['PRIMARY', 'CO_SIGNER']);
    expect(saved[0]).toMatchObject({
      id: primary!.id,
      lastName: 'Kowalski-Reyes',
      socialSecurityNumber: '***-**-6789',
      addresses: [{ city: 'Golden', zip: '80401' }],
      phoneNumbers: [{ number: '7205550111', phoneType: 1, preferredContact: false }],
      govtIssuedIds: [{ number: '****5678' }],
    });
    expect(saved[1]).toMatchObject({ socialSecurityNumber: '***-**-3456', employments: [{ status: 'RETIRED' }] });
    expect(saved.map((a: ApplicantView) => a.id)).not.toContain(co!.id);
    const revealed = await admin.get(`/api/applications/${id}/applicants/${primary!.id}/ssn`);
    expect(revealed.json().socialSecurityNumber).toBe('123-45-6789');

    const history = (await officer.get(`/api/applications/${id}/history`)).json();
    const entry = history.find((h: { action: string }) => h.action === 'Applicants updated');
    expect(entry.changes).toEqual(
      expect.arrayContaining([
        {
          entity: 'Applicant',
          entityId: primary!.id,
          property: 'lastName',
          oldValue: 'Kowalski',
          newValue: 'Kowalski-Reyes',
        },
        {
          entity: 'Applicant',
          entityId: primary!.id,
          property: 'addresses[0].city',
          oldValue: 'Boulder',
          newValue: 'Golden',
        },
        { entity: 'Applicant', entityId: co!.id, property: 'firstName', oldValue: 'Sam', newValue: null },
        {
          entity: 'Applicant',
          entityId: saved[1].id,
          property: 'socialSecurityNumber',
          oldValue: null,
          newValue: '***-**-3456',
        },
      ]),
    );
    expect(JSON.stringify(history)).not.toContain('555123456');
  });

  it('changes an SSN and records it masked; null removes it', async () => {
    const id = await create();
    await officer.post(`/api/applications/${id}/lock`);
    const applicants = await applicantsOf(id);
    const changed = await officer.put(`/api/applications/${id}/applicants`, {
      applicants: [
        { ...applicants[0], socialSecurityNumber: '555-12-3456' },
        { ...applicants[1], socialSecurityNumber: null },
      ],
    });
    expect(changed.json().applicants.map((a: ApplicantView) => a.socialSecurityNumber)).toEqual(['***-**-3456', null]);
    const history = (await officer.get(`/api/applications/${id}/history`)).json();
    expect(history[0].changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ property: 'socialSecurityNumber', oldValue: '***-**-6789', newValue: '***-**-3456' }),
        expect.objectContaining({ property: 'socialSecurityNumber', oldValue: '***-**-4321', newValue: null }),
      ]),
    );
    const row = await t.pool.query(`select ssn_encrypted, ssn_hash, ssn_last4 from applicants where id = $1`, [
      applicants[1]!.id,
    ]);
    expect(row.rows[0]).toEqual({ ssn_encrypted: null, ssn_hash: null, ssn_last4: null });
  });

  it('refuses broken rules with 422 field errors and changes nothing', async () => {
    const id = await create();
    await officer.post(`/api/applications/${id}/lock`);
    const applicants = await applicantsOf(id);
    const before = await countRows(t, 'applicants');
    const beforeView = await applicantsOf(id);
    const cases: [string, object[], { field: string; message: string }[]][] = [
      [
        'no primary',
        [{ ...applicants[0], applicantRole: 'CO_APPLICANT' }],
        [{ field: 'applicants', message: messages.applications.exactlyOnePrimary }],
      ],
      [
        'two primaries',
        [applicants[0]!, { ...applicants[1], applicantRole: 'PRIMARY' }],
        [{ field: 'applicants', message: messages.applications.exactlyOnePrimary }],
      ],
      [
        'a shared SSN',
        [applicants[0]!, { ...applicants[1], socialSecurityNumber: '123-45-6789' }],
        [{ field: 'applicants.1.socialSecurityNumber', message: messages.applications.duplicateSsn }],
      ],
      [
        'a business on a consumer loan',
        [{ ...applicants[0], isBusiness: true, companyName: 'Acme LLC' }],
        [{ field: 'applicants.0.isBusiness', message: messages.applications.businessNotAllowed }],
      ],
      [
        'a masked SSN for a new applicant',
        [
          applicants[0]!,
          { applicantRole: 'CO_SIGNER', firstName: 'A', lastName: 'B', socialSecurityNumber: '***-**-1111' },
        ],
        [{ field: 'applicants.1.socialSecurityNumber', message: messages.validation.fullSsnRequired }],
      ],
      [
        'an SSN that is never issued',
        [{ ...applicants[0], socialSecurityNumber: '000-12-3456' }],
        [{ field: 'applicants.0.socialSecurityNumber', message: messages.validation.invalidSsn }],
      ],
      [
        'a non-applicant spouse outside a community property state',
        [
          applicants[0]!,
          { applicantRole: 'NON_APPLICANT_SPOUSE', firstName: 'Pat', lastName: 'Kowalski', maritalStatus: 'MARRIED' },
        ],
        [{ field: 'applicants.1.applicantRole', message: messages.applications.spouseOnlyInCommunityPropertyState }],
      ],
      [
        'a non-applicant spouse without a married applicant',
        [
          { ...applicants[0], maritalStatus: 'UNMARRIED' },
          { applicantRole: 'NON_APPLICANT_SPOUSE', firstName: 'Pat', lastName: 'Kowalski', maritalStatus: 'SEPARATED' },
        ],
        [
          { field: 'applicants.1.applicantRole', message: messages.applications.spouseNeedsMarriedApplicant },
          { field: 'applicants.1.maritalStatus', message: messages.applications.spouseMustBeMarried },
        ],
      ],
      [
        'an applicant of another application',
        [{ ...applicants[0], id: 1, socialSecurityNumber: undefined, govtIssuedIds: [] }],
        [{ field: 'applicants.0.id', message: messages.applications.applicantNotFound }],
      ],
    ];
    for (const [name, list, errors] of cases) {
      const response = await officer.put(`/api/applications/${id}/applicants`, { applicants: list });
      expect(response.statusCode, name).toBe(422);
      expect(response.json().errors, name).toEqual(errors);
    }
    expect(await countRows(t, 'applicants')).toBe(before);
    expect(await applicantsOf(id)).toEqual(beforeView);
  });

  it('records a non-applicant spouse of a married applicant in a community property state', async () => {
    const harbor = await signIn(t, 'harbor', 'Harbor2026');
    const product = await productId(t, HARBOR, 'Personal Installment');
    const created = await harbor.post('/api/applications', {
      loanProductId: product,
      direct: true,
      applicants: [
        {
          applicantRole: 'PRIMARY',
          firstName: 'Rosa',
          lastName: 'Diaz',
          maritalStatus: 'MARRIED',
          addresses: [{ addressLine1: '88 Harbor Dr', city: 'San Diego', state: 'CA', zip: '92101' }],
        },
        { applicantRole: 'NON_APPLICANT_SPOUSE', firstName: 'Miguel', lastName: 'Diaz', maritalStatus: 'MARRIED' },
      ],
      request: { paymentFrequencyId: 'Monthly', estAmtFinanced: '8000.00', termMonths: 36 },
    });
    expect(created.statusCode, created.body).toBe(201);
  });

  it('saves a business applicant on a business loan, with its owner as guarantor', async () => {
    const business = await productId(t, SUMMIT, 'Business Vehicle Loan');
    const base = newAutoApplication(business);
    const response = await officer.post('/api/applications', {
      ...base,
      applicants: [
        {
          applicantRole: 'PRIMARY',
          isBusiness: true,
          companyName: 'Front Range Landscaping LLC',
          businessEntityType: 'LLC',
          employerIdentificationNumber: '84-1234567',
          companyEstablishedDate: '2015-03-01',
          companyPhoneNumber: '3035550177',
          companyState: 'CO',
          companyGrossIncome: '1250000.00',
          companyGrossIncomeFrequency: 'Annually',
          companyDebt: '4200.00',
          companyNaicsSic: '561730',
          addresses: [{ addressLine1: '400 Industrial Way', city: 'Denver', state: 'CO', zip: '80216' }],
        },
        { ...base.applicants[0], applicantRole: 'GUARANTOR', companyRole: 'OWNER', ownershipPercentage: 7500 },
      ],
    });
    expect(response.statusCode, response.body).toBe(201);
    const { id } = response.json();
    const applicants = await applicantsOf(id);
    expect(applicants[0]).toMatchObject({
      isBusiness: true,
      companyName: 'Front Range Landscaping LLC',
      employerIdentificationNumber: '**-***4567', // masked, as every number that identifies (issue 30 item 6)
      companyGrossIncome: '1250000.00',
      socialSecurityNumber: null,
    });
    expect(applicants[1]).toMatchObject({
      applicantRole: 'GUARANTOR',
      companyRole: 'OWNER',
      ownershipPercentage: 7500,
    });
    const info = (await officer.get(`/api/applications/${id}/worksheetInfo`)).json();
    expect(info).toMatchObject({
      primaryApplicantName: 'Front Range Landscaping LLC',
      loanProduct: { isBusinessLoan: true },
    });
    // A business loan needs a business primary applicant.
    const wrong = await officer.put(`/api/applications/${id}/applicants`, {
      applicants: [{ ...applicants[1], applicantRole: 'PRIMARY' }],
    });
    expect(wrong.json().errors).toEqual([
      { field: 'applicants.0.isBusiness', message: messages.applications.businessPrimaryRequired },
    ]);
  });
});
