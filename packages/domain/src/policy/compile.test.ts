import type { Matrix, PolicyBundle, PolicyFacts, PolicyResult, WorkflowNode } from '@credence/contracts/policy';
import { describe, expect, it } from 'vitest';
import { compilePolicy, PolicyCompileError, PolicyFactsError } from './compile.ts';
import { demoPolicyBundle, demoWorkflowIds } from './demo-policy.ts';
import { evaluateReference } from './reference.ts';

/** Runs the compiled workflow, checks the reference interpreter says exactly the same, and returns the result. */
const run = (bundle: PolicyBundle, facts: PolicyFacts, workflowId?: string): PolicyResult => {
  const result = compilePolicy(bundle, workflowId).evaluate(facts);
  expect(result).toEqual(evaluateReference(bundle, facts, workflowId));
  return result;
};

const end = (id: string, outcome: string, reasonCodes: string[] = []): WorkflowNode => ({
  id,
  name: id,
  type: 'outcome',
  outcome,
  reasonCodes,
});

/** A bundle of the demo tables with one loan policy workflow of the given nodes (starting at the first). */
const withNodes = (nodes: WorkflowNode[], extra: Partial<PolicyBundle> = {}): PolicyBundle => ({
  ...demoPolicyBundle,
  ...extra,
  matrices: [...demoPolicyBundle.matrices, ...(extra.matrices ?? [])],
  workflows: [{ id: 'w', name: 'Test', kind: 'loanPolicy', loanProductIds: [], startNodeId: nodes[0]!.id, nodes }],
});

const passFail = [end('yes', 'Yes'), end('no', 'No')];
const step = (result: PolicyResult, nodeId: string) => result.trace.find((s) => s.nodeId === nodeId)!;

describe('metric condition node', () => {
  const condition = (operator: '<' | '<=' | '>' | '>=' | '=' | '!=', value = '50'): WorkflowNode => ({
    id: 'c',
    name: 'DTI',
    type: 'metricCondition',
    metric: 'ApplicationDti',
    operator,
    value,
    onPass: 'yes',
    onFail: 'no',
  });
  it.each([
    ['<=', '50', 'Yes'],
    ['<=', '50.0001', 'No'],
    ['<', '50', 'No'],
    ['<', '49.9999', 'Yes'],
    ['>', '50', 'No'],
    ['>', '50.0001', 'Yes'],
    ['>=', '50.00', 'Yes'],
    ['=', '50.000', 'Yes'],
    ['!=', '50', 'No'],
    ['!=', '-50', 'Yes'],
  ] as const)('DTI %s 50 with %s: %s', (operator, dti, outcome) => {
    expect(run(withNodes([condition(operator), ...passFail]), { metrics: { ApplicationDti: dti } }).outcome).toBe(
      outcome,
    );
  });

  it('fails on a missing metric and says so', () => {
    const result = run(withNodes([condition('<='), ...passFail]), {});
    expect(result.outcome).toBe('No');
    expect(result.trace[0]).toMatchObject({
      inputs: [{ key: 'ApplicationDti', value: null }],
      result: 'fail',
      next: 'no',
      explanation: 'Application DTI is not available (the rule needs at most 50%): failed.',
    });
  });

  it('explains a pass and a fail in plain English', () => {
    expect(
      run(withNodes([condition('<='), ...passFail]), { metrics: { ApplicationDti: '45.5' } }).trace[0]!.explanation,
    ).toBe('Application DTI is 45.5%, at most 50% as required: passed.');
    expect(
      run(withNodes([condition('<='), ...passFail]), { metrics: { ApplicationDti: '55' } }).trace[0]!.explanation,
    ).toBe('Application DTI is 55%, not at most 50%: failed.');
  });

  it('refuses a metric that is not a policy decimal', () => {
    expect(() =>
      compilePolicy(withNodes([condition('<='), ...passFail])).evaluate({ metrics: { ApplicationDti: '1e3' } }),
    ).toThrow(PolicyFactsError);
  });
});

