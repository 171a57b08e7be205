import { adminMessages, type PolicyReplay, type ReplayableDraft } from '@credence/contracts';
import { isApproval, percentOf } from '@credence/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../db/tenancy.ts';
import { signIn, SUMMIT, type ApiClient } from '../../test/api-client.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { loadPolicyFactsBatch } from '../applications/policy-facts/policy-facts.service.ts';
import * as policyRepo from '../policy/policy.repository.ts';
import { policyInEffect } from '../policy/policy.service.ts';

let t: TestApp;
let admin: ApiClient;
let officer: ApiClient;
let harbor: ApiClient;
let summitId: number;

beforeAll(async () => {
  // The job runner as main.ts starts it: the replay runs as a pg-boss job of this process.
  t = await createTestApp({}, { jobs: true });
  admin = await signIn(t, 'admin', 'Admin2026');
  officer = await signIn(t, 'officer', 'Officer2026');
  harbor = await signIn(t, 'harbor', 'Harbor2026');
  summitId = (await t.pool.query<{ id: number }>('select id from lenders where name = $1', [SUMMIT])).rows[0]!.id;
});
afterAll(() => t.close());

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const period = { from: day(-3000), to: day(1) };

type MatrixRow = { id: number; name: string; enabled: boolean; config: Record<string, unknown> };

/** The seeded additional-rate matrix, its draft making 8+-year-old used cars 1.50 points dearer (1.00 → 2.50). */
const draftDearerOldCars = async () => {
  const list = (await admin.get('/api/matrices?text=additional&pageSize=50')).json<{ data: MatrixRow[] }>();
  const matrix = list.data.find((m) => m.name === 'Auto additional rates (new / used)')!;
  const full = (await admin.get(`/api/matrices/${matrix.id}`)).json<MatrixRow>();
  const rows = full.config.rows as { cells: unknown[]; result: Record<string, string> }[];
  const config = { ...full.config, rows: rows.map((r, i) => (i === 3 ? { ...r, result: { adjustment: '2.50' } } : r)) };
  const saved = await admin.put(`/api/matrices/${matrix.id}`, { name: full.name, enabled: true, config });
  expect(saved.statusCode, saved.body).toBe(200);
  expect(saved.json()).toMatchObject({ draftVersion: 2, version: 1 });
  return matrix.id;
};

