import { adminMessages, type PolicyRun, type SuggestedValues } from '@credence/contracts';
import { money } from '@credence/domain';
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
let admin: ApiClient;
let harbor: ApiClient;

beforeAll(async () => {
  t = await createTestApp();
  officer = await signIn(t, 'officer', 'Officer2026');
  admin = await signIn(t, 'admin', 'Admin2026');
  harbor = await signIn(t, 'harbor', 'Harbor2026');
});
afterAll(() => t.close());

/** A seeded Summit application of an auto product whose primary applicant's SSN ends in `last4`, with a report. */
const autoCase = (last4: string) =>
  findSeededApplication(
    t,
    SUMMIT,
    `p.control_type = 'AUTOMOTIVE' and exists (select 1 from applicants x where x.application_id = a.id and x.role = 'PRIMARY' and x.ssn_last4 = '${last4}')
       and exists (select 1 from credit_reports r where r.application_id = a.id and r.is_active)`,
  );
/** A new New Auto application (Dana Kowalski, $480,000 a year: within every ratio) with the sandbox's excellent file pulled. */
const cleanAuto = async () => {
  const body = newAutoApplication(await productId(t, SUMMIT, 'New Auto'));
  const created = await officer.post('/api/applications', {
    ...body,
    applicants: [
      {
        ...body.applicants[0],
        socialSecurityNumber: '123-45-0011',
        employments: [{ ...body.applicants[0]!.employments![0]!, salary: '480000.00' }],
      },
    ],
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json<{ id: number }>().id;
  const pulled = await officer.post(`/api/applications/${id}/creditreport/pull`, { creditBureau: 'Equifax' });
  expect(pulled.statusCode, pulled.body).toBe(200);
  return id;
};

const runAutoApproval = async (id: number, client = officer) => {
  const response = await client.post(`/api/Applications/${id}/runautoapprovalworkflow`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PolicyRun>();
};

describe('running the decision engine on an application (issue 12, spec 3 §7)', () => {
  it('runs the product’s published auto-approval workflow, explains every node, and stores the run with its version', async () => {
    const id = await autoCase('0004'); // OFAC possible match
    const run = await runAutoApproval(id);
    expect(run.outcomeType).toBe('ManualReview');
    expect(run.workflowName).toBe('Auto loans: auto-approval');
    expect(run.version).toBe(1);
    expect(run.draft).toBe(false);
    expect(run.warnings).toEqual([]);
    expect(run.nodeEvaluationResults[0]).toMatchObject({ result: 'pass' });
    expect(run.nodeEvaluationResults.at(-1)!.result).toBe('outcome');
    expect(run.nodeEvaluationResults.every((n) => n.explanation.length > 10)).toBe(true);

    const results = (await officer.get(`/api/Applications/${id}/autoApprovalResults`)).json<PolicyRun[]>();
    expect(results[0]).toMatchObject({ id: run.id, outcomeType: 'ManualReview', version: 1 });
    const stored = await t.pool.query(
      `select r.policy_version_id, v.version from policy_runs r join policy_versions v on v.id = r.policy_version_id where r.id = $1`,
      [run.id],
    );
    expect(stored.rows[0].version).toBe(1);
    const history = await t.pool.query(
      `select description from application_history where application_id = $1 order by id desc limit 1`,
      [id],
    );
    expect(history.rows[0].description).toBe('Auto loans: auto-approval: ManualReview');
  });

  it('declines a bankruptcy and answers suggested values and metrics from the matrices', async () => {
    const bankrupt = await autoCase('0007');
    expect((await runAutoApproval(bankrupt)).outcomeType).toBe('Decline');

    const excellent = await cleanAuto();
    const suggested = await officer.post(`/api/applications/${excellent}/suggestedValues`);
    expect(suggested.statusCode, suggested.body).toBe(200);
    const values = suggested.json<SuggestedValues>();
    // Score 865 (tier A+), 72 months, LTV 99.30% (the 90.01–110.00 band): 5.49 + 0.90 + 0.50.
    expect(values).toMatchObject({
      outcomeType: 'Approve',
      tier: 'A+',
      baseRate: '6.890',
      rate: '6.890',
      maxAmount: '100000.00',
      maxLtv: '130.00',
      terms: [24, 36, 48, 60, 72, 84],
    });
    const metrics = (await officer.get(`/api/applications/${excellent}/metricEvaluations`)).json<
      { metricType: string; metricEvaluationResultValues: { value: string } }[]
    >();
    expect(metrics.map((m) => m.metricType)).toEqual(expect.arrayContaining(['ApplicationCreditScore']));
  });

  it('a published change to the rate matrix changes the suggested rate at once (no restart)', async () => {
    const id = await cleanAuto();
    const before = (await officer.post(`/api/applications/${id}/suggestedValues`)).json<SuggestedValues>();
    const list = (await admin.get('/api/matrices?matrixType=Rate&text=Auto%20base%20rates')).json<{
      data: { id: number; name: string; config: { rows: { result: { rate: string } }[] } }[];
    }>();
    const matrix = list.data[0]!;
    const rows = matrix.config.rows.map((row) => ({
      ...row,
      result: { rate: money(row.result.rate).plus(1).toString() },
    }));
    const saved = await admin.put(`/api/matrices/${matrix.id}`, {
      name: matrix.name,
      config: { ...matrix.config, rows },
      publish: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = (await officer.post(`/api/applications/${id}/suggestedValues`)).json<SuggestedValues>();
    expect(before.baseRate).toBe('6.890');
    expect(after.baseRate).toBe('7.890');
  });

  it('tests a draft workflow from the editor without publishing it', async () => {
    const id = await cleanAuto();
    const created = await admin.post('/api/autoApprovalWorkflows', {
      name: 'Two-node check',
      loanProductIds: [],
      config: {
        id: 'new',
        name: 'Two-node check',
        kind: 'autoApproval',
        loanProductIds: [],
        startNodeId: 'score',
        nodes: [
          {
            id: 'score',
            name: 'Score at least 700',
            type: 'metricCondition',
            metric: 'ApplicationCreditScore',
            operator: '>=',
            value: '700',
            onPass: 'approve',
            onFail: 'review',
          },
          { id: 'approve', name: 'Approve', type: 'outcome', outcome: 'Approve' },
          { id: 'review', name: 'Review', type: 'outcome', outcome: 'ManualReview' },
        ],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const workflowId = created.json<{ id: number }>().id;
    const tested = await admin.post(`/api/autoApprovalWorkflows/${workflowId}/run/${id}`);
    expect(tested.statusCode, tested.body).toBe(200);
    const run = tested.json<PolicyRun>();
    expect(run.draft).toBe(true);
    // The workflow serves no product: the test run says so (issue 29, item 9).
    expect(run.warnings).toEqual([
      expect.stringMatching(/^Two-node check does not serve .+ applications: this is what it would decide/),
    ]);
    expect(run.nodeEvaluationResults.map((n) => n.name)).toEqual([
      'Score at least 700',
      run.outcomeType === 'Approve' ? 'Approve' : 'Review',
    ]);
    expect(
      adminMessages.policy.runResult(
        id,
        run.outcomeType,
        run.nodeEvaluationResults.map((n) => n.name),
      ),
    ).toContain(
      `Application with id: ${id} successfully processed with outcome: ${run.outcomeType}. Nodes processed: Score at least 700,`,
    );
    // A cycle is refused at save time.
    const cyclic = await admin.put(`/api/autoApprovalWorkflows/${workflowId}`, {
      name: 'Two-node check',
      config: {
        ...created.json<{ config: object }>().config,
        nodes: [
          {
            id: 'score',
            name: 'Score',
            type: 'metricCondition',
            metric: 'ApplicationCreditScore',
            operator: '>=',
            value: '700',
            onPass: 'score',
            onFail: 'review',
          },
          { id: 'review', name: 'Review', type: 'outcome', outcome: 'ManualReview' },
        ],
      },
    });
    expect(cyclic.statusCode).toBe(422);
    expect(cyclic.json().errors[0].message).toMatch(/cycle|loop/i);
  });

  it('the loan policy check needs canDecisionALoan or canFundALoan; another lender cannot reach it', async () => {
    const id = await cleanAuto();
    const run = await officer.post(`/api/Applications/${id}/runloanpolicyworkflow`, {});
    expect(run.statusCode, run.body).toBe(200);
    expect(['Within Policy', 'Policy Exception']).toContain(run.json<PolicyRun>().outcomeType);
    expect((await harbor.post(`/api/Applications/${id}/runloanpolicyworkflow`, {})).statusCode).toBe(404);

    const harborApp = await findSeededApplication(t, HARBOR, `p.control_type = 'PERSONAL'`);
    const personal = await harbor.post(`/api/Applications/${harborApp}/runautoapprovalworkflow`);
    expect(personal.statusCode, personal.body).toBe(200);
    expect(personal.json<PolicyRun>().workflowName).toBe('Personal loans: auto-approval');

    await t.pool.query(
      `delete from role_rights where "right" = 'canDecisionALoan'
          and role_id in (select ul.role_id from user_lenders ul join users u on u.id = ul.user_id where u.username = 'officer')`,
    );
    expect((await officer.post(`/api/Applications/${id}/runloanpolicyworkflow`, {})).statusCode).toBe(200);
    expect((await officer.post(`/api/Applications/${id}/runautoapprovalworkflow`)).statusCode).toBe(403);
    await t.pool.query(
      `delete from role_rights where "right" = 'canFundALoan'
          and role_id in (select ul.role_id from user_lenders ul join users u on u.id = ul.user_id where u.username = 'officer')`,
    );
    expect((await officer.post(`/api/Applications/${id}/runloanpolicyworkflow`, {})).statusCode).toBe(403);
  });
});