describe('fact condition node', () => {
  const node = (equals: boolean): WorkflowNode => ({
    id: 'f',
    name: 'OFAC',
    type: 'factCondition',
    fact: 'hasOfacAlert',
    equals,
    onPass: 'yes',
    onFail: 'no',
  });
  it.each([
    [true, true, 'Yes'],
    [true, false, 'No'],
    [true, undefined, 'No'],
    [false, false, 'Yes'],
    [false, undefined, 'Yes'],
    [false, true, 'No'],
  ])('equals %s with the flag %s: %s', (equals, flag, outcome) => {
    const facts: PolicyFacts = flag === undefined ? {} : { flags: { hasOfacAlert: flag } };
    expect(run(withNodes([node(equals), ...passFail]), facts).outcome).toBe(outcome);
  });
});

describe('tier assignment node (demo FICO Auto 8 tiers)', () => {
  const tierNodes: WorkflowNode[] = [
    {
      id: 't',
      name: 'Tier',
      type: 'tierAssignment',
      creditTierSetId: 'fico-auto-8-tiers',
      next: 'yes',
      onNoMatch: 'no',
    },
    ...passFail,
  ];
  it.each([
    [900, 'A+'],
    [760, 'A+'],
    [759, 'A'],
    [720, 'A'],
    [719, 'B'],
    [680, 'B'],
    [679, 'C'],
    [640, 'C'],
    [639, 'D'],
    [600, 'D'],
    [599, 'E'],
    [300, 'E'],
  ])('score %i is tier %s', (creditScore, tier) => {
    const result = run(withNodes(tierNodes), { creditScore });
    expect(result.values.tier).toBe(tier);
    expect(result.outcome).toBe('Yes');
  });

  it.each([[299], [901], [null]])('score %s has no tier and takes the no-match edge', (creditScore) => {
    const result = run(withNodes(tierNodes), { creditScore });
    expect(result.values.tier).toBeNull();
    expect(result.outcome).toBe('No');
    expect(result.trace[0]!.result).toBe('noMatch');
  });

  it('explains the tier hit: the model and the range that matched', () => {
    expect(run(withNodes(tierNodes), { creditScore: 742 }).trace[0]).toMatchObject({
      rowIndex: 1,
      valuesSet: { tier: 'A' },
      inputs: [
        { key: 'scoreModel', value: 'FICO Auto 8' },
        { key: 'creditScore', value: '742' },
      ],
      explanation: 'FICO Auto 8 score 742 falls in tier A (720 to 759) of Consumer tiers.',
    });
  });

  it.each([
    [850, 'A+'],
    [781, 'A+'],
    [780, 'A'],
    [741, 'A'],
    [740, 'B'],
    [661, 'C'],
    [660, 'D'],
    [620, 'E'],
  ])('a VantageScore 4.0 score %i is tier %s (the ranges of the report’s model)', (creditScore, tier) => {
    const result = run(withNodes(tierNodes), { creditScore, scoreModel: 'VantageScore 4.0' });
    expect(result.values.tier).toBe(tier);
  });

  it('a VantageScore 4.0 score of 745 is tier A, the same FICO Auto 8 score tier A; explained with its model', () => {
    const vantage = run(withNodes(tierNodes), { creditScore: 745, scoreModel: 'VantageScore 4.0' });
    expect(vantage.trace[0]!.explanation).toBe(
      'VantageScore 4.0 score 745 falls in tier A (741 to 780) of Consumer tiers.',
    );
    expect(run(withNodes(tierNodes), { creditScore: 700, scoreModel: 'VantageScore 4.0' }).values.tier).toBe('C');
    expect(run(withNodes(tierNodes), { creditScore: 700, scoreModel: 'FICO Auto 8' }).values.tier).toBe('B');
  });

  it('a model the set has no ranges for reads the set’s first model, and says so', () => {
    const result = run(withNodes(tierNodes), { creditScore: 700, scoreModel: 'FICO 9' });
    expect(result.values.tier).toBe('B');
    expect(result.trace[0]!.explanation).toBe(
      'Consumer tiers has no FICO 9 ranges, so FICO Auto 8 is read: FICO Auto 8 score 700 falls in tier B (680 to 719) of Consumer tiers.',
    );
  });

  it('conditions: the first tier whose range and conditions hold', () => {
    const set = demoPolicyBundle.creditTierSets[0]!;
    const [aPlus, ...rest] = set.tiers;
    const conditional = {
      ...set,
      tiers: [
        {
          ...aPlus!,
          name: 'A+ new',
          conditions: [
            { key: 'newUsed' as const, cell: { kind: 'value' as const, values: ['New'] } },
            { key: 'collateralAge' as const, cell: { kind: 'range' as const, min: null, max: '2' } },
          ],
        },
        { ...aPlus!, conditions: [{ key: 'newUsed' as const, cell: { kind: 'value' as const, values: ['Used'] } }] },
        ...rest,
      ],
    };
    const bundle = withNodes(tierNodes, { creditTierSets: [conditional] });
    const tierOf = (facts: PolicyFacts) => run(bundle, { creditScore: 800, ...facts });
    expect(tierOf({ newUsed: 'New', collateralAge: 1 }).values.tier).toBe('A+ new');
    expect(tierOf({ newUsed: 'Used', collateralAge: 1 }).values.tier).toBe('A+');
    const none = tierOf({ newUsed: 'New', collateralAge: 3 });
    expect(none.values.tier).toBeNull();
    expect(none.trace[0]).toMatchObject({
      inputs: [
        { key: 'scoreModel', value: 'FICO Auto 8' },
        { key: 'creditScore', value: '800' },
        { key: 'newUsed', value: 'New' },
        { key: 'collateralAge', value: '3' },
      ],
      explanation:
        'FICO Auto 8 score 800 falls in no tier of Consumer tiers whose conditions hold; no tier is assigned.',
    });
    expect(tierOf({ newUsed: 'New', collateralAge: 0 }).trace[0]!.explanation).toBe(
      'FICO Auto 8 score 800 falls in tier A+ new (760 to 900; New / used New; Collateral age 2 years or less) of Consumer tiers.',
    );
    // Below A+, the tiers without conditions still apply.
    expect(run(bundle, { creditScore: 700, newUsed: 'New' }).values.tier).toBe('B');
  });
});

