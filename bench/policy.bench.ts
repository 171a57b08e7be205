/**
 * Decision engine speed (issue 12, "Measure"): evaluations per second of the demo auto-approval policy
 * (≈ 37 nodes: 4 alert checks, a tier assignment, 6 metric conditions, 3 pass/fail matrices, 4 matrix lookups
 * over 90 + 4 + 6 + 3 rows, a 9-row term set, 17 outcomes) compiled by `compilePolicy`, side by side in the same
 * run with the same policy written for `json-rules-engine` and as a GoRules `@gorules/zen-engine` JDM (decision
 * tables), on the same applications. Target: compiled ≥ 100 × json-rules-engine.
 *
 * The compiled engine also builds the full trace (a plain-English sentence per node); the other two return only
 * the outcome and the values. Before timing, the three engines' outcomes, tiers, rates and limits are compared
 * on every application, so the figures are for the same policy.
 *
 * Run: npm run bench:policy   or   cd bench && npx tsx policy.bench.ts   (prints figures; nothing is asserted)
 */
import type { PolicyFacts } from '@credence/contracts/policy';
import { compilePolicy, demoPolicyBundle, demoWorkflowIds, evaluateReference } from '@credence/domain';
import { ZenEngine } from '@gorules/zen-engine';
import { Engine, type RuleProperties } from 'json-rules-engine';

/* ------------------------------------------------------------------------------------ the applications */

/** A small deterministic PRNG (mulberry32), so every run evaluates the same applications. */
const random = (() => {
  let seed = 20_260_512;
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
})();
const between = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
const chance = (p: number) => random() < p;
const hundredths = (min: number, max: number) => (between(min * 100, max * 100) / 100).toFixed(2);

const application = (): PolicyFacts => {
  const amount = hundredths(2_000, 90_000);
  const ltv = hundredths(50, 140);
  return {
    metrics: {
      ApplicationDti: hundredths(10, 55),
      ApplicationPti: hundredths(2, 22),
      ApplicationFrontEndLtv: ltv,
      ApplicationVehicleAge: String(between(0, 12)),
      ApplicationLoanAmount: amount,
      ApplicationCreditUtilization: hundredths(0, 95),
      ApplicationNdi: hundredths(200, 5_000),
    },
    flags: {
      hasOfacAlert: chance(0.01),
      hasFraudAlert: chance(0.01),
      hasBankruptcy: chance(0.02),
      hasRepossession: chance(0.01),
    },
    creditScore: chance(0.02) ? null : between(280, 850),
    amount,
    termMonths: [36, 48, 60, 66, 72, 84, 96][between(0, 6)]!,
    ltv,
    collateralAge: between(0, 12),
    collateralMileage: between(0, 180_000),
    newUsed: chance(0.3) ? 'New' : 'Used',
    channel: chance(0.6) ? 'Indirect' : 'Direct',
  };
};
const applications = Array.from({ length: 2_000 }, application);

/** The same application as plain numbers (what the two general-purpose engines compare). */
type Flat = Record<string, number | string | boolean | null>;
const flat = (facts: PolicyFacts): Flat => {
  const num = (text: string | null | undefined) => (text === null || text === undefined ? null : Number(text));
  return {
    hasOfacAlert: facts.flags?.hasOfacAlert ?? false,
    hasFraudAlert: facts.flags?.hasFraudAlert ?? false,
    hasBankruptcy: facts.flags?.hasBankruptcy ?? false,
    hasRepossession: facts.flags?.hasRepossession ?? false,
    creditScore: facts.creditScore ?? null,
    dti: num(facts.metrics?.ApplicationDti),
    pti: num(facts.metrics?.ApplicationPti),
    frontEndLtv: num(facts.metrics?.ApplicationFrontEndLtv),
    vehicleAge: num(facts.metrics?.ApplicationVehicleAge),
    loanAmount: num(facts.metrics?.ApplicationLoanAmount),
    utilization: num(facts.metrics?.ApplicationCreditUtilization),
    ndi: num(facts.metrics?.ApplicationNdi),
    amount: num(facts.amount),
    termMonths: facts.termMonths ?? null,
    ltv: num(facts.ltv),
    collateralAge: facts.collateralAge ?? null,
    collateralMileage: facts.collateralMileage ?? null,
    newUsed: facts.newUsed ?? null,
    channel: facts.channel ?? null,
  };
};
const flatApplications = applications.map(flat);

