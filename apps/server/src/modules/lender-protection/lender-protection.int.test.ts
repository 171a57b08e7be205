import {
  lenderProtectionAdminTexts,
  type FundingRequirementsWorksheet,
  type LenderProtectionCredential,
  type LoanInsurance,
} from '@credence/contracts';
import { addDays, money } from '@credence/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lenderToday, newAutoApplication, productId, signIn, SUMMIT, type ApiClient } from '../../test/api-client.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let admin: ApiClient;
let officer: ApiClient;
let today: string;
const PASSWORD = 'Sandbox-Pass-2026';
const credentialsPath = '/api/lenderProtection/credentials';

/** Summit's Lend Pro credentials, made afresh (the demo's removed first). */
const configure = async (input: Record<string, unknown> = {}) => {
  const list = (await admin.get(credentialsPath)).json<{ data: LenderProtectionCredential[] }>();
  for (const row of list.data) expect((await admin.delete(`${credentialsPath}/${row.id}`)).statusCode).toBe(200);
  const created = await admin.post(credentialsPath, {
    provider: 'Lend Pro',
    userName: 'summit-lendpro',
    password: PASSWORD,
    programCode: 'LP-AUTO',
    ...input,
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json<LenderProtectionCredential>();
};

/**
 * A New Auto application (value 31,995.00, income 8,166.67 a month, a 2024 vehicle, direct) with credit pulled,
 * its score set to `score`; answers its id and its add-ons (the back-end fees, left out of the insurer's LTV).
 */
const application = async (score: number, ssnLast4 = '6789') => {
  const body = newAutoApplication(await productId(t, SUMMIT, 'New Auto'));
  const [primary, co] = body.applicants;
  const created = await officer.post('/api/applications', {
    ...body,
    applicants: [
      { ...primary, socialSecurityNumber: `123-45-${ssnLast4}` },
      { ...co, dob: '1987-09-30' },
    ],
    pullCredit: true,
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json<{ id: number }>().id;
  await t.pool.query(`update applications set average_credit_score = $1 where id = $2`, [score, id]);
  const { rows } = await t.pool.query<{ fees: string }>(
    `select total_back_end_fees as fees from applications where id = $1`,
    [id],
  );
  return { id, addOns: rows[0]!.fees };
};

const submit = async (id: number, body: Record<string, unknown>, path = 'submit') => {
  const response = await officer.post(`/api/applications/${id}/loanInsurance/${path}`, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<LoanInsurance>();
};

const insuranceStipulations = async (id: number) => {
  const sheet = (await officer.get(`/api/applications/${id}/fundingRequirements`)).json<FundingRequirementsWorksheet>();
  const mine = sheet.requirements.filter((r) => r.source === 'insurance');
  return {
    live: mine.filter((r) => r.status !== 'withdrawn').map((r) => r.description),
    withdrawn: mine.filter((r) => r.status === 'withdrawn').map((r) => r.description),
  };
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, 'admin', 'Admin2026');
  officer = await signIn(t, 'officer', 'Officer2026');
  today = await lenderToday(t);
  await configure();
});
afterAll(() => t.close());

describe('the sandbox insurer: each status from its documented inputs (README)', () => {
  it('score band B, direct: LTV exactly at 120 % is Approved (approve); one cent more is a Counter at the limit', async () => {
    const { id, addOns } = await application(700);
    // 120 % of the value, plus the add-ons (the LTV is measured without them).
    const limit = money('31995.00').times('1.2').plus(addOns).toFixed(2);
    const approved = await submit(id, { estAmtFinanced: limit, termMonths: 72 });
    expect(approved).toMatchObject({
      status: 'Approved',
      decisionType: 'approve',
      isCounter: false,
      totalLoanAmount: limit,
      approvedTerm: 72,
      gridVersion: 'LP-2026.11',
      measures: { ltv: '120.00', scoreBand: 'B' },
    });
    expect(approved.callbackTable.map((r) => r.term)).toEqual([36, 48, 60, 72]);
    expect(approved.callbackTable.at(-1)).toMatchObject({ maxLoan: limit, maxLTV: '120.00' });
    const selected = approved.callbackTable.flatMap((r) => r.rowCells.map((c) => ({ term: r.term, ...c })));
    expect(selected.filter((c) => c.isSelected)).toEqual([
      { term: 72, ltv: '120.00', rate: approved.finalRate, isSelected: true },
    ]);
    expect(approved.termsAndConditions[0]).toContain('30 days from the credit report date');

    const counter = await submit(
      id,
      { estAmtFinanced: money(limit).plus('0.01').toFixed(2), termMonths: 72 },
      'resubmit',
    );
    expect(counter).toMatchObject({
      status: 'Counter',
      decisionType: 'counteroffer',
      isCounter: true,
      totalLoanAmount: limit,
      approvedTerm: 72,
      resubmit: true,
    });
    expect(counter.reasons.join(' ')).toContain('above the maximum of 120% for score band B');
  });

  it('a term above 72 months is countered at 72; below 12 months the application has errors (Eligible)', async () => {
    const { id } = await application(760);
    const counter = await submit(id, { estAmtFinanced: '30000.00', termMonths: 84 });
    expect(counter).toMatchObject({ status: 'Counter', decisionType: 'counteroffer', approvedTerm: 72 });
    expect(counter.reasons).toContain('The term of 84 months is above the program maximum of 72 months.');
    const eligible = await submit(id, { estAmtFinanced: '30000.00', termMonths: 6 });
    expect(eligible).toMatchObject({ status: 'Eligible', decisionType: 'decline', callbackTable: [] });
    expect(eligible.applicationErrors).toEqual(['The term must be at least 12 months.']);
  });

  it('a score below 560 is Denied; an unreachable insurer (SSN ending 0013) is an Error', async () => {
    const { id } = await application(540);
    const denied = await submit(id, { estAmtFinanced: '20000.00', termMonths: 60 });
    expect(denied).toMatchObject({ status: 'Denied', decisionType: 'decline' });
    expect(denied.denialReasons).toEqual(['The credit score of 540 is below the program minimum of 560.']);

    const down = await application(700, '0013');
    const error = await submit(down.id, { estAmtFinanced: '20000.00', termMonths: 60 });
    expect(error).toMatchObject({ status: 'Error', decisionType: null });
    expect(error.errorMessage).toBe('An error occurred submitting to Lend Pro. The Lend Pro service is unavailable.');
  });

  it('valid 30 days from the credit report date: a report 30 days old still insures (valid until today), 31 days Fails', async () => {
    const { id } = await application(700);
    // The report pulled 30 days ago at noon, the lender's time.
    await t.pool.query(
      `update credit_reports set pulled_at = ($1::date - 30 + time '12:00') at time zone
         (select time_zone from lenders where name = $3) where application_id = $2`,
      [today, id, SUMMIT],
    );
    const fresh = await submit(id, { estAmtFinanced: '25000.00', termMonths: 60 });
    expect(fresh).toMatchObject({
      status: 'Approved',
      creditReportDate: addDays(today, -30),
      validUntil: today,
      expired: false,
    });
    await t.pool.query(`update credit_reports set pulled_at = pulled_at - interval '1 day' where application_id = $1`, [
      id,
    ]);
    const stale = await submit(id, { estAmtFinanced: '25000.00', termMonths: 60 }, 'resubmit');
    expect(stale.status).toBe('Failed');
    expect(stale.failureReasons[0]).toMatch(/^The credit report of \d\d\/\d\d\/\d{4} is more than 30 days old/);
    // The newest answer is the application's loan insurance; every answer is kept.
    const latest = (await officer.get(`/api/applications/${id}/loanInsurance`)).json<LoanInsurance>();
    expect(latest.id).toBe(stale.id);
    const history = (await officer.get(`/api/applications/${id}/loanInsurance/history`)).json<LoanInsurance[]>();
    expect(history.map((h) => h.status)).toEqual(['Failed', 'Approved']);
  });
});

describe('stipulations into funding', () => {
  it("an approval's stipulations become insurance requirements, replaced (not added to) by each new answer", async () => {
    const { id, addOns } = await application(700);
    const first = await submit(id, { estAmtFinanced: '25000.00', termMonths: 60 });
    expect(first.stipulations).toEqual(['Proof of income: the most recent pay stub or two years of tax returns']);
    expect((await insuranceStipulations(id)).live).toEqual(first.stipulations);

    // Above 100 % LTV the insurer also asks for GAP coverage.
    const higher = money('31995.00').times('1.1').plus(addOns).toFixed(2);
    const second = await submit(id, { estAmtFinanced: higher, termMonths: 60 }, 'resubmit');
    expect(second.status).toBe('Approved');
    expect(second.stipulations).toContain('Proof of GAP coverage or a signed Lend Pro deficiency waiver');
    const after = await insuranceStipulations(id);
    expect(after.live).toEqual(second.stipulations);
    expect(after.withdrawn).toEqual(first.stipulations);

    // A denial leaves no insurance stipulation standing.
    await t.pool.query(`update applications set average_credit_score = 500 where id = $1`, [id]);
    const denied = await submit(id, { estAmtFinanced: higher, termMonths: 60 }, 'resubmit');
    expect(denied.status).toBe('Denied');
    expect((await insuranceStipulations(id)).live).toEqual([]);
  });

  it('re-submitting before any submission, or without credentials for the product, is refused (422)', async () => {
    const { id } = await application(700);
    const early = await officer.post(`/api/applications/${id}/loanInsurance/resubmit`, { resubmit: true });
    expect(early.statusCode).toBe(422);
    const credential = (await admin.get(credentialsPath)).json<{ data: LenderProtectionCredential[] }>().data[0]!;
    expect((await officer.get(`/api/applications/${id}/lenderProtection/configured`)).json()).toEqual({
      configured: true,
      provider: 'Lend Pro',
    });
    await admin.post(`${credentialsPath}/${credential.id}/disable`, {});
    expect((await officer.get(`/api/applications/${id}/lenderProtection/configured`)).json()).toMatchObject({
      configured: false,
    });
    const refused = await officer.post(`/api/applications/${id}/loanInsurance/submit`, {});
    expect(refused.statusCode).toBe(422);
    await admin.post(`${credentialsPath}/${credential.id}/enable`, {});
  });
});

describe("the decision's receipt", () => {
  it('keeps the Lend Pro answer in force: its reference, grid version and approved terms', async () => {
    const body = newAutoApplication(await productId(t, SUMMIT, 'New Auto'));
    const primary = {
      ...body.applicants[0],
      socialSecurityNumber: '123-45-0011',
      employments: [{ ...body.applicants[0]!.employments![0]!, salary: '480000.00' }],
    };
    const created = await officer.post('/api/applications', { ...body, applicants: [primary], pullCredit: true });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ id: number }>().id;
    const answer = await submit(id, { estAmtFinanced: '25000.00', termMonths: 60 });
    expect(answer.status).toBe('Approved');
    const decided = await officer.post(`/api/applications/${id}/decisions`, {
      applicationId: id,
      decisionType: 'approve',
      approval: {
        contractDate: today,
        firstPaymentDate: addDays(today, 30),
        amount: '25000.00',
        term: 60,
        interestRate: '6.490',
        paymentFrequencyId: 'Monthly',
      },
    });
    expect(decided.statusCode, decided.body).toBe(201);
    const { decisionId } = decided.json<{ decisionId: number }>();
    const { rows } = await t.pool.query<{ receipt: { lenderProtection: unknown } }>(
      `select receipt from application_decisions where id = $1`,
      [decisionId],
    );
    expect(rows[0]!.receipt.lenderProtection).toEqual({
      responseId: answer.id,
      provider: 'Lend Pro',
      status: 'Approved',
      referenceNumber: answer.referenceNumber,
      gridVersion: 'LP-2026.11',
      totalLoanAmount: '25000.00',
      approvedTerm: 60,
      finalRate: answer.finalRate,
      validUntil: answer.validUntil,
    });
  });
});

describe('Administration › Lender Protection credentials', () => {
  it('stores the password encrypted and never returns it (rows, list, audit); blank on update keeps it', async () => {
    const created = await configure({ password: 'Very-Secret-Pw-77' });
    expect(created).toEqual({
      id: created.id,
      provider: 'Lend Pro',
      userName: 'summit-lendpro',
      programCode: 'LP-AUTO',
      loanProductIds: [],
      enabled: true,
      passwordSet: true,
    });
    const stored = async () =>
      (
        await t.pool.query<{ password_encrypted: string }>(
          `select password_encrypted from lender_protection_credentials where id = $1`,
          [created.id],
        )
      ).rows[0]!.password_encrypted;
    const cipher = await stored();
    expect(cipher).toMatch(/^v1\./);
    expect(cipher).not.toContain('Very-Secret');
    const bodies = [
      (await admin.get(credentialsPath)).body,
      (await admin.get(`${credentialsPath}/${created.id}`)).body,
      JSON.stringify((await t.pool.query(`select details from audit_events where area = 'lenderProtection'`)).rows),
    ];
    for (const body of bodies) expect(body).not.toContain('Very-Secret');
    const updated = await admin.put(`${credentialsPath}/${created.id}`, {
      provider: 'Lend Pro',
      userName: 'summit-lendpro-2',
      password: '',
      programCode: 'lp-nearprime',
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ userName: 'summit-lendpro-2', programCode: 'LP-NEARPRIME' });
    expect(await stored()).toBe(cipher);
    const noPassword = await admin.post(credentialsPath, {
      provider: 'Lend Pro',
      userName: 'x',
      programCode: 'LP-AUTO',
    });
    expect(noPassword.statusCode).toBe(422);
    expect((await officer.get(credentialsPath)).statusCode).toBe(403);
  });

  it("'Test credentials': successful when the provider accepts them, else its first error", async () => {
    const saved = await configure();
    const test = (body: Record<string, unknown>) => admin.post(`${credentialsPath}/test`, body);
    const good = await test({
      provider: 'Lend Pro',
      userName: 'summit-lendpro',
      password: PASSWORD,
      programCode: 'LP-AUTO',
    });
    expect(good.json()).toEqual({
      successful: true,
      message: lenderProtectionAdminTexts.credentialsSuccessful,
      errors: [],
    });
    // The saved password, tested from the edit form with the field left blank.
    const savedOne = await test({
      id: saved.id,
      provider: 'Lend Pro',
      userName: 'summit-lendpro',
      programCode: 'LP-AUTO',
    });
    expect(savedOne.json()).toMatchObject({ successful: true });
    const bad = await test({
      provider: 'Lend Pro',
      userName: 'summit-lendpro',
      password: 'short',
      programCode: 'LP-XYZ',
    });
    expect(bad.json()).toEqual({
      successful: false,
      message: 'Invalid user name or password.',
      errors: ['Invalid user name or password.', 'Unknown program code LP-XYZ.'],
    });
    expect((await officer.post(`${credentialsPath}/test`, {})).statusCode).toBe(403);
  });
});
