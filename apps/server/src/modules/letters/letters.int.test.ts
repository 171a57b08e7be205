import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { lettersResource, lettersTexts } from '@credence/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedLetterTemplates } from '../../db/seed/letters.ts';
import { findSeededApplication, HARBOR, signIn, SUMMIT, type ApiClient } from '../../test/api-client.ts';
import { describeResource } from '../../test/resource-suite.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const template = {
  letterType: 'adverseAction',
  body: 'Dear {{applicant.fullName}},\n{{#reasons}}\n- {{.}}\n{{/reasons}}',
};

describeResource(lettersResource, {
  // One template per type may be enabled: the suite's enable/disable record (its second) is the one created enabled.
  valid: (name) => ({ ...template, name, enabled: name.endsWith(' Alpha') }),
  invalid: [
    { input: { ...template, name: '' }, fields: ['name'] },
    { input: { ...template, name: 'Bad type', letterType: 'welcome' }, fields: ['letterType'] },
    { input: { ...template, name: 'Bad field', body: 'Your SSN is {{applicant.ssn}}' }, fields: ['body'] },
    { input: { ...template, name: 'Open list', body: '{{#reasons}}- {{.}}' }, fields: ['body'] },
  ],
  change: (input) => ({ ...input, body: 'Hello {{applicant.firstName}}' }),
});