describe('matrix lookup node: range edges', () => {
  const lookup: WorkflowNode[] = [
    { id: 'tier', name: 'Tier', type: 'setValue', field: 'tier', value: 'A', next: 'rate' },
    { id: 'rate', name: 'Rate', type: 'matrixLookup', matrixId: 'auto-rates', next: 'done', onNoMatch: 'none' },
    end('done', 'Priced'),
    end('none', 'No rate'),
  ];
  // Auto base rates, tier A (5.99): terms ≤36 +0, 37–48 +0.25, 49–60 +0.50, 61–72 +0.90, 73–84 +1.50;
  // LTV ≤90.00 +0, 90.01–110.00 +0.50, 110.01–130.00 +1.25. LTV is compared rounded half-up to 2 decimals.
  it.each([
    [36, '90.00', '5.990'],
    [37, '90.00', '6.240'],
    [1, '0', '5.990'],
    [84, '130.00', '8.740'],
    [60, '90.004', '6.490'], // rounds to 90.00: still the first LTV band
    [60, '90.005', '6.990'], // rounds to 90.01: the second band's minimum
    [60, '90.01', '6.990'],
    [60, '110.00', '6.990'],
    [60, '110.01', '7.740'],
    [60, '130.004', '7.740'],
  ])('term %i, LTV %s: %s', (termMonths, ltv, rate) => {
    const result = run(withNodes(lookup), { termMonths, ltv });
    expect(result.outcome).toBe('Priced');
    expect(result.values.rate).toBe(rate);
  });

  it.each([
    [85, '90.00'], // just past the last term band
    [60, '130.01'], // just past the last LTV band
    [60, '130.005'], // rounds to 130.01
    [60, null], // no LTV: matches no bounded cell
  ])('term %i, LTV %s: no row', (termMonths, ltv) => {
    const result = run(withNodes(lookup), { termMonths, ltv });
    expect(result.outcome).toBe('No rate');
    expect(result.values.rate).toBeNull();
    expect(step(result, 'rate').result).toBe('noMatch');
  });

  it('records the cell hit and explains it', () => {
    const hit = step(run(withNodes(lookup), { termMonths: 66, ltv: '105' }), 'rate');
    expect(hit).toMatchObject({
      matrixId: 'auto-rates',
      rowIndex: 25, // tier A is rows 15–29: 15 + 3 × 3 (term 61–72, 4th band) + 1 (LTV 90.01–110.00, 2nd band)
      inputs: [
        { key: 'creditTier', value: 'A' },
        { key: 'termMonths', value: '66' },
        { key: 'ltv', value: '105.00' },
      ],
      valuesSet: { baseRate: '7.390', rate: '7.390' },
      explanation:
        'Rate matrix Auto base rates: row 26 (Credit tier A; Term 61 months to 72 months; LTV 90.01% to 110.00%) matches credit tier A, term 66 months, LTV 105.00%: base rate 7.390%.',
    });
  });

  it('a missing key matches only "any" cells', () => {
    const nodes: WorkflowNode[] = [
      { id: 'fee', name: 'Fee', type: 'matrixLookup', matrixId: 'dealer-fees', next: 'done', onNoMatch: 'none' },
      end('done', 'Fee'),
      end('none', 'No fee'),
    ];
    // Direct has any amount: no amount still matches; Indirect needs one.
    expect(run(withNodes(nodes), { channel: 'Direct' }).values.fee).toBe('0.00');
    expect(run(withNodes(nodes), { channel: 'Indirect' }).outcome).toBe('No fee');
    expect(run(withNodes(nodes), { channel: 'Indirect', amount: '9999.99' }).values.fee).toBe('75.00');
    expect(run(withNodes(nodes), { channel: 'Indirect', amount: '10000.00' }).values.fee).toBe('150.00');
    expect(run(withNodes(nodes), { channel: 'Online', amount: '10000.00' }).outcome).toBe('No fee');
  });
});

