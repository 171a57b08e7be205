import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TenantTx } from '../../../db/tenancy.ts';
import { HARBOR, newAutoApplication, productId, signIn, SUMMIT, type ApiClient } from '../../../test/api-client.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { findEmailMatches, findPhoneMatches } from './application-alerts.repository.ts';

let t: TestApp;
let officer: ApiClient;
let harbor: ApiClient;

beforeAll(async () => {
  t = await createTestApp();
  officer = await signIn(t, 'officer', 'Officer2026');
  harbor = await signIn(t, 'harbor', 'Harbor2026');
});
afterAll(() => t.close());

type Contact = { email?: string; phone?: string; firstName?: string };
const summitApplication = async ({ email, phone, firstName = 'Dana' }: Contact) => {
  const body = newAutoApplication(await productId(t, SUMMIT, 'New Auto'));
  const [primary, co] = body.applicants;
  const response = await officer.post('/api/applications', {
    ...body,
    applicants: [
      {
        ...primary!,
        firstName,
        socialSecurityNumber: null,
        emails: email ? [{ email }] : [],
        phoneNumbers: phone ? [{ number: phone }] : [],
      },
      co,
    ],
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number }>().id;
};
const harborApplication = async ({ email, phone }: Contact) => {
  const response = await harbor.post('/api/applications', {
    loanProductId: await productId(t, HARBOR, 'Personal Installment'),
    direct: true,
    applicants: [
      {
        applicantRole: 'PRIMARY',
        firstName: 'Rosa',
        lastName: 'Diaz',
        maritalStatus: 'UNMARRIED',
        addresses: [{ addressLine1: '88 Harbor Dr', city: 'San Diego', state: 'CA', zip: '92101' }],
        emails: email ? [{ email }] : [],
        phoneNumbers: phone ? [{ number: phone }] : [],
      },
    ],
    request: { paymentFrequencyId: 'Monthly', estAmtFinanced: '8000.00', termMonths: 36 },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number }>().id;
};

describe('application alerts', () => {
  it('lists applicants of other applications sharing an e-mail (any case) or a phone, phones masked', async () => {
    const a = await summitApplication({ email: 'pat.alvarez@example.com', phone: '7205550101' });
    const b = await summitApplication({ email: 'Pat.Alvarez@Example.COM', phone: '7205550199', firstName: 'Pat' });
    const c = await summitApplication({ email: 'someone.else@example.com', phone: '7205550101', firstName: 'Chris' });
    const lone = await summitApplication({ email: 'nobody.matches@example.com', phone: '7205550777' });
    expect((await officer.get(`/api/applications/${a}/alerts`)).json()).toEqual([
      { name: 'Chris Kowalski', applicationId: c, emails: [], phoneNumbers: ['(720) 555-0101'] },
      { name: 'Pat Kowalski', applicationId: b, emails: ['Pat.Alvarez@Example.COM'], phoneNumbers: [] },
    ]);
    expect((await officer.get(`/api/applications/${b}/alerts`)).json()).toEqual([
      { name: 'Dana Kowalski', applicationId: a, emails: ['pat.alvarez@example.com'], phoneNumbers: [] },
    ]);
    expect((await officer.get(`/api/applications/${lone}/alerts`)).json()).toEqual([]);
  });

  it('never matches across lenders', async () => {
    const summit = await summitApplication({ email: 'shared.person@example.com', phone: '6195550123' });
    const harborId = await harborApplication({ email: 'shared.person@example.com', phone: '6195550123' });
    expect((await officer.get(`/api/applications/${summit}/alerts`)).json()).toEqual([]);
    expect((await harbor.get(`/api/applications/${harborId}/alerts`)).json()).toEqual([]);
    expect((await harbor.get(`/api/applications/${summit}/alerts`)).statusCode).toBe(404);
  });

  it('looks the matches up by index, not by scanning the e-mails and phones', async () => {
    const id = await summitApplication({ email: 'indexed.lookup@example.com', phone: '3035550999' });
    const { rows } = await t.pool.query<{ lender_id: number; applicant_id: number }>(
      'select lender_id, id as applicant_id from applicants where application_id = $1 limit 1',
      [id],
    );
    const { lender_id: lenderId, applicant_id: applicantId } = rows[0]!;
    // Enough contacts that a scan would cost far more than an index lookup; then fresh statistics.
    await t.pool.query(
      `insert into applicant_emails (lender_id, applicant_id, sort_order, email)
       select $1, $2, 100 + g, 'bulk' || g || '@example.com' from generate_series(1, 20000) g`,
      [lenderId, applicantId],
    );
    await t.pool.query(
      `insert into applicant_phone_numbers (lender_id, applicant_id, sort_order, number)
       select $1, $2, 100 + g, (3030000000 + g)::text from generate_series(1, 20000) g`,
      [lenderId, applicantId],
    );
    await t.pool.query('analyze applicant_emails; analyze applicant_phone_numbers; analyze applicants');
    // The query text the repository sends (built only, never run through this handle).
    const builder = t.db as unknown as TenantTx;
    const queries = [
      findEmailMatches(builder, lenderId, id, ['indexed.lookup@example.com']).toSQL(),
      findPhoneMatches(builder, lenderId, id, ['3035550999']).toSQL(),
    ];
    const client = await t.pool.connect();
    try {
      await client.query('begin');
      await client.query(`select set_config('app.lender_id', $1, true), set_config('role', 'credence_app', true)`, [
        String(lenderId),
      ]);
      for (const query of queries) {
        const plan = (await client.query<{ 'QUERY PLAN': string }>(`explain ${query.sql}`, query.params)).rows
          .map((r) => r['QUERY PLAN'])
          .join('\n');
        expect(plan).toMatch(/Index (Only )?Scan using applicant_(emails_email|phone_numbers_number)_key_idx/);
        expect(plan).not.toMatch(/Seq Scan on applicant_(emails|phone_numbers)/);
      }
    } finally {
      await client.query('rollback');
      client.release();
    }
    // Still the right answer with all those rows around.
    expect((await officer.get(`/api/applications/${id}/alerts`)).json()).toEqual([]);
  });
});
