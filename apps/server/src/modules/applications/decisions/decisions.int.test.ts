import {
  decisionTexts,
  loanDisclosureOf,
  truthInLendingEndpoint,
  truthInLendingRequestOf,
  truthInLendingRequestSchema,
  type DecisionEngineSettings,
  type LoanWorksheet,
  type TruthInLending,
  type DecisionHistoryRow,
  type DecisionRecord,
  type DecisionResult,
  type DecisionWorksheet,
  type ErrorBody,
  type LastApproval,
} from '@credence/contracts';
import { calculatePayment, money, todayIso } from '@credence/domain';
import { oracleApr } from '@credence/domain/reference/appendix-j-oracle.ts';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAutoApplication, productId, signIn, SUMMIT, type ApiClient } from '../../../test/api-client.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let officer: ApiClient;
let admin: ApiClient;
let harbor: ApiClient;
let processor: ApiClient;
const code: Record<string, number> = {};
const addition: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  officer = await signIn(t, 'officer', 'Officer2026');
  admin = await signIn(t, 'admin', 'Admin2026');
  harbor = await signIn(t, 'harbor', 'Harbor2026');
  processor = await signIn(t, 'expiring', 'Expiring2026');
  // The lender's codes used below (inserted as the owner; the Decision Codes area is tested on its own).
  const rows = [
    ['DR1', 'declineReason', 'Income insufficient for amount of credit requested', true],
    ['DR2', 'declineReason', 'Excessive obligations in relation to income', true],
    ['DRX', 'declineReason', 'A disabled reason', false],
    ['AC1', 'approvalCondition', 'Proof of income', true],
    ['CR1', 'counterReason', 'Amount reduced to fit the loan limit', true],
    ['CX1', 'cancelReason', 'Withdrawn by the applicant', true],
  ] as const;
  for (const [c, type, description, enabled] of rows) {
    const { rows: inserted } = await t.pool.query<{ id: number }>(
      `insert into decision_codes (lender_id, code_type, code, description, enabled)
       select id, $2, $1, $3, $4 from lenders where name = $5 returning id`,
      [`H2-${c}`, type, description, enabled, SUMMIT],
    );
    code[c] = inserted[0]!.id;
  }
  // The lender's add-ons used below (the Add-Ons area is tested on its own): GAP chosen by default.
  const additions = [
    ['GAP', 'flat', '595.00', null, true],
    ['LIFE', 'per1000', null, '3.5000', false],
  ] as const;
  for (const [key, feeType, flatAmount, rate, isDefault] of additions) {
    const { rows: inserted } = await t.pool.query<{ id: number }>(
      `insert into loan_additions (lender_id, name, fee_type, flat_amount, rate_per_1000, is_default, sort_order)
       select id, $1, $2, $3, $4, $5, 0 from lenders where name = $6 returning id`,
      [`H2 ${key}`, feeType, flatAmount, rate, isDefault, SUMMIT],
    );
    addition[key] = inserted[0]!.id;
  }
});
afterAll(() => t.close());