describe('matrix lookup node: what each matrix type sets', () => {
  const limits2: Matrix = {
    id: 'second-limit',
    name: 'Second limit',
    matrixType: 'LoanLimit',
    axes: [{ key: 'newUsed', kind: 'value' }],
    rows: [
      { cells: [{ kind: 'value', values: ['Used'] }], result: { maxAmount: '40000.00', maxLtv: null } },
      { cells: [{ kind: 'value', values: ['New'] }], result: { maxAmount: '90000.00', maxLtv: '140.00' } },
    ],
  };
  const fees2: Matrix = {
    id: 'second-fee',
    name: 'Doc fee',
    matrixType: 'Fees',
    axes: [],
    rows: [{ cells: [], result: { fee: '25.50' } }],
  };
  const bundle = withNodes(
    [
      { id: 'adj', name: 'Adjustment first', type: 'matrixLookup', matrixId: 'auto-additional-rates', next: 'tier' },
      { id: 'tier', name: 'Tier', type: 'setValue', field: 'tier', value: 'A+', next: 'limit1' },
      { id: 'limit1', name: 'Limit 1', type: 'matrixLookup', matrixId: 'auto-loan-limits', next: 'limit2' },
      { id: 'limit2', name: 'Limit 2', type: 'matrixLookup', matrixId: 'second-limit', next: 'fee1' },
      { id: 'fee1', name: 'Fee 1', type: 'matrixLookup', matrixId: 'dealer-fees', next: 'fee2' },
      { id: 'fee2', name: 'Fee 2', type: 'matrixLookup', matrixId: 'second-fee', next: 'base' },
      { id: 'base', name: 'Base', type: 'matrixLookup', matrixId: 'auto-rates', next: 'done' },
      end('done', 'Done'),
    ],
    { matrices: [limits2, fees2] },
  );

  it('keeps the most restrictive limit, sums fees and adds the additional rates to the base rate', () => {
    const result = run(bundle, {
      newUsed: 'Used',
      collateralAge: 5,
      channel: 'Indirect',
      amount: '20000.00',
      termMonths: 48,
      ltv: '95',
    });
    expect(result.values).toEqual({
      tier: 'A+',
      rate: '6.740', // A+ 5.49 + 0.25 (37–48) + 0.50 (LTV 90.01–110) + 0.50 (used, 4–7 years)
      baseRate: '6.240',
      rateAdjustment: '0.500',
      maxAmount: '40000.00', // min(100 000, 40 000)
      maxLtv: '130.00', // the second limit has none
      fee: '175.50',
      terms: null,
    });
    expect(step(result, 'adj').valuesSet).toEqual({ rateAdjustment: '0.500' }); // no base rate yet
    expect(step(result, 'limit2').valuesSet).toEqual({ maxAmount: '40000.00' });
    expect(step(result, 'fee2').valuesSet).toEqual({ fee: '175.50' });
  });

  it('a limit that is looser does not raise the one already set', () => {
    const result = run(bundle, { newUsed: 'New', collateralAge: 0, channel: 'Direct', termMonths: 36, ltv: '80' });
    expect(result.values.maxAmount).toBe('90000.00');
    expect(result.values.maxLtv).toBe('130.00');
    expect(result.values.rate).toBe('5.240'); // 5.49 − 0.25 for new
  });

  it('without onNoMatch a miss follows next and sets nothing', () => {
    const result = run(bundle, { newUsed: null, channel: 'Direct', termMonths: 36, ltv: '80' });
    expect(step(result, 'adj')).toMatchObject({ result: 'noMatch', next: 'tier', valuesSet: {} });
    expect(result.values.rateAdjustment).toBeNull();
  });
});

