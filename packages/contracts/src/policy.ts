import { z } from 'zod';
import { creditScoreModels, creditScoreModelSchema } from './credit-score-models.ts';

export type { CreditScoreModel } from './credit-score-models.ts';

/**
 * The lender's credit policy as data (issue 12, item 1; DESIGN.md convention 16): credit tier sets, matrices,
 * loan term sets, workflows (graphs of nodes) and decision-retraction rule sets, the facts a policy is
 * evaluated on, and the result with its trace. `@credence/domain` validates a bundle (`validatePolicy`),
 * compiles it once into closures (`compilePolicy`) and keeps an obviously-correct reference interpreter.
 *
 * A leaf module (zod only), exported on its own as `@credence/contracts/policy`: the domain's engine imports it
 * from there, since the contracts package itself imports the domain.
 *
 * Numbers: every decimal of the policy model (thresholds, range bounds, rates, amounts, metric values) is a
 * string with at most 11 integer digits and 4 decimals ("50", "45.5", "25000.00", "-1.25"), never a JS float;
 * the engine compares them exactly. Money in results has two decimals (half-up), rates three, LTV two.
 * Whole counts (terms in months, scores, years, miles) are JS integers.
 */

/** A policy decimal: up to 11 integer digits and 4 decimals ("50", "45.5", "0.0125", "-3"). */
export const POLICY_DECIMAL_PATTERN = /^-?(0|[1-9]\d{0,10})(\.\d{1,4})?$/;
export const policyDecimalSchema = z
  .string()
  .regex(POLICY_DECIMAL_PATTERN, 'A decimal with at most 11 digits before the point and 4 after it');
/** A policy amount of money: two decimals, up to 11 integer digits ("25000.00"). */
export const policyMoneySchema = z
  .string()
  .regex(/^(0|[1-9]\d{0,10})\.\d{2}$/, 'An amount with two decimals, e.g. 25000.00');

/** Ids of policy objects and nodes inside a bundle (the server maps its row ids to these strings). */
export const policyKeySchema = z.string().trim().min(1).max(64);
const nameSchema = z.string().trim().min(1).max(100);
const reasonCodeSchema = z.string().trim().min(1).max(40);

/* ------------------------------------------------------------------------------------------------ metrics */

/**
 * Metric types (spec 3 §3: "income, DTI, LTV front-end and back-end, PTI, NDI, credit score, credit
 * utilization, floor and ceiling amounts, intro rate, margin rate, vehicle age and vehicle mileage; most come
 * in application, proposed, decision and funding variants"; the full list is not shown). Credence names a
 * metric `<Stage><Measure>`: the 4 stages × 16 measures below, 64 names, e.g. `ApplicationDti`,
 * `ProposedFrontEndLtv`, `DecisionPti`, `FundingVehicleMileage`, `ApplicationCreditScore`.
 *
 * - Application: from the application as entered (requested amount and term).
 * - Proposed: from the proposed terms on the decision worksheet.
 * - Decision: from the terms of the decision given.
 * - Funding: from the terms funded.
 */
export const metricStages = ['Application', 'Proposed', 'Decision', 'Funding'] as const;
export type MetricStage = (typeof metricStages)[number];

/** Each measure with its unit: percentages and money to the cent, the rest whole numbers. */
export const metricMeasures = {
  Income: { label: 'income', unit: 'money' },
  Dti: { label: 'DTI', unit: 'percent' },
  FrontEndLtv: { label: 'front-end LTV', unit: 'percent' },
  BackEndLtv: { label: 'back-end LTV', unit: 'percent' },
  Pti: { label: 'PTI', unit: 'percent' },
  Ndi: { label: 'NDI', unit: 'money' },
  CreditScore: { label: 'credit score', unit: 'score' },
  CreditUtilization: { label: 'credit utilization', unit: 'percent' },
  FloorAmount: { label: 'floor amount', unit: 'money' },
  CeilingAmount: { label: 'ceiling amount', unit: 'money' },
  IntroRate: { label: 'intro rate', unit: 'rate' },
  MarginRate: { label: 'margin rate', unit: 'rate' },
  VehicleAge: { label: 'vehicle age', unit: 'years' },
  VehicleMileage: { label: 'vehicle mileage', unit: 'miles' },
  LoanAmount: { label: 'loan amount', unit: 'money' },
  TermMonths: { label: 'term', unit: 'months' },
} as const satisfies Record<string, { label: string; unit: PolicyUnit }>;
export type MetricMeasure = keyof typeof metricMeasures;
const measureNames = Object.keys(metricMeasures) as MetricMeasure[];