/** A new New Auto application (Dana, and Sam with `coApplicant`) with the sandbox's file of the SSN pulled; locked. */
const newCase = async (options: { last4?: string; coApplicant?: boolean } = {}) => {
  const body = newAutoApplication(await productId(t, SUMMIT, 'New Auto'));
  const primary = {
    ...body.applicants[0],
    socialSecurityNumber: `123-45-${options.last4 ?? '0011'}`,
    employments: [{ ...body.applicants[0]!.employments![0]!, salary: '480000.00' }],
  };
  const created = await officer.post('/api/applications', {
    ...body,
    applicants: options.coApplicant ? [primary, body.applicants[1]] : [primary],
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json<{ id: number }>().id;
  if (options.coApplicant) return id; // Sam has no SSN-selected file (no date of birth): no credit pulled.
  const pulled = await officer.post(`/api/applications/${id}/creditreport/pull`, { creditBureau: 'Equifax' });
  expect(pulled.statusCode, pulled.body).toBe(200);
  return id;
};

const worksheetOf = async (id: number, client = officer) => {
  const response = await client.get(`/api/ApplicationDecision/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<DecisionWorksheet>();
};

/** Today in the demo lender's zone (Summit: America/Denver), as the server dates a decision: not the UTC date. */
const today = todayIso('America/Denver');
const nextMonth = (() => {
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + 1);
  return d.toISOString().slice(0, 10);
})();

const terms = (overrides: Record<string, unknown> = {}) => ({
  contractDate: today,
  firstPaymentDate: nextMonth,
  amount: '25000.00',
  term: 60,
  interestRate: '6.490',
  paymentFrequencyId: 'Monthly',
  // The client's figure is only displayed: the server computes the payment.
  monthlyPayment: '1.00',
  ...overrides,
});

const decide = (id: number, body: Record<string, unknown>, client = officer) =>
  client.post(`/api/applications/${id}/decisions`, { applicationId: id, ...body });

const stateOf = async (id: number) =>
  (
    await t.pool.query<{ state: string; queue: string | null }>(`select state, queue from applications where id = $1`, [
      id,
    ])
  ).rows[0]!;

const fieldsOf = (response: { body: string }) => (JSON.parse(response.body) as ErrorBody).errors?.map((e) => e.field);

describe('the decision worksheet (issue 13, spec 3 §3)', () => {
  it('answers the request, the derived values, the policy result and a term × LTV rate grid', async () => {
    const id = await newCase();
    const w = await worksheetOf(id);
    expect(w).toMatchObject({ id, state: 'new', loanProductControlType: 'AUTOMOTIVE', decision: null, decline: null });
    expect(w.derived.loanAmount).not.toBeNull();
    expect(w.policy).toMatchObject({ outcome: 'Approve', tier: 'A+' });
    expect(w.policy!.trace.length).toBeGreaterThan(2);
    expect(w.hasLoanLimitMatrix).toBe(true);
    // Demo policy: terms 24–84, LTV bands to 90, 110 and 130; the longer the term and the higher the LTV, the dearer.
    const row60 = w.rateGrid.find((r) => r.term === 60)!;
    expect(row60.cells.map((c) => c.ltv)).toEqual(['90.00', '110.00', '130.00']);
    expect(Number(row60.cells[2]!.rate)).toBeGreaterThan(Number(row60.cells[0]!.rate));
    expect(row60).toMatchObject({ maxLoan: '100000.00', maxLtv: '130.00' });
    expect(w.applicants).toHaveLength(1);
    expect(w.applicants[0]!.monthlyIncome).toBe('40000.00');
    // The add-ons catalogue: the default one selected, a per-$1,000 one priced by its rate.
    expect(w.additions.find((a) => a.id === addition.GAP)).toMatchObject({
      name: 'H2 GAP',
      feeType: 'flat',
      flatAmount: '595.00',
      selected: true,
      isDefault: true,
    });
    expect(w.additions.find((a) => a.id === addition.LIFE)).toMatchObject({
      feeType: 'per1000',
      flatAmount: '3.50',
      selected: false,
    });
    // Proposed terms: the request at the policy's rate.
    expect(w.approval).toMatchObject({ term: 72, interestRate: w.policy!.suggestedRate, contractDate: today });
  });

  it('without an application id answers "Application Id is not supplied"', async () => {
    const response = await officer.get('/api/ApplicationDecision');
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().message).toBe(decisionTexts.applicationIdNotSupplied);
  });
});

describe('deciding (spec 3 §7 POST applications/{applicationId}/decisions)', () => {
  it('approves: state, queue, payment and disclosures computed on the server, the receipt, funding requirements, history and audit', async () => {
    const id = await newCase();
    const response = await decide(id, {
      decisionType: 'approve',
      approval: terms({ approvalConditionCodeIds: [code.AC1], paymentMethodId: 2 }),
      additions: [
        { id: addition.GAP!, selected: true },
        { id: addition.LIFE!, selected: true },
      ],
      decisionApplicants: [],
      fundingRequirements: [{ description: 'Proof of insurance naming the credit union' }],
    });
    expect(response.statusCode, response.body).toBe(201);
    const result = response.json<DecisionResult>();
    // Issue 14: a required stipulation keeps the approval in the Requirements queue until it is cleared.
    expect(await stateOf(id)).toEqual({ state: 'approved', queue: 'requirements' });
    const expected = calculatePayment({
      amount: '25000.00',
      annualRatePercent: '6.49',
      termMonths: 60,
      frequency: 'Monthly',
    });
    expect(result.worksheet.decision).toMatchObject({
      decisionId: result.decisionId,
      decisionType: 'approve',
      rate: '6.490',
      payment: expected.toFixed(2),
      tier: 'A+',
    });

    const record = (await officer.get(`/api/applications/${id}/decisions/${result.decisionId}`)).json<DecisionRecord>();
    const r = record.receipt;
    expect(record).toMatchObject({ version: 1, entryKind: 'decision', stateBefore: 'new', stateAfter: 'approved' });
    expect(r.approval).toMatchObject({
      amount: '25000.00',
      term: 60,
      interestRate: '6.490',
      buyRate: '6.490',
      monthlyPayment: expected.toFixed(2),
      paymentMethodId: 2,
      approvalConditions: [{ codeId: code.AC1, code: 'H2-AC1', text: 'Proof of income' }],
    });
    expect(r.approval!.lastPaymentDate > nextMonth).toBe(true);
    // No prepaid finance charge: the APR is the note rate within Regulation Z's 1/8 point tolerance.
    expect(money(r.disclosures!.apr).minus('6.49').abs().lte('0.125')).toBe(true);
    expect(money(r.disclosures!.totalOfPayments).gt(r.disclosures!.amountFinanced)).toBe(true);
    expect(r.disclosures!.amountFinanced).toBe('25000.00');
    expect(r.creditReports).toHaveLength(1);
    expect(r.creditReports[0]).toMatchObject({ bureau: 'Equifax' });
    expect(r.creditReports[0]!.score).toBeGreaterThan(0);
    expect(r.policy).toMatchObject({ outcome: 'Approve', tier: 'A+', policyVersion: 1 });
    expect(r.policy!.trace.length).toBeGreaterThan(0);
    expect(r.metrics.DecisionCreditScore).toBeDefined();
    expect(r.decisionApplicants[0]).toMatchObject({ name: 'Dana Kowalski', role: 'PRIMARY' });
    expect(r.decisionApplicants[0]!.pti).not.toBeNull();
    // GAP at its flat price; credit life at 3.50 per $1,000 of the $25,000.00 approved: $87.50.
    expect(r.additions).toEqual([
      {
        id: addition.GAP,
        name: 'H2 GAP',
        feeType: 'flat',
        flatAmount: '595.00',
        ratePer1000: null,
        amount: '595.00',
        selected: true,
        financeCharge: false,
      },
      {
        id: addition.LIFE,
        name: 'H2 LIFE',
        feeType: 'per1000',
        flatAmount: null,
        ratePer1000: '3.5000',
        amount: '87.50',
        selected: true,
        financeCharge: false,
      },
    ]);

    const stips = await t.pool.query(
      `select description, decision_id, status, source from application_funding_requirements where application_id = $1 and source = 'decision'`,
      [id],
    );
    expect(stips.rows).toEqual([
      {
        description: 'Proof of insurance naming the credit union',
        decision_id: result.decisionId,
        status: 'outstanding',
        source: 'decision',
      },
    ]);
    const history = await t.pool.query(
      `select action, description from application_history where application_id = $1 order by id desc limit 1`,
      [id],
    );
    expect(history.rows[0]).toMatchObject({ action: 'Decision Saved' });
    expect(history.rows[0].description).toContain('Approve: $25,000.00 for 60 months at 6.490%');
    const audit = await t.pool.query(
      `select action, details from audit_events where area = 'applications' and record_id = $1 and action = 'decide'`,
      [String(id)],
    );
    expect(audit.rows[0].details).toMatchObject({ decisionType: 'approve', version: 1 });

    // The receipt prints.
    const pdf = await officer.get(`/api/applications/${id}/decisions/${result.decisionId}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const dir = mkdtempSync(path.join(os.tmpdir(), 'receipt-'));
    writeFileSync(path.join(dir, 'r.pdf'), pdf.rawPayload);
    const text = execFileSync('pdftotext', ['-layout', path.join(dir, 'r.pdf'), '-']).toString();
    expect(text).toContain('Approve — decision version 1');
    expect(text).toContain('Dana Kowalski');
    expect(text).toContain('Equifax');
  });

  it('counter-offers only terms that differ from the request; pends; the history lists every version', async () => {
    const id = await newCase();
    const w = await worksheetOf(id);
    const asRequested = terms({
      amount: w.derived.loanAmount,
      term: w.requestedTerm,
      interestRate: w.policy!.suggestedRate,
    });
    const same = await decide(id, { decisionType: 'counteroffer', approval: asRequested, reasons: [code.CR1] });
    expect(same.statusCode).toBe(422);
    expect(same.json<ErrorBody>().errors).toEqual([
      { field: 'approval.amount', message: decisionTexts.counterMustDiffer },
    ]);
    // Regulation B: the counter-offer names its reasons (issue 29, item 7).
    const unexplained = await decide(id, {
      decisionType: 'counteroffer',
      approval: { ...asRequested, amount: '20000.00' },
    });
    expect(unexplained.statusCode).toBe(422);
    expect(unexplained.json<ErrorBody>().errors).toEqual([
      { field: 'reasons', message: decisionTexts.counterReasonRequired },
    ]);

    const counter = await decide(id, {
      decisionType: 'counteroffer',
      approval: { ...asRequested, amount: '20000.00' },
      reasons: [code.CR1],
    });
    expect(counter.statusCode, counter.body).toBe(201);
    // Issue 14: the product's required funding requirements (demo) hold it in the Requirements queue.
    expect(await stateOf(id)).toEqual({ state: 'counteroffer', queue: 'requirements' });

    const pending = await decide(id, { decisionType: 'pending', approval: terms() });
    expect(pending.statusCode, pending.body).toBe(201);
    expect(await stateOf(id)).toEqual({ state: 'pending', queue: 'pendingDecision' });

    const history = (await officer.get(`/api/applications/${id}/decisions`)).json<DecisionHistoryRow[]>();
    expect(history.map((h) => [h.version, h.decisionType, h.stateAfter])).toEqual([
      [2, 'pending', 'pending'],
      [1, 'counteroffer', 'counteroffer'],
    ]);
    expect(history[1]).toMatchObject({ amount: '20000.00', createdBy: expect.any(String) });
    const receipt = (await officer.get(`/api/applications/${id}/decisions/${history[1]!.id}`)).json<DecisionRecord>();
    expect(receipt.receipt.reasons).toEqual([
      { codeId: code.CR1, code: 'H2-CR1', text: 'Amount reduced to fit the loan limit' },
    ]);
  });

  it('declines with at least one reason for each applicant (a code of the lender or a typed reason)', async () => {
    const id = await newCase({ coApplicant: true });
    const [dana, sam] = (await worksheetOf(id)).applicants;
    const missing = await decide(id, {
      decisionType: 'decline',
      decisionApplicants: [
        { applicantId: dana!.id, declineReasons: [{ codeId: code.DR1 }] },
        { applicantId: sam!.id, declineReasons: [] },
      ],
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json<ErrorBody>().errors).toEqual([
      { field: 'decisionApplicants.1.declineReasons', message: decisionTexts.declineReasonRequired },
    ]);
    const disabled = await decide(id, {
      decisionType: 'decline',
      decisionApplicants: [
        { applicantId: dana!.id, declineReasons: [{ codeId: code.DRX }] },
        { applicantId: sam!.id, declineReasons: [{ freeFormatName: 'No credit file' }] },
      ],
    });
    expect(fieldsOf(disabled)).toEqual(['decisionApplicants.0.declineReasons.0.codeId']);
    const tooLong = await decide(id, {
      decisionType: 'decline',
      decisionApplicants: [{ applicantId: dana!.id, declineReasons: [{ freeFormatName: 'x'.repeat(201) }] }],
    });
    expect(tooLong.statusCode).toBe(422);

    const declined = await decide(id, {
      decisionType: 'decline',
      decisionApplicants: [
        { applicantId: dana!.id, declineReasons: [{ codeId: code.DR1 }, { codeId: code.DR2 }] },
        { applicantId: sam!.id, declineReasons: [{ freeFormatName: 'No credit file' }] },
      ],
    });
    expect(declined.statusCode, declined.body).toBe(201);
    const result = declined.json<DecisionResult>();
    expect(await stateOf(id)).toEqual({ state: 'declined', queue: null });
    expect(result.worksheet.decline).toEqual({ id: result.decisionId });
    expect(result.worksheet.applicants[1]!.declineReasons).toEqual([
      { codeId: null, code: null, text: 'No credit file' },
    ]);
    const r = (await officer.get(`/api/applications/${id}/decisions/${result.decisionId}`)).json<DecisionRecord>()
      .receipt;
    expect(r.approval).toBeNull();
    expect(r.decisionApplicants[0]!.declineReasons.map((x) => x.text)).toEqual([
      'Income insufficient for amount of credit requested',
      'Excessive obligations in relation to income',
    ]);
  });

  it('cancels with a cancel reason', async () => {
    const id = await newCase();
    const none = await decide(id, { decisionType: 'cancel' });
    expect(none.json<ErrorBody>().errors).toEqual([{ field: 'reasons', message: decisionTexts.cancelReasonRequired }]);
    const wrongType = await decide(id, { decisionType: 'cancel', reasons: [code.CR1] });
    expect(fieldsOf(wrongType)).toEqual(['reasons.0']);
    const cancelled = await decide(id, { decisionType: 'cancel', reasons: [code.CX1] });
    expect(cancelled.statusCode, cancelled.body).toBe(201);
    expect(await stateOf(id)).toEqual({ state: 'cancelled', queue: null });
  });

  it('refuses bad terms, one 422 per field', async () => {
    const id = await newCase();
    const check = async (approval: Record<string, unknown> | null, field: string) => {
      const response = await decide(id, { decisionType: 'approve', approval });
      expect(response.statusCode, response.body).toBe(422);
      expect(fieldsOf(response)).toContain(field);
    };
    await check(null, 'approval');
    await check(terms({ firstPaymentDate: '2020-01-01', contractDate: '2020-02-01' }), 'approval.firstPaymentDate');
    await check(terms({ term: 13, paymentFrequencyId: 'Quarterly' }), 'approval.term');
    await check(terms({ amount: '0.00' }), 'approval.amount');
    await check(terms({ interestRate: '-1' }), 'approval.interestRate');
    await check(terms({ approvalConditionCodeIds: [code.DR1] }), 'approval.approvalConditionCodeIds.0');
    await check(terms({ paymentMethodId: 99 }), 'approval.paymentMethodId');
    const mismatch = await officer.post(`/api/applications/${id}/decisions`, {
      applicationId: id + 1,
      decisionType: 'approve',
      approval: terms(),
    });
    expect(fieldsOf(mismatch)).toEqual(['applicationId']);
    expect((await stateOf(id)).state).toBe('new');
    expect((await t.pool.query(`select 1 from application_decisions where application_id = $1`, [id])).rowCount).toBe(
      0,
    );
  });

  it('needs canDecisionALoan to decide (403); another lender’s application is a 404', async () => {
    const id = await newCase();
    expect((await decide(id, { decisionType: 'approve', approval: terms() }, processor)).statusCode).toBe(403);
    expect((await processor.get(`/api/ApplicationDecision/${id}`)).statusCode).toBe(200);
    expect((await harbor.get(`/api/ApplicationDecision/${id}`)).statusCode).toBe(404);
    expect((await decide(id, { decisionType: 'approve', approval: terms() }, harbor)).statusCode).toBe(404);
    const approved = (await decide(id, { decisionType: 'approve', approval: terms() })).json<DecisionResult>();
    expect((await harbor.get(`/api/applications/${id}/decisions`)).statusCode).toBe(404);
    expect((await harbor.get(`/api/applications/${id}/decisions/${approved.decisionId}`)).statusCode).toBe(404);
    expect((await harbor.get(`/api/applications/${id}/lastapproval`)).statusCode).toBe(404);
  });
});

describe('terms outside the policy (issue 29, item 5): an exception needs canOverridePolicy and a reason', () => {
  // The demo's New Auto policy (A+ here): at most $100,000.00, terms 24–84 months, a rate per term and LTV band.
  const outside = () => terms({ amount: '5000000.00', term: 600, interestRate: '0.010' });
  // (At 600 months the policy gives no rate: the rate's limit is checked on a term it prices.)
  const belowRate = () => terms({ amount: '20000.00', term: 60, interestRate: '0.010' });
  const errorOf = (response: { body: string }) => JSON.parse(response.body) as ErrorBody;

  it('without the right: 422 naming each limit at its field, and nothing is decided', async () => {
    const id = await newCase();
    const w = await worksheetOf(id);
    expect(w.policy).toMatchObject({ maxAmount: '100000.00' });
    const refused = await decide(id, {
      decisionType: 'approve',
      approval: outside(),
      policyException: { reason: 'x' },
    });
    expect(refused.statusCode, refused.body).toBe(422);
    const body = errorOf(refused);
    expect(body).toMatchObject({
      code: 'OUTSIDE_POLICY',
      message: decisionTexts.outsidePolicy,
      details: { mayOverride: false },
    });
    expect(body.errors).toEqual([
      { field: 'approval.amount', message: decisionTexts.amountAbovePolicy('$5,000,000.00', '$100,000.00') },
      { field: 'approval.term', message: decisionTexts.termOutsidePolicy(600, w.policy!.terms!.join(', ')) },
      { field: 'policyException', message: decisionTexts.exceptionRightRequired },
    ]);
    const cheap = errorOf(await decide(id, { decisionType: 'approve', approval: belowRate() }));
    expect(cheap.errors).toEqual([
      {
        field: 'approval.interestRate',
        message: expect.stringMatching(/^The rate 0\.010% is below the policy’s rate of \d+\.\d{3}%\.$/),
      },
      { field: 'policyException', message: decisionTexts.exceptionRightRequired },
    ]);
    expect(await stateOf(id)).toMatchObject({ state: 'new' });
    expect((await officer.get(`/api/applications/${id}/decisions`)).json()).toEqual([]);
    // A counter-offer is held to the same limits; within them the officer decides as before.
    const counter = await decide(id, {
      decisionType: 'counteroffer',
      approval: terms({ amount: '100000.01' }),
      reasons: [code.CR1],
    });
    expect(fieldsOf(counter)).toEqual(['approval.amount', 'policyException']);
    const within = await decide(id, { decisionType: 'approve', approval: terms({ amount: '100000.00', term: 60 }) });
    expect(within.statusCode, within.body).toBe(201);
    expect(within.json<DecisionResult>().worksheet.policyException).toBeNull();
    // Changing the approved terms afterwards is held to the policy too (the PUT's fields are the body's).
    const put = await officer.put(`/api/applications/${id}/lastapproval`, terms({ term: 96 }));
    expect(put.statusCode, put.body).toBe(422);
    expect(fieldsOf(put)).toEqual(['term', 'policyException']);
    expect(errorOf(put)).toMatchObject({ code: 'OUTSIDE_POLICY', details: { mayOverride: false } });
  });

  it('with the right: a reason is asked for, then the exception is recorded on the receipt, the worksheet, the history and the audit', async () => {
    const id = await newCase();
    // The officer who opened it lets go of it; the administrator (who may override the policy) takes it.
    expect((await officer.delete(`/api/applications/${id}/lock`)).statusCode).toBeLessThan(300);
    const locked = await admin.post(`/api/applications/${id}/lock`, {});
    expect(locked.statusCode, locked.body).toBe(200);
    const asked = await decide(id, { decisionType: 'approve', approval: outside() }, admin);
    expect(errorOf(asked)).toMatchObject({ code: 'OUTSIDE_POLICY', details: { mayOverride: true } });
    expect(errorOf(asked).errors!.at(-1)).toEqual({
      field: 'policyException',
      message: decisionTexts.exceptionReasonRequired,
    });
    const blank = await decide(
      id,
      { decisionType: 'approve', approval: outside(), policyException: { reason: '  ' } },
      admin,
    );
    expect(fieldsOf(blank)).toEqual(['policyException.reason']);

    const reason = 'Board-approved exception for a long-standing member';
    const saved = await decide(
      id,
      { decisionType: 'approve', approval: outside(), policyException: { reason } },
      admin,
    );
    expect(saved.statusCode, saved.body).toBe(201);
    const result = saved.json<DecisionResult>();
    const receipt = (await admin.get(`/api/applications/${id}/decisions/${result.decisionId}`)).json<DecisionRecord>()
      .receipt;
    expect(receipt.policyException).toMatchObject({
      reason,
      decidedBy: { name: 'Avery Morgan' },
      limits: [
        { limit: 'amount', label: 'Maximum amount', policyValue: '100000.00', decidedValue: '5000000.00' },
        { limit: 'term', label: 'Allowed terms', policyValue: '24, 36, 48, 60, 72, 84', decidedValue: '600' },
      ],
    });
    expect(result.worksheet.policyException).toEqual(receipt.policyException);
    const history = await t.pool.query(
      `select description from application_history where application_id = $1 and action = 'Decision Saved'`,
      [id],
    );
    expect(history.rows[0].description).toContain('exception to policy: Maximum amount, Allowed terms');
    const audit = await t.pool.query(
      `select details from audit_events where area = 'applications' and record_id = $1 and action = 'decide'`,
      [String(id)],
    );
    expect(audit.rows[0].details.policyException).toMatchObject({ reason });
  });

  it('approving terms the policy declines (a bankruptcy on file) is an exception too, whatever the terms', async () => {
    const id = await newCase({ last4: '0007' });
    // (The policy ends at its Decline before it prices anything: no maximum, term set or rate to pass.)
    const within = terms({ amount: '20000.00', term: 60 });
    for (const decisionType of ['approve', 'counteroffer'] as const) {
      const refused = await decide(id, { decisionType, approval: within, reasons: [code.CR1] });
      expect(refused.statusCode, refused.body).toBe(422);
      expect(errorOf(refused).errors).toEqual([
        {
          field: 'decisionType',
          message: decisionTexts.againstPolicyOutcome(
            'Decline',
            decisionType === 'approve' ? 'Approve' : 'Counter Offer',
          ),
        },
        { field: 'policyException', message: decisionTexts.exceptionRightRequired },
      ]);
    }
    // Pending and decline are no exception.
    const pending = await decide(id, { decisionType: 'pending', approval: within });
    expect(pending.statusCode, pending.body).toBe(201);
    expect(pending.json<DecisionResult>().worksheet.policyException).toBeNull();
  });
});

describe('add-ons from the catalogue (Administration › Add-Ons; spec 3 §7 "default additions")', () => {
  it("answers the product's enabled add-ons, the defaults marked; another lender's application is a 404", async () => {
    const id = await newCase();
    const response = await processor.get(`/api/applications/${id}/defaultAdditions`);
    expect(response.statusCode, response.body).toBe(200);
    const offered = response.json<{ id: number; isDefault: boolean; feeType: string }[]>();
    expect(offered.find((a) => a.id === addition.GAP)).toMatchObject({
      name: 'H2 GAP',
      feeType: 'flat',
      flatAmount: '595.00',
      ratePer1000: null,
      isDefault: true,
    });
    expect(offered.find((a) => a.id === addition.LIFE)).toMatchObject({ ratePer1000: '3.5000', isDefault: false });
    expect((await harbor.get(`/api/applications/${id}/defaultAdditions`)).statusCode).toBe(404);
    expect((await officer.get(`/api/applications/0/defaultAdditions`)).statusCode).toBe(422);
  });

  it('prices a per-$1,000 add-on on the decided amount, half-up to the cent; an officer may set the price', async () => {
    const id = await newCase();
    const response = await decide(id, {
      decisionType: 'approve',
      approval: terms({ amount: '18333.33' }),
      additions: [
        { id: addition.GAP!, flatAmount: '450.00', selected: true },
        { id: addition.LIFE!, selected: true },
      ],
    });
    expect(response.statusCode, response.body).toBe(201);
    const { decisionId } = response.json<DecisionResult>();
    const { receipt } = (await officer.get(`/api/applications/${id}/decisions/${decisionId}`)).json<DecisionRecord>();
    // 18,333.33 × 3.5 / 1,000 = 64.166655 → 64.17.
    expect(receipt.additions.map((a) => [a.name, a.flatAmount, a.ratePer1000, a.amount, a.selected])).toEqual([
      ['H2 GAP', '450.00', null, '450.00', true],
      ['H2 LIFE', null, '3.5000', '64.17', true],
    ]);
    // The worksheet shows the standing decision's choices and prices.
    const w = await worksheetOf(id);
    expect(w.additions.find((a) => a.id === addition.GAP)).toMatchObject({ flatAmount: '450.00', selected: true });
    expect(w.additions.find((a) => a.id === addition.LIFE)).toMatchObject({ selected: true });
    // A new version of the approval carries the add-ons over, re-priced on the new amount.
    const put = await officer.put(`/api/applications/${id}/lastapproval`, terms({ amount: '20000.00' }));
    expect(put.statusCode, put.body).toBe(200);
    const latest = put.json<NonNullable<LastApproval>>();
    const again = (await officer.get(`/api/applications/${id}/decisions/${latest.decisionId}`)).json<DecisionRecord>();
    expect(again.receipt.additions.map((a) => [a.name, a.amount])).toEqual([
      ['H2 GAP', '450.00'],
      ['H2 LIFE', '70.00'],
    ]);
  });

  it('refuses an add-on the product does not offer, a disabled one, or one twice (422 on its id)', async () => {
    const id = await newCase();
    const { rows } = await t.pool.query<{ id: number }>(
      `insert into loan_additions (lender_id, name, fee_type, flat_amount, enabled)
       select id, 'H2 OFF', 'flat', 10, false from lenders where name = $1 returning id`,
      [SUMMIT],
    );
    const response = await decide(id, {
      decisionType: 'approve',
      approval: terms(),
      additions: [
        { id: rows[0]!.id, selected: true },
        { id: addition.GAP!, selected: true },
        { id: addition.GAP!, selected: false },
        { id: 999999, selected: true },
      ],
    });
    expect(response.statusCode).toBe(422);
    expect(fieldsOf(response)).toEqual(['additions.0.id', 'additions.2.id', 'additions.3.id']);
    expect(response.json<ErrorBody>().errors![0]!.message).toBe(decisionTexts.unknownAddition);
  });
});

describe('the dealer buy rate (spec 3 §5; Administration › Decision Engine, dealerRates)', () => {
  const saveDealerRates = async (dealerRates: unknown) => {
    const current = (await admin.get('/api/decisionEngine/config')).json<Record<string, unknown>>();
    const { version: _v, updatedAt: _u, updatedBy: _b, ...config } = current;
    return admin.put('/api/decisionEngine/config', { ...config, dealerRates });
  };

  it('rate matching by default; a maximum spread makes the buy rate the approved rate less the spread', async () => {
    const id = await newCase();
    expect(await worksheetOf(id)).toMatchObject({ rateMatching: true, maximumSpread: null });
    const newAuto = await productId(t, SUMMIT, 'New Auto');
    const saved = await saveDealerRates([{ loanProductId: newAuto, rateMatching: false, maximumSpread: '2.000' }]);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<{ dealerRates: unknown[] }>().dealerRates).toEqual([
      { loanProductId: newAuto, rateMatching: false, maximumSpread: '2.000' },
    ]);
    try {
      expect(await worksheetOf(id)).toMatchObject({ rateMatching: false, maximumSpread: '2.000' });
      const response = await decide(id, { decisionType: 'approve', approval: terms({ interestRate: '6.490' }) });
      expect(response.statusCode, response.body).toBe(201);
      const { decisionId } = response.json<DecisionResult>();
      const record = (await officer.get(`/api/applications/${id}/decisions/${decisionId}`)).json<DecisionRecord>();
      expect(record.receipt.approval).toMatchObject({ interestRate: '6.490', buyRate: '4.490' });
    } finally {
      expect((await saveDealerRates([])).statusCode).toBe(200);
    }
  });

  it('refuses a product twice, another lender’s product and a missing or bad spread, each on its field', async () => {
    const newAuto = await productId(t, SUMMIT, 'New Auto');
    const { rows } = await t.pool.query<{ id: number }>(
      `select p.id from loan_products p join lenders l on l.id = p.lender_id where l.name <> $1 limit 1`,
      [SUMMIT],
    );
    const bad = await saveDealerRates([
      { loanProductId: newAuto, rateMatching: false, maximumSpread: null },
      { loanProductId: rows[0]!.id, rateMatching: false, maximumSpread: '-1' },
    ]);
    expect(bad.statusCode).toBe(422);
    expect(fieldsOf(bad)).toEqual(['dealerRates.0.maximumSpread', 'dealerRates.1.maximumSpread']);
    const twice = await saveDealerRates([
      { loanProductId: newAuto, rateMatching: false, maximumSpread: '1.5' },
      { loanProductId: newAuto, rateMatching: true },
    ]);
    expect(twice.statusCode).toBe(422);
    expect(fieldsOf(twice)).toEqual(['dealerRates.1.loanProductId']);
    const unknown = await saveDealerRates([{ loanProductId: rows[0]!.id, rateMatching: true }]);
    expect(unknown.statusCode).toBe(422);
    expect(fieldsOf(unknown)).toEqual(['dealerRates.0.loanProductId']);
  });
});

