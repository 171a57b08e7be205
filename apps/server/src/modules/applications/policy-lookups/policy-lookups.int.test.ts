import type {
  ApplicationLoanLimit,
  AttributeDefinition,
  MetricEvaluation,
  ProductRateTables,
} from '@credence/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAutoApplication, productId, signIn, SUMMIT, type ApiClient } from '../../../test/api-client.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let officer: ApiClient;
let admin: ApiClient;
let harbor: ApiClient;
let processor: ApiClient;
let cleanId: number;

/** A new New Auto application (high income: within every ratio) with the sandbox's excellent file pulled. */
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

beforeAll(async () => {
  t = await createTestApp();
  officer = await signIn(t, 'officer', 'Officer2026');
  admin = await signIn(t, 'admin', 'Admin2026');
  harbor = await signIn(t, 'harbor', 'Harbor2026');
  processor = await signIn(t, 'expiring', 'Expiring2026');
  cleanId = await cleanAuto();
});
afterAll(() => t.close());

describe('decision-engine reference calls (spec 2 §7 paths not shown, spec 3 §7; issue 12)', () => {
  it('lists the attributes a workflow may test, with label, type, unit and stage, to workflow editors only', async () => {
    const response = await admin.get('/api/decisionEngine/attributeDefinitions');
    expect(response.statusCode, response.body).toBe(200);
    const definitions = response.json<AttributeDefinition[]>();
    expect(definitions).toContainEqual({
      key: 'ProposedDti',
      label: 'Proposed DTI',
      type: 'metric',
      unit: 'percent',
      stage: 'Proposed',
    });
    expect(definitions).toContainEqual({
      key: 'hasBankruptcy',
      label: 'Bankruptcy on file',
      type: 'fact',
      unit: null,
      stage: null,
    });
    expect(definitions.filter((d) => d.type === 'metric')).toHaveLength(64);
    expect((await officer.get('/api/decisionEngine/attributeDefinitions')).statusCode).toBe(403);
  });

  it('flattens the published rate matrices per product, each lender its own', async () => {
    const response = await officer.get('/api/rateTables');
    expect(response.statusCode, response.body).toBe(200);
    const products = response.json<ProductRateTables[]>();
    const newAuto = products.find((p) => p.loanProductName === 'New Auto')!;
    const base = newAuto.tables.find((table) => table.name === 'Auto base rates')!;
    expect(base).toMatchObject({ kind: 'base', version: 1 });
    expect(base.rows[0]!.conditions.map((c) => c.label)).toContain('Credit tier');
    expect(base.rows[0]!.rate).toMatch(/^\d+\.\d+$/);
    expect(newAuto.tables.some((table) => table.kind === 'additional')).toBe(true);

    const harborProducts = (await harbor.get('/api/rateTables')).json<ProductRateTables[]>();
    const summitIds = new Set(products.map((p) => p.loanProductId));
    expect(harborProducts.length).toBeGreaterThan(0);
    expect(harborProducts.some((p) => summitIds.has(p.loanProductId))).toBe(false);
    expect((await processor.get('/api/rateTables')).statusCode).toBe(403);
  });

  it('answers the loan limit matrix an application hits, and 404 for another lender’s application', async () => {
    const response = await officer.get(`/api/applications/${cleanId}/loanLimitMatrix`);
    expect(response.statusCode, response.body).toBe(200);
    const limit = response.json<ApplicationLoanLimit>();
    expect(limit).toMatchObject({
      applicationId: cleanId,
      workflowName: 'Auto loans: auto-approval',
      maxAmount: '100000.00',
      maxLtv: '130.00',
    });
    expect(limit.matrix).toMatchObject({ name: 'Auto loan limits', matrixType: 'LoanLimit' });
    expect(limit.rowIndex).not.toBeNull();
    expect(limit.matrix!.config.rows[limit.rowIndex!]!.result).toMatchObject({ maxAmount: '100000.00' });
    expect(limit.explanation).toMatch(/Auto loan limits/);

    const other = await harbor.get(`/api/applications/${cleanId}/loanLimitMatrix`);
    expect(other.statusCode).toBe(404);
  });

  it('runs the metrics workflow of a stage at the worksheet’s rate, stores it, and refuses bad input with 422', async () => {
    const url = `/api/applications/${cleanId}/metricsWorkflow`;
    const plain = await officer.post(url, {});
    expect(plain.statusCode, plain.body).toBe(200);
    const application = plain.json<MetricEvaluation[]>();
    expect(application.map((m) => m.metricType)).toEqual(expect.arrayContaining(['ApplicationDti', 'ApplicationPti']));
    expect(application.some((m) => m.metricType.startsWith('Proposed'))).toBe(false);

    const pti = async (interestRate: string) => {
      const r = await officer.post(url, { appStatusType: 'Proposed', worksheetSummary: { interestRate } });
      expect(r.statusCode, r.body).toBe(200);
      return r.json<MetricEvaluation[]>().find((m) => m.metricType === 'ProposedPti')!.metricEvaluationResultValues
        .value;
    };
    const low = await pti('2.00');
    const high = await pti('18.00');
    expect(Number(high)).toBeGreaterThan(Number(low));

    const stored = await t.pool.query(
      `select count(*)::int as n from policy_runs where application_id = $1 and kind = 'metrics'`,
      [cleanId],
    );
    expect(stored.rows[0].n).toBe(3);

    const bad = await officer.post(url, { appStatusType: 'Later', worksheetSummary: { interestRate: 'abc' } });
    expect(bad.statusCode).toBe(422);
    expect(
      bad
        .json<{ errors: { field: string }[] }>()
        .errors.map((e) => e.field)
        .sort(),
    ).toEqual(['appStatusType', 'worksheetSummary.interestRate']);
    expect((await harbor.post(url, {})).statusCode).toBe(404);
  });
});
