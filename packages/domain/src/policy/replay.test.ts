import type { Matrix, PolicyBundle, PolicyFacts, PolicyResult, Workflow } from '@credence/contracts/policy';
import { describe, expect, it } from 'vitest';
import { compilePolicy } from './compile.ts';
import { demoPolicyBundle, demoWorkflowIds } from './demo-policy.ts';
import {
  createReplayReport,
  isApproval,
  NO_WORKFLOW_OUTCOME,
  percentOf,
  rateAdjustments,
  replayChanges,
  type ReplayCase,
  type ReplayReportOptions,
} from './replay.ts';

const approvable: PolicyFacts = {
  metrics: {
    ApplicationDti: '35.5',
    ApplicationPti: '12',
    ApplicationFrontEndLtv: '105.3',
    ApplicationVehicleAge: '3',
    ApplicationLoanAmount: '28000.00',
    ApplicationCreditUtilization: '30',
    ApplicationNdi: '1500.00',
  },
  flags: {},
  creditScore: 731,
  amount: '28000.00',
  termMonths: 66,
  ltv: '105.30',
  collateralAge: 3,
  collateralMileage: 42_000,
  newUsed: 'Used',
  channel: 'Indirect',
};
const facts = (change: Partial<PolicyFacts> = {}, metrics: Record<string, string> = {}): PolicyFacts => ({
  ...approvable,
  ...change,
  metrics: { ...approvable.metrics, ...metrics },
});

const autoId = demoWorkflowIds.autoApprovalAuto;
const matrixOf = (bundle: PolicyBundle, id: string) => bundle.matrices.find((m) => m.id === id)!;
const workflowOf = (bundle: PolicyBundle, id: string) => bundle.workflows.find((w) => w.id === id)!;

/** The demo bundle with one matrix replaced. */
const withMatrix = (matrix: Matrix): PolicyBundle => ({
  ...demoPolicyBundle,
  matrices: demoPolicyBundle.matrices.map((m) => (m.id === matrix.id ? matrix : m)),
});

/** The draft of the used-vehicle additional rates: 8 years and older costs 2.00 instead of 1.00. */
const additional = matrixOf(demoPolicyBundle, 'auto-additional-rates');
const dearerOldCars: Matrix = {
  ...additional,
  rows: additional.rows.map((row, i) => (i === 3 ? { ...row, result: { adjustment: '2.00' } } : row)),
} as Matrix;

type Applicant = { id: number; facts: PolicyFacts; productId?: number; dealerId?: number | null };
const replay = (
  applicants: Applicant[],
  published: PolicyBundle,
  draft: PolicyBundle,
  options: Partial<ReplayReportOptions> = {},
  workflowId = autoId,
) => {
  const before = compilePolicy(published, workflowId);
  const after = compilePolicy(draft, workflowId);
  const workflow = workflowOf(draft, workflowId);
  const builder = createReplayReport({
    workflowKind: 'autoApproval',
    workflows: [{ id: workflow.id, name: workflow.name, nodes: workflow.nodes }],
    ...options,
  });
  for (const a of applicants) {
    builder.add({
      applicationId: a.id,
      productId: a.productId ?? 1,
      productName: a.productId === 2 ? 'Used Auto' : 'New Auto',
      dealerId: a.dealerId === undefined ? 10 : a.dealerId,
      dealerName: a.dealerId === null ? null : a.dealerId === 11 ? 'Harbor Motors' : 'Summit Auto',
      published: before.evaluate(a.facts),
      draft: after.evaluate(a.facts),
    });
  }
  return builder.report();
};

/** Twelve applications: old used cars (8+ years), young used cars, new cars, a declined one, a fraud review. */
const book: Applicant[] = [
  ...[1, 2, 3, 4].map((id) => ({ id, facts: facts({ collateralAge: 9 }, { ApplicationVehicleAge: '9' }) })),
  ...[5, 6, 7].map((id) => ({ id, facts: facts(), productId: 2, dealerId: 11 })),
  ...[8, 9].map((id) => ({ id, facts: facts({ newUsed: 'New', collateralAge: 0 }, { ApplicationVehicleAge: '0' }) })),
  { id: 10, facts: facts({}, { ApplicationDti: '62' }), dealerId: null },
  { id: 11, facts: facts({ flags: { hasFraudAlert: true } }), dealerId: null },
  { id: 12, facts: facts({ flags: { hasBankruptcy: true } }) },
];

describe('percentOf', () => {
  it.each([
    [0, 0, '0.00'],
    [1, 3, '33.33'],
    [2, 3, '66.67'],
    [1, 8, '12.50'],
    [1, 200_000, '0.00'],
    [1, 20_000, '0.01'],
    [7, 7, '100.00'],
  ])('%i of %i is %s%%', (part, whole, expected) => expect(percentOf(part, whole)).toBe(expected));
});

