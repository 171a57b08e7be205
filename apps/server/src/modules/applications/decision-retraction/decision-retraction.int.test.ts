import { decisionRetractionTexts, type RetractionCheckResult } from '@credence/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAutoApplication, productId, signIn, SUMMIT, type ApiClient } from '../../../test/api-client.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

/*
 * Retraction by rule set (issue 13 item 5) against the demo's rule set in effect: 'Standard decision
 * retraction' names loanProductId, requestedAmount, termMonths, collateral.value, collateral.year,
 * applicant.income, applicant.added, applicant.removed and creditReport.repulled — not the mileage, the
 * contact details or the residual.
 */

let t: TestApp;
let officer: ApiClient;
let processor: ApiClient;
let harbor: ApiClient;

beforeAll(async () => {
  t = await createTestApp();
  officer = await signIn(t, 'officer', 'Officer2026');
  processor = await signIn(t, 'expiring', 'Expiring2026');
  harbor = await signIn(t, 'harbor', 'Harbor2026');
});
afterAll(() => t.close());

/**
 * A new application (locked by the officer who created it) decided `type` with a receipt row (version 1) and an
 * open funding requirement, as the decision worksheet leaves it; written as the owner so that the test does not
 * depend on the decision submit.
 */
const decided = async (type: 'approve' | 'counteroffer' = 'approve') => {
  const response = await officer.post('/api/applications', newAutoApplication(await productId(t, SUMMIT, 'New Auto')));
  expect(response.statusCode, response.body).toBe(201);
  const id = response.json<{ id: number }>().id;
  const state = type === 'approve' ? 'approved' : 'counteroffer';
  const receipt = {
    decisionType: type,
    entryKind: 'decision',
    version: 1,
    decidedAt: new Date().toISOString(),
    decidedBy: { userId: 0, name: 'Test' },
    source: 'manual',
    approval: { amount: '30000.00', term: 72, interestRate: '6.250', monthlyPayment: '500.83' },
    policy: { tier: 'A' },
    fundingRequirements: [{ description: 'Proof of income' }],
    retraction: null,
  };
  const { rows } = await t.pool.query<{ id: number }>(
    `with a as (update applications set state = $2 where id = $1 returning id, lender_id)
     insert into application_decisions (lender_id, application_id, version, decision_type, state_before, state_after, receipt)
     select lender_id, id, 1, $3, 'reviewed', $2, $4 from a returning id`,
    [id, state, type, JSON.stringify(receipt)],
  );
  const decisionId = rows[0]!.id;
  await t.pool.query(
    `insert into application_funding_requirements (lender_id, application_id, decision_id, description)
     select lender_id, id, $2, 'Proof of income' from applications where id = $1`,
    [id, decisionId],
  );
  return { id, decisionId };
};

const stateOf = async (id: number) =>
  (await t.pool.query<{ state: string }>('select state from applications where id = $1', [id])).rows[0]!.state;

const receipts = async (id: number) =>
  (
    await t.pool.query<{
      id: number;
      version: number;
      entry_kind: string;
      decision_type: string;
      retracts_decision_id: number | null;
      state_before: string;
      state_after: string;
      created_by_user_id: number | null;
      receipt: Record<string, unknown>;
    }>('select * from application_decisions where application_id = $1 order by version', [id])
  ).rows;

const requirementStatuses = async (id: number) =>
  (
    await t.pool.query<{ status: string }>(
      'select status from application_funding_requirements where application_id = $1 order by id',
      [id],
    )
  ).rows.map((r) => r.status);

const history = async (id: number) =>
  (await officer.get(`/api/applications/${id}/history`)).json<{ action: string; description: string }[]>();