/* ------------------------------------------------------------- the policy, read from the demo bundle */

/** The demo tiers by FICO Auto 8 (the facts here carry no score model: the set's first model is read). */
const tiers = demoPolicyBundle.creditTierSets[0]!.tiers.map((t) => ({ name: t.name, ...t.ranges['FICO Auto 8']! }));
const matrix = (id: string) => demoPolicyBundle.matrices.find((m) => m.id === id)!;
const tierRange = (name: string) => tiers.find((t) => t.name === name)!;
const bound = (text: string | null | undefined) => (text === null || text === undefined ? null : Number(text));
type Range = { min: number | null; max: number | null };
const rangeOf = (cell: { kind: string; min?: string | null; max?: string | null }): Range => ({
  min: bound(cell.min),
  max: bound(cell.max),
});
const valuesOf = (cell: { kind: string; values?: string[] }) => cell.values ?? [];

/** Each outcome check of the auto workflow, in graph order: [outcome, reason, when (over the flat facts)]. */
type Check = { outcome: string; code: string; jre: RuleProperties['conditions']; zen: string };
const isNullOr = (fact: string, operator: string, value: number) => ({
  any: [
    { fact, operator: 'equal', value: null },
    { fact, operator, value },
  ],
});
const checks: Check[] = [
  {
    outcome: 'ManualReview',
    code: 'OFAC_ALERT',
    jre: { all: [{ fact: 'hasOfacAlert', operator: 'equal', value: true }] },
    zen: 'hasOfacAlert == true',
  },
  {
    outcome: 'ManualReview',
    code: 'FRAUD_ALERT',
    jre: { all: [{ fact: 'hasFraudAlert', operator: 'equal', value: true }] },
    zen: 'hasFraudAlert == true',
  },
  {
    outcome: 'Decline',
    code: 'BANKRUPTCY',
    jre: { all: [{ fact: 'hasBankruptcy', operator: 'equal', value: true }] },
    zen: 'hasBankruptcy == true',
  },
  {
    outcome: 'ManualReview',
    code: 'REPOSSESSION',
    jre: { all: [{ fact: 'hasRepossession', operator: 'equal', value: true }] },
    zen: 'hasRepossession == true',
  },
  {
    outcome: 'ManualReview',
    code: 'NO_CREDIT_TIER',
    jre: {
      any: [
        { fact: 'creditScore', operator: 'equal', value: null },
        { fact: 'creditScore', operator: 'lessThan', value: 300 },
        { fact: 'creditScore', operator: 'greaterThan', value: 900 },
      ],
    },
    zen: 'creditScore == null or creditScore < 300 or creditScore > 900',
  },
  { outcome: 'Decline', code: 'DTI_OVER_50', jre: isNullOr('dti', 'greaterThan', 50), zen: 'dti == null or dti > 50' },
  { outcome: 'Decline', code: 'PTI_OVER_20', jre: isNullOr('pti', 'greaterThan', 20), zen: 'pti == null or pti > 20' },
  {
    outcome: 'Decline',
    code: 'LTV_OVER_130',
    jre: isNullOr('frontEndLtv', 'greaterThan', 130),
    zen: 'frontEndLtv == null or frontEndLtv > 130',
  },
  {
    outcome: 'Decline',
    code: 'VEHICLE_OVER_10_YEARS',
    jre: isNullOr('vehicleAge', 'greaterThan', 10),
    zen: 'vehicleAge == null or vehicleAge > 10',
  },
  {
    // Collateral eligibility pass/fail matrix: passes only at age 0–10 and mileage 0–150 000.
    outcome: 'Decline',
    code: 'COLLATERAL',
    jre: {
      any: [
        { fact: 'collateralAge', operator: 'equal', value: null },
        { fact: 'collateralAge', operator: 'greaterThan', value: 10 },
        { fact: 'collateralMileage', operator: 'equal', value: null },
        { fact: 'collateralMileage', operator: 'greaterThan', value: 150_000 },
      ],
    },
    zen: 'collateralAge == null or collateralAge > 10 or collateralMileage == null or collateralMileage > 150000',
  },
  {
    // Credit capacity by tier: tier E needs DTI ≤ 40.
    outcome: 'ManualReview',
    code: 'E_TIER_DTI_OVER_40',
    jre: {
      all: [
        { fact: 'creditScore', operator: 'lessThanInclusive', value: tierRange('E').maxScore },
        { fact: 'dti', operator: 'greaterThan', value: 40 },
      ],
    },
    zen: `creditScore <= ${tierRange('E').maxScore} and dti > 40`,
  },
  {
    outcome: 'Decline',
    code: 'AMOUNT_UNDER_MINIMUM',
    jre: isNullOr('loanAmount', 'lessThan', 5000),
    zen: 'loanAmount == null or loanAmount < 5000',
  },
  {
    // The base-rate lookup finds no row: a term beyond 84 months or an LTV beyond 130.00 (or either missing).
    outcome: 'ManualReview',
    code: 'NO_RATE_FOR_TERM_OR_LTV',
    jre: {
      any: [
        { fact: 'termMonths', operator: 'equal', value: null },
        { fact: 'termMonths', operator: 'greaterThan', value: 84 },
        { fact: 'ltv', operator: 'equal', value: null },
        { fact: 'ltv', operator: 'greaterThan', value: 130 },
      ],
    },
    zen: 'termMonths == null or termMonths > 84 or ltv == null or ltv > 130',
  },
  {
    outcome: 'ManualReview',
    code: 'UTILIZATION_OVER_90',
    jre: isNullOr('utilization', 'greaterThan', 90),
    zen: 'utilization == null or utilization > 90',
  },
  {
    outcome: 'ManualReview',
    code: 'NDI_UNDER_500',
    jre: isNullOr('ndi', 'lessThan', 500),
    zen: 'ndi == null or ndi < 500',
  },
  {
    outcome: 'ManualReview',
    code: 'TIER_NEEDS_REVIEW',
    jre: { all: [{ fact: 'creditScore', operator: 'lessThanInclusive', value: tierRange('D').maxScore }] },
    zen: `creditScore <= ${tierRange('D').maxScore}`,
  },
  { outcome: 'Approve', code: '', jre: { all: [] }, zen: 'true' },
];