/** How a value is shown and to how many decimals a range axis compares it. */
export const policyUnits = ['money', 'percent', 'rate', 'score', 'years', 'miles', 'months', 'text'] as const;
export type PolicyUnit = (typeof policyUnits)[number];
export const policyUnitDecimals: Record<PolicyUnit, number> = {
  money: 2,
  percent: 2,
  rate: 3,
  score: 0,
  years: 0,
  miles: 0,
  months: 0,
  text: 0,
};

export type MetricType = `${MetricStage}${MetricMeasure}`;
/** All 64 metric names, stage by stage: ApplicationIncome, ApplicationDti, …, FundingTermMonths. */
export const metricTypes = metricStages.flatMap((stage) =>
  measureNames.map((measure) => `${stage}${measure}` as MetricType),
) as [MetricType, ...MetricType[]];
export const metricTypeSchema = z.enum(metricTypes);

/** The measure of a metric name ('ProposedDti' -> 'Dti'). */
export const metricMeasureOf = (metric: MetricType): MetricMeasure =>
  metric.replace(/^(Application|Proposed|Decision|Funding)/, '') as MetricMeasure;
/** 'ProposedFrontEndLtv' -> 'Proposed front-end LTV'. */
export const metricLabel = (metric: MetricType): string =>
  `${metric.slice(0, metric.length - metricMeasureOf(metric).length)} ${metricMeasures[metricMeasureOf(metric)].label}`;

/**
 * Yes/no facts a workflow can branch on like a metric (alerts from the credit report and screening): an OFAC
 * or fraud alert routes the demo policy to ManualReview, a bankruptcy to Decline.
 */
export const booleanFacts = {
  hasOfacAlert: 'OFAC alert',
  hasFraudAlert: 'fraud alert',
  hasBankruptcy: 'bankruptcy on file',
  hasRepossession: 'repossession on file',
  hasCoApplicant: 'co-applicant',
} as const;
export type BooleanFact = keyof typeof booleanFacts;
export const booleanFactSchema = z.enum(Object.keys(booleanFacts) as [BooleanFact, ...BooleanFact[]]);

/* ------------------------------------------------------------------------------------------------ matrices */

export const matrixTypes = ['LoanLimit', 'Fees', 'Rate', 'PassFail'] as const;
export const matrixTypeSchema = z.enum(matrixTypes);
export type MatrixType = z.infer<typeof matrixTypeSchema>;

/** The columns every matrix can be keyed by, besides any metric (spec 2 §7 `matrices/columnDefinitions`). */
export const matrixFixedColumns = [
  'creditTier',
  'termMonths',
  'ltv',
  'amount',
  'collateralAge',
  'collateralMileage',
  'newUsed',
  'product',
  'channel',
] as const;
export type MatrixFixedColumn = (typeof matrixFixedColumns)[number];
export type MatrixColumnKey = MatrixFixedColumn | MetricType;
export const matrixColumnKeySchema = z.enum([...matrixFixedColumns, ...metricTypes] as [
  MatrixColumnKey,
  ...MatrixColumnKey[],
]);

/**
 * A column definition: `range` columns take inclusive min/max bounds and compare the fact rounded half-up to
 * the unit's decimals (so ranges 0–100.00 and 100.01–120.00 leave no gap); `value` columns take a list of
 * values (empty = any).
 */
export type MatrixColumnDefinition = { key: MatrixColumnKey; label: string; kind: 'range' | 'value'; unit: PolicyUnit };