const waitForReplay = async (id: number, client = admin): Promise<PolicyReplay> => {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const replay = (await client.get(`/api/policyReplays/${id}`)).json<PolicyReplay>();
    if (replay.status === 'done' || replay.status === 'failed') return replay;
    if (Date.now() > deadline) throw new Error(`replay ${id} still ${replay.status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

describe('the policy sandbox: replaying a draft (issue 12, item 3)', () => {
  let matrixId: number;
  let replay: PolicyReplay;

  it('queues a replay of a matrix draft and runs it as a background job to a report', async () => {
    matrixId = await draftDearerOldCars();
    const drafts = (await admin.get('/api/policyReplays/drafts')).json<ReplayableDraft[]>();
    expect(drafts).toContainEqual(
      expect.objectContaining({ policyObjectId: matrixId, kind: 'matrix', matrixType: 'Rate', draftVersion: 2 }),
    );
    const started = await admin.post('/api/policyReplays', { policyObjectId: matrixId, ...period });
    expect(started.statusCode, started.body).toBe(201);
    expect(started.json()).toMatchObject({
      status: 'queued',
      policyObjectName: 'Auto additional rates (new / used)',
      draftVersion: 2,
      publishedVersion: 1,
      report: null,
    });
    replay = await waitForReplay(started.json<PolicyReplay>().id);
    expect(replay.error).toBeNull();
    expect(replay.status).toBe('done');
    expect(replay.total).toBeGreaterThan(10);
    expect(replay.processed).toBe(replay.total);
    expect(replay.report!.applications).toBe(replay.total);
    expect(replay.report!.workflowKind).toBe('autoApproval');
    const list = (await admin.get(`/api/policyReplays?policyObjectId=${matrixId}`)).json<PolicyReplay[]>();
    // The list names both versions compared (read in its one query).
    expect(list[0]).toMatchObject({ id: replay.id, status: 'done', draftVersion: 2, publishedVersion: 1 });
  });

  it('its counts are those of running the published policy and the draft directly on every application', async () => {
    const report = replay.report!;
    const direct = await withTenant(t.db, summitId, async (tx) => {
      const published = await policyInEffect(tx, summitId);
      const draft = await policyRepo.findDraft(tx, matrixId);
      const drafted = await policyInEffect(tx, summitId, {
        overrides: [{ objectId: matrixId, kind: 'matrix', versionId: draft!.id, config: draft!.config }],
      });
      // Every application of the lender: the period reaches back further than the demo's oldest.
      const { rows } = await tx.execute<{ id: number; product_id: number }>(
        sql`select id, loan_product_id as product_id from applications order by id`,
      );
      const counts = {
        applications: 0,
        changed: 0,
        published: {} as Record<string, number>,
        draft: {} as Record<string, number>,
      };
      let approvedBefore = 0;
      let ran = 0;
      let approvedAfter = 0;
      for (const { id, product_id } of rows) {
        const [workflow] = await policyRepo.listWorkflowsForProduct(tx, 'autoApprovalWorkflow', product_id);
        // One application at a time (the loader's agreement with loadPolicyFacts: policy-facts-batch.int.test.ts).
        const facts = (await loadPolicyFactsBatch(tx, [id], { stage: 'Decision' })).get(id)!;
        const before = workflow ? (await published.compile(workflow.id)).evaluate(facts) : null;
        const after = workflow ? (await drafted.compile(workflow.id)).evaluate(facts) : null;
        counts.applications += 1;
        const a = before?.outcome ?? 'No workflow';
        const b = after?.outcome ?? 'No workflow';
        counts.published[a] = (counts.published[a] ?? 0) + 1;
        counts.draft[b] = (counts.draft[b] ?? 0) + 1;
        if (before) ran += 1;
        if (isApproval('autoApproval', before)) approvedBefore += 1;
        if (isApproval('autoApproval', after)) approvedAfter += 1;
        if (JSON.stringify([before?.outcome, before?.values]) !== JSON.stringify([after?.outcome, after?.values]))
          counts.changed += 1;
      }
      return { ...counts, approvedBefore, approvedAfter, ran };
    });
    expect(report.applications).toBe(direct.applications);
    expect(report.published.outcomes).toEqual(direct.published);
    expect(report.draft.outcomes).toEqual(direct.draft);
    expect(report.published.approvalRate).toBe(percentOf(direct.approvedBefore, direct.ran));
    expect(report.draft.approvalRate).toBe(percentOf(direct.approvedAfter, direct.ran));
    expect(report.changed).toBe(direct.changed);
    expect(report.changed).toBeGreaterThan(0);
  });

  it('shows the changed applications with both traces, per product and per dealer, and the rows never hit', () => {
    const report = replay.report!;
    const first = report.changedApplications[0]!;
    expect(first.changes).toContain('rate');
    const step = (run: typeof first.published) => run.result!.trace.find((s) => s.nodeId === 'additional-rate')!;
    expect(step(first.published).valuesSet.rateAdjustment).toBe('1.000');
    expect(step(first.draft).valuesSet.rateAdjustment).toBe('2.500');
    expect(report.byProduct.reduce((n, g) => n + g.applications, 0)).toBe(report.applications);
    expect(report.byDealer.reduce((n, g) => n + g.applications, 0)).toBe(report.applications);
    expect(report.byProduct.reduce((n, g) => n + g.changed, 0)).toBe(report.changed);
    expect(report.byProduct.map((g) => g.name)).toContain('Used Auto');
    // Labels of the rows of the draft matrix no application hit, if any, read as the matrix's axes.
    for (const row of report.neverHitRows) expect(row.label).toMatch(/New \/ used/);
  });

  it('a replay left running by a worker that died is taken over and finished by another', async () => {
    // As a process killed mid-replay leaves it: running, part done, no report, and no worker holding it.
    await t.pool.query(
      `update policy_replays set status = 'running', processed = 3, report = null, finished_at = null where id = $1`,
      [replay.id],
    );
    const again = await waitForReplay(replay.id);
    expect(again.status).toBe('done');
    expect(again.report!.applications).toBe(replay.report!.applications);
    expect(again.report!.changed).toBe(replay.report!.changed);
  });

  it('refuses a backwards period, an object without a draft and a kind that cannot be replayed, with a message', async () => {
    const backwards = await admin.post('/api/policyReplays', { policyObjectId: matrixId, from: day(0), to: day(-5) });
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().errors).toEqual([{ field: 'to', message: adminMessages.policyReplay.periodOrder }]);

    const list = (await admin.get('/api/matrices?pageSize=100')).json<{
      data: (MatrixRow & { draftVersion: number | null })[];
    }>();
    const noDraft = list.data.find((m) => m.draftVersion === null)!;
    const refused = await admin.post('/api/policyReplays', { policyObjectId: noDraft.id, ...period });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual([{ field: 'policyObjectId', message: adminMessages.policyReplay.noDraft }]);

    const retraction = (await admin.get('/api/worksheetChangeRule?pageSize=5')).json<{ data: { id: number }[] }>();
    if (retraction.data[0]) {
      const kind = await admin.post('/api/policyReplays', { policyObjectId: retraction.data[0].id, ...period });
      expect(kind.statusCode).toBe(422);
      expect(kind.json().errors[0].message).toBe(adminMessages.policyReplay.notReplayable);
    }
    const badDate = await admin.post('/api/policyReplays', {
      policyObjectId: matrixId,
      from: '2026-02-30',
      to: day(0),
    });
    expect(badDate.statusCode).toBe(422);
  });

  it('keeps replays to the configuration rights, and another lender’s replays and objects out of reach', async () => {
    expect((await officer.get(`/api/policyReplays/${replay.id}`)).statusCode).toBe(403);
    expect((await officer.post('/api/policyReplays', { policyObjectId: matrixId, ...period })).statusCode).toBe(403);
    expect((await officer.get('/api/policyReplays/drafts')).statusCode).toBe(403);
    expect((await harbor.get(`/api/policyReplays/${replay.id}`)).statusCode).toBe(403);
    // Harbor's loan officer made a decision-engine administrator of Harbor: Summit's replays stay unreachable.
    await t.pool.query(
      `insert into role_rights (role_id, lender_id, "right")
       select ul.role_id, ul.lender_id, 'canManageDecisionEngine' from user_lenders ul join users u on u.id = ul.user_id
        where u.username = 'harbor' on conflict do nothing`,
    );
    harbor = await signIn(t, 'harbor', 'Harbor2026');
    expect((await harbor.get(`/api/policyReplays/${replay.id}`)).statusCode).toBe(404);
    expect((await harbor.post('/api/policyReplays', { policyObjectId: matrixId, ...period })).statusCode).toBe(404);
    expect((await harbor.get(`/api/policyReplays?policyObjectId=${matrixId}`)).json()).toEqual([]);
    expect((await harbor.get('/api/policyReplays/drafts')).json()).not.toContainEqual(
      expect.objectContaining({ policyObjectId: matrixId }),
    );
  });
});