/** The text of a PDF, as `pdftotext -layout` reads it. */
const pdfText = (pdf: Buffer) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'letters-'));
  try {
    writeFileSync(path.join(dir, 'letter.pdf'), pdf);
    return execFileSync('pdftotext', ['-layout', path.join(dir, 'letter.pdf'), '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

describe('letters (issue 13 item 6; spec 3 §6–§9)', () => {
  let t: TestApp;
  let admin: ApiClient;
  let officer: ApiClient;
  let processor: ApiClient;
  let harborAdmin: ApiClient;
  let applicationId: number;
  let applicants: { id: number; first_name: string; last_name: string }[];
  let declineId: number;
  let summitId: number;

  const lenderIdOf = async (name: string) =>
    (await t.pool.query<{ id: number }>('select id from lenders where name = $1', [name])).rows[0]!.id;

  /** A decline receipt as the decision worksheet stores it (only the parts a letter reads are filled in). */
  const insertDecision = async (decisionType: string, receipt: Record<string, unknown>) => {
    const { rows } = await t.pool.query<{ id: number }>(
      `insert into application_decisions
         (lender_id, application_id, version, entry_kind, decision_type, source, state_before, state_after, receipt)
       values ($1, $2, (select coalesce(max(version), 0) + 1 from application_decisions where application_id = $2),
               'decision', $3, 'manual', 'reviewed', 'declined', $4) returning id`,
      [summitId, applicationId, decisionType, JSON.stringify(receipt)],
    );
    return rows[0]!.id;
  };

  /** LETTERS_PDF_DIR=… keeps the printed letters to look at (e.g. as PNG pages with pdftoppm). */
  const getPdf = async (client: ApiClient, url: string, keepAs?: string) => {
    const response = await client.get(url);
    const dir = process.env.LETTERS_PDF_DIR;
    if (dir && keepAs && response.statusCode === 200) writeFileSync(path.join(dir, keepAs), response.rawPayload);
    return { response, text: response.statusCode === 200 ? pdfText(response.rawPayload) : '' };
  };

  beforeAll(async () => {
    t = await createTestApp();
    summitId = await lenderIdOf(SUMMIT);
    await seedLetterTemplates(t.db, summitId);
    await seedLetterTemplates(t.db, await lenderIdOf(HARBOR));
    admin = await signIn(t, 'admin', 'Admin2026');
    officer = await signIn(t, 'officer', 'Officer2026');
    processor = await signIn(t, 'expiring', 'Expiring2026');
    harborAdmin = await signIn(t, 'admin', 'Admin2026');
    const me = (await harborAdmin.get('/api/user/me')).json<{ lenders: { id: number; name: string }[] }>();
    await harborAdmin.put('/api/user/lender', { lenderId: me.lenders.find((l) => l.name === HARBOR)!.id });
    // An application of Summit whose two applicants each have an active credit report.
    applicationId = await findSeededApplication(
      t,
      SUMMIT,
      `(select count(distinct r.applicant_id) from credit_reports r where r.application_id = a.id and r.is_active) >= 2`,
    );
    applicants = (
      await t.pool.query<{ id: number; first_name: string; last_name: string }>(
        'select id, first_name, last_name from applicants where application_id = $1 order by sort_order, id',
        [applicationId],
      )
    ).rows;
    declineId = await insertDecision('decline', {
      decidedAt: new Date().toISOString(),
      decisionApplicants: [
        {
          applicantId: applicants[0]!.id,
          name: 'x',
          role: 'PRIMARY',
          pti: null,
          declineReasons: [
            { codeId: null, code: 'DI', text: 'Excessive obligations in relation to income' },
            { codeId: null, code: null, text: 'Insufficient length of employment' },
          ],
        },
        {
          applicantId: applicants[1]!.id,
          name: 'y',
          role: 'CO_APPLICANT',
          pti: null,
          declineReasons: [{ codeId: null, code: null, text: 'Limited credit experience' }],
        },
      ],
      creditReports: [
        {
          applicantId: applicants[1]!.id,
          creditReportRowId: 1,
          creditReportId: 'R-1',
          bureau: 'TransUnion',
          providerName: 'TransUnion (sandbox)',
          pulledAt: '2026-11-20T15:00:00.000Z',
          scoreModel: 'FICO 8',
          score: 601,
          scoreRange: { min: 300, max: 850 },
          keyFactors: ['Serious delinquency', 'Too many inquiries last 12 months'],
        },
      ],
    });
  });
  afterAll(() => t.close());

  const fullName = (i: number) => `${applicants[i]!.first_name} ${applicants[i]!.last_name}`;

  it('prints the adverse action notice: the applicant, the principal reasons, the bureau, the ECOA notice', async () => {
    const { response, text } = await getPdf(
      officer,
      `/api/applications/adverse?declineId=${declineId}&applicantId=${applicants[0]!.id}&letterState=OH`,
      'adverse-action.pdf',
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['cache-control']).toBe('no-store');
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain(fullName(0));
    expect(flat).toContain('Excessive obligations in relation to income');
    expect(flat).toContain('Insufficient length of employment');
    expect(flat).not.toContain('Limited credit experience');
    // The bureau of the applicant's active report (nothing recorded on the receipt for this applicant).
    expect(flat).toMatch(/Equifax Information Services LLC|Experian|TransUnion LLC/);
    expect(flat).toContain('The Federal Equal Credit Opportunity Act prohibits creditors from discriminating');
    expect(flat).toContain('National Credit Union Administration');
    expect(flat).toContain('free copy of your report from the reporting agency');
    expect(flat).toContain('The Ohio laws against discrimination');
    expect(flat).toContain(SUMMIT);
    expect(flat).toMatch(/\d{2}\/\d{2}\/\d{4}/);
    expect(flat).not.toContain('{{');
  });

  it("prints the co-applicant's own reasons and the bureau and score the receipt recorded", async () => {
    const { response, text } = await getPdf(
      officer,
      `/api/applications/adverse?declineId=${declineId}&applicantId=${applicants[1]!.id}&letterState=CO`,
      'adverse-action-co-applicant.pdf',
    );
    expect(response.statusCode, response.body).toBe(200);
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain(fullName(1));
    expect(flat).toContain('Limited credit experience');
    expect(flat).not.toContain('Excessive obligations');
    expect(flat).toContain('TransUnion LLC');
    expect(flat).toContain('P.O. Box 1000');
    expect(flat).toContain('1-800-888-4213');
    expect(flat).toContain('Your credit score: 601 (FICO 8)');
    expect(flat).toContain('11/20/2026');
    expect(flat).toContain('Scores range from a low of 300 to a high of 850');
    expect(flat).toContain('Too many inquiries last 12 months');
    expect(flat).not.toContain('Ohio');
  });

  it("keeps each letter among the application's files and writes a history row", async () => {
    const before = (await officer.get(`/api/applications/${applicationId}/files`)).json<{ name: string }[]>();
    const { response } = await getPdf(officer, `/api/applications/adverse?declineId=${declineId}`);
    expect(response.statusCode).toBe(200);
    const files = (await officer.get(`/api/applications/${applicationId}/files`)).json<
      { appFileId: number; name: string; fileName: string; contentType: string }[]
    >();
    expect(files).toHaveLength(before.length + 1);
    const file = files.find((f) => f.appFileId === Number(response.headers['x-application-file-id']))!;
    expect(file.name).toBe(`Adverse Action Notice - ${fullName(0)}`);
    expect(file.contentType).toBe('application/pdf');
    // The stored file is the letter that was printed.
    const stored = await officer.get(`/api/applications/${applicationId}/files/${file.appFileId}`);
    expect(stored.rawPayload.equals(response.rawPayload)).toBe(true);
    const history = (await officer.get(`/api/applications/${applicationId}/history`)).json<
      { action: string; description: string; user: { name: string } | null }[]
    >();
    expect(history[0]).toMatchObject({
      action: lettersTexts.historyAction,
      description: `Adverse Action Notice for ${fullName(0)}`,
    });
  });

  it('prints the credit score disclosure: score, range, key factors, date and bureau', async () => {
    const { response, text } = await getPdf(
      officer,
      `/api/applications/${applicationId}/facta?applicantId=${applicants[0]!.id}&letterState=CO`,
      'credit-score-disclosure.pdf',
    );
    expect(response.statusCode, response.body).toBe(200);
    const flat = text.replace(/\s+/g, ' ');
    const report = (
      await t.pool.query<{
        default_score: number | null;
        bureau: string;
        scores: { model: string; factors: { text: string }[] }[];
        default_score_model: string;
      }>(
        'select default_score, bureau, scores, default_score_model from credit_reports where applicant_id = $1 and is_active',
        [applicants[0]!.id],
      )
    ).rows[0]!;
    expect(flat).toContain(fullName(0));
    expect(flat).toContain('Credit Score Disclosure');
    if (report.default_score !== null) expect(flat).toContain(`Your credit score: ${report.default_score}`);
    expect(flat).toContain('Scores range from a low of 250 to a high of 900'); // FICO Auto 8
    const factors = report.scores.find((s) => s.model === report.default_score_model)?.factors ?? [];
    for (const f of factors.slice(0, 4)) expect(flat).toContain(f.text);
    expect(flat).toContain(report.bureau);
    const files = (await officer.get(`/api/applications/${applicationId}/files`)).json<{ name: string }[]>();
    expect(files.map((f) => f.name)).toContain(`Credit Score Disclosure - ${fullName(0)}`);
  });

  it("answers 400 'Decline Id is not supplied' without a decline id", async () => {
    const response = await officer.get(`/api/applications/adverse?applicantId=${applicants[0]!.id}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Decline Id is not supplied');
  });

  it('answers 404 for a decision that is not a decline, an unknown id, and a bad state or applicant as 422', async () => {
    const approval = await insertDecision('approve', { decidedAt: new Date().toISOString() });
    expect((await officer.get(`/api/applications/adverse?declineId=${approval}`)).statusCode).toBe(404);
    expect((await officer.get('/api/applications/adverse?declineId=2000000000')).statusCode).toBe(404);
    expect((await officer.get(`/api/applications/adverse?declineId=${declineId}&letterState=XX`)).statusCode).toBe(422);
    const stranger = await officer.get(`/api/applications/adverse?declineId=${declineId}&applicantId=2000000000`);
    expect(stranger.statusCode).toBe(422);
    expect(stranger.json().errors[0].field).toBe('applicantId');
  });

  it('answers 403 to a user without canDecisionALoan, and 404 to another lender', async () => {
    expect((await processor.get(`/api/applications/adverse?declineId=${declineId}`)).statusCode).toBe(403);
    expect((await processor.get(`/api/applications/${applicationId}/facta`)).statusCode).toBe(403);
    expect((await harborAdmin.get(`/api/applications/adverse?declineId=${declineId}`)).statusCode).toBe(404);
    expect((await harborAdmin.get(`/api/applications/${applicationId}/facta`)).statusCode).toBe(404);
  });

  it('one template is enabled per type: enabling another turns the first off, both audited', async () => {
    const list = (await admin.get('/api/letters?letterType=adverseAction')).json<{
      data: { id: number; enabled: boolean }[];
    }>();
    const seeded = list.data.find((r) => r.enabled)!;
    const created = await admin.post('/api/letters', {
      name: 'Short adverse notice',
      letterType: 'adverseAction',
      body: '# Notice\n{{applicant.fullName}}: {{#reasons}}{{.}}; {{/reasons}}',
      enabled: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    const after = (await admin.get('/api/letters?letterType=adverseAction')).json<{
      data: { id: number; enabled: boolean }[];
    }>();
    expect(after.data.filter((r) => r.enabled).map((r) => r.id)).toEqual([created.json().id]);
    const audit = await t.pool.query<{ action: string }>(
      `select action from audit_events where area = 'letters' and record_id = $1 order by id`,
      [String(seeded.id)],
    );
    expect(audit.rows.map((r) => r.action)).toEqual(['disable']);
    const { text } = await getPdf(officer, `/api/applications/adverse?declineId=${declineId}`);
    expect(text.replace(/\s+/g, ' ')).toContain('Excessive obligations in relation to income; Insufficient length');
    // Back to the seeded one.
    expect((await admin.post(`/api/letters/${seeded.id}/enable`, {})).json().enabled).toBe(true);
    expect((await admin.get(`/api/letters/${created.json().id}`)).json().enabled).toBe(false);
  });

  it("answers 404 'A letter has not been uploaded or enabled…' when no template of the type is enabled", async () => {
    const enabled = (await admin.get('/api/letters'))
      .json<{ data: { id: number; enabled: boolean }[] }>()
      .data.filter((r) => r.enabled);
    for (const row of enabled) expect((await admin.post(`/api/letters/${row.id}/disable`, {})).statusCode).toBe(200);
    for (const url of [
      `/api/applications/adverse?declineId=${declineId}`,
      `/api/applications/${applicationId}/facta`,
    ]) {
      const response = await officer.get(url);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(
        'A letter has not been uploaded or enabled. Please contact your administrator.',
      );
    }
    for (const row of enabled) await admin.post(`/api/letters/${row.id}/enable`, {});
  });

  it('refuses an unknown merge field on save with a 422 naming it; lists the fields; previews a PDF', async () => {
    const bad = await admin.post('/api/letters', {
      name: 'Unknown field',
      letterType: 'creditScoreDisclosure',
      body: 'Hello {{applicant.fullName}}, your SSN {{applicant.ssn}}',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual([
      { field: 'body', message: 'Unknown field: {{applicant.ssn}}. Choose a field from the list.' },
    ]);
    const fields = (await officer.get('/api/letters/fields')).json<{ name: string }[]>();
    expect(fields.map((f) => f.name)).toEqual(expect.arrayContaining(['applicant.fullName', 'reasons', 'score']));
    const preview = await admin.post('/api/letters/preview', {
      letterType: 'adverseAction',
      body: '# Preview\n{{applicant.fullName}}\n{{#reasons}}\n- {{.}}\n{{/reasons}}',
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const text = pdfText(Buffer.from(preview.json().contentBase64, 'base64'));
    expect(text).toContain('Jordan Q. Sample');
    expect(text).toContain('Excessive obligations in relation to income');
    expect((await officer.post('/api/letters/preview', { letterType: 'adverseAction', body: 'x' })).statusCode).toBe(
      403,
    );
  });

  describe('bounds of a template (issue 30 items 3 and 12)', () => {
    /** `{{#keyFactors}}` nested six deep around a paragraph: ~46 s of rendering before the bounds. */
    const sixDeep = (() => {
      let body = `- {{.}}: ${'this factor weighed on the score. '.repeat(30)}`;
      for (let i = 0; i < 6; i++) body = `{{#keyFactors}}\n${body}\n{{/keyFactors}}`;
      return `# Notice\n{{applicant.fullName}}\n${body}`;
    })();
    /** Within the depth, but 20 × 20 × 20 reasons' worth of text (~1.6 million characters). */
    const wide = `{{#reasons}}{{#reasons}}{{#reasons}}\n- {{.}} ${'x'.repeat(200)}\n{{/reasons}}{{/reasons}}{{/reasons}}`;
    const tooDeep = [{ field: 'body', message: lettersTexts.tooDeep }];

    it('refuses on save (create, update, preview) a template nested deeper than 3 sections, naming body', async () => {
      const created = await admin.post('/api/letters', { ...template, name: 'Six deep', body: sixDeep });
      expect(created.statusCode).toBe(422);
      expect(created.json()).toMatchObject({ code: 'VALIDATION', errors: tooDeep });
      const one = (await admin.get('/api/letters?letterType=adverseAction')).json<{ data: { id: number }[] }>()
        .data[0]!;
      const updated = await admin.put(`/api/letters/${one.id}`, { ...template, name: 'Six deep', body: sixDeep });
      expect(updated.statusCode).toBe(422);
      expect(updated.json().errors).toEqual(tooDeep);
      const preview = await admin.post('/api/letters/preview', { letterType: 'adverseAction', body: sixDeep });
      expect(preview.statusCode).toBe(422);
      expect(preview.json().errors).toEqual(tooDeep);
      const widePreview = await admin.post('/api/letters/preview', { letterType: 'adverseAction', body: wide });
      expect(widePreview.json().errors).toEqual([{ field: 'body', message: lettersTexts.mayPrintTooMuch }]);
    });

    it(
      'answers a stored template past the bounds with a 422 at once, on every letter; a real template still prints',
      async () => {
        // A decline whose applicant has five key factors and twenty reasons (the longest a letter gets).
        const decline = await insertDecision('decline', {
          decidedAt: new Date().toISOString(),
          decisionApplicants: [
            {
              applicantId: applicants[0]!.id,
              name: 'x',
              role: 'PRIMARY',
              pti: null,
              declineReasons: Array.from({ length: 20 }, (_, i) => ({ codeId: null, code: null, text: `Reason ${i}` })),
            },
          ],
          creditReports: [
            {
              applicantId: applicants[0]!.id,
              creditReportRowId: 1,
              creditReportId: 'R-2',
              bureau: 'Experian',
              providerName: 'Experian (sandbox)',
              pulledAt: '2026-11-20T15:00:00.000Z',
              scoreModel: 'FICO 8',
              score: 580,
              scoreRange: { min: 300, max: 850 },
              keyFactors: [
                'Serious delinquency',
                'Balances too high',
                'Short history',
                'Too many accounts',
                'Inquiries',
              ],
            },
          ],
        });
        const adverseUrl = `/api/applications/adverse?declineId=${decline}&applicantId=${applicants[0]!.id}`;
        const factaUrl = `/api/applications/${applicationId}/facta?applicantId=${applicants[0]!.id}`;
        const enabled = (await admin.get('/api/letters'))
          .json<{ data: { id: number; enabled: boolean }[] }>()
          .data.filter((r) => r.enabled);
        for (const row of enabled) await admin.post(`/api/letters/${row.id}/disable`, {});
        // Stored as a template saved before the bounds would be: straight into the table, past the save check.
        const { rows } = await t.pool.query<{ id: number }>(
          `insert into letter_templates (lender_id, letter_type, name, body, enabled)
           values ($1, 'adverseAction', 'Stored six deep', $2, true), ($1, 'creditScoreDisclosure', 'Stored deep', $2, true)
           returning id`,
          [summitId, sixDeep],
        );
        try {
          for (const url of [adverseUrl, factaUrl]) {
            const response = await officer.get(url);
            expect(response.statusCode).toBe(422);
            expect(response.json()).toMatchObject({
              code: 'VALIDATION',
              message: lettersTexts.tooDeep,
              errors: tooDeep,
            });
          }
          // Within the depth, stopped by the output budget while filling.
          await t.pool.query('update letter_templates set body = $2 where id = $1', [rows[0]!.id, wide]);
          const tooLong = await officer.get(adverseUrl);
          expect(tooLong.statusCode).toBe(422);
          expect(tooLong.json().message).toBe(lettersTexts.printsTooMuch);
          // Nothing was kept among the application's files for a letter that did not print.
          const files = (await officer.get(`/api/applications/${applicationId}/files`)).json<{ name: string }[]>();
          expect(files.filter((f) => f.name.includes('Stored'))).toEqual([]);
        } finally {
          await t.pool.query('delete from letter_templates where id = any($1)', [rows.map((r) => r.id)]);
          for (const row of enabled) await admin.post(`/api/letters/${row.id}/enable`, {});
        }
        // The demo's letter, with the longest data, still prints.
        const { response, text } = await getPdf(officer, adverseUrl);
        expect(response.statusCode, response.body).toBe(200);
        const flat = text.replace(/\s+/g, ' ');
        expect(flat).toContain('Reason 19');
        expect(flat).toContain('Too many accounts');
      },
      // Before the bounds this letter took tens of seconds; now each answer takes milliseconds.
      5_000,
    );
  });

  it('lets any signed-in user read the templates, and only canManageLetters write them', async () => {
    expect((await officer.get('/api/letters')).statusCode).toBe(200);
    expect((await officer.post('/api/letters', { ...template, name: 'Nope' })).statusCode).toBe(403);
    const one = (await admin.get('/api/letters')).json<{ data: { id: number }[] }>().data[0]!;
    expect((await officer.post(`/api/letters/${one.id}/enable`, {})).statusCode).toBe(403);
    expect((await harborAdmin.get(`/api/letters/${one.id}`)).statusCode).toBe(404);
  });
});