const fixedColumnDefinitions: Record<MatrixFixedColumn, MatrixColumnDefinition> = {
  creditTier: { key: 'creditTier', label: 'Credit tier', kind: 'value', unit: 'text' },
  termMonths: { key: 'termMonths', label: 'Term', kind: 'range', unit: 'months' },
  ltv: { key: 'ltv', label: 'LTV', kind: 'range', unit: 'percent' },
  amount: { key: 'amount', label: 'Amount', kind: 'range', unit: 'money' },
  collateralAge: { key: 'collateralAge', label: 'Collateral age', kind: 'range', unit: 'years' },
  collateralMileage: { key: 'collateralMileage', label: 'Collateral mileage', kind: 'range', unit: 'miles' },
  newUsed: { key: 'newUsed', label: 'New / used', kind: 'value', unit: 'text' },
  product: { key: 'product', label: 'Loan product', kind: 'value', unit: 'text' },
  channel: { key: 'channel', label: 'Channel', kind: 'value', unit: 'text' },
};
const metricColumnDefinitions: MatrixColumnDefinition[] = metricTypes.map((metric) => ({
  key: metric,
  label: metricLabel(metric).replace(/^\w/, (c) => c.toUpperCase()),
  kind: 'range',
  unit: metricMeasures[metricMeasureOf(metric)].unit,
}));

/** Every column any matrix can use, by key. */
export const matrixColumns: Record<MatrixColumnKey, MatrixColumnDefinition> = Object.fromEntries(
  [...Object.values(fixedColumnDefinitions), ...metricColumnDefinitions].map((c) => [c.key, c]),
) as Record<MatrixColumnKey, MatrixColumnDefinition>;

/**
 * The column definitions of each matrix type (`GET matrices/columnDefinitions?matrixType`): every type may be
 * keyed by credit tier, term, collateral age / mileage / new-used, product, channel and any metric; a loan
 * limit matrix has no amount or LTV axis (they are its results).
 */
export const matrixColumnDefinitions: Record<MatrixType, MatrixColumnDefinition[]> = {
  LoanLimit: Object.values(matrixColumns).filter((c) => c.key !== 'amount' && c.key !== 'ltv'),
  Fees: Object.values(matrixColumns),
  Rate: Object.values(matrixColumns),
  PassFail: Object.values(matrixColumns),
};

export const matrixAxisSchema = z.object({ key: matrixColumnKeySchema, kind: z.enum(['range', 'value']) });
export type MatrixAxis = z.infer<typeof matrixAxisSchema>;

/** A range cell: min and max inclusive; a missing bound is open. Both missing = any value (and a missing fact). */
export const rangeCellSchema = z.object({
  kind: z.literal('range'),
  min: policyDecimalSchema.nullable().optional(),
  max: policyDecimalSchema.nullable().optional(),
});
/** A value cell: the fact must be one of the values; an empty list = any value (and a missing fact). */
export const valueCellSchema = z.object({
  kind: z.literal('value'),
  values: z.array(z.string().trim().min(1).max(64)).max(100),
});
export const matrixCellSchema = z.discriminatedUnion('kind', [rangeCellSchema, valueCellSchema]);
export type RangeCell = z.infer<typeof rangeCellSchema>;
export type ValueCell = z.infer<typeof valueCellSchema>;
export type MatrixCell = z.infer<typeof matrixCellSchema>;

/** LoanLimit: the most a loan may be and its highest LTV (null = no limit from this row). */
export const loanLimitResultSchema = z.object({
  maxAmount: policyMoneySchema.nullable(),
  maxLtv: policyDecimalSchema.nullable(),
});
export const feeResultSchema = z.object({ fee: policyMoneySchema });
/** Rate: a base rate (percent) or an additional rate added to it ("additional rates"). */
export const rateResultSchema = z.union([
  z.strictObject({ rate: policyDecimalSchema }),
  z.strictObject({ adjustment: policyDecimalSchema }),
]);
export const passFailResultSchema = z.object({
  pass: z.boolean(),
  reasonCodes: z.array(reasonCodeSchema).max(20),
});
export type LoanLimitResult = z.infer<typeof loanLimitResultSchema>;
export type FeeResult = z.infer<typeof feeResultSchema>;
export type RateResult = z.infer<typeof rateResultSchema>;
export type PassFailResult = z.infer<typeof passFailResultSchema>;