/** The lookups: one rule / table row per matrix row, on the score range of its tier. */
type LookupRow = { conditions: { fact: string; range?: Range; values?: string[] }[]; set: Record<string, number> };
const lookups: { name: string; rows: LookupRow[] }[] = [
  {
    name: 'tier',
    rows: tiers.map((tier, i) => ({
      conditions: [{ fact: 'creditScore', range: { min: tier.minScore, max: tier.maxScore } }],
      set: { tier: i },
    })),
  },
  ...['auto-rates', 'auto-additional-rates', 'auto-loan-limits', 'dealer-fees'].map((id) => {
    const m = matrix(id);
    return {
      name: id,
      rows: m.rows.map((row) => ({
        conditions: m.axes.flatMap((axis, a): LookupRow['conditions'] => {
          const cell = row.cells[a]!;
          if (axis.key === 'creditTier') {
            const names = valuesOf(cell);
            const scores = names.map(tierRange);
            return [
              {
                fact: 'creditScore',
                range: {
                  min: Math.min(...scores.map((s) => s.minScore)),
                  max: Math.max(...scores.map((s) => s.maxScore)),
                },
              },
            ];
          }
          return cell.kind === 'range'
            ? [{ fact: axis.key, range: rangeOf(cell) }]
            : [{ fact: axis.key, values: valuesOf(cell) }];
        }),
        set: Object.fromEntries(
          Object.entries(row.result as Record<string, string | null>)
            .filter(([, v]) => v !== null)
            .map(([k, v]) => [k, Number(v)]),
        ),
      })),
    };
  }),
];

