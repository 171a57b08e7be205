/**
 * The reference interpreter: the obviously-correct reading of a policy, used to check the compiler (the property
 * test compares their results on random facts). It walks the workflow node by node, finds nodes, matrices and
 * rows by linear search and does every comparison and sum with decimal.js. Slow on purpose; never used to serve.
 */
import type {
  ComparisonOperator,
  MatrixCell,
  MatrixColumnKey,
  PolicyBundle,
  PolicyFacts,
  PolicyResult,
  PolicyTraceStep,
} from '@credence/contracts/policy';
import Decimal from 'decimal.js';
import {
  decimalsOfColumn,
  explainFactCondition,
  explainMatrixHit,
  explainMatrixMiss,
  explainMetricCondition,
  explainOutcome,
  explainSetValue,
  explainTermHit,
  explainTermMiss,
  explainTierHit,
  explainTierMiss,
} from './explain.ts';

const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
type Dec = Decimal;

/** Fixed places, half-up, and never "-0.00". */
const text = (value: Dec, places: number) => {
  const rounded = value.toDecimalPlaces(places, Decimal.ROUND_HALF_UP);
  return rounded.isZero() ? new D(0).toFixed(places) : rounded.toFixed(places);
};

const compare = (a: Dec, operator: ComparisonOperator, b: Dec): boolean => {
  switch (operator) {
    case '<':
      return a.lt(b);
    case '<=':
      return a.lte(b);
    case '>':
      return a.gt(b);
    case '>=':
      return a.gte(b);
    case '=':
      return a.eq(b);
    case '!=':
      return !a.eq(b);
  }
};

/** The key a matrix column reads, as compared (a range key rounded half-up to the column's decimals). */
const readKey = (key: MatrixColumnKey, facts: PolicyFacts, tier: string | null): string | null => {
  const raw: string | number | null | undefined =
    key === 'creditTier'
      ? tier
      : key === 'newUsed'
        ? facts.newUsed
        : key === 'product'
          ? facts.productId
          : key === 'channel'
            ? facts.channel
            : key === 'termMonths' ||
                key === 'ltv' ||
                key === 'amount' ||
                key === 'collateralAge' ||
                key === 'collateralMileage'
              ? facts[key]
              : facts.metrics?.[key];
  if (raw === null || raw === undefined) return null;
  if (key === 'creditTier' || key === 'newUsed' || key === 'product' || key === 'channel') return String(raw);
  return text(new D(raw), decimalsOfColumn(key));
};

const cellMatches = (cell: MatrixCell, value: string | null): boolean => {
  if (cell.kind === 'value') return cell.values.length === 0 || (value !== null && cell.values.includes(value));
  const min = cell.min ?? null;
  const max = cell.max ?? null;
  if (min === null && max === null) return true;
  if (value === null) return false;
  return (min === null || new D(value).gte(min)) && (max === null || new D(value).lte(max));
};