const matrixRow = <R extends z.ZodType>(result: R) => z.object({ cells: z.array(matrixCellSchema).max(12), result });
const matrixBase = {
  id: policyKeySchema,
  name: nameSchema,
  /** Bound to a credit tier set (`matrices/typeAndCreditTiers`): its creditTier cells name that set's tiers. */
  creditTierSetId: policyKeySchema.nullable().optional(),
  axes: z.array(matrixAxisSchema).max(12),
};
export const matrixSchema = z.discriminatedUnion('matrixType', [
  z.object({ ...matrixBase, matrixType: z.literal('LoanLimit'), rows: z.array(matrixRow(loanLimitResultSchema)) }),
  z.object({ ...matrixBase, matrixType: z.literal('Fees'), rows: z.array(matrixRow(feeResultSchema)) }),
  z.object({ ...matrixBase, matrixType: z.literal('Rate'), rows: z.array(matrixRow(rateResultSchema)) }),
  z.object({ ...matrixBase, matrixType: z.literal('PassFail'), rows: z.array(matrixRow(passFailResultSchema)) }),
]);
export type Matrix = z.infer<typeof matrixSchema>;
export type MatrixRow = Matrix['rows'][number];

/* ------------------------------------------------------------------------------------------- credit tiers */

/** An inclusive score range of one score model. */
export const creditTierRangeSchema = z.object({
  minScore: z.number().int().min(0).max(1000),
  maxScore: z.number().int().min(0).max(1000),
});
export type CreditTierRange = z.infer<typeof creditTierRangeSchema>;

/**
 * A condition of a tier: a matrix column (any but the credit tier itself) and a cell the application's value must
 * fall in — the same columns and cells a matrix row is keyed by (loan product, collateral age, new / used, a metric …).
 */
export const creditTierConditionSchema = z.object({
  key: matrixColumnKeySchema,
  cell: matrixCellSchema,
});
export type CreditTierCondition = z.infer<typeof creditTierConditionSchema>;

/**
 * A tier: its score range per score model (a model without a range never lands in the tier) and optional
 * conditions that must all hold.
 */
export const creditTierSchema = z.object({
  name: z.string().trim().min(1).max(20),
  ranges: z.partialRecord(creditScoreModelSchema, creditTierRangeSchema),
  conditions: z.array(creditTierConditionSchema).max(12).optional(),
});
export type CreditTier = z.infer<typeof creditTierSchema>;

/**
 * A tier set as stored before tiers had a range per score model — `{ scoreModel, tiers: [{ name, minScore,
 * maxScore }] }` — in today's shape (one model, no conditions); anything else unchanged. Stored configurations
 * are read through it, so the rows saved before still load, validate and compile.
 */
export const upgradeCreditTierSet = (raw: unknown): unknown => {
  if (raw === null || typeof raw !== 'object' || !('scoreModel' in raw) || 'scoreModels' in raw) return raw;
  const { scoreModel, tiers, ...rest } = raw as { scoreModel: unknown; tiers?: unknown };
  const upgradeTier = (tier: unknown) => {
    if (tier === null || typeof tier !== 'object' || 'ranges' in tier) return tier;
    const { minScore, maxScore, ...other } = tier as { minScore?: unknown; maxScore?: unknown };
    return { ...other, ranges: { [String(scoreModel)]: { minScore, maxScore } }, conditions: [] };
  };
  return { ...rest, scoreModels: [scoreModel], tiers: Array.isArray(tiers) ? tiers.map(upgradeTier) : tiers };
};

