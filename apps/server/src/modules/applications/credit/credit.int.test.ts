import { messages, type ApplicationCredit, type StoredCreditReport } from '@credence/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  findSeededApplication,
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

beforeAll(async () => {
  t = await createTestApp();
  officer = await signIn(t, 'officer', 'Officer2026');
  harbor = await signIn(t, 'harbor', 'Harbor2026');
});
afterAll(() => t.close());

/** A new two-applicant auto application (Dana and Sam Kowalski), locked by the officer who created it. */
const create = async (samsBirthday: string | null = '1987-09-30') => {
  const body = newAutoApplication(await productId(t, SUMMIT, 'New Auto'));
  const response = await officer.post('/api/applications', {
    ...body,
    applicants: [body.applicants[0], { ...body.applicants[1], dob: samsBirthday }],
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number }>().id;
};

const credit = async (id: number) => {
  const response = await officer.get(`/api/applicationcreditreport/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ApplicationCredit>();
};

const pull = (id: number, body: Record<string, unknown>) =>
  officer.post(`/api/applications/${id}/creditreport/pull`, body);

const inQueue = async (grid: string, id: number) => {
  const response = await officer.post(`/api/applicationqueues/${grid}/search`, {
    filter: { logic: 'and', filters: [{ field: 'applicationId', operator: '=', value: id }] },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ total: number }>().total === 1;
};

/** A seeded `new` application whose primary applicant's SSN selects a sandbox case, locked by the officer. */
const seededCase = async (last4: string) => {
  const id = await findSeededApplication(
    t,
    SUMMIT,
    `a.state = 'new' and exists (select 1 from applicants x where x.application_id = a.id and x.role = 'PRIMARY' and x.ssn_last4 = '${last4}')`,
  );
  expect((await officer.post(`/api/applications/${id}/lock`)).statusCode).toBe(200);
  return id;
};

describe('credit pull (spec 3 §7, issue 11)', () => {
  it.each(['Equifax', 'Experian', 'TransUnion'] as const)(
    'pulls from %s for both applicants, with scores by the lender’s models and the average on the application',
    async (bureau) => {
      const id = await create();
      const pulled = await pull(id, { creditBureau: bureau });
      expect(pulled.statusCode, pulled.body).toBe(200);
      expect(pulled.json().reports.map((r: { applicantName: string }) => r.applicantName)).toEqual([
        'Dana Kowalski',
        'Sam Kowalski',
      ]);
      const answer = await credit(id);
      const reports = answer.applicants.map((a) => a.activeCreditReport!);
      expect(reports.map((r) => r.creditBureau)).toEqual([bureau, bureau]);
      const models = answer.bureaus.find((b) => b.creditBureau === bureau)!.scoreModels;
      expect(reports[0]!.report.scores.map((s) => s.model)).toEqual(models);
      // The average of the default model's scores, over the files it could score.
      const defaults = reports.flatMap((r) => r.report.scores.find((s) => s.model === 'FICO Auto 8')!.score ?? []);
      expect(defaults.length).toBeGreaterThan(0);
      expect(answer.averageCreditScore).toBe(Math.round(defaults.reduce((a, b) => a + b, 0) / defaults.length));
      expect(reports[0]!.report.subject.ssnLast4).toBe('6789');
      // The history and the permissible-purpose audit record the pull, never the SSN.
      const audit = await t.pool.query<{ details: Record<string, unknown> }>(
        `select details from audit_events where area = 'credit' and action = 'pull' and record_id = $1`,
        [String(id)],
      );
      expect(audit.rows).toHaveLength(2);
      expect(audit.rows[0]!.details).toMatchObject({
        bureau,
        outcome: 'report',
        permissiblePurpose: expect.stringContaining('604(a)(3)(A)'),
      });
      expect(JSON.stringify(audit.rows)).not.toMatch(/(?<!\d)(123-?45-?)?6789(?!\d)/);
      const history = (await officer.get(`/api/applications/${id}/history`)).body;
      expect(history).toContain(`Credit pulled from ${bureau} for Dana Kowalski`);
    },
  );

  it('stores the raw answer and the subject encrypted, the parsed report in rows', async () => {
    const id = await create();
    await pull(id, { creditBureau: 'Equifax' });
    const { rows } = await t.pool.query<{ raw_encrypted: string; subject_encrypted: string; n: number }>(
      `select r.raw_encrypted, r.subject_encrypted, (select count(*)::int from credit_report_tradelines t where t.credit_report_id = r.id) as n
         from credit_reports r where r.application_id = $1 order by r.applicant_id`,
      [id],
    );
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.raw_encrypted).toMatch(/^v1\./);
      expect(row.raw_encrypted).not.toContain('<');
      expect(row.subject_encrypted).not.toContain('Kowalski');
    }
    const answer = await credit(id);
    expect(answer.applicants[0]!.activeCreditReport!.report.tradelines).toHaveLength(rows[0]!.n);
  });

  it('a re-pull keeps the previous report: two listed, one active', async () => {
    const id = await create();
    await pull(id, { creditBureau: 'Equifax', applicantIds: [(await credit(id)).applicants[0]!.applicantId] });
    const first = (await credit(id)).applicants[0]!.activeCreditReport!;
    await pull(id, { creditBureau: 'Experian', applicantIds: [first.applicantId] });
    const previous = (await officer.get(`/api/applicationcreditreport/${id}/previous`)).json<
      { id: number; isActive: boolean; creditBureau: string }[]
    >();
    expect(previous.map((p) => [p.creditBureau, p.isActive])).toEqual([
      ['Experian', true],
      ['Equifax', false],
    ]);
    const old = await officer.get(`/api/CreditReport/${first.id}`);
    expect(old.statusCode).toBe(200);
    expect(old.json<StoredCreditReport>()).toMatchObject({ id: first.id, isActive: false, creditBureau: 'Equifax' });
    expect((await credit(id)).applicants[0]!.activeCreditReport!.creditBureau).toBe('Experian');
  });

  it('a file with no record is stored with its NoReportReason message', async () => {
    const id = await seededCase('0002');
    const pulled = await pull(id, { creditBureau: 'TransUnion' });
    expect(pulled.statusCode, pulled.body).toBe(200);
    const mine = pulled.json().reports[0];
    expect(mine).toMatchObject({ noRecordFound: true, noReportReason: expect.any(String) });
    const report = (await credit(id)).applicants[0]!.activeCreditReport!;
    expect(report.noRecordFound).toBe(true);
    expect(report.messages).toEqual([{ messageType: 'NoReportReason', message: mine.noReportReason }]);
  });

  it('needs the lock, an enabled bureau and the applicant on the application', async () => {
    const id = await findSeededApplication(t, SUMMIT, `a.state = 'new'`);
    expect((await pull(id, { creditBureau: 'Equifax' })).statusCode).toBe(409);
    const mine = await create();
    await t.pool.query(`update lender_credit_bureaus set enabled = false where bureau = 'Experian'`);
    try {
      const refused = await pull(mine, { creditBureau: 'Experian' });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors).toEqual([{ field: 'creditBureau', message: messages.credit.bureauNotEnabled }]);
    } finally {
      await t.pool.query(`update lender_credit_bureaus set enabled = true where bureau = 'Experian'`);
    }
    const noBirthday = await create(null);
    const incomplete = await pull(noBirthday, { creditBureau: 'Equifax' });
    expect(incomplete.statusCode).toBe(422);
    expect(incomplete.json().errors).toEqual([
      { field: 'applicantIds', message: messages.credit.pullDataMissing('Sam Kowalski') },
    ]);
    const stranger = await pull(mine, { creditBureau: 'Equifax', applicantIds: [999_999] });
    expect(stranger.statusCode).toBe(422);
    expect(await t.pool.query(`select 1 from credit_reports where application_id = $1`, [mine])).toMatchObject({
      rowCount: 0,
    });
  });
});

describe('review and mark reviewed', () => {
  it('requires the review when a report has alerts, saves it, and marking reviewed moves Credit → Decision', async () => {
    const id = await seededCase('0004'); // OFAC possible match
    await pull(id, { creditBureau: 'Equifax' });
    const before = await credit(id);
    expect(before.applicants.some((a) => a.activeCreditReport?.report.ofac)).toBe(true);
    const missing = await officer.put(`/api/CreditReportReview/${id}`, { review: '', tradelines: [] });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual([{ field: 'review', message: messages.credit.reviewRequiredWithAlerts }]);
    const early = await officer.put(`/api/CreditReportReview/MarkAsReviewed/${id}/true`, {});
    expect(early.statusCode).toBe(422);
    const saved = await officer.put(`/api/CreditReportReview/${id}`, {
      review: 'OFAC hit cleared: date of birth differs from the SDN entry.',
      tradelines: [],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<ApplicationCredit>().review).toBe('OFAC hit cleared: date of birth differs from the SDN entry.');
    expect(await inQueue('creditQueue', id)).toBe(true);
    const marked = await officer.put(`/api/CreditReportReview/MarkAsReviewed/${id}/true`, {});
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json<ApplicationCredit>()).toMatchObject({ state: 'reviewed', reviewedBy: 'Olivia Chen' });
    expect(await inQueue('creditQueue', id)).toBe(false);
    expect(await inQueue('decisionQueue', id)).toBe(true);
    const again = await officer.put(`/api/CreditReportReview/MarkAsReviewed/${id}/true`, {});
    expect(again.json().errors).toEqual([{ field: 'isReviewed', message: messages.credit.notInState }]);
  });

  it('saves the tradeline marks all or nothing', async () => {
    const id = await create();
    await pull(id, { creditBureau: 'Experian' });
    const report = (await credit(id)).applicants.find(
      (a) => a.activeCreditReport!.report.tradelines.length >= 2,
    )!.activeCreditReport!;
    const [one, two] = report.report.tradelines;
    const refused = await officer.put(`/api/CreditReportReview/${id}`, {
      review: 'Checked',
      tradelines: [
        { creditReportId: report.id, tradelineId: one!.id, excluded: true, paidOff: false },
        { creditReportId: report.id, tradelineId: 'NOT-A-TRADELINE', excluded: true, paidOff: false },
      ],
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual([
      { field: 'tradelines.1.tradelineId', message: messages.credit.tradelineNotFound },
    ]);
    const unchanged = (await credit(id)).applicants.flatMap((a) => a.activeCreditReport!.report.tradelines);
    expect(unchanged.every((x) => !x.excluded && !x.paidOff)).toBe(true);
    expect((await credit(id)).review).toBeNull();
    const saved = await officer.put(`/api/CreditReportReview/${id}`, {
      review: 'Checked',
      tradelines: [
        { creditReportId: report.id, tradelineId: one!.id, excluded: true, paidOff: false },
        { creditReportId: report.id, tradelineId: two!.id, excluded: false, paidOff: true },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const marks = saved
      .json<ApplicationCredit>()
      .applicants.find((a) => a.activeCreditReport?.id === report.id)!
      .activeCreditReport!.report.tradelines.slice(0, 2)
      .map((x) => [x.excluded, x.paidOff]);
    expect(marks).toEqual([
      [true, false],
      [false, true],
    ]);
  });
});

describe('credit changes and the decision-retraction rule set (spec 3 §4, issue 13)', () => {
  const approved = async () => {
    const id = await create();
    await t.pool.query(`update applications set state = 'approved' where id = $1`, [id]);
    return id;
  };
  /** `POST applications/{id}/creditreport/retractions`: the dry run the worksheet asks before confirming. */
  const dryRun = async (id: number, client = officer) =>
    client.post(`/api/applications/${id}/creditreport/retractions`);
  const historyOf = async (id: number) =>
    (await officer.get(`/api/applications/${id}/history`)).json<{ action: string; description: string }[]>();
  const pulledReports = async (id: number) =>
    (await credit(id)).applicants.filter((a) => a.activeCreditReport !== null).length;

  it('the demo rule set names the credit report: the dry run says so, the pull asks, then retracts', async () => {
    const id = await approved();
    const asked = await dryRun(id);
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toEqual({ retracts: true, state: 'approved', changes: ['creditReport.repulled'] });
    expect((await dryRun(id, harbor)).statusCode).toBe(404);

    const refused = await pull(id, { creditBureau: 'Equifax' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'RETRACTION_CONFIRMATION_REQUIRED',
      message: messages.credit.retractionConfirm,
    });
    expect((await credit(id)).state).toBe('approved');
    expect(await pulledReports(id)).toBe(0); // nothing pulled before the user confirmed

    const confirmed = await pull(id, { creditBureau: 'Equifax', confirmRetraction: true });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().retracted).toBe(true);
    expect((await credit(id)).state).toBe('reviewed');
    expect(await pulledReports(id)).toBe(2);
    const actions = (await historyOf(id)).map((h) => h.action);
    expect(actions).toContain('Credit Pulled');
    expect((await historyOf(id)).find((h) => h.action === 'Decision Retracted')?.description).toBe(
      'Decision retracted: the credit report was updated (Credit Report Pulled Again)',
    );
    expect((await dryRun(id)).json()).toEqual({ retracts: false, state: 'reviewed', changes: [] });
  });

  it('re-marked tradelines of an approved application ask too; the review text alone does not', async () => {
    const id = await create();
    expect((await pull(id, { creditBureau: 'Experian' })).statusCode).toBe(200);
    await t.pool.query(`update applications set state = 'counteroffer' where id = $1`, [id]);
    const report = (await credit(id)).applicants[0]!.activeCreditReport!;
    const mark = {
      creditReportId: report.id,
      tradelineId: report.report.tradelines[0]!.id,
      excluded: true,
      paidOff: false,
    };

    const text = await officer.put(`/api/CreditReportReview/${id}`, { review: 'Read twice.', tradelines: [] });
    expect(text.statusCode, text.body).toBe(200);
    expect((await credit(id)).state).toBe('counteroffer');

    const refused = await officer.put(`/api/CreditReportReview/${id}`, { review: 'Read twice.', tradelines: [mark] });
    expect(refused.statusCode).toBe(409);
    expect((await credit(id)).applicants[0]!.activeCreditReport!.report.tradelines[0]!.excluded).toBe(false);
    const saved = await officer.put(`/api/CreditReportReview/${id}`, {
      review: 'Read twice.',
      tradelines: [mark],
      confirmRetraction: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<ApplicationCredit>().state).toBe('reviewed');
    expect((await historyOf(id)).map((h) => h.description)).toContain(
      'Decision retracted: the credit review changed the tradelines (Credit Report Pulled Again)',
    );
  });

  it('a rule set that does not name the credit report: no question, no retraction', async () => {
    const admin = await signIn(t, 'admin', 'Admin2026');
    const created = await admin.post('/api/worksheetChangeRule', {
      name: 'Amount only',
      config: { id: 'new', name: 'Amount only', fields: ['requestedAmount'] },
      publish: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    const {
      version: _v,
      updatedAt: _u,
      updatedBy: _b,
      ...settings
    } = (await admin.get('/api/decisionEngine/config')).json<Record<string, unknown>>();
    const choose = async (ruleSetId: unknown) => {
      const saved = await admin.put('/api/decisionEngine/config', {
        ...settings,
        decisionRetractionRuleSetId: ruleSetId,
      });
      expect(saved.statusCode, saved.body).toBe(200);
    };
    await choose(created.json<{ id: number }>().id);
    try {
      const id = await approved();
      expect((await dryRun(id)).json()).toEqual({ retracts: false, state: 'approved', changes: [] });
      const pulled = await pull(id, { creditBureau: 'TransUnion' });
      expect(pulled.statusCode, pulled.body).toBe(200);
      expect(pulled.json().retracted).toBe(false);
      const report = (await credit(id)).applicants[0]!.activeCreditReport!;
      const marked = await officer.put(`/api/CreditReportReview/${id}`, {
        review: 'Reviewed.',
        tradelines: [
          { creditReportId: report.id, tradelineId: report.report.tradelines[0]!.id, excluded: true, paidOff: false },
        ],
      });
      expect(marked.statusCode, marked.body).toBe(200);
      expect((await credit(id)).state).toBe('approved');
      expect((await historyOf(id)).map((h) => h.action)).not.toContain('Decision Retracted');
    } finally {
      await choose(settings.decisionRetractionRuleSetId);
    }
  });
});

describe('summary, print and isolation', () => {
  it('answers the summary and a PDF with the applicant and the tradelines', async () => {
    const id = await create();
    await pull(id, { creditBureau: 'TransUnion' });
    const report = (await credit(id)).applicants[0]!.activeCreditReport!;
    const summary = await officer.get(`/api/CreditReport/${report.id}/summary`);
    expect(summary.statusCode).toBe(200);
    expect(summary.json()).toMatchObject({ id: report.id, creditBureau: 'TransUnion', summary: report.report.summary });
    const pdf = await officer.get(`/api/CreditReport/${report.id}/PrintCreditReport?applicationId=${id}`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // Another application's id does not print this report.
    expect(
      (await officer.get(`/api/CreditReport/${report.id}/PrintCreditReport?applicationId=${id + 1}`)).statusCode,
    ).toBe(404);
  });

  it("another lender's reports and applications are not found", async () => {
    const id = await create();
    await pull(id, { creditBureau: 'Equifax' });
    const report = (await credit(id)).applicants[0]!.activeCreditReport!;
    expect((await harbor.get(`/api/applicationcreditreport/${id}`)).statusCode).toBe(404);
    expect((await harbor.get(`/api/CreditReport/${report.id}`)).statusCode).toBe(404);
    expect((await harbor.get(`/api/CreditReport/${report.id}/summary`)).statusCode).toBe(404);
    expect((await harbor.get(`/api/CreditReport/${report.id}/PrintCreditReport?applicationId=${id}`)).statusCode).toBe(
      404,
    );
    expect(
      (await harbor.post(`/api/applications/${id}/creditreport/pull`, { creditBureau: 'Equifax' })).statusCode,
    ).toBe(404);
    const theirs = await findSeededApplication(t, HARBOR, `a.state = 'reviewed'`);
    expect(
      (await harbor.get(`/api/applicationcreditreport/${theirs}`)).json<ApplicationCredit>().applicants[0]!
        .activeCreditReport,
    ).not.toBeNull();
  });

  it('a new application saved with the pull-credit flag is pulled; a refused pull keeps the application', async () => {
    const body = newAutoApplication(await productId(t, SUMMIT, 'New Auto'));
    const pulled = await officer.post('/api/applications', {
      ...body,
      applicants: [body.applicants[0], { ...body.applicants[1], dob: '1987-09-30' }],
      pullCredit: true,
    });
    expect(pulled.statusCode, pulled.body).toBe(201);
    const { id, creditPull } = pulled.json<{
      id: number;
      creditPull: { result: { reports: unknown[] }; error: null };
    }>();
    expect(creditPull.error).toBeNull();
    expect(creditPull.result.reports).toHaveLength(2);
    const stored = await credit(id);
    expect(stored.applicants.every((a) => a.activeCreditReport?.creditBureau === 'Equifax')).toBe(true);

    // Sam's date of birth is missing: the pull is refused with the reason, the application is saved.
    const refused = await officer.post('/api/applications', {
      ...body,
      applicants: [body.applicants[0], { ...body.applicants[1], dob: null }],
      pullCredit: true,
      creditBureau: 'TransUnion',
    });
    expect(refused.statusCode, refused.body).toBe(201);
    const answer = refused.json<{ id: number; creditPull: { result: null; error: string } }>();
    expect(answer.creditPull.result).toBeNull();
    expect(answer.creditPull.error).toMatch(/date of birth/i);
    expect((await officer.get(`/api/applications/${answer.id}`)).statusCode).toBe(200);
    expect((await credit(answer.id)).applicants.every((a) => a.activeCreditReport === null)).toBe(true);
  });

  it('pulling needs canPullAndRepullCredit (403)', async () => {
    const id = await create();
    await t.pool.query(
      `delete from role_rights where "right" = 'canPullAndRepullCredit'
          and role_id in (select ul.role_id from user_lenders ul join users u on u.id = ul.user_id where u.username = 'officer')`,
    );
    expect((await pull(id, { creditBureau: 'Equifax' })).statusCode).toBe(403);
    expect((await officer.get(`/api/applicationcreditreport/${id}`)).statusCode).toBe(200);
    // A new application asking for a pull is refused whole.
    const count = async () => (await t.pool.query('select count(*)::int as n from applications')).rows[0].n as number;
    const before = await count();
    const body = newAutoApplication(await productId(t, SUMMIT, 'New Auto'));
    expect((await officer.post('/api/applications', { ...body, pullCredit: true })).statusCode).toBe(403);
    expect(await count()).toBe(before);
  });
});