/* ------------------------------------------------------------------------------------ json-rules-engine */

const jreEngine = new Engine([], { allowUndefinedFacts: true });
const rangeConditions = (fact: string, range: Range) => [
  ...(range.min === null ? [] : [{ fact, operator: 'greaterThanInclusive', value: range.min }]),
  ...(range.max === null ? [] : [{ fact, operator: 'lessThanInclusive', value: range.max }]),
];
for (const lookup of lookups)
  lookup.rows.forEach((row, i) =>
    jreEngine.addRule({
      name: `${lookup.name}-${i}`,
      priority: 100,
      conditions: {
        all: row.conditions.flatMap((c): { fact: string; operator: string; value: number | string[] }[] =>
          c.range ? rangeConditions(c.fact, c.range) : [{ fact: c.fact, operator: 'in', value: c.values! }],
        ),
      },
      event: { type: lookup.name, params: row.set },
    }),
  );
checks.forEach((check, i) =>
  jreEngine.addRule({
    name: `outcome-${i}`,
    priority: 50 - i,
    conditions: check.jre,
    event: { type: 'outcome', params: { outcome: check.outcome, code: check.code } },
    // The workflow stops at its first outcome; so does this engine.
    onSuccess: () => {
      jreEngine.stop();
    },
  }),
);
type Summary = { outcome: string; tier: string | null; rate: number | null; maxAmount: number | null };
const jreEvaluate = async (facts: Flat): Promise<Summary> => {
  const { events } = await jreEngine.run(facts);
  const get = (type: string) => events.find((e) => e.type === type)?.params as Record<string, number> | undefined;
  const rate = get('auto-rates')?.rate;
  const tier = get('tier')?.tier;
  return {
    outcome: (get('outcome') as unknown as { outcome: string }).outcome,
    tier: tier === undefined ? null : tiers[tier]!.name,
    rate: rate === undefined ? null : rate + (get('auto-additional-rates')?.adjustment ?? 0),
    maxAmount: get('auto-loan-limits')?.maxAmount ?? null,
  };
};

/* ------------------------------------------------------------------------------------------ GoRules ZEN */

