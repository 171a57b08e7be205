import type { PolicyBundle, PolicyFacts } from '@credence/contracts/policy';
import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compilePolicy } from './compile.ts';
import { demoPolicyBundle, demoWorkflowIds } from './demo-policy.ts';
import { evaluateReference } from './reference.ts';

/** Mostly absent, sometimes set: so that random facts get past the alert checks into the deep nodes. */
const rarely = <T>(arbitrary: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 9, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary });
const sometimesMissing = <T>(arbitrary: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 1, arbitrary: fc.constantFrom(null, undefined) }, { weight: 12, arbitrary });

/**
 * A policy decimal near the policy's thresholds and band edges (exactly on them, a ten-thousandth either side,
 * half a cent either side) or anywhere in [min, max], with 0 to 4 decimals.
 */
const decimalNear = (edges: number[], min: number, max: number) =>
  fc.oneof(
    fc
      .tuple(fc.constantFrom(...edges), fc.constantFrom(0, 1, -1, 50, -50, 49, 51, 100, -100))
      .map(([edge, delta]) => new Decimal(edge).plus(new Decimal(delta).div(10_000)).toFixed()),
    fc
      .tuple(fc.integer({ min: min * 10_000, max: max * 10_000 }), fc.integer({ min: 0, max: 4 }))
      .map(([v, places]) => new Decimal(v).div(10_000).toDecimalPlaces(places, Decimal.ROUND_DOWN).toFixed(places)),
  );
const money = (edges: number[], max: number) =>
  fc.oneof(
    fc
      .tuple(fc.constantFrom(...edges), fc.constantFrom(0, 1, -1))
      .map(([edge, cents]) => new Decimal(edge).plus(new Decimal(cents).div(100)).toFixed(2)),
    fc.integer({ min: 0, max: max * 100 }).map((cents) => new Decimal(cents).div(100).toFixed(2)),
  );
const tierEdges = [
  300, 599, 600, 620, 621, 639, 640, 660, 661, 679, 680, 700, 701, 719, 720, 740, 741, 759, 760, 780, 781, 850, 900,
];

const factsArbitrary: fc.Arbitrary<PolicyFacts> = fc.record({
  metrics: fc.record(
    {
      ApplicationDti: sometimesMissing(decimalNear([40, 45, 50], 0, 80)),
      ApplicationPti: sometimesMissing(decimalNear([15, 20], 0, 30)),
      ApplicationFrontEndLtv: sometimesMissing(decimalNear([130], 40, 160)),
      ApplicationVehicleAge: sometimesMissing(fc.integer({ min: 0, max: 14 }).map(String)),
      ApplicationLoanAmount: sometimesMissing(money([1000, 5000], 120_000)),
      ApplicationCreditUtilization: sometimesMissing(decimalNear([90], 0, 120)),
      ApplicationNdi: sometimesMissing(money([500], 6000)),
      DecisionFrontEndLtv: sometimesMissing(decimalNear([130], 40, 160)),
      DecisionTermMonths: sometimesMissing(fc.integer({ min: 12, max: 96 }).map(String)),
      DecisionPti: sometimesMissing(decimalNear([20], 0, 30)),
    },
    { requiredKeys: [] },
  ) as fc.Arbitrary<PolicyFacts['metrics']>,
  flags: fc.record({
    hasOfacAlert: rarely(fc.boolean()),
    hasFraudAlert: rarely(fc.boolean()),
    hasBankruptcy: rarely(fc.boolean()),
    hasRepossession: rarely(fc.boolean()),
  }) as fc.Arbitrary<PolicyFacts['flags']>,
  creditScore: sometimesMissing(
    fc.oneof(fc.constantFrom(...tierEdges, 299, 901, 250), fc.integer({ min: 250, max: 900 })),
  ),
  scoreModel: sometimesMissing(fc.constantFrom('FICO Auto 8' as const, 'VantageScore 4.0' as const, 'FICO 9' as const)),
  amount: sometimesMissing(money([1000, 4999.99, 5000, 9999.99, 10_000, 24_999.99, 25_000], 120_000)),
  termMonths: sometimesMissing(
    fc.oneof(fc.constantFrom(24, 36, 37, 48, 49, 60, 61, 72, 73, 84, 85), fc.integer({ min: 1, max: 120 })),
  ),
  ltv: sometimesMissing(decimalNear([90, 90.01, 110, 110.01, 130, 130.01], 0, 160)),
  collateralAge: sometimesMissing(fc.integer({ min: 0, max: 14 })),
  collateralMileage: sometimesMissing(
    fc.oneof(fc.constantFrom(0, 150_000, 150_001), fc.integer({ min: 0, max: 250_000 })),
  ),
  newUsed: sometimesMissing(fc.constantFrom('New' as const, 'Used' as const)),
  productId: fc.constantFrom('1', '2', null),
  channel: sometimesMissing(fc.constantFrom('Direct', 'Indirect', 'Online')),
});