/** A credit tier set in today's shape only (what the server answers: it upgrades what it reads). */
export const currentCreditTierSetSchema = z.object({
  id: policyKeySchema,
  name: nameSchema,
  /** The score models the tiers have ranges for, in the editor's column order; the first one is the fallback. */
  scoreModels: z.array(creditScoreModelSchema).min(1).max(creditScoreModels.length),
  tiers: z.array(creditTierSchema).min(1).max(30),
});

/**
 * A credit tier set: ordered tiers; an application lands in the first tier whose range for its score model (the
 * credit report's default model; the set's first model when the set has no ranges for it) holds its score and
 * whose conditions hold. Per model, the ranges of tiers whose conditions could hold together must neither overlap
 * nor leave a gap (checked by `validatePolicy`). Old configurations are upgraded on parse.
 */
export const creditTierSetSchema = z.preprocess(upgradeCreditTierSet, currentCreditTierSetSchema);
export type CreditTierSet = z.infer<typeof currentCreditTierSetSchema>;

/* --------------------------------------------------------------------------------------------- term sets */

/** A loan term set: the terms allowed by collateral age (years) and amount (inclusive ranges). */
export const loanTermSetSchema = z.object({
  id: policyKeySchema,
  name: nameSchema,
  rows: z
    .array(
      z.object({
        collateralAge: rangeCellSchema,
        amount: rangeCellSchema,
        terms: z.array(z.number().int().min(1).max(600)).min(1).max(60),
      }),
    )
    .max(500),
});
export type LoanTermSet = z.infer<typeof loanTermSetSchema>;

/* ------------------------------------------------------------------------------------------------ workflows */

export const comparisonOperators = ['<', '<=', '>', '>=', '=', '!='] as const;
export const comparisonOperatorSchema = z.enum(comparisonOperators);
export type ComparisonOperator = z.infer<typeof comparisonOperatorSchema>;

/** The outcomes of an auto-approval workflow (spec 3 §3 autoApprovalOutcomeType). */
export const autoApprovalOutcomes = ['Approve', 'ManualReview', 'Decline'] as const;
export type AutoApprovalOutcome = (typeof autoApprovalOutcomes)[number];

/** The values a workflow sets as it runs (and a setValue node may set). */
export const policyValueFields = ['tier', 'rate', 'maxAmount', 'maxLtv', 'fee'] as const;
export const policyValueFieldSchema = z.enum(policyValueFields);
export type PolicyValueField = z.infer<typeof policyValueFieldSchema>;

const nodeBase = {
  id: policyKeySchema,
  name: nameSchema,
  /** Where the workflow editor draws the node. */
  position: z.object({ x: z.number(), y: z.number() }).optional(),
};
const edge = policyKeySchema;
/** Where to go when a lookup finds no row (no tier, no matrix row, no term row); without it: `next`. */
const onNoMatch = policyKeySchema.nullable().optional();