const zenCell = (c: { range?: Range; values?: string[] }) => {
  if (c.values) return c.values.length === 0 ? '' : c.values.map((v) => `"${v}"`).join(', ');
  const { min, max } = c.range!;
  if (min !== null && max !== null) return `[${min}..${max}]`;
  if (min !== null) return `>= ${min}`;
  if (max !== null) return `<= ${max}`;
  return '';
};
const zenTable = (
  id: string,
  name: string,
  fields: string[],
  rows: { cells: string[]; out: Record<string, string> }[],
  outputs: string[],
) => ({
  id,
  type: 'decisionTableNode',
  name,
  position: { x: 1, y: 0 },
  content: {
    hitPolicy: 'first',
    inputs: fields.map((field, i) => ({ id: `i${i}`, name: field, field })),
    outputs: outputs.map((field, i) => ({ id: `o${i}`, name: field, field })),
    rules: rows.map((row, r) => ({
      _id: `r${r}`,
      ...Object.fromEntries(row.cells.map((cell, i) => [`i${i}`, cell])),
      ...Object.fromEntries(outputs.map((field, i) => [`o${i}`, row.out[field] ?? 'null'])),
    })),
  },
});
const zenNodes = [
  zenTable(
    'outcome',
    'Outcome',
    checks.map((c) => c.zen),
    checks.map((check, i) => ({
      cells: checks.map((_, k) => (k === i ? 'true' : '')),
      out: { outcome: `"${check.outcome}"`, code: `"${check.code}"` },
    })),
    ['outcome', 'code'],
  ),
  ...lookups.map((lookup) => {
    // Output fields are namespaced per table (auto_rates.rate, …) so that no two tables write the same field.
    const prefix = lookup.name.replace(/-/g, '_');
    const fields = lookup.rows[0]!.conditions.map((c) => c.fact);
    const outputs = [...new Set(lookup.rows.flatMap((row) => Object.keys(row.set)))];
    return zenTable(
      lookup.name,
      lookup.name,
      fields,
      lookup.rows.map((row) => ({
        cells: row.conditions.map(zenCell),
        out: Object.fromEntries(Object.entries(row.set).map(([k, v]) => [`${prefix}.${k}`, String(v)])),
      })),
      outputs.map((o) => `${prefix}.${o}`),
    );
  }),
];
const zenDecision = new ZenEngine().createDecision({
  contentType: 'application/vnd.gorules.decision',
  nodes: [
    { id: 'in', type: 'inputNode', name: 'Application', position: { x: 0, y: 0 } },
    ...zenNodes,
    { id: 'out', type: 'outputNode', name: 'Decision', position: { x: 2, y: 0 } },
  ],
  edges: zenNodes.flatMap((node) => [
    { id: `in-${node.id}`, sourceId: 'in', targetId: node.id, type: 'edge' },
    { id: `${node.id}-out`, sourceId: node.id, targetId: 'out', type: 'edge' },
  ]),
});
type ZenResult = {
  outcome: string;
  tier?: { tier?: number };
  auto_rates?: { rate?: number };
  auto_additional_rates?: { adjustment?: number };
  auto_loan_limits?: { maxAmount?: number };
};
const zenEvaluate = async (facts: Flat): Promise<Summary> => {
  const { result } = (await zenDecision.evaluate(facts)) as { result: ZenResult };
  const tier = result.tier?.tier;
  const rate = result.auto_rates?.rate;
  return {
    outcome: result.outcome,
    tier: tier === undefined || tier === null ? null : tiers[tier]!.name,
    rate: rate === undefined || rate === null ? null : rate + (result.auto_additional_rates?.adjustment ?? 0),
    maxAmount: result.auto_loan_limits?.maxAmount ?? null,
  };
};

/* -------------------------------------------------------------------------------------------- compiled */

const compiled = compilePolicy(demoPolicyBundle, demoWorkflowIds.autoApprovalAuto);
const compiledSummary = (facts: PolicyFacts): Summary => {
  const { outcome, values } = compiled.evaluate(facts);
  return {
    outcome,
    tier: values.tier,
    rate: values.rate === null ? null : Number(values.rate),
    maxAmount: values.maxAmount === null ? null : Number(values.maxAmount),
  };
};

/* ------------------------------------------------------------------------------------------ same policy? */

const agree = async (label: string, other: (facts: Flat) => Promise<Summary>) => {
  let outcomes = 0;
  let approvedValues = 0;
  let approved = 0;
  for (let i = 0; i < applications.length; i += 1) {
    const mine = compiledSummary(applications[i]!);
    const theirs = await other(flatApplications[i]!);
    if (mine.outcome === theirs.outcome) outcomes += 1;
    if (mine.outcome === 'Approve') {
      approved += 1;
      if (
        mine.tier === theirs.tier &&
        Math.abs((mine.rate ?? 0) - (theirs.rate ?? 0)) < 1e-9 &&
        mine.maxAmount === theirs.maxAmount
      )
        approvedValues += 1;
    }
  }
  return `${label.padEnd(18)} same outcome ${outcomes}/${applications.length}, same tier/rate/limit on approvals ${approvedValues}/${approved}`;
};