describe('replay report', () => {
  it('the same policy on both sides changes nothing and counts each outcome once per side', () => {
    const report = replay(book, demoPolicyBundle, demoPolicyBundle);
    expect(report.applications).toBe(12);
    expect(report.changed).toBe(0);
    expect(report.changedApplications).toEqual([]);
    expect(report.published).toEqual(report.draft);
    expect(report.published.outcomes).toEqual({ Approve: 9, ManualReview: 1, Decline: 2 });
    expect(report.published.approvalRate).toBe('75.00');
    // Tiers: every application scores 731 (tier A) apart from the two stopped before the tier.
    expect(report.published.tiers).toEqual({ A: 10, None: 2 });
  });

  it('a dearer adjustment for old cars changes their rate only, with both traces and the distributions', () => {
    const report = replay(book, demoPolicyBundle, withMatrix(dearerOldCars));
    expect(report.changed).toBe(4);
    expect(report.changedApplications.map((c) => c.applicationId)).toEqual([1, 2, 3, 4]);
    const first = report.changedApplications[0]!;
    expect(first.changes).toEqual(['rate']);
    expect(first.productName).toBe('New Auto');
    expect(first.dealerName).toBe('Summit Auto');
    expect(first.published.outcome).toBe('Approve');
    expect(Number(first.draft.values!.rate) - Number(first.published.values!.rate)).toBeCloseTo(1, 6);
    const step = (r: PolicyResult) => r.trace.find((s) => s.nodeId === 'additional-rate')!;
    expect(step(first.published.result!).valuesSet.rateAdjustment).toBe('1.000');
    expect(step(first.draft.result!).valuesSet.rateAdjustment).toBe('2.000');
    // The outcomes do not move; the rates do.
    expect(report.draft.outcomes).toEqual(report.published.outcomes);
    expect(report.draft.approvalRate).toBe(report.published.approvalRate);
    const oldRate = first.published.values!.rate!;
    const newRate = first.draft.values!.rate!;
    expect(report.published.rates[oldRate]).toBe(4);
    expect(report.draft.rates[oldRate]).toBeUndefined();
    expect(report.draft.rates[newRate]).toBe(4);
    expect(Number(report.draft.averageRate) - Number(report.published.averageRate)).toBeCloseTo(4 / 9, 2);
  });

  it('groups by product and by dealer, applications without a dealer together', () => {
    const report = replay(book, demoPolicyBundle, withMatrix(dearerOldCars));
    expect(report.byProduct.map((g) => [g.name, g.applications, g.changed])).toEqual([
      ['New Auto', 9, 4],
      ['Used Auto', 3, 0],
    ]);
    expect(report.byDealer.map((g) => [g.id, g.name, g.applications, g.changed])).toEqual([
      [10, 'Summit Auto', 7, 4],
      [11, 'Harbor Motors', 3, 0],
      [null, 'No dealer', 2, 0],
    ]);
    const noDealer = report.byDealer.find((g) => g.id === null)!;
    expect(noDealer.published.outcomes).toEqual({ Decline: 1, ManualReview: 1 });
    expect(noDealer.published.approvalRate).toBe('0.00');
    expect(report.byProduct[1]!.draft.approvalRate).toBe('100.00');
  });

  it('a stricter DTI limit changes outcomes and the approval rate', () => {
    const workflow = workflowOf(demoPolicyBundle, autoId);
    const strict: Workflow = {
      ...workflow,
      nodes: workflow.nodes.map((n) => (n.id === 'dti' && n.type === 'metricCondition' ? { ...n, value: '30' } : n)),
    };
    const draft = {
      ...demoPolicyBundle,
      workflows: demoPolicyBundle.workflows.map((w) => (w.id === autoId ? strict : w)),
    };
    const report = replay(book, demoPolicyBundle, draft);
    expect(report.published.approvalRate).toBe('75.00');
    expect(report.draft.outcomes.Approve).toBeUndefined();
    expect(report.draft.approvalRate).toBe('0.00');
    expect(report.changed).toBe(9);
    expect(report.changedApplications[0]!.changes).toContain('outcome');
    expect(report.changedApplications[0]!.changes).toContain('rate');
  });

  it('lists the workflow nodes no application reached and the draft rows no application hit', () => {
    const report = replay(book, demoPolicyBundle, withMatrix(dearerOldCars), {
      rows: { objectId: 'auto-additional-rates', labels: ['New', 'Used, 0–3 years', 'Used, 4–7 years', 'Used, 8+'] },
    });
    const never = report.neverFired.map((n) => n.nodeId);
    expect(never).toContain('review-ofac');
    expect(never).toContain('review-repossession');
    expect(never).not.toContain('dti');
    expect(never).not.toContain('review-fraud');
    expect(never).not.toContain('decline-bankruptcy');
    expect(report.neverFired[0]!.workflowName).toBe('Auto loans: auto-approval');
    // New cars (row 0), young used cars (row 1) and old ones (row 3) were hit; 4–7 years never.
    expect(report.neverHitRows).toEqual([{ rowIndex: 2, label: 'Used, 4–7 years' }]);
  });

  it('flags additional rates that compound on one application', () => {
    const extra: Matrix = {
      id: 'high-mileage',
      name: 'High mileage',
      matrixType: 'Rate',
      creditTierSetId: null,
      axes: [{ key: 'collateralMileage', kind: 'range' }],
      rows: [
        { cells: [{ kind: 'range', min: null, max: '99999' }], result: { adjustment: '0' } },
        { cells: [{ kind: 'range', min: '100000', max: null }], result: { adjustment: '0.75' } },
      ],
    };
    const workflow = workflowOf(demoPolicyBundle, autoId);
    const stacked: Workflow = {
      ...workflow,
      nodes: [
        ...workflow.nodes.map((n) =>
          n.id === 'additional-rate' && n.type === 'matrixLookup' ? { ...n, next: 'mileage' } : n,
        ),
        { id: 'mileage', name: 'Mileage rate', type: 'matrixLookup', matrixId: 'high-mileage', next: 'dealer-fee' },
      ],
    };
    const draft: PolicyBundle = {
      ...demoPolicyBundle,
      matrices: [...demoPolicyBundle.matrices, extra],
      workflows: demoPolicyBundle.workflows.map((w) => (w.id === autoId ? stacked : w)),
    };
    const highMileageOld = {
      id: 20,
      facts: facts({ collateralAge: 9, collateralMileage: 150_000 }, { ApplicationVehicleAge: '9' }),
    };
    const highMileageYoung = { id: 21, facts: facts({ collateralMileage: 120_000 }) };
    const report = replay([...book, highMileageOld, highMileageYoung], demoPolicyBundle, draft);
    // The old car pays 1.00 and 0.75; the young used car pays 0 and 0.75 (a zero adjustment does not stack).
    expect(report.compoundingCount).toBe(1);
    expect(report.compounding).toEqual([
      {
        applicationId: 20,
        adjustments: [
          { nodeName: 'New / used rate', adjustment: '1.000' },
          { nodeName: 'Mileage rate', adjustment: '0.750' },
        ],
        total: '1.750',
      },
    ]);
    expect(report.changedApplications.map((c) => c.applicationId)).toEqual([20, 21]);
  });

  it('counts a product without a workflow as such, and keeps only the first changed applications', () => {
    const builder = createReplayReport({ workflowKind: 'autoApproval', workflows: [], changedShown: 1 });
    const result = compilePolicy(demoPolicyBundle, autoId).evaluate(facts());
    const cases: ReplayCase[] = [1, 2, 3].map((id) => ({
      applicationId: id,
      productId: 3,
      productName: 'Boat',
      dealerId: null,
      dealerName: null,
      published: null,
      draft: result,
    }));
    cases.forEach(builder.add);
    const report = builder.report();
    expect(report.published.outcomes).toEqual({ [NO_WORKFLOW_OUTCOME]: 3 });
    expect(report.draft.outcomes).toEqual({ Approve: 3 });
    // The approval rate is over the applications a workflow ran on.
    expect(report.published.approvalRate).toBe('0.00');
    expect(report.draft.approvalRate).toBe('100.00');
    expect(report.changed).toBe(3);
    expect(report.changedApplications).toHaveLength(1);
    expect(report.changedApplications[0]!.published).toEqual({
      outcome: NO_WORKFLOW_OUTCOME,
      values: null,
      result: null,
    });
  });
});