const check = async (id: number, body: unknown, client = officer) => {
  const response = await client.post(`/api/applications/${id}/retractions`, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<RetractionCheckResult>();
};

/** The retraction left its marks: state reviewed, version 2 naming version 1, requirement withdrawn, history. */
const expectRetracted = async (id: number, decisionId: number, changes: string[]) => {
  expect(await stateOf(id)).toBe('reviewed');
  const rows = await receipts(id);
  expect(rows).toHaveLength(2);
  expect(rows[1]).toMatchObject({
    version: 2,
    entry_kind: 'retraction',
    decision_type: 'approve',
    retracts_decision_id: decisionId,
    state_before: 'approved',
    state_after: 'reviewed',
  });
  expect(rows[1]!.created_by_user_id).not.toBeNull();
  expect(rows[1]!.receipt).toMatchObject({
    entryKind: 'retraction',
    version: 2,
    decisionType: 'approve',
    approval: { amount: '30000.00' },
    retraction: { retractsDecisionId: decisionId, changes },
  });
  expect(await requirementStatuses(id)).toEqual(['withdrawn']);
  expect((await history(id)).map((h) => h.action)).toContain('Decision Retracted');
};

const expectNotRetracted = async (id: number) => {
  expect(await stateOf(id)).toBe('approved');
  expect(await receipts(id)).toHaveLength(1);
  expect(await requirementStatuses(id)).toEqual(['outstanding']);
  expect((await history(id)).map((h) => h.action)).not.toContain('Decision Retracted');
};

describe('the request save', () => {
  it('retracts when the amount changes (a field of the rule set), after the dry run said it would', async () => {
    const { id, decisionId } = await decided();
    const current = (await officer.get(`/api/applications/${id}/request`)).json<Record<string, unknown>>();
    const changed = { ...current, requestedAmount: '28000.00' };
    expect(await check(id, { section: 'request', request: changed })).toEqual({
      retracts: true,
      state: 'approved',
      changes: ['requestedAmount'],
    });
    expect(await stateOf(id)).toBe('approved'); // the check changes nothing

    const saved = await officer.put(`/api/applications/${id}/request`, changed);
    expect(saved.statusCode, saved.body).toBe(200);
    await expectRetracted(id, decisionId, ['requestedAmount']);
    // The history names the changed field by its label; the receipt keeps the rule set's name.
    expect((await history(id)).find((h) => h.action === 'Decision Retracted')?.description).toBe(
      'Decision retracted: the application request was updated (Requested Amount)',
    );
    const info = (await officer.get(`/api/applications/${id}/worksheetInfo`)).json<{ state: string }>();
    expect(info.state).toBe('reviewed');
  });

  it('does not retract when no changed field is named (the residual)', async () => {
    const { id } = await decided();
    const current = (await officer.get(`/api/applications/${id}/request`)).json<Record<string, unknown>>();
    const changed = { ...current, residualAmount: '1000.00' };
    expect(await check(id, { section: 'request', request: changed })).toEqual({
      retracts: false,
      state: 'approved',
      changes: [],
    });
    const saved = await officer.put(`/api/applications/${id}/request`, changed);
    expect(saved.statusCode, saved.body).toBe(200);
    await expectNotRetracted(id);
  });
});

describe('the collaterals save', () => {
  const collateralsOf = async (id: number) =>
    (await officer.get(`/api/applications/${id}/collaterals`)).json<{
      collaterals: Record<string, unknown>[];
      insurance: Record<string, unknown> | null;
    }>();

  it('retracts on a new value, not on a new mileage; the spec’s dry-run call answers the same', async () => {
    const { id, decisionId } = await decided();
    const { collaterals, insurance } = await collateralsOf(id);
    const mileage = { collaterals: [{ ...collaterals[0], mileage: 15000 }], insurance };
    const value = { collaterals: [{ ...collaterals[0], value: '29500.00' }], insurance };

    const dryMileage = await officer.post(`/api/applications/${id}/collaterals/retractions`, mileage);
    expect(dryMileage.statusCode, dryMileage.body).toBe(200);
    expect(dryMileage.json()).toEqual({ retracts: false, state: 'approved', changes: [] });
    const dryValue = await officer.post(`/api/applications/${id}/collaterals/retractions`, value);
    expect(dryValue.json()).toEqual({ retracts: true, state: 'approved', changes: ['collateral.value'] });

    expect((await officer.post(`/api/applications/${id}/collaterals`, mileage)).statusCode).toBe(200);
    await expectNotRetracted(id);
    const saved = await officer.post(`/api/applications/${id}/collaterals`, {
      ...value,
      collaterals: [{ ...value.collaterals[0], mileage: 15000 }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await expectRetracted(id, decisionId, ['collateral.value']);
    expect((await history(id)).find((h) => h.action === 'Decision Retracted')?.description).toBe(
      'Decision retracted: the collateral was updated (Collateral Value)',
    );
  });
});

describe('the applicants save', () => {
  const applicantsOf = async (id: number) =>
    (await officer.get(`/api/applications/${id}/applicants`)).json<{ applicants: Record<string, unknown>[] }>()
      .applicants;

  it('retracts when an applicant is removed, not when an e-mail changes', async () => {
    const { id, decisionId } = await decided();
    const applicants = await applicantsOf(id);
    const primary = applicants[0]!;
    const newEmail = [{ ...primary, emails: [{ email: 'dana@example.org', preferredContact: true }] }, applicants[1]];
    expect(await check(id, { section: 'applicants', applicants: newEmail })).toMatchObject({ retracts: false });
    const kept = await officer.put(`/api/applications/${id}/applicants`, { applicants: newEmail });
    expect(kept.statusCode, kept.body).toBe(200);
    await expectNotRetracted(id);

    const alone = [(await applicantsOf(id))[0]];
    expect(await check(id, { section: 'applicants', applicants: alone })).toEqual({
      retracts: true,
      state: 'approved',
      changes: ['applicant.removed'],
    });
    const saved = await officer.put(`/api/applications/${id}/applicants`, { applicants: alone });
    expect(saved.statusCode, saved.body).toBe(200);
    await expectRetracted(id, decisionId, ['applicant.removed']);
  });

  it('names a change of income', async () => {
    const { id } = await decided('counteroffer');
    const applicants = await applicantsOf(id);
    const primary = applicants[0] as { employments: Record<string, unknown>[] };
    const raised = [{ ...primary, employments: [{ ...primary.employments[0], salary: '99000.00' }] }, applicants[1]];
    expect(await check(id, { section: 'applicants', applicants: raised })).toEqual({
      retracts: true,
      state: 'counteroffer',
      changes: ['applicant.income'],
    });
  });
});

describe('the checks by field and for the credit report', () => {
  it('match the changes against the rule set; nothing retracts without an approved or counteroffer decision', async () => {
    const { id } = await decided();
    expect(await check(id, { section: 'fields', changes: ['dealer', 'termMonths'] })).toEqual({
      retracts: true,
      state: 'approved',
      changes: ['termMonths'],
    });
    expect(await check(id, { section: 'fields', changes: ['dealer'] })).toMatchObject({ retracts: false });
    expect(await check(id, { section: 'creditReport' })).toEqual({
      retracts: true,
      state: 'approved',
      changes: ['creditReport.repulled'],
    });
    await t.pool.query(`update applications set state = 'reviewed' where id = $1`, [id]);
    expect(await check(id, { section: 'creditReport' })).toEqual({ retracts: false, state: 'reviewed', changes: [] });
  });

  it('refuses an unknown field (422) and another lender’s application (404)', async () => {
    const { id } = await decided();
    const bad = await officer.post(`/api/applications/${id}/retractions`, { section: 'fields', changes: ['colour'] });
    expect(bad.statusCode).toBe(422);
    expect((await harbor.post(`/api/applications/${id}/retractions`, { section: 'creditReport' })).statusCode).toBe(
      404,
    );
  });
});

describe('POST applications/{id}/decisions/retract', () => {
  it('retracts an approved decision with its reason, then refuses a second time (422)', async () => {
    const { id, decisionId } = await decided();
    const response = await officer.post(`/api/applications/${id}/decisions/retract`, { reason: 'Terms renegotiated' });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<{ retracted: boolean; state: string; retractionId: number }>();
    expect(body).toMatchObject({ retracted: true, state: 'reviewed' });
    await expectRetracted(id, decisionId, []);
    const rows = await receipts(id);
    expect(body.retractionId).toBe(rows[1]!.id);
    expect(rows[1]!.receipt).toMatchObject({ retraction: { reason: 'Terms renegotiated' } });
    expect((await history(id))[0]!.description).toContain('Terms renegotiated');

    const again = await officer.post(`/api/applications/${id}/decisions/retract`, {});
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({
      errors: [{ field: 'applicationId', message: decisionRetractionTexts.nothingToRetract }],
    });
  });

  it('retracts a decision made before receipts were kept: state and history, no receipt row', async () => {
    const response = await officer.post(
      '/api/applications',
      newAutoApplication(await productId(t, SUMMIT, 'New Auto')),
    );
    const id = response.json<{ id: number }>().id;
    await t.pool.query(`update applications set state = 'counteroffer' where id = $1`, [id]);
    const retracted = await officer.post(`/api/applications/${id}/decisions/retract`, {});
    expect(retracted.statusCode, retracted.body).toBe(200);
    expect(retracted.json()).toEqual({ retracted: true, state: 'reviewed', retractionId: null });
    expect(await receipts(id)).toHaveLength(0);
    expect((await history(id))[0]).toMatchObject({ action: 'Decision Retracted' });
  });

  it('needs canDecisionALoan (403), the lock (409), and is 404 for another lender', async () => {
    const { id } = await decided();
    expect((await processor.post(`/api/applications/${id}/decisions/retract`, {})).statusCode).toBe(403);
    expect((await harbor.post(`/api/applications/${id}/decisions/retract`, {})).statusCode).toBe(404);
    expect((await officer.delete(`/api/applications/${id}/lock`)).statusCode).toBeLessThan(300);
    expect((await officer.post(`/api/applications/${id}/decisions/retract`, {})).statusCode).toBe(409);
    expect(await stateOf(id)).toBe('approved');
  });
});

describe('the decision summary in the queues (issue 13 item 7)', () => {
  const row = async (id: number) => {
    const response = await officer.post('/api/applicationqueues/allApplicationsQueue/search', {
      filter: { logic: 'and', filters: [{ field: 'applicationId', operator: '=', value: id }] },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: Record<string, unknown>[] }>().data[0]!;
  };

  it('shows the rate, payment and tier of the current decision, and none once it is retracted', async () => {
    const { id } = await decided('counteroffer');
    expect(await row(id)).toMatchObject({
      state: 'counteroffer',
      decisionRate: '6.250',
      decisionPayment: '500.83',
      decisionTier: 'A',
    });
    expect((await officer.post(`/api/applications/${id}/decisions/retract`, {})).statusCode).toBe(200);
    expect(await row(id)).toMatchObject({ decisionRate: null, decisionPayment: null, decisionTier: null });
  });

  it('reads the newest receipt row through the (application_id, version) index', async () => {
    const { id } = await decided();
    // As the queue statements run: no sequential scans (QUEUE_PLANNER_SETTINGS).
    const [, plan] = (await t.pool.query(
      `set enable_seqscan = off; explain select d.version from application_decisions d
        where d.application_id = ${Number(id)} order by d.version desc limit 1; reset enable_seqscan`,
    )) as unknown as [unknown, { rows: { 'QUERY PLAN': string }[] }, unknown];
    expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toMatch(/application_decisions_application_idx/);
  });
});

describe('the auto-decision after a retraction by rule set', () => {
  it('runs again when the settings decide automatically and rerun on application change', async () => {
    const admin = await signIn(t, 'admin', 'Admin2026');
    const current = (await admin.get('/api/decisionEngine/config')).json<Record<string, unknown>>();
    const { version: _v, updatedAt: _u, updatedBy: _b, ...config } = current;
    const saved = await admin.put('/api/decisionEngine/config', {
      ...config,
      autoDecisionEnabled: true,
      rerunOnApplicationChange: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const { id } = await decided();
    const request = (await officer.get(`/api/applications/${id}/request`)).json<Record<string, unknown>>();
    const response = await officer.put(`/api/applications/${id}/request`, { ...request, termMonths: 60 });
    expect(response.statusCode, response.body).toBe(200);
    const actions = (await history(id)).map((h) => h.action);
    expect(actions).toContain('Decision Retracted');
    expect(actions.indexOf('Decision engine')).toBeGreaterThanOrEqual(0);
    expect(actions.indexOf('Decision engine')).toBeLessThan(actions.indexOf('Decision Retracted'));
  });
});
