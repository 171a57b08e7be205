import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  GET_LOAN_SUMMARY,
  GRAPHQL_PATH,
  loanSummaryEndpoints,
  printableSections,
  type Applicant,
} from '@credence/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, SUMMIT, type ApiClient } from '../../../test/api-client.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

/**
 * Issue 30 item 6: one masking rule for SSN, EIN and identity document numbers on every path. A processor (no
 * canRevealSensitiveData) and an administrator (with it) read a business application of the demo through every
 * GET route that takes one id, the applicants' save, GraphQL, the summary PDF and the queue CSV: the full EIN
 * (nine digits, with or without its dash) is in no answer, and REST and GraphQL mask it the same way.
 */
let t: TestApp;
let processor: ApiClient;
let admin: ApiClient;
let applicationId: number;
let ein: string;

const pdfText = (pdf: Buffer) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'masking-'));
  try {
    writeFileSync(path.join(dir, 'summary.pdf'), pdf);
    return execFileSync('pdftotext', ['-layout', path.join(dir, 'summary.pdf'), '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

beforeAll(async () => {
  t = await createTestApp();
  processor = await signIn(t, 'expiring', 'Expiring2026'); // a Summit Loan Processor
  admin = await signIn(t, 'admin', 'Admin2026');
  const { rows } = await t.pool.query<{ application_id: number; employer_identification_number: string }>(
    `select p.application_id, p.employer_identification_number from applicants p
       join applications a on a.id = p.application_id join lenders l on l.id = a.lender_id
      where l.name = $1 and p.is_business and p.employer_identification_number is not null
        and p.company_name = 'Front Range Landscaping LLC'
      order by p.application_id limit 1`,
    [SUMMIT],
  );
  applicationId = rows[0]!.application_id;
  ein = rows[0]!.employer_identification_number.replace(/\D/g, '');
  expect(ein).toMatch(/^\d{9}$/);
});
afterAll(() => t.close());

describe('one masking rule on every path (issue 30 item 6)', () => {
  const masked = () => `**-***${ein.slice(-4)}`;
  const leaks = (text: string) => text.includes(ein) || text.includes(`${ein.slice(0, 2)}-${ein.slice(2)}`);

  for (const [who, caller] of [
    ['the processor', () => processor],
    ['the administrator (canRevealSensitiveData)', () => admin],
  ] as const) {
    it(`${who}: every GET route of the application, GraphQL, the PDF and the CSV show no full EIN`, async () => {
      const client = caller();
      const oneId = t.routes.filter(
        (r) =>
          r.method === 'GET' && r.url.startsWith('/api/applications/') && (r.url.match(/:\w+/g) ?? []).length === 1,
      );
      expect(oneId.map((r) => r.url)).toContain('/api/applications/:id/applicants');
      let answered = 0;
      for (const route of oneId) {
        const response = await client.get(route.url.replace(/:\w+/, String(applicationId)));
        if (response.statusCode === 200) answered += 1;
        expect(leaks(response.body), `${route.url}: ${response.body.slice(0, 200)}`).toBe(false);
      }
      expect(answered).toBeGreaterThan(5);

      const rest = (await client.get(`/api/applications/${applicationId}/applicants`)).json<{
        applicants: Applicant[];
      }>();
      const business = rest.applicants.find((a) => a.isBusiness)!;
      expect(business.employerIdentificationNumber).toBe(masked());
      const whole = await client.get(`/api/applications/${applicationId}`);
      expect(whole.body).toContain(masked());

      const graphql = await t.app.inject({
        method: 'POST',
        url: GRAPHQL_PATH,
        headers: t.bearer(client.token),
        payload: { query: GET_LOAN_SUMMARY, variables: { applicationId }, operationName: 'GetLoanSummary' },
      });
      expect(graphql.statusCode, graphql.body).toBe(200);
      expect(leaks(graphql.body)).toBe(false);
      const summary = graphql.json<{
        data: { application: { applicants: { isBusiness: boolean; employerIdentificationNumber: string | null }[] } };
      }>();
      const graphBusiness = summary.data.application.applicants.find((a) => a.isBusiness)!;
      expect(graphBusiness.employerIdentificationNumber).toBe(business.employerIdentificationNumber);

      const preview = await client.post(loanSummaryEndpoints.preview.path.replace(':id', String(applicationId)), {
        sections: printableSections({ enabled: false, displayOption: 'afterDecision' }),
      });
      expect(preview.statusCode, preview.body).toBe(200);
      const text = pdfText(Buffer.from(preview.json<{ contentBase64: string }>().contentBase64, 'base64'));
      expect(text).toContain('Front Range Landscaping LLC');
      expect(leaks(text)).toBe(false);

      const csv = await client.post('/api/applicationqueues/allApplicationsQueue/export', {
        text: String(applicationId),
      });
      expect(csv.statusCode).toBe(200);
      expect(leaks(csv.body)).toBe(false);
    });
  }

  it('the masked EIN sent back keeps the stored number; a mask of another number is refused', async () => {
    const url = `/api/applications/${applicationId}/applicants`;
    const { applicants } = (await admin.get(url)).json<{ applicants: Applicant[] }>();
    expect((await admin.post(`/api/applications/${applicationId}/lock`)).statusCode).toBeLessThan(300);
    const saved = await admin.put(url, { applicants });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(leaks(saved.body)).toBe(false);
    const stored = await t.pool.query<{ ein: string }>(
      `select employer_identification_number as ein from applicants where application_id = $1 and is_business`,
      [applicationId],
    );
    expect(stored.rows[0]!.ein.replace(/\D/g, '')).toBe(ein);
    const other = applicants.map((a) => (a.isBusiness ? { ...a, employerIdentificationNumber: '**-***0000' } : a));
    const refused = await admin.put(url, { applicants: other });
    expect(refused.statusCode).toBe(422);
    expect(refused.body).toContain('Enter the full Employer Identification Number');
  });
});