/* ------------------------------------------------------------------------------------------------ timing */

const timeSync = (work: (i: number) => unknown, ms: number) => {
  for (let i = 0; i < 20_000; i += 1) work(i); // warm the JIT
  let count = 0;
  const t0 = performance.now();
  let elapsed = 0;
  while (elapsed < ms) {
    for (let k = 0; k < 1_000; k += 1, count += 1) work(count);
    elapsed = performance.now() - t0;
  }
  return (count / elapsed) * 1000;
};
const timeAsync = async (work: (i: number) => Promise<unknown>, ms: number, batch = 1) => {
  for (let i = 0; i < 500; i += 1) await work(i);
  let count = 0;
  const t0 = performance.now();
  let elapsed = 0;
  while (elapsed < ms) {
    if (batch === 1) await work(count);
    else await Promise.all(Array.from({ length: batch }, (_, k) => work(count + k)));
    count += batch;
    elapsed = performance.now() - t0;
  }
  return (count / elapsed) * 1000;
};

const n = applications.length;
const fmt = (perSecond: number) => `${Math.round(perSecond).toLocaleString('en-US').padStart(12)} evaluations/s`;
const line = (label: string, perSecond: number, note = '') =>
  process.stdout.write(`${label.padEnd(58)} ${fmt(perSecond)}${note ? `  ${note}` : ''}\n`);

process.stdout.write(`Node ${process.version}, ${new Date().toISOString()}\n`);
const autoWorkflow = demoPolicyBundle.workflows.find((w) => w.id === demoWorkflowIds.autoApprovalAuto)!;
process.stdout.write(
  `Demo auto policy: ${autoWorkflow.nodes.length} nodes; ${lookups.reduce((s, l) => s + l.rows.length, 0)} lookup rows; ${n} applications\n`,
);
process.stdout.write(`${await agree('json-rules-engine', jreEvaluate)}\n`);
process.stdout.write(`${await agree('zen-engine', zenEvaluate)}\n`);
const outcomeCounts = new Map<string, number>();
for (const facts of applications) {
  const { outcome } = compiled.evaluate(facts);
  outcomeCounts.set(outcome, (outcomeCounts.get(outcome) ?? 0) + 1);
}
process.stdout.write(`Outcomes: ${[...outcomeCounts].map(([o, c]) => `${o} ${c}`).join(', ')}\n\n`);

const compiledRate = timeSync((i) => compiled.evaluate(applications[i % n]!), 3_000);
line('compiled (compilePolicy, with the full trace)', compiledRate);
const referenceRate = timeSync(
  (i) => evaluateReference(demoPolicyBundle, applications[i % n]!, autoWorkflow.id),
  2_000,
);
line('reference interpreter (decimal.js, linear scans)', referenceRate);
const jreRate = await timeAsync((i) => jreEngine.run(flatApplications[i % n]!), 3_000);
line('json-rules-engine 7 (sequential)', jreRate);
const zenRate = await timeAsync((i) => zenDecision.evaluate(flatApplications[i % n]!), 3_000);
line('@gorules/zen-engine 0.54 (sequential)', zenRate);
const zenBatchRate = await timeAsync((i) => zenDecision.evaluate(flatApplications[i % n]!), 3_000, 64);
line('@gorules/zen-engine 0.54 (64 in flight)', zenBatchRate);

process.stdout.write(
  `\ncompiled / json-rules-engine = ${Math.round(compiledRate / jreRate).toLocaleString('en-US')}×  (target ≥ 100×)\n` +
    `compiled / zen-engine        = ${Math.round(compiledRate / zenRate).toLocaleString('en-US')}× sequential, ${Math.round(
      compiledRate / zenBatchRate,
    ).toLocaleString('en-US')}× against 64 in flight\n`,
);