describe('pass/fail matrix node', () => {
  const nodes: WorkflowNode[] = [
    {
      id: 'pf',
      name: 'Collateral',
      type: 'passFailMatrix',
      matrixId: 'collateral-eligibility',
      onPass: 'yes',
      onFail: 'no',
    },
    ...passFail,
  ];
  it.each([
    [10, 150_000, 'Yes', []],
    [0, 0, 'Yes', []],
    [10, 150_001, 'No', ['HIGH_MILEAGE']],
    [11, 1, 'No', ['VEHICLE_TOO_OLD']],
    [11, null, 'No', ['VEHICLE_TOO_OLD']],
  ])('age %i, mileage %s: %s %j', (collateralAge, collateralMileage, outcome, codes) => {
    const result = run(withNodes(nodes), { collateralAge, collateralMileage });
    expect(result.outcome).toBe(outcome);
    expect(result.reasonCodes).toEqual(codes);
    expect(result.trace[0]!.reasonCodes).toEqual(codes);
  });

  it('no row is a fail', () => {
    const result = run(withNodes(nodes), { collateralAge: 3 });
    expect(result.outcome).toBe('No');
    expect(result.trace[0]).toMatchObject({
      result: 'noMatch',
      explanation:
        'Pass/fail matrix Collateral eligibility: no row matches collateral age 3 years, no collateral mileage; failed.',
    });
  });
});