/** Runs a workflow of the bundle (the first when no id is given) on the facts, the slow and simple way. */
export const evaluateReference = (bundle: PolicyBundle, facts: PolicyFacts, workflowId?: string): PolicyResult => {
  const workflow = workflowId === undefined ? bundle.workflows[0]! : bundle.workflows.find((w) => w.id === workflowId)!;
  let tier: string | null = null;
  let baseRate: Dec | null = null;
  let rateAdjustment: Dec | null = null;
  let maxAmount: Dec | null = null;
  let maxLtv: Dec | null = null;
  let fee: Dec | null = null;
  let terms: number[] | null = null;
  const reasonCodes: string[] = [];
  const trace: PolicyTraceStep[] = [];
  const addCodes = (codes: readonly string[]) => {
    for (const code of codes) if (!reasonCodes.includes(code)) reasonCodes.push(code);
  };
  const rate = () => text(baseRate!.plus(rateAdjustment ?? 0), 3);

  let nodeId: string = workflow.startNodeId;
  for (let guard = 0; guard < 10_000; guard += 1) {
    const node = workflow.nodes.find((n) => n.id === nodeId)!;
    const step: PolicyTraceStep = {
      nodeId: node.id,
      nodeName: node.name,
      nodeType: node.type,
      inputs: [],
      result: 'pass',
      matrixId: null,
      rowIndex: null,
      valuesSet: {},
      reasonCodes: [],
      explanation: '',
      next: null,
    };
    trace.push(step);
    switch (node.type) {
      case 'metricCondition': {
        const raw = facts.metrics?.[node.metric] ?? null;
        const passed = raw !== null && compare(new D(raw), node.operator, new D(node.value));
        step.inputs = [{ key: node.metric, value: raw }];
        step.result = passed ? 'pass' : 'fail';
        step.explanation = explainMetricCondition(node.metric, node.operator, node.value, raw, passed);
        step.next = passed ? node.onPass : node.onFail;
        break;
      }
      case 'factCondition': {
        const value = facts.flags?.[node.fact] ?? null;
        const passed = value === null ? node.equals === false : value === node.equals;
        step.inputs = [{ key: node.fact, value }];
        step.result = passed ? 'pass' : 'fail';
        step.explanation = explainFactCondition(node.fact, node.equals, value, passed);
        step.next = passed ? node.onPass : node.onFail;
        break;
      }
      case 'tierAssignment': {
        const set = bundle.creditTierSets.find((s) => s.id === node.creditTierSetId)!;
        const score = facts.creditScore ?? null;
        const reportModel = facts.scoreModel ?? null;
        const model = reportModel !== null && set.scoreModels.includes(reportModel) ? reportModel : set.scoreModels[0]!;
        const index =
          score === null
            ? -1
            : set.tiers.findIndex((t) => {
                const range = t.ranges[model];
                return (
                  range !== undefined &&
                  score >= range.minScore &&
                  score <= range.maxScore &&
                  (t.conditions ?? []).every((c) => cellMatches(c.cell, readKey(c.key, facts, tier)))
                );
              });
        const conditionKeys = [...new Set(set.tiers.flatMap((t) => (t.conditions ?? []).map((c) => c.key)))];
        step.inputs = [
          { key: 'scoreModel', value: model },
          { key: 'creditScore', value: score === null ? null : String(score) },
          ...conditionKeys.map((key) => ({ key, value: readKey(key, facts, tier) })),
        ];
        step.matrixId = set.id;
        if (index < 0) {
          step.result = 'noMatch';
          step.explanation = explainTierMiss(set, model, score, reportModel);
          step.next = node.onNoMatch ?? node.next;
        } else {
          tier = set.tiers[index]!.name;
          step.result = 'hit';
          step.rowIndex = index;
          step.valuesSet = { tier };
          step.explanation = explainTierHit(set, set.tiers[index]!, model, score!, reportModel);
          step.next = node.next;
        }
        break;
      }
      case 'loanTermLookup': {
        const set = bundle.loanTermSets.find((s) => s.id === node.loanTermSetId)!;
        const age = readKey('collateralAge', facts, tier);
        const amount = readKey('amount', facts, tier);
        const index = set.rows.findIndex(
          (row) => cellMatches(row.collateralAge, age) && cellMatches(row.amount, amount),
        );
        step.inputs = [
          { key: 'collateralAge', value: age },
          { key: 'amount', value: amount },
        ];
        step.matrixId = set.id;
        if (index < 0) {
          step.result = 'noMatch';
          step.explanation = explainTermMiss(set, age, amount);
          step.next = node.onNoMatch ?? node.next;
        } else {
          terms = [...set.rows[index]!.terms];
          step.result = 'hit';
          step.rowIndex = index;
          step.valuesSet = { terms: [...terms] };
          step.explanation = explainTermHit(set, index, age, amount);
          step.next = node.next;
        }
        break;
      }
      case 'matrixLookup':
      case 'passFailMatrix': {
        const matrix = bundle.matrices.find((m) => m.id === node.matrixId)!;
        const keys = matrix.axes.map((axis) => ({ key: axis.key, value: readKey(axis.key, facts, tier) }));
        const index = matrix.rows.findIndex((row) => row.cells.every((cell, i) => cellMatches(cell, keys[i]!.value)));
        step.inputs = keys.map((k) => ({ key: k.key, value: k.value }));
        step.matrixId = matrix.id;
        if (index < 0) {
          step.result = 'noMatch';
          step.explanation = explainMatrixMiss(matrix, keys);
          step.next = node.type === 'passFailMatrix' ? node.onFail : (node.onNoMatch ?? node.next);
          break;
        }
        step.rowIndex = index;
        step.explanation = explainMatrixHit(matrix, index, keys);
        const result = matrix.rows[index]!.result;
        if (node.type === 'passFailMatrix') {
          const { pass, reasonCodes: codes } = result as { pass: boolean; reasonCodes: string[] };
          addCodes(codes);
          step.result = pass ? 'pass' : 'fail';
          step.reasonCodes = [...codes];
          step.next = pass ? node.onPass : node.onFail;
          break;
        }
        step.result = 'hit';
        step.next = node.next;
        if (matrix.matrixType === 'LoanLimit') {
          const limit = result as { maxAmount: string | null; maxLtv: string | null };
          if (limit.maxAmount !== null) {
            maxAmount = maxAmount === null ? new D(limit.maxAmount) : Decimal.min(maxAmount, limit.maxAmount);
            step.valuesSet.maxAmount = text(maxAmount, 2);
          }
          if (limit.maxLtv !== null) {
            maxLtv = maxLtv === null ? new D(limit.maxLtv) : Decimal.min(maxLtv, limit.maxLtv);
            step.valuesSet.maxLtv = text(maxLtv, 2);
          }
        } else if (matrix.matrixType === 'Fees') {
          fee = (fee ?? new D(0)).plus((result as { fee: string }).fee);
          step.valuesSet = { fee: text(fee, 2) };
        } else if ('rate' in result) {
          baseRate = new D(result.rate);
          step.valuesSet = { baseRate: text(baseRate, 3), rate: rate() };
        } else {
          rateAdjustment = (rateAdjustment ?? new D(0)).plus((result as { adjustment: string }).adjustment);
          step.valuesSet = { rateAdjustment: text(rateAdjustment, 3) };
          if (baseRate !== null) step.valuesSet.rate = rate();
        }
        break;
      }
      case 'setValue': {
        step.result = 'set';
        step.explanation = explainSetValue(node.field, node.value);
        step.next = node.next;
        switch (node.field) {
          case 'tier':
            tier = node.value;
            step.valuesSet = { tier };
            break;
          case 'rate':
            baseRate = new D(node.value);
            step.valuesSet = { baseRate: text(baseRate, 3), rate: rate() };
            break;
          case 'maxAmount':
            maxAmount = new D(node.value);
            step.valuesSet = { maxAmount: text(maxAmount, 2) };
            break;
          case 'maxLtv':
            maxLtv = new D(node.value);
            step.valuesSet = { maxLtv: text(maxLtv, 2) };
            break;
          case 'fee':
            fee = new D(node.value);
            step.valuesSet = { fee: text(fee, 2) };
            break;
        }
        break;
      }
      case 'outcome': {
        const codes = node.reasonCodes ?? [];
        addCodes(codes);
        step.result = 'outcome';
        step.reasonCodes = [...codes];
        step.explanation = explainOutcome(node.outcome, codes);
        return {
          workflowId: workflow.id,
          outcome: node.outcome,
          outcomeNodeId: node.id,
          values: {
            tier,
            rate: baseRate === null ? null : rate(),
            baseRate: baseRate === null ? null : text(baseRate, 3),
            rateAdjustment: rateAdjustment === null ? null : text(rateAdjustment, 3),
            maxAmount: maxAmount === null ? null : text(maxAmount, 2),
            maxLtv: maxLtv === null ? null : text(maxLtv, 2),
            fee: fee === null ? null : text(fee, 2),
            terms,
          },
          reasonCodes,
          trace,
        };
      }
    }
    nodeId = step.next!;
  }
  throw new Error(`Workflow ${workflow.name} did not reach an outcome (is it valid?)`);
};