/**
 * The demo policy with tiers that have conditions: A+ only for new vehicles of up to 2 years or for used ones
 * (two tiers of one range whose conditions cannot both hold), so that the tier lookup's conditions are compared too.
 */
const demoSet = demoPolicyBundle.creditTierSets[0]!;
const conditionalBundle: PolicyBundle = {
  ...demoPolicyBundle,
  creditTierSets: [
    {
      ...demoSet,
      tiers: [
        {
          ...demoSet.tiers[0]!,
          conditions: [
            { key: 'newUsed', cell: { kind: 'value', values: ['New'] } },
            { key: 'collateralAge', cell: { kind: 'range', min: null, max: '2' } },
          ],
        },
        {
          ...demoSet.tiers[0]!,
          name: 'A+ used',
          conditions: [{ key: 'newUsed', cell: { kind: 'value', values: ['Used'] } }],
        },
        ...demoSet.tiers.slice(1),
      ],
    },
  ],
};

describe('the compiled policy equals the reference interpreter', () => {
  it('on tiers with conditions, 3 000 random applications', () => {
    const compiled = compilePolicy(conditionalBundle, demoWorkflowIds.autoApprovalAuto);
    const tiers = new Set<string | null>();
    fc.assert(
      fc.property(factsArbitrary, (facts) => {
        const result = compiled.evaluate(facts);
        expect(result).toEqual(evaluateReference(conditionalBundle, facts, demoWorkflowIds.autoApprovalAuto));
        tiers.add(result.values.tier);
      }),
      { numRuns: 3_000 },
    );
    expect(tiers).toContain('A+');
    expect(tiers).toContain('A+ used');
  }, 30_000);

  it.each([
    [demoWorkflowIds.autoApprovalAuto, 10_000],
    [demoWorkflowIds.autoApprovalPersonal, 3_000],
    [demoWorkflowIds.loanPolicyAuto, 1_000],
  ])(
    '%s on %i random applications',
    (workflowId, numRuns) => {
      const compiled = compilePolicy(demoPolicyBundle, workflowId);
      const outcomes = new Map<string, number>();
      fc.assert(
        fc.property(factsArbitrary, (facts) => {
          const result = compiled.evaluate(facts);
          expect(result).toEqual(evaluateReference(demoPolicyBundle, facts, workflowId));
          outcomes.set(result.outcomeNodeId, (outcomes.get(result.outcomeNodeId) ?? 0) + 1);
        }),
        { numRuns },
      );
      // The random facts reach most outcomes of the workflow, not only the first alert.
      const outcomeNodes = demoPolicyBundle.workflows
        .find((w) => w.id === workflowId)!
        .nodes.filter((n) => n.type === 'outcome');
      expect(outcomes.size).toBeGreaterThanOrEqual(Math.ceil(outcomeNodes.length * 0.8));
    },
    30_000,
  ); // thousands of runs of both engines: seconds, more on a busy machine
});