describe('the receipt is immutable and versioned', () => {
  it('refuses UPDATE and DELETE on application_decisions to the application role', async () => {
    const id = await newCase();
    const { decisionId } = (await decide(id, { decisionType: 'approve', approval: terms() })).json<DecisionResult>();
    const client = await t.pool.connect();
    try {
      for (const statement of [
        `update application_decisions set decision_type = 'decline' where id = ${decisionId}`,
        `delete from application_decisions where id = ${decisionId}`,
      ]) {
        await client.query('begin');
        await client.query(
          `select set_config('app.lender_id', (select lender_id::text from applications where id = ${id}), true)`,
        );
        await client.query('set local role credence_app');
        await expect(client.query(statement)).rejects.toThrow(/permission denied/);
        await client.query('rollback');
      }
    } finally {
      client.release();
    }
    const stored = await t.pool.query(`select decision_type from application_decisions where id = $1`, [decisionId]);
    expect(stored.rows[0].decision_type).toBe('approve');
  });

  it('lastapproval answers the approved terms; PUT saves changed terms as a new version', async () => {
    const id = await newCase();
    expect((await officer.get(`/api/applications/${id}/lastapproval`)).json()).toBeNull();
    await decide(id, { decisionType: 'approve', approval: terms() });
    const last = (await officer.get(`/api/applications/${id}/lastapproval`)).json<NonNullable<LastApproval>>();
    expect(last).toMatchObject({ decisionType: 'approve', amount: '25000.00', interestRate: '6.490', term: 60 });

    const put = await officer.put(`/api/applications/${id}/lastapproval`, terms({ interestRate: '5.990' }));
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json<LastApproval>()).toMatchObject({ interestRate: '5.990', decisionType: 'approve' });
    expect(put.json<NonNullable<LastApproval>>().decisionId).not.toBe(last.decisionId);
    const history = (await officer.get(`/api/applications/${id}/decisions`)).json<DecisionHistoryRow[]>();
    expect(history.map((h) => [h.version, h.interestRate])).toEqual([
      [2, '5.990'],
      [1, '6.490'],
    ]);
    const bad = await officer.put(
      `/api/applications/${id}/lastapproval`,
      terms({ term: 13, paymentFrequencyId: 'Quarterly' }),
    );
    expect(fieldsOf(bad)).toEqual(['term']);
    const zero = await officer.put(`/api/applications/${id}/lastapproval`, terms({ amount: '0.00' }));
    expect(fieldsOf(zero)).toEqual(['amount']);
  });
});

