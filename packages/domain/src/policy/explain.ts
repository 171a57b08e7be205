/**
 * The plain-English texts of a policy trace, shared by the compiled engine and the reference interpreter so that
 * their traces can be compared word for word. Values arrive here already formatted (decimal strings); the few
 * formats of static policy data (a row's result, a set value) are computed with decimal.js, once per row when
 * compiling.
 */
import {
  booleanFacts,
  matrixColumns,
  metricLabel,
  metricMeasureOf,
  metricMeasures,
  policyUnitDecimals,
  type BooleanFact,
  type ComparisonOperator,
  type CreditScoreModel,
  type CreditTier,
  type CreditTierSet,
  type LoanTermSet,
  type Matrix,
  type MatrixAxis,
  type MatrixCell,
  type MatrixColumnKey,
  type MatrixRow,
  type MetricType,
  type PolicyUnit,
  type PolicyValueField,
  type RangeCell,
} from '@credence/contracts/policy';
import Decimal from 'decimal.js';

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A decimal string with a fixed number of places, half-up, never "-0.00". */
export const fixed = (text: string, decimals: number): string => {
  const value = new Decimal(text).toDecimalPlaces(decimals, Decimal.ROUND_HALF_UP);
  return (value.isZero() ? new Decimal(0) : value).toFixed(decimals);
};

export const unitOfColumn = (key: MatrixColumnKey): PolicyUnit => matrixColumns[key].unit;
export const decimalsOfColumn = (key: MatrixColumnKey): number => policyUnitDecimals[unitOfColumn(key)];
export const unitOfMetric = (metric: MetricType): PolicyUnit => metricMeasures[metricMeasureOf(metric)].unit;

/** A value with its unit: "$25000.00", "45.5%", "66 months", "12000 miles". */
export const show = (unit: PolicyUnit, text: string): string => {
  switch (unit) {
    case 'money':
      return text.startsWith('-') ? `-$${text.slice(1)}` : `$${text}`;
    case 'percent':
    case 'rate':
      return `${text}%`;
    case 'years':
      return `${text} ${text === '1' ? 'year' : 'years'}`;
    case 'miles':
      return `${text} miles`;
    case 'months':
      return `${text} months`;
    case 'score':
    case 'text':
      return text;
  }
};

const columnLabel = (key: MatrixColumnKey) => matrixColumns[key].label;
/** A label inside a sentence: "credit tier", but "LTV" stays. */
const lowerLabel = (key: MatrixColumnKey) => {
  const label = columnLabel(key);
  return /^[A-Z][a-z]/.test(label) ? label.charAt(0).toLowerCase() + label.slice(1) : label;
};

/** "Term (months) 61–72", "LTV 120.01% or more", "Credit tier A, A+", "Channel any". */
export const describeCell = (key: MatrixColumnKey, cell: MatrixCell): string => {
  const label = columnLabel(key);
  if (cell.kind === 'value') return `${label} ${cell.values.length === 0 ? 'any' : cell.values.join(', ')}`;
  return `${label} ${describeRange(unitOfColumn(key), cell)}`;
};

export const describeRange = (unit: PolicyUnit, cell: RangeCell): string => {
  const min = cell.min ?? null;
  const max = cell.max ?? null;
  if (min !== null && max !== null) return `${show(unit, min)} to ${show(unit, max)}`;
  if (min !== null) return `${show(unit, min)} or more`;
  if (max !== null) return `${show(unit, max)} or less`;
  return 'any';
};

/** "row 3 (Credit tier A; Term (months) 61 months to 72 months; LTV 100.01% to 120.00%)". */
export const describeRow = (axes: readonly MatrixAxis[], cells: readonly MatrixCell[], rowIndex: number): string =>
  `row ${rowIndex + 1} (${axes.map((axis, i) => describeCell(axis.key, cells[i]!)).join('; ')})`;

/** How one lookup key reads in a sentence: "LTV 105.00%", "credit tier A", "no collateral mileage". */
export const keyDescriber = (key: MatrixColumnKey): ((value: string | null) => string) => {
  const label = lowerLabel(key);
  const unit = unitOfColumn(key);
  const missing = `no ${label}`;
  const prefix = `${label} `;
  return (value) => (value === null ? missing : prefix + show(unit, value));
};