/** Passes when the metric compares to the value (exactly); a metric the facts lack fails. */
export const metricConditionNodeSchema = z.object({
  ...nodeBase,
  type: z.literal('metricCondition'),
  metric: metricTypeSchema,
  operator: comparisonOperatorSchema,
  value: policyDecimalSchema,
  onPass: edge,
  onFail: edge,
});
/** Passes when the yes/no fact has the expected value; a fact the facts lack counts as false. */
export const factConditionNodeSchema = z.object({
  ...nodeBase,
  type: z.literal('factCondition'),
  fact: booleanFactSchema,
  equals: z.boolean(),
  onPass: edge,
  onFail: edge,
});
/** Looks a LoanLimit, Fees or Rate matrix up and sets maxAmount / maxLtv, fee, or rate. */
export const matrixLookupNodeSchema = z.object({
  ...nodeBase,
  type: z.literal('matrixLookup'),
  matrixId: policyKeySchema,
  next: edge,
  onNoMatch,
});
/** Looks a PassFail matrix up; no matching row fails. */
export const passFailMatrixNodeSchema = z.object({
  ...nodeBase,
  type: z.literal('passFailMatrix'),
  matrixId: policyKeySchema,
  onPass: edge,
  onFail: edge,
});
/** Assigns the credit tier of the credit score in a tier set. */
export const tierAssignmentNodeSchema = z.object({
  ...nodeBase,
  type: z.literal('tierAssignment'),
  creditTierSetId: policyKeySchema,
  next: edge,
  onNoMatch,
});
/** Sets the allowed terms from a loan term set (by collateral age and amount). */
export const loanTermLookupNodeSchema = z.object({
  ...nodeBase,
  type: z.literal('loanTermLookup'),
  loanTermSetId: policyKeySchema,
  next: edge,
  onNoMatch,
});
/** Sets a value (tier: a tier name; rate, maxLtv: a decimal; maxAmount, fee: an amount). */
export const setValueNodeSchema = z.object({
  ...nodeBase,
  type: z.literal('setValue'),
  field: policyValueFieldSchema,
  value: z.string().trim().min(1).max(20),
  next: edge,
});
/** Ends the run: Approve, ManualReview or Decline (auto-approval), or any outcome name (loan policy). */
export const outcomeNodeSchema = z.object({
  ...nodeBase,
  type: z.literal('outcome'),
  outcome: z.string().trim().min(1).max(40),
  reasonCodes: z.array(reasonCodeSchema).max(20).optional(),
});
export const workflowNodeSchema = z.discriminatedUnion('type', [
  metricConditionNodeSchema,
  factConditionNodeSchema,
  matrixLookupNodeSchema,
  passFailMatrixNodeSchema,
  tierAssignmentNodeSchema,
  loanTermLookupNodeSchema,
  setValueNodeSchema,
  outcomeNodeSchema,
]);
export type WorkflowNode = z.infer<typeof workflowNodeSchema>;
export type WorkflowNodeType = WorkflowNode['type'];

export const workflowKinds = ['loanPolicy', 'autoApproval'] as const;
export const workflowSchema = z.object({
  id: policyKeySchema,
  name: nameSchema,
  kind: z.enum(workflowKinds),
  /** The loan products it serves (one active workflow of each kind per product; the server enforces it). */
  loanProductIds: z.array(z.number().int().min(1)).max(200),
  startNodeId: policyKeySchema,
  nodes: z.array(workflowNodeSchema).min(1).max(500),
});
export type Workflow = z.infer<typeof workflowSchema>;

/* ------------------------------------------------------------------------------ decision retraction rules */

/**
 * Application fields whose change after a decision can retract it (a decision-retraction rule set, spec 2 §3
 * worksheet-change rule of type decision retraction, lists some of them).
 */
export const retractableApplicationFields = [
  'loanProductId',
  'requestedAmount',
  'termMonths',
  'cashDown',
  'tradeInValue',
  'collateral.value',
  'collateral.year',
  'collateral.mileage',
  'collateral.newUsed',
  'applicant.income',
  'applicant.housingPayment',
  'applicant.ssn',
  'applicant.dateOfBirth',
  'applicant.added',
  'applicant.removed',
  'creditReport.repulled',
  'dealer',
] as const;
export const decisionRetractionRuleSetSchema = z.object({
  id: policyKeySchema,
  name: nameSchema,
  type: z.literal('DecisionRetraction').default('DecisionRetraction'),
  fields: z.array(z.enum(retractableApplicationFields)).max(retractableApplicationFields.length),
});
export type DecisionRetractionRuleSet = z.infer<typeof decisionRetractionRuleSetSchema>;

/* ------------------------------------------------------------------------------------------------- bundle */

/** Everything a workflow may reference, validated and compiled together (one published version). */
export const policyBundleSchema = z.object({
  creditTierSets: z.array(creditTierSetSchema).max(50),
  matrices: z.array(matrixSchema).max(500),
  loanTermSets: z.array(loanTermSetSchema).max(50),
  workflows: z.array(workflowSchema).max(100),
  decisionRetractionRuleSets: z.array(decisionRetractionRuleSetSchema).max(50).default([]),
});
/** A bundle as the engine takes it (tier sets in today's shape: `upgradeCreditTierSet` reads older ones). */
export type PolicyBundle = Omit<z.input<typeof policyBundleSchema>, 'creditTierSets'> & {
  creditTierSets: CreditTierSet[];
};

