import { creditTierSetsResource, matricesResource, adminMessages } from '@credence/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, type ApiClient } from '../../test/api-client.ts';
import { describeResource } from '../../test/resource-suite.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const tiers = (name: string) => ({
  name,
  config: {
    id: 'new',
    name,
    scoreModels: ['FICO 8', 'VantageScore 3.0'],
    tiers: [
      {
        name: 'A',
        ranges: { 'FICO 8': { minScore: 720, maxScore: 900 }, 'VantageScore 3.0': { minScore: 710, maxScore: 850 } },
      },
      {
        name: 'B',
        ranges: { 'FICO 8': { minScore: 660, maxScore: 719 }, 'VantageScore 3.0': { minScore: 650, maxScore: 709 } },
      },
      {
        name: 'C',
        ranges: { 'FICO 8': { minScore: 300, maxScore: 659 }, 'VantageScore 3.0': { minScore: 300, maxScore: 649 } },
      },
    ] as { name: string; ranges: Record<string, { minScore: number; maxScore: number }>; conditions?: unknown[] }[],
  },
});

const feeMatrix = (name: string) => ({
  name,
  config: {
    id: 'new',
    name,
    matrixType: 'Fees',
    axes: [{ key: 'amount', kind: 'range' }],
    rows: [
      { cells: [{ kind: 'range', min: null, max: '9999.99' }], result: { fee: '50.00' } },
      { cells: [{ kind: 'range', min: '10000.00', max: null }], result: { fee: '125.00' } },
    ],
  },
});

describeResource(creditTierSetsResource, {
  valid: tiers,
  invalid: [
    { input: { ...tiers('x'), name: ' ' }, fields: ['name'] },
    {
      input: { name: 'x', config: { ...tiers('x').config, scoreModels: ['FICO 99'] } },
      fields: ['config.scoreModels.0'],
    },
  ],
  change: (input) => ({
    ...input,
    config: {
      ...(input.config as object),
      tiers: [{ name: 'All', ranges: { 'FICO 8': { minScore: 300, maxScore: 900 } } }],
    },
  }),
});

describeResource(matricesResource, {
  valid: feeMatrix,
  invalid: [{ input: { ...feeMatrix('x'), name: '' }, fields: ['name'] }],
  change: (input) => ({
    ...input,
    config: { ...(input.config as object), axes: [], rows: [{ cells: [], result: { fee: '75.00' } }] },
  }),
});