/** The lookup keys as compared: "credit tier A, term 66 months, LTV 105.00%" (missing: "no LTV"). */
export const describeKeys = (keys: readonly { key: MatrixColumnKey; value: string | null }[]): string =>
  keys.map(({ key, value }) => keyDescriber(key)(value)).join(', ');

const matrixTypeLabels: Record<Matrix['matrixType'], string> = {
  LoanLimit: 'Loan limit matrix',
  Fees: 'Fee matrix',
  Rate: 'Rate matrix',
  PassFail: 'Pass/fail matrix',
};

/** What a row of a matrix gives: "base rate 6.490%", "max amount $40000.00 and max LTV 125.00%", "fail (DTI)". */
export const describeRowResult = (matrix: Matrix, row: MatrixRow): string => {
  const result = row.result;
  switch (matrix.matrixType) {
    case 'Rate': {
      const r = result as { rate: string } | { adjustment: string };
      return 'rate' in r ? `base rate ${fixed(r.rate, 3)}%` : `additional rate ${signed(fixed(r.adjustment, 3))}%`;
    }
    case 'Fees':
      return `fee ${show('money', fixed((result as { fee: string }).fee, 2))}`;
    case 'LoanLimit': {
      const { maxAmount, maxLtv } = result as { maxAmount: string | null; maxLtv: string | null };
      const parts = [
        maxAmount === null ? 'no amount limit' : `max amount ${show('money', fixed(maxAmount, 2))}`,
        maxLtv === null ? 'no LTV limit' : `max LTV ${fixed(maxLtv, 2)}%`,
      ];
      return parts.join(' and ');
    }
    case 'PassFail': {
      const { pass, reasonCodes } = result as { pass: boolean; reasonCodes: string[] };
      return `${pass ? 'pass' : 'fail'}${reasonCodes.length > 0 ? ` (${reasonCodes.join(', ')})` : ''}`;
    }
  }
};

const signed = (text: string) => (text.startsWith('-') ? text : `+${text}`);

/** The fixed parts of a hit's sentence around the lookup keys (computed once per row by the compiler). */
export const matrixHitParts = (matrix: Matrix, rowIndex: number): [string, string] => [
  `${matrixTypeLabels[matrix.matrixType]} ${matrix.name}: ${describeRow(matrix.axes, matrix.rows[rowIndex]!.cells, rowIndex)} matches `,
  `: ${describeRowResult(matrix, matrix.rows[rowIndex]!)}.`,
];

export const matrixMissParts = (matrix: Matrix): [string, string] => [
  `${matrixTypeLabels[matrix.matrixType]} ${matrix.name}: no row matches `,
  `; ${matrix.matrixType === 'PassFail' ? 'failed' : 'nothing set'}.`,
];

type Keys = readonly { key: MatrixColumnKey; value: string | null }[];

/** "Rate matrix Auto rates: row 12 (…) matches credit tier A, …: base rate 6.490%." */
export const explainMatrixHit = (matrix: Matrix, rowIndex: number, keys: Keys): string => {
  const [prefix, suffix] = matrixHitParts(matrix, rowIndex);
  return prefix + describeKeys(keys) + suffix;
};

export const explainMatrixMiss = (matrix: Matrix, keys: Keys): string => {
  const [prefix, suffix] = matrixMissParts(matrix);
  return prefix + describeKeys(keys) + suffix;
};

const operatorWords: Record<ComparisonOperator, string> = {
  '<': 'less than',
  '<=': 'at most',
  '>': 'more than',
  '>=': 'at least',
  '=': 'equal to',
  '!=': 'other than',
};

export type MetricConditionParts = { label: string; unit: PolicyUnit; rule: string };

/** The fixed parts of a condition's sentence (computed once per node by the compiler). */
export const metricConditionParts = (
  metric: MetricType,
  operator: ComparisonOperator,
  threshold: string,
): MetricConditionParts => {
  const unit = unitOfMetric(metric);
  return { label: capitalize(metricLabel(metric)), unit, rule: `${operatorWords[operator]} ${show(unit, threshold)}` };
};

export const explainMetricConditionWith = (
  { label, unit, rule }: MetricConditionParts,
  value: string | null,
  passed: boolean,
): string => {
  if (value === null) return `${label} is not available (the rule needs ${rule}): failed.`;
  return passed
    ? `${label} is ${show(unit, value)}, ${rule} as required: passed.`
    : `${label} is ${show(unit, value)}, not ${rule}: failed.`;
};