/** A problem `validatePolicy` found: where, and a sentence an administrator can act on. */
export type PolicyProblem = {
  path: string;
  message: string;
  /** The workflow nodes a problem of several nodes names (the nodes of a cycle), by id. */
  nodeIds?: string[];
};

/* -------------------------------------------------------------------------------------------------- facts */

/**
 * What a policy is evaluated on, computed by the server from the application, the credit report (included
 * tradelines only) and the proposed terms. Anything missing is null or absent: a condition on a missing
 * metric fails, a lookup on a missing axis value matches only "any" cells.
 */
export const policyFactsSchema = z.object({
  metrics: z.partialRecord(metricTypeSchema, policyDecimalSchema).default({}),
  flags: z.partialRecord(booleanFactSchema, z.boolean()).default({}),
  creditScore: z.number().int().min(0).max(1000).nullish(),
  /** The model of the credit score (the credit report's default model); absent: each tier set's first model. */
  scoreModel: creditScoreModelSchema.nullish(),
  amount: policyMoneySchema.nullish(),
  termMonths: z.number().int().min(1).max(600).nullish(),
  ltv: policyDecimalSchema.nullish(),
  collateralAge: z.number().int().min(0).max(200).nullish(),
  collateralMileage: z.number().int().min(0).max(10_000_000).nullish(),
  newUsed: z.enum(['New', 'Used']).nullish(),
  productId: z.string().max(64).nullish(),
  channel: z.string().max(64).nullish(),
});
export type PolicyFacts = z.input<typeof policyFactsSchema>;

/* ------------------------------------------------------------------------------------------------- result */

/** The values a run produced: money with two decimals, rates three, LTV two; null when never set. */
export const policyValuesSchema = z.object({
  tier: z.string().nullable(),
  /** The base rate plus the additional rates (null without a base rate). */
  rate: z.string().nullable(),
  baseRate: z.string().nullable(),
  /** The sum of the additional rates applied (null when none). */
  rateAdjustment: z.string().nullable(),
  /** The most restrictive of the loan limits hit (or the value set). */
  maxAmount: z.string().nullable(),
  maxLtv: z.string().nullable(),
  /** The sum of the fees hit (or the value set). */
  fee: z.string().nullable(),
  terms: z.array(z.number().int()).nullable(),
});
export type PolicyValues = z.infer<typeof policyValuesSchema>;

export const policyStepResults = ['pass', 'fail', 'hit', 'noMatch', 'set', 'outcome'] as const;
export const policyTraceStepSchema = z.object({
  nodeId: z.string(),
  nodeName: z.string(),
  nodeType: z.string(),
  /** What the node read, in order: a metric, a flag, the lookup keys (rounded as compared), the score; null = missing. */
  inputs: z.array(z.object({ key: z.string(), value: z.union([z.string(), z.boolean(), z.null()]) })),
  result: z.enum(policyStepResults),
  matrixId: z.string().nullable(),
  /** The matrix / term-set row hit (0-based), or the tier index. */
  rowIndex: z.number().int().nullable(),
  valuesSet: z.record(z.string(), z.union([z.string(), z.array(z.number().int())])),
  reasonCodes: z.array(z.string()),
  /** One plain-English sentence: what was checked and why it went the way it did. */
  explanation: z.string(),
  /** The node run next (null after an outcome). */
  next: z.string().nullable(),
});
export type PolicyTraceStep = z.infer<typeof policyTraceStepSchema>;

export const policyResultSchema = z.object({
  workflowId: z.string(),
  outcome: z.string(),
  outcomeNodeId: z.string(),
  values: policyValuesSchema,
  /** Every reason code of the run (pass/fail rows hit, the outcome's), first appearance first, no repeats. */
  reasonCodes: z.array(z.string()),
  trace: z.array(policyTraceStepSchema),
});
export type PolicyResult = z.infer<typeof policyResultSchema>;