describe('loan term lookup node', () => {
  const nodes: WorkflowNode[] = [
    { id: 'terms', name: 'Terms', type: 'loanTermLookup', loanTermSetId: 'auto-terms', next: 'yes', onNoMatch: 'no' },
    ...passFail,
  ];
  it.each([
    [0, '9999.99', [24, 36, 48]],
    [2, '10000.00', [24, 36, 48, 60, 72]],
    [2, '25000.00', [24, 36, 48, 60, 72, 84]],
    [3, '25000.00', [24, 36, 48, 60, 72]],
    [7, '50000.00', [24, 36, 48]],
  ])('age %i, amount %s: %j', (collateralAge, amount, terms) => {
    expect(run(withNodes(nodes), { collateralAge, amount }).values.terms).toEqual(terms);
  });

  it('no collateral age: no row', () => {
    const result = run(withNodes(nodes), { amount: '5000.00' });
    expect(result.outcome).toBe('No');
    expect(result.values.terms).toBeNull();
  });
});

describe('set value and outcome nodes', () => {
  it('sets each value, formatted, and gathers reason codes once', () => {
    const result = run(
      withNodes([
        { id: 's1', name: 'Tier', type: 'setValue', field: 'tier', value: 'B', next: 's2' },
        { id: 's2', name: 'Rate', type: 'setValue', field: 'rate', value: '6.2455', next: 's3' },
        { id: 's3', name: 'Amount', type: 'setValue', field: 'maxAmount', value: '12345.675', next: 's4' },
        { id: 's4', name: 'LTV', type: 'setValue', field: 'maxLtv', value: '120', next: 's5' },
        { id: 's5', name: 'Fee', type: 'setValue', field: 'fee', value: '99', next: 'pf' },
        {
          id: 'pf',
          name: 'Tiers',
          type: 'passFailMatrix',
          matrixId: 'auto-approval-tiers',
          onPass: 'ok',
          onFail: 'ok',
        },
        end('ok', 'Custom outcome', ['X', 'X', 'Y']),
      ]),
      {},
    );
    expect(result.outcome).toBe('Custom outcome');
    expect(result.values).toMatchObject({
      tier: 'B',
      rate: '6.246',
      baseRate: '6.246',
      maxAmount: '12345.68',
      maxLtv: '120.00',
      fee: '99.00',
    });
    expect(result.reasonCodes).toEqual(['X', 'Y']);
    expect(step(result, 's2').explanation).toBe('Sets the base rate to 6.246%.');
    expect(step(result, 's3').explanation).toBe('Sets the max amount to $12345.68.');
    expect(result.trace.at(-1)).toMatchObject({
      result: 'outcome',
      next: null,
      explanation: 'Outcome: Custom outcome (X, X, Y).',
    });
  });
});