/** "Application DTI is 45.5%, at most 50% as required: passed." */
export const explainMetricCondition = (
  metric: MetricType,
  operator: ComparisonOperator,
  threshold: string,
  value: string | null,
  passed: boolean,
): string => explainMetricConditionWith(metricConditionParts(metric, operator, threshold), value, passed);

/** "OFAC alert: yes; the condition is yes: passed." */
export const explainFactCondition = (
  fact: BooleanFact,
  equals: boolean,
  value: boolean | null,
  passed: boolean,
): string =>
  `${capitalize(booleanFacts[fact])}: ${value === null ? 'not reported (counts as no)' : value ? 'yes' : 'no'}; the condition is ${equals ? 'yes' : 'no'}: ${passed ? 'passed' : 'failed'}.`;

/** "Loan product 1; Collateral age 5 years or less" (empty without conditions). */
const tierConditions = (tier: CreditTier) =>
  (tier.conditions ?? []).map((c) => `; ${describeCell(c.key, c.cell)}`).join('');

/** Before the sentence when the report's model has no ranges in the set and its first model is read instead. */
const fallbackNote = (set: CreditTierSet, model: CreditScoreModel, reportModel: CreditScoreModel | null) =>
  reportModel === null || reportModel === model
    ? ''
    : `${set.name} has no ${reportModel} ranges, so ${model} is read: `;

/** "FICO Auto 8 score 742 falls in tier A (720 to 759; New / used New) of Consumer tiers." */
export const explainTierHit = (
  set: CreditTierSet,
  tier: CreditTier,
  model: CreditScoreModel,
  score: number,
  reportModel: CreditScoreModel | null,
): string => {
  const range = tier.ranges[model]!;
  return `${fallbackNote(set, model, reportModel)}${model} score ${score} falls in tier ${tier.name} (${range.minScore} to ${range.maxScore}${tierConditions(tier)}) of ${set.name}.`;
};

export const explainTierMiss = (
  set: CreditTierSet,
  model: CreditScoreModel,
  score: number | null,
  reportModel: CreditScoreModel | null,
): string =>
  score === null
    ? `There is no credit score, so no tier of ${set.name} is assigned.`
    : `${fallbackNote(set, model, reportModel)}${model} score ${score} falls in no tier of ${set.name}${
        set.tiers.some((t) => (t.conditions ?? []).length > 0) ? ' whose conditions hold' : ''
      }; no tier is assigned.`;

const termSetKeys = (age: string | null, amount: string | null) =>
  `${age === null ? 'no collateral age' : `collateral age ${show('years', age)}`}, ${
    amount === null ? 'no amount' : `amount ${show('money', amount)}`
  }`;

export const explainTermHit = (set: LoanTermSet, rowIndex: number, age: string | null, amount: string | null) => {
  const row = set.rows[rowIndex]!;
  return `Loan term set ${set.name}: row ${rowIndex + 1} (Collateral age ${describeRange('years', row.collateralAge)}; Amount ${describeRange(
    'money',
    row.amount,
  )}) matches ${termSetKeys(age, amount)}: terms ${row.terms.join(', ')} months.`;
};

export const explainTermMiss = (set: LoanTermSet, age: string | null, amount: string | null) =>
  `Loan term set ${set.name}: no row matches ${termSetKeys(age, amount)}; no terms set.`;

/** The text of a set value: "A", "5.000%", "$40000.00", "125.00%". */
export const formatSetValue = (field: PolicyValueField, value: string): string => {
  switch (field) {
    case 'tier':
      return value;
    case 'rate':
      return `${fixed(value, 3)}%`;
    case 'maxLtv':
      return `${fixed(value, 2)}%`;
    case 'maxAmount':
    case 'fee':
      return show('money', fixed(value, 2));
  }
};

const fieldLabels: Record<PolicyValueField, string> = {
  tier: 'credit tier',
  rate: 'base rate',
  maxAmount: 'max amount',
  maxLtv: 'max LTV',
  fee: 'fee',
};

export const explainSetValue = (field: PolicyValueField, value: string): string =>
  `Sets the ${fieldLabels[field]} to ${formatSetValue(field, value)}.`;

export const explainOutcome = (outcome: string, reasonCodes: readonly string[]): string =>
  `Outcome: ${outcome}${reasonCodes.length > 0 ? ` (${reasonCodes.join(', ')})` : ''}.`;