describe('helpers', () => {
  it('a loan policy run is an approval when it is within policy (no reason code)', () => {
    const within = compilePolicy(demoPolicyBundle, demoWorkflowIds.loanPolicyAuto).evaluate({
      metrics: { DecisionFrontEndLtv: '120', DecisionTermMonths: '72', DecisionPti: '14' },
    });
    const exception = compilePolicy(demoPolicyBundle, demoWorkflowIds.loanPolicyAuto).evaluate({
      metrics: { DecisionFrontEndLtv: '120', DecisionTermMonths: '96', DecisionPti: '14' },
    });
    expect(isApproval('loanPolicy', within)).toBe(true);
    expect(isApproval('loanPolicy', exception)).toBe(false);
    expect(isApproval('autoApproval', null)).toBe(false);
  });

  it('reads each additional rate from the running adjustment of the trace', () => {
    const result = compilePolicy(demoPolicyBundle, autoId).evaluate(facts({ newUsed: 'New' }));
    expect(rateAdjustments(result)).toEqual([{ nodeName: 'New / used rate', adjustment: -2500 }]);
    expect(replayChanges(result, result)).toEqual([]);
    expect(replayChanges(result, null)).toEqual(['outcome', 'tier', 'rate', 'maxAmount', 'maxLtv', 'fee', 'terms']);
  });
});