describe('policy objects: save-time checks, drafts and publishing (issue 12)', () => {
  let t: TestApp;
  let admin: ApiClient;
  let officer: ApiClient;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t, 'admin', 'Admin2026');
    officer = await signIn(t, 'officer', 'Officer2026');
  });
  afterAll(() => t.close());

  it('refuses overlapping tiers and gapped matrix ranges with a message per problem, saving nothing', async () => {
    const overlapping = tiers('Overlapping tiers');
    overlapping.config.tiers[1]!.ranges['VantageScore 3.0']!.maxScore = 730;
    const refused = await admin.post('/api/creditTierSets', overlapping);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual([
      {
        field: 'config',
        message:
          'Overlapping tiers: tiers B (VantageScore 3.0 650 to 730) and A (VantageScore 3.0 710 to 850) overlap; a VantageScore 3.0 score of 710 would fall in both.',
      },
    ]);
    const gapped = feeMatrix('Gapped fees');
    gapped.config.rows[1]!.cells[0]!.min = '10500.00';
    const gap = await admin.post('/api/matrices', gapped);
    expect(gap.statusCode).toBe(422);
    expect(gap.json().errors[0].field).toBe('config');
    expect(gap.json().errors[0].message).toMatch(/gap/i);
    expect((await admin.get('/api/matrices?text=Gapped')).json().total).toBe(0);
  });

  it('saves tiers with ranges per score model and conditions, and reads a tier set stored in the old shape', async () => {
    const withConditions = tiers('Auto tiers by model');
    withConditions.config.tiers[0]!.conditions = [{ key: 'newUsed', cell: { kind: 'value', values: ['New'] } }];
    withConditions.config.tiers.splice(1, 0, {
      name: 'A used',
      ranges: { 'FICO 8': { minScore: 720, maxScore: 900 } },
      conditions: [{ key: 'newUsed', cell: { kind: 'value', values: ['Used'] } }],
    });
    const saved = await admin.post('/api/creditTierSets', { ...withConditions, publish: true });
    expect(saved.statusCode, saved.body).toBe(201);
    const id = saved.json<{ id: number }>().id;
    expect(saved.json().config.tiers[1]).toEqual(withConditions.config.tiers[1]);

    // A version stored before tiers had ranges per model: read in today's shape, and usable by a matrix.
    await t.pool.query(`update policy_versions set config = $2 where policy_object_id = $1`, [
      id,
      {
        id: String(id),
        name: 'Auto tiers by model',
        scoreModel: 'FICO Auto 8',
        tiers: [
          { name: 'A', minScore: 700, maxScore: 900 },
          { name: 'B', minScore: 300, maxScore: 699 },
        ],
      },
    ]);
    const read = await admin.get(`/api/creditTierSets/${id}`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().config).toEqual({
      id: String(id),
      name: 'Auto tiers by model',
      scoreModels: ['FICO Auto 8'],
      tiers: [
        { name: 'A', ranges: { 'FICO Auto 8': { minScore: 700, maxScore: 900 } }, conditions: [] },
        { name: 'B', ranges: { 'FICO Auto 8': { minScore: 300, maxScore: 699 } }, conditions: [] },
      ],
    });
    const bound = feeMatrix('Fees by old tiers');
    const matrix = await admin.post('/api/matrices', {
      ...bound,
      config: {
        ...bound.config,
        creditTierSetId: String(id),
        axes: [{ key: 'creditTier', kind: 'value' }],
        rows: [
          { cells: [{ kind: 'value', values: ['A'] }], result: { fee: '50.00' } },
          { cells: [{ kind: 'value', values: ['Z'] }], result: { fee: '90.00' } },
        ],
      },
    });
    expect(matrix.statusCode).toBe(422);
    expect(matrix.json().errors[0].message).toBe(
      'Matrix Fees by old tiers: row 2 names tier Z, which Auto tiers by model does not have.',
    );
  });

  it('refuses an invalid workflow with the 422 on each problem’s node by id (a cycle: on each of its nodes)', async () => {
    const node = (id: string, name: string, onPass: string, onFail: string) => ({
      id,
      name,
      type: 'factCondition',
      fact: 'hasBankruptcy',
      equals: false,
      onPass,
      onFail,
    });
    const refused = await admin.post('/api/loanPolicyWorkflows', {
      name: 'Looping policy',
      loanProductIds: [],
      config: {
        id: 'new',
        name: 'Looping policy',
        kind: 'loanPolicy',
        loanProductIds: [],
        startNodeId: 'first',
        nodes: [
          node('first', 'First check', 'second', 'done'),
          node('second', 'Second check', 'first', 'ghost'),
          { id: 'done', name: 'Done', type: 'outcome', outcome: 'Within Policy' },
        ],
      },
    });
    expect(refused.statusCode, refused.body).toBe(422);
    const cycle =
      'Workflow Looping policy: nodes "First check" → "Second check" → "First check" form a cycle; a run would never end.';
    expect(refused.json().errors).toEqual([
      {
        field: 'config.nodes[second].onFail',
        message:
          'Workflow Looping policy: the fail edge of node "Second check" leads to "ghost", which is not a node of the workflow.',
      },
      { field: 'config.nodes[first]', message: cycle },
      { field: 'config.nodes[second]', message: cycle },
    ]);
  });

  it('a save is a draft; publishing makes it the version in effect, now or from a later time', async () => {
    const created = await admin.post('/api/matrices', feeMatrix('Documentation fees'));
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ id: number }>().id;
    expect(created.json()).toMatchObject({ version: null, draftVersion: 1, matrixType: 'Fees' });

    const published = await admin.post(`/api/matrices/${id}/publish`, {});
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json()).toMatchObject({ version: 1, draftVersion: null });
    expect((await admin.post(`/api/matrices/${id}/publish`, {})).json().errors).toEqual([
      { field: 'effectiveAt', message: adminMessages.policy.noDraft },
    ]);

    // A change scheduled for tomorrow: version 1 stays in effect until then.
    const changed = feeMatrix('Documentation fees');
    changed.config.rows[0]!.result.fee = '60.00';
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    const saved = await admin.put(`/api/matrices/${id}`, { ...changed, publish: true, effectiveAt: tomorrow });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ version: 1, draftVersion: null, scheduledVersion: 2 });
    const versions = (await admin.get(`/api/matrices/${id}/versions`)).json<{ version: number; current: boolean }[]>();
    expect(versions.map((v) => [v.version, v.current])).toEqual([
      [2, false],
      [1, true],
    ]);
    const audit = await t.pool.query(
      `select action from audit_events where area = 'matrices' and record_id = $1 order by id`,
      [String(id)],
    );
    expect(audit.rows.map((r) => r.action)).toEqual(['create', 'publish', 'update']);
  });

  it('refuses a past effective time, and the screens name the version the engine uses (issue 29, item 8)', async () => {
    const created = await admin.post('/api/matrices', { ...feeMatrix('Lien fees'), publish: true });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ id: number }>().id;
    const changed = feeMatrix('Lien fees');
    changed.config.rows[0]!.result.fee = '75.00';
    for (const past of ['1900-01-01T00:00:00.000Z', new Date(Date.now() - 86_400_000).toISOString()]) {
      const refused = await admin.put(`/api/matrices/${id}`, { ...changed, publish: true, effectiveAt: past });
      expect(refused.statusCode, refused.body).toBe(422);
      expect(refused.json().errors).toEqual([
        { field: 'effectiveAt', message: adminMessages.policy.effectiveFromPast },
      ]);
    }
    // Nothing of the refused save was kept: version 1 is still the only one.
    expect((await admin.get(`/api/matrices/${id}`)).json()).toMatchObject({ version: 1, draftVersion: null });
    expect(
      (await admin.post(`/api/matrices/${id}/publish`, { effectiveAt: '2020-06-01T00:00:00.000Z' })).statusCode,
    ).toBe(422);

    // A version back-dated in the database (as before this rule) is not in force over a later-effective one, on the
    // screen as in the engine: the latest effective time wins.
    const saved = await admin.put(`/api/matrices/${id}`, { ...changed, publish: true });
    expect(saved.json()).toMatchObject({ version: 2 });
    await t.pool.query(
      `update policy_versions set effective_at = '1900-01-01' where policy_object_id = $1 and version = 2`,
      [id],
    );
    expect((await admin.get(`/api/matrices/${id}`)).json()).toMatchObject({ version: 1 });
    const versions = (await admin.get(`/api/matrices/${id}/versions`)).json<{ version: number; current: boolean }[]>();
    expect(versions.map((v) => [v.version, v.current])).toEqual([
      [2, false],
      [1, true],
    ]);
  });

  it('lists matrices by type, answers column definitions, and keeps every call to its right', async () => {
    await admin.post('/api/matrices', { ...feeMatrix('Title fees'), publish: true });
    const fees = (await admin.get('/api/matrices?matrixType=Fees&pageSize=100')).json<{
      data: { matrixType: string }[];
    }>();
    expect(fees.data.length).toBeGreaterThan(0);
    expect(fees.data.every((m) => m.matrixType === 'Fees')).toBe(true);
    const columns = (await admin.get('/api/matrices/columnDefinitions?matrixType=LoanLimit')).json<{ key: string }[]>();
    expect(columns.map((c) => c.key)).toContain('creditTier');
    expect(columns.map((c) => c.key)).not.toContain('amount');
    expect((await officer.get('/api/matrices/columnDefinitions?matrixType=Fees')).statusCode).toBe(403);
    expect((await officer.get('/api/matrices')).statusCode).toBe(403);
    // A tier set's id is not a matrix.
    const set = (await admin.post('/api/creditTierSets', tiers('Scoped tiers'))).json<{ id: number }>();
    expect((await admin.get(`/api/matrices/${set.id}`)).statusCode).toBe(404);
  });
});