describe('the demo auto policy', () => {
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
  const auto = (change: Partial<PolicyFacts> = {}, metrics: Record<string, string> = {}) =>
    run(
      demoPolicyBundle,
      { ...approvable, ...change, metrics: { ...approvable.metrics, ...metrics } },
      demoWorkflowIds.autoApprovalAuto,
    );

  it('approves a good application with its tier, rate, limits, terms and fee', () => {
    const result = auto();
    expect(result.outcome).toBe('Approve');
    expect(result.values).toEqual({
      tier: 'A',
      rate: '7.390',
      baseRate: '7.390',
      rateAdjustment: '0.000',
      maxAmount: '85000.00',
      maxLtv: '125.00',
      fee: '150.00',
      terms: [24, 36, 48, 60, 72],
    });
    expect(result.trace.map((s) => s.nodeId)).toEqual([
      'ofac',
      'fraud',
      'bankruptcy',
      'repossession',
      'tier',
      'dti',
      'pti',
      'ltv',
      'vehicle-age',
      'collateral',
      'credit-capacity',
      'minimum-amount',
      'limits',
      'terms',
      'base-rate',
      'additional-rate',
      'dealer-fee',
      'utilization',
      'ndi',
      'approval-tiers',
      'approve',
    ]);
  });

  it.each([
    ['an OFAC alert', { flags: { hasOfacAlert: true } }, {}, 'ManualReview', ['OFAC_ALERT']],
    ['a fraud alert', { flags: { hasFraudAlert: true } }, {}, 'ManualReview', ['FRAUD_ALERT']],
    ['a bankruptcy', { flags: { hasBankruptcy: true } }, {}, 'Decline', ['BANKRUPTCY']],
    ['DTI over 50%', {}, { ApplicationDti: '50.01' }, 'Decline', ['DTI_OVER_50']],
    ['PTI over 20%', {}, { ApplicationPti: '20.0001' }, 'Decline', ['PTI_OVER_20']],
    ['LTV over 130%', {}, { ApplicationFrontEndLtv: '130.5' }, 'Decline', ['LTV_OVER_130']],
    ['a vehicle over 10 years', {}, { ApplicationVehicleAge: '11' }, 'Decline', ['VEHICLE_OVER_10_YEARS']],
    ['high mileage', { collateralMileage: 180_000 }, {}, 'Decline', ['HIGH_MILEAGE']],
    ['tier D', { creditScore: 610 }, {}, 'ManualReview', ['TIER_NEEDS_REVIEW']],
    ['tier E over 40% DTI', { creditScore: 550 }, { ApplicationDti: '45' }, 'ManualReview', ['E_TIER_DTI_OVER_40']],
    ['no score', { creditScore: null }, {}, 'ManualReview', ['NO_CREDIT_TIER']],
    ['a term beyond 84 months', { termMonths: 96 }, {}, 'ManualReview', ['NO_RATE_FOR_TERM_OR_LTV']],
  ] as const)('%s: %s', (_case, change, metrics, outcome, codes) => {
    const result = auto(change as Partial<PolicyFacts>, metrics);
    expect(result.outcome).toBe(outcome);
    expect(result.reasonCodes).toEqual(codes);
  });

  it('DTI exactly 50% passes', () => {
    expect(auto({}, { ApplicationDti: '50' }).outcome).toBe('Approve');
  });

  it('the personal policy prices by tier and term', () => {
    const result = run(
      demoPolicyBundle,
      {
        metrics: { ApplicationDti: '30', ApplicationPti: '8', ApplicationLoanAmount: '8000.00' },
        creditScore: 700,
        amount: '8000.00',
        termMonths: 36,
      },
      demoWorkflowIds.autoApprovalPersonal,
    );
    expect(result.outcome).toBe('Approve');
    expect(result.values).toMatchObject({
      tier: 'B',
      rate: '12.490',
      maxAmount: '35000.00',
      terms: [12, 24, 36, 48, 60],
    });
  });

  it("the loan policy workflow ends in the lender's own outcomes", () => {
    const facts = { metrics: { DecisionFrontEndLtv: '120', DecisionTermMonths: '72', DecisionPti: '14' } };
    expect(run(demoPolicyBundle, facts, demoWorkflowIds.loanPolicyAuto).outcome).toBe('Within Policy');
    expect(
      run(
        demoPolicyBundle,
        { metrics: { ...facts.metrics, DecisionTermMonths: '96' } },
        demoWorkflowIds.loanPolicyAuto,
      ),
    ).toMatchObject({ outcome: 'Policy Exception', reasonCodes: ['NEEDS_EXCEPTION_APPROVAL'] });
  });
});

describe('compilePolicy', () => {
  it('refuses an invalid bundle with its problems', () => {
    const bundle = withNodes([{ id: 'a', name: 'A', type: 'setValue', field: 'tier', value: 'A', next: 'missing' }]);
    expect(() => compilePolicy(bundle)).toThrow(PolicyCompileError);
    try {
      compilePolicy(bundle);
    } catch (error) {
      expect((error as PolicyCompileError).problems.map((p) => p.path)).toContain('workflows[w].nodes[a].next');
    }
  });

  it('refuses an unknown workflow', () => {
    expect(() => compilePolicy(demoPolicyBundle, 'nope')).toThrow('There is no workflow "nope".');
  });
});