describe('auto-decision after the credit review (issue 13, item 3)', () => {
  const markReviewed = async (id: number) => {
    const response = await officer.put(`/api/CreditReportReview/MarkAsReviewed/${id}/true`, {});
    expect(response.statusCode, response.body).toBe(200);
  };

  it('is off by default: marking the credit reviewed leaves the application for a person', async () => {
    const id = await newCase();
    await markReviewed(id);
    expect(await stateOf(id)).toEqual({ state: 'reviewed', queue: 'decision' });
  });

  it('on: Approve approves with the suggested terms, Decline declines with the policy’s reasons, ManualReview leaves it', async () => {
    const current = (await admin.get('/api/decisionEngine/config')).json<Record<string, unknown>>();
    const { version: _v, updatedAt: _u, updatedBy: _b, ...config } = current;
    const saved = await admin.put('/api/decisionEngine/config', {
      ...config,
      autoDecisionEnabled: true,
      approveAction: 'Apply',
      declineAction: 'Apply',
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const approve = await newCase();
    await markReviewed(approve);
    // Issue 14: the product's required funding requirements (demo) hold it in the Requirements queue.
    expect(await stateOf(approve)).toEqual({ state: 'approved', queue: 'requirements' });
    const [row] = (await officer.get(`/api/applications/${approve}/decisions`)).json<DecisionHistoryRow[]>();
    expect(row).toMatchObject({ decisionType: 'approve', source: 'auto', term: 72, tier: 'A+' });
    const auto = (await officer.get(`/api/applications/${approve}/decisions/${row!.id}`)).json<DecisionRecord>();
    expect(auto.receipt.additions.filter((a) => a.id === addition.GAP || a.id === addition.LIFE)).toEqual([
      expect.objectContaining({ id: addition.GAP, amount: '595.00', selected: true }),
    ]);
    const w = await worksheetOf(approve);
    expect(row!.interestRate).toBe(w.policy!.suggestedRate);
    const runs = (await officer.get(`/api/Applications/${approve}/autoApprovalResults`)).json<
      { outcomeType: string }[]
    >();
    expect(runs[0]!.outcomeType).toBe('Approve');

    const decline = await newCase({ last4: '0007' }); // a bankruptcy on file
    await markReviewed(decline);
    expect(await stateOf(decline)).toEqual({ state: 'declined', queue: null });
    const [declined] = (await officer.get(`/api/applications/${decline}/decisions`)).json<DecisionHistoryRow[]>();
    const receipt = (
      await officer.get(`/api/applications/${decline}/decisions/${declined!.id}`)
    ).json<DecisionRecord>();
    expect(receipt.receipt.source).toBe('auto');
    expect(receipt.receipt.decisionApplicants[0]!.declineReasons.length).toBeGreaterThan(0);

    const review = await newCase({ last4: '0004' }); // an OFAC possible match: the workflow asks for a person
    await officer.put(`/api/CreditReportReview/${review}`, { review: 'OFAC alert checked against the ID on file.' });
    await markReviewed(review);
    expect(await stateOf(review)).toEqual({ state: 'reviewed', queue: 'decision' });
    expect((await officer.get(`/api/applications/${review}/decisions`)).json()).toEqual([]);
  });
});

describe('the disclosure of decided terms (issue 41): the product’s day count and odd days, finance charges, a balloon', () => {
  const settingsPath = '/api/decisionEngine/config';
  const daysLater = (days: number) =>
    new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
  const centsOf = (m: string) => BigInt(m.replace('.', ''));

  /** A Used Auto application (30/360, odd days prepaid) whose documentation fee is the lender's finance charge. */
  const usedAutoCase = async () => {
    const usedAuto = await productId(t, SUMMIT, 'Used Auto');
    const current = (await admin.get(settingsPath)).json<DecisionEngineSettings>();
    const { version: _v, updatedAt: _u, updatedBy: _b, ...config } = current;
    const saved = await admin.put(settingsPath, {
      ...config,
      disclosureTerms: [{ loanProductId: usedAuto, dayCount: 'thirty360', oddDays: 'prepaid' }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await t.pool.query(`update loan_additions set finance_charge = true where id = $1`, [addition.LIFE]);
    const body = newAutoApplication(usedAuto);
    const created = await officer.post('/api/applications', {
      ...body,
      applicants: [{ ...body.applicants[0], socialSecurityNumber: '123-45-0011' }],
      request: {
        ...body.request,
        otherFrontEndFees: [
          { name: 'Documentation fee', value: '499.00', financeCharge: true },
          { name: 'Title and registration', value: '126.40' },
        ],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    return { id: created.json<{ id: number }>().id, usedAuto };
  };

  it('the receipt and the loan disclose what POST /api/tools/truthInLending answers for the same terms, exact to Appendix J', async () => {
    const { id } = await usedAutoCase();
    const w = await worksheetOf(id);
    expect(w.disclosureTerms).toEqual({ dayCount: 'thirty360', oddDays: 'prepaid', securedByDwelling: false });
    expect(w.frontEndFinanceCharges).toEqual([{ name: 'Documentation fee', amount: '499.00' }]);
    expect(w.additions.find((a) => a.id === addition.LIFE)).toMatchObject({ financeCharge: true });

    const approval = terms({ firstPaymentDate: daysLater(45), balloonAmount: '5000.00' });
    const response = await decide(id, {
      decisionType: 'approve',
      approval,
      additions: [{ id: addition.LIFE!, selected: true }],
      decisionApplicants: [],
    });
    expect(response.statusCode, response.body).toBe(201);
    const { decisionId } = response.json<DecisionResult>();
    const { receipt } = (await officer.get(`/api/applications/${id}/decisions/${decisionId}`)).json<DecisionRecord>();

    // The same request through the one disclosure call: the life cover at $3.50 per $1,000 of $25,000 is $87.50.
    const request = truthInLendingRequestOf({
      ...(approval as { amount: string; term: number; contractDate: string; firstPaymentDate: string }),
      annualRate: '6.490',
      paymentFrequencyId: 'Monthly',
      balloonAmount: '5000.00',
      terms: { dayCount: 'thirty360', oddDays: 'prepaid' },
      prepaidFinanceCharges: [
        { name: 'Documentation fee', amount: '499.00' },
        { name: 'H2 LIFE', amount: '87.50' },
      ],
    });
    const called = await officer.post(truthInLendingEndpoint.path, request);
    expect(called.statusCode, called.body).toBe(200);
    const answer = called.json<TruthInLending>();
    expect(receipt.disclosures).toEqual(loanDisclosureOf(truthInLendingRequestSchema.parse(request), answer));
    expect(receipt.approval).toMatchObject({ balloonAmount: '5000.00', monthlyPayment: answer.payment });

    // Amount financed = note − fees − the odd days' interest paid at closing: 45 days to the first payment, a month
    // of them regular, the rest odd days counted 30/360, simple interest on $25,000 at 6.49 %, half up.
    expect(answer.oddDays).toBeGreaterThanOrEqual(13);
    expect(answer.oddDays).toBeLessThanOrEqual(16);
    const oddInterest = centsOf(answer.oddDaysInterest);
    expect(oddInterest).toBe(centsOf(money('25000').times('0.0649').times(answer.oddDays).div(360).toFixed(2)));
    expect(centsOf(answer.amountFinanced)).toBe(2_500_000n - 49_900n - 8_750n - oddInterest);
    // The last payment is the balloon and a last regular one (the level payment give or take its rounding).
    const lastRegular = centsOf(answer.finalPayment) - 500_000n - centsOf(answer.payment);
    expect(lastRegular > -100n && lastRegular < 100n).toBe(true);
    expect(answer.schedule.at(-1)!.balance).toBe('0.00');
    // The APR against the exact Appendix J reference (not the code under test), within rounding to 3 decimals.
    const exact = oracleApr({
      contractDate: today,
      amountFinancedCents: centsOf(answer.amountFinanced),
      payments: answer.schedule.map((row) => ({ date: row.date, cents: centsOf(row.payment) })),
      unit: { months: 1 },
    });
    expect(money(answer.apr).minus(exact.apr).abs().lte('0.0005')).toBe(true);
    expect(answer).toMatchObject({ aprWithinTolerance: true, financeChargeWithinTolerance: true });

    // The funding worksheet's loan carries the decision's terms and discloses the same.
    const loan = (await officer.get(`/api/applicationloan/${id}`)).json<LoanWorksheet>().loan;
    expect(loan).toMatchObject({
      balloonAmount: '5000.00',
      disclosureTerms: {
        dayCount: 'thirty360',
        oddDays: 'prepaid',
        prepaidFinanceCharges: [
          { name: 'Documentation fee', amount: '499.00' },
          { name: 'H2 LIFE', amount: '87.50' },
        ],
      },
      monthlyPayment: answer.payment,
    });
    expect(loan.disclosure).toEqual(receipt.disclosures);
    await t.pool.query(`update loan_additions set finance_charge = false where id = $1`, [addition.LIFE]);
  });

  it('a balloon above the amount, or a negative fee marked as a finance charge, is a 422 on its field', async () => {
    const id = await newCase();
    const refused = await decide(id, {
      decisionType: 'approve',
      approval: terms({ balloonAmount: '25000.01' }),
      decisionApplicants: [],
    });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(JSON.parse(refused.body).errors[0].field).toBe('approval.balloonAmount');
    expect((await officer.get(`/api/applications/${id}/decisions`)).json()).toEqual([]);

    const negative = await officer.put(`/api/applications/${id}/request`, {
      ...(await officer.get(`/api/applications/${id}/request`)).json<Record<string, unknown>>(),
      otherFrontEndFees: [{ name: 'Dealer credit', value: '-100.00', financeCharge: true }],
    });
    expect(negative.statusCode, negative.body).toBe(422);
    expect(negative.body).toContain('A finance charge cannot be negative.');
  });
});
