/**
 * The policy compiler (issue 12, item 2; DESIGN.md "decision engine"): a validated bundle is turned, once, into
 * plain closures over pre-parsed tables, one closure per workflow node, each calling its successors directly.
 * Decimals are parsed once into exact ten-thousandths (`scaled.ts`); a matrix becomes a decision tree over its
 * axes (a Map per value axis, a binary search over sorted segment starts per range axis); a tier set becomes
 * sorted score bounds. There is no `eval`, no `new Function` and no generic interpreter on the hot path.
 * Evaluation is synchronous and deterministic and returns the outcome, the values set and a trace whose every
 * step says what was read, which row was hit and why, in the same words as `reference.ts`.
 */
import type {
  CreditScoreModel,
  CreditTierSet,
  LoanTermSet,
  Matrix,
  MatrixColumnKey,
  PolicyBundle,
  PolicyFacts,
  PolicyProblem,
  PolicyResult,
  PolicyTraceStep,
  PolicyValueField,
  MatrixCell,
  Workflow,
  WorkflowNode,
} from '@credence/contracts/policy';
import {
  decimalsOfColumn,
  keyDescriber,
  explainFactCondition,
  explainOutcome,
  explainSetValue,
  explainTermHit,
  explainTermMiss,
  explainTierHit,
  explainTierMiss,
  explainMetricConditionWith,
  matrixHitParts,
  matrixMissParts,
  metricConditionParts,
} from './explain.ts';
import { formatScaled, parseScaled, roundScaled, scaleInteger } from './scaled.ts';
import { validatePolicy } from './validate.ts';

/** A bundle that failed `validatePolicy`: it cannot be compiled. */
export class PolicyCompileError extends Error {
  constructor(readonly problems: PolicyProblem[]) {
    super(`The policy has ${problems.length} problem(s): ${problems.map((p) => p.message).join(' ')}`);
    this.name = 'PolicyCompileError';
  }
}

/** Facts that are not what `policyFactsSchema` accepts (parse them with it first). */
export class PolicyFactsError extends Error {
  constructor(field: string, value: unknown) {
    super(`The fact ${field} is not a policy decimal: ${String(value)}`);
    this.name = 'PolicyFactsError';
  }
}

export type CompiledPolicy = {
  workflowId: string;
  evaluate: (facts: PolicyFacts) => PolicyResult;
};

type State = {
  facts: PolicyFacts;
  tier: string | null;
  baseRate: number | null;
  rateAdjustment: number | null;
  maxAmount: number | null;
  maxLtv: number | null;
  fee: number | null;
  terms: readonly number[] | null;
  reasonCodes: string[];
  trace: PolicyTraceStep[];
};
type Ended = { id: string; outcome: string };
type Step = (state: State) => Ended;
type Key = number | string | null;

const strict = (field: string, text: string): number => {
  const value = parseScaled(text);
  if (Number.isNaN(value)) throw new PolicyFactsError(field, text);
  return value;
};
const bound = (text: string | null | undefined, open: number): number =>
  text === null || text === undefined ? open : parseScaled(text);

/* ---------------------------------------------------------------------------------------- matrix index */

type CompiledCell = { lo: number; hi: number } | { values: ReadonlySet<string> | null };
type Lookup = (keys: Key[]) => number;
const none: Lookup = () => -1;

/**
 * A decision tree over the axes from `axis` on, for the given rows (ascending): a value axis is a Map from the
 * value to the subtree of the rows naming it or "any"; a range axis is cut into segments at every bound, and a
 * binary search finds the segment of the key. A missing key follows the "any" rows only. Validation guarantees
 * that at most one row matches; if several did, the first would win, as in the reference interpreter.
 */
const buildLookup = (
  kinds: readonly ('range' | 'value')[],
  cells: CompiledCell[][],
  rows: number[],
  axis: number,
): Lookup => {
  if (rows.length === 0) return none;
  if (axis === kinds.length) {
    const first = rows[0]!;
    return () => first;
  }
  const next = axis + 1;
  if (kinds[axis] === 'value') {
    const byValue = new Map<string, number[]>();
    const anyRows: number[] = [];
    for (const r of rows) {
      const cell = cells[r]![axis] as { values: ReadonlySet<string> | null };
      if (cell.values === null) anyRows.push(r);
      else for (const v of cell.values) byValue.set(v, [...(byValue.get(v) ?? []), r]);
    }
    const anyChild = buildLookup(kinds, cells, anyRows, next);
    const children = new Map<string, Lookup>();
    for (const [value, list] of byValue)
      children.set(
        value,
        buildLookup(
          kinds,
          cells,
          [...list, ...anyRows].sort((a, b) => a - b),
          next,
        ),
      );
    return (keys) => {
      const key = keys[axis];
      if (key === null || key === undefined) return anyChild(keys);
      return (children.get(key as string) ?? anyChild)(keys);
    };
  }
  // Range axis: segment starts at every lower bound and every (upper bound + 1 ten-thousandth).
  const ranges = rows.map((r) => cells[r]![axis] as { lo: number; hi: number });
  const points = new Set<number>();
  for (const { lo, hi } of ranges) {
    if (lo !== -Infinity) points.add(lo);
    if (hi !== Infinity) points.add(hi + 1);
  }
  const starts = [-Infinity, ...[...points].sort((a, b) => a - b)];
  const built = new Map<string, Lookup>();
  const child = (members: number[]) => {
    const id = members.join(',');
    let lookup = built.get(id);
    if (!lookup) built.set(id, (lookup = buildLookup(kinds, cells, members, next)));
    return lookup;
  };
  const segments = starts.map((start, i) => {
    const end = i + 1 < starts.length ? starts[i + 1]! : Infinity;
    return child(rows.filter((_, k) => ranges[k]!.lo <= start && ranges[k]!.hi + 1 >= end));
  });
  const anyChild = child(rows.filter((_, k) => ranges[k]!.lo === -Infinity && ranges[k]!.hi === Infinity));
  const last = starts.length - 1;
  return (keys) => {
    const key = keys[axis];
    if (key === null || key === undefined) return anyChild(keys);
    let low = 0;
    let high = last;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (starts[mid]! <= (key as number)) low = mid;
      else high = mid - 1;
    }
    return segments[low]!(keys);
  };
};

const compileCell = (cell: MatrixCell): CompiledCell =>
  cell.kind === 'range'
    ? { lo: bound(cell.min, -Infinity), hi: bound(cell.max, Infinity) }
    : { values: cell.values.length > 0 ? new Set(cell.values) : null };

/** Reads one axis key from the state: the value compared (range keys rounded to the column) and its text. */
type Reader = { key: MatrixColumnKey; read: (state: State) => Key; text: (value: Key) => string | null };
const describers = (readers: Reader[]) => readers.map((r) => keyDescriber(r.key));

const rangeReader = (key: MatrixColumnKey, get: (facts: PolicyFacts) => string | number | null | undefined): Reader => {
  const decimals = decimalsOfColumn(key);
  return {
    key,
    read: (state) => {
      const raw = get(state.facts);
      if (raw === null || raw === undefined) return null;
      return roundScaled(typeof raw === 'number' ? scaleInteger(raw) : strict(key, raw), decimals);
    },
    text: (value) => (value === null ? null : formatScaled(value as number, decimals)),
  };
};
const valueReader = (key: MatrixColumnKey, get: (state: State) => string | null | undefined): Reader => ({
  key,
  read: (state) => get(state) ?? null,
  text: (value) => (value === null ? null : (value as string)),
});

const readerFor = (key: MatrixColumnKey): Reader => {
  switch (key) {
    case 'creditTier':
      return valueReader(key, (s) => s.tier);
    case 'newUsed':
      return valueReader(key, (s) => s.facts.newUsed);
    case 'product':
      return valueReader(key, (s) => s.facts.productId);
    case 'channel':
      return valueReader(key, (s) => s.facts.channel);
    case 'termMonths':
      return rangeReader(key, (f) => f.termMonths);
    case 'ltv':
      return rangeReader(key, (f) => f.ltv);
    case 'amount':
      return rangeReader(key, (f) => f.amount);
    case 'collateralAge':
      return rangeReader(key, (f) => f.collateralAge);
    case 'collateralMileage':
      return rangeReader(key, (f) => f.collateralMileage);
    default:
      return rangeReader(key, (f) => f.metrics?.[key]);
  }
};

/** A compiled matrix: its readers, its tree and, per row, the fixed parts of the trace sentence. */
const compileMatrixTable = (
  axes: readonly { key: MatrixColumnKey; kind: 'range' | 'value' }[],
  rows: { cells: CompiledCell[] }[],
) => {
  const readers = axes.map((axis) => readerFor(axis.key));
  const lookup = buildLookup(
    axes.map((a) => a.kind),
    rows.map((r) => r.cells),
    rows.map((_, i) => i),
    0,
  );
  const count = readers.length;
  const describe = describers(readers);
  return {
    find: (state: State) => {
      const keys: Key[] = new Array<Key>(count);
      for (let i = 0; i < count; i += 1) keys[i] = readers[i]!.read(state);
      return { keys, row: lookup(keys) };
    },
    inputs: (keys: Key[]) => {
      const inputs: { key: string; value: string | null }[] = [];
      let described = '';
      for (let i = 0; i < count; i += 1) {
        const reader = readers[i]!;
        const value = reader.text(keys[i]!);
        inputs.push({ key: reader.key, value });
        described += i === 0 ? describe[i]!(value) : `, ${describe[i]!(value)}`;
      }
      return { inputs, described };
    },
  };
};

/* ------------------------------------------------------------------------------------------- tier sets */

/**
 * A compiled tier set: per score model, the first tier (in the set's order) whose range holds the score and whose
 * conditions hold — a binary search over sorted bounds when no tier of the model has conditions (validation
 * keeps their ranges apart), else the tiers in order, each with its conditions as a one-row matrix. The model is
 * the report's when the set has ranges for it, else the set's first. The inputs: the model, the score and the
 * value of every column the set's conditions read.
 */
const compileTierSet = (set: CreditTierSet) => {
  const conditionKeys = [...new Set(set.tiers.flatMap((t) => (t.conditions ?? []).map((c) => c.key)))];
  const conditionReaders = conditionKeys.map(readerFor);
  const conditionTables = set.tiers.map((t) =>
    t.conditions && t.conditions.length > 0
      ? compileMatrixTable(
          t.conditions.map((c) => ({ key: c.key, kind: c.cell.kind })),
          [{ cells: t.conditions.map((c) => compileCell(c.cell)) }],
        )
      : null,
  );
  const finders = new Map<CreditScoreModel, (state: State, score: number) => number>();
  for (const model of set.scoreModels) {
    const listed = set.tiers.flatMap((t, i) => {
      const range = t.ranges[model];
      return range ? [{ i, min: range.minScore, max: range.maxScore, conditions: conditionTables[i]! }] : [];
    });
    if (listed.every((t) => t.conditions === null)) {
      const sorted = [...listed].sort((a, b) => a.min - b.min);
      const mins = sorted.map((t) => t.min);
      finders.set(model, (_state, score) => {
        if (sorted.length === 0) return -1;
        let low = 0;
        let high = mins.length - 1;
        while (low < high) {
          const mid = (low + high + 1) >> 1;
          if (mins[mid]! <= score) low = mid;
          else high = mid - 1;
        }
        const t = sorted[low]!;
        return t.min <= score && score <= t.max ? t.i : -1;
      });
    } else
      finders.set(model, (state, score) => {
        for (const t of listed)
          if (t.min <= score && score <= t.max && (t.conditions === null || t.conditions.find(state).row === 0))
            return t.i;
        return -1;
      });
  }
  const first = set.scoreModels[0]!;
  return (state: State, score: number | null, reportModel: CreditScoreModel | null) => {
    const model = reportModel !== null && finders.has(reportModel) ? reportModel : first;
    const inputs: { key: string; value: string | null }[] = [
      { key: 'scoreModel', value: model },
      { key: 'creditScore', value: score === null ? null : String(score) },
    ];
    for (const reader of conditionReaders) inputs.push({ key: reader.key, value: reader.text(reader.read(state)) });
    return { model, found: score === null ? -1 : finders.get(model)!(state, score), inputs };
  };
};

/* ------------------------------------------------------------------------------------------ the compiler */

const fmtRate = (v: number) => formatScaled(v, 3);
const fmtMoney = (v: number) => formatScaled(v, 2);
const totalRate = (s: State) => fmtRate(s.baseRate! + (s.rateAdjustment ?? 0));

const comparators = {
  '<': (a: number, b: number) => a < b,
  '<=': (a: number, b: number) => a <= b,
  '>': (a: number, b: number) => a > b,
  '>=': (a: number, b: number) => a >= b,
  '=': (a: number, b: number) => a === b,
  '!=': (a: number, b: number) => a !== b,
} as const;

const addCodes = (state: State, codes: readonly string[]) => {
  for (const code of codes) if (!state.reasonCodes.includes(code)) state.reasonCodes.push(code);
};

/** Compiles one workflow of a bundle (the first when no id is given); throws PolicyCompileError when invalid. */
export const compilePolicy = (bundle: PolicyBundle, workflowId?: string): CompiledPolicy => {
  const problems = validatePolicy(bundle);
  if (problems.length > 0) throw new PolicyCompileError(problems);
  const workflow: Workflow | undefined =
    workflowId === undefined ? bundle.workflows[0] : bundle.workflows.find((w) => w.id === workflowId);
  if (!workflow)
    throw new PolicyCompileError([{ path: 'workflows', message: `There is no workflow "${workflowId}".` }]);

  const matrices = new Map<string, Matrix>(bundle.matrices.map((m) => [m.id, m]));
  const tierSets = new Map<string, CreditTierSet>(bundle.creditTierSets.map((t) => [t.id, t]));
  const termSets = new Map<string, LoanTermSet>(bundle.loanTermSets.map((t) => [t.id, t]));
  const nodes = new Map<string, WorkflowNode>(workflow.nodes.map((n) => [n.id, n]));
  const compiled = new Map<string, Step>();

  const stepFor = (id: string): Step => {
    const existing = compiled.get(id);
    if (existing) return existing;
    const step = compileNode(nodes.get(id)!);
    compiled.set(id, step);
    return step;
  };

  const compileNode = (node: WorkflowNode): Step => {
    const { id: nodeId, name: nodeName, type: nodeType } = node;
    /** One trace step, always of the same shape. */
    const trace = (
      state: State,
      inputs: PolicyTraceStep['inputs'],
      result: PolicyTraceStep['result'],
      explanation: string,
      next: string | null,
      matrixId: string | null = null,
      rowIndex: number | null = null,
      valuesSet: PolicyTraceStep['valuesSet'] = {},
      reasonCodes: string[] = [],
    ) => {
      state.trace.push({
        nodeId,
        nodeName,
        nodeType,
        inputs,
        result,
        matrixId,
        rowIndex,
        valuesSet,
        reasonCodes,
        explanation,
        next,
      });
    };

    switch (node.type) {
      case 'metricCondition': {
        const onPass = stepFor(node.onPass);
        const onFail = stepFor(node.onFail);
        const { metric, onPass: passId, onFail: failId } = node;
        const threshold = parseScaled(node.value);
        const compare = comparators[node.operator];
        const parts = metricConditionParts(metric, node.operator, node.value);
        return (state) => {
          const raw = state.facts.metrics?.[metric] ?? null;
          const passed = raw !== null && compare(strict(metric, raw), threshold);
          trace(
            state,
            [{ key: metric, value: raw }],
            passed ? 'pass' : 'fail',
            explainMetricConditionWith(parts, raw, passed),
            passed ? passId : failId,
          );
          return passed ? onPass(state) : onFail(state);
        };
      }

      case 'factCondition': {
        const onPass = stepFor(node.onPass);
        const onFail = stepFor(node.onFail);
        const { fact, equals, onPass: passId, onFail: failId } = node;
        return (state) => {
          const value = state.facts.flags?.[fact] ?? null;
          const passed = (value ?? false) === equals;
          trace(
            state,
            [{ key: fact, value }],
            passed ? 'pass' : 'fail',
            explainFactCondition(fact, equals, value, passed),
            passed ? passId : failId,
          );
          return passed ? onPass(state) : onFail(state);
        };
      }

      case 'tierAssignment': {
        const next = stepFor(node.next);
        const missId = node.onNoMatch ?? node.next;
        const onMiss = stepFor(missId);
        const set = tierSets.get(node.creditTierSetId)!;
        const findTier = compileTierSet(set);
        const hitTexts = new Map<string, string>();
        const matrixId = set.id;
        return (state) => {
          const score = state.facts.creditScore ?? null;
          const reportModel = state.facts.scoreModel ?? null;
          const { model, found, inputs } = findTier(state, score, reportModel);
          if (found < 0) {
            trace(state, inputs, 'noMatch', explainTierMiss(set, model, score, reportModel), missId, matrixId);
            return onMiss(state);
          }
          const tier = set.tiers[found]!;
          state.tier = tier.name;
          const textKey = `${found}:${model}:${reportModel}:${score}`;
          let text = hitTexts.get(textKey);
          if (text === undefined) {
            if (hitTexts.size > 10_000) hitTexts.clear();
            hitTexts.set(textKey, (text = explainTierHit(set, tier, model, score!, reportModel)));
          }
          trace(state, inputs, 'hit', text, node.next, matrixId, found, { tier: tier.name });
          return next(state);
        };
      }

      case 'loanTermLookup': {
        const next = stepFor(node.next);
        const missId = node.onNoMatch ?? node.next;
        const onMiss = stepFor(missId);
        const set = termSets.get(node.loanTermSetId)!;
        const table = compileMatrixTable(
          [
            { key: 'collateralAge', kind: 'range' },
            { key: 'amount', kind: 'range' },
          ],
          set.rows.map((row) => ({ cells: [compileCell(row.collateralAge), compileCell(row.amount)] })),
        );
        const matrixId = set.id;
        return (state) => {
          const { keys, row } = table.find(state);
          const { inputs } = table.inputs(keys);
          const age = inputs[0]!.value;
          const amount = inputs[1]!.value;
          if (row < 0) {
            trace(state, inputs, 'noMatch', explainTermMiss(set, age, amount), missId, matrixId);
            return onMiss(state);
          }
          const terms = set.rows[row]!.terms;
          state.terms = terms;
          trace(state, inputs, 'hit', explainTermHit(set, row, age, amount), node.next, matrixId, row, {
            terms: [...terms],
          });
          return next(state);
        };
      }

      case 'matrixLookup':
      case 'passFailMatrix': {
        const matrix = matrices.get(node.matrixId)!;
        const table = compileMatrixTable(
          matrix.axes,
          matrix.rows.map((row) => ({ cells: row.cells.map((cell) => compileCell(cell)) })),
        );
        const hitParts = matrix.rows.map((_, i) => matrixHitParts(matrix, i));
        const [missPrefix, missSuffix] = matrixMissParts(matrix);
        const matrixId = matrix.id;

        if (node.type === 'passFailMatrix') {
          const onPass = stepFor(node.onPass);
          const onFail = stepFor(node.onFail);
          const results = matrix.rows.map((row) => row.result as { pass: boolean; reasonCodes: string[] });
          return (state) => {
            const { keys, row } = table.find(state);
            const { inputs, described } = table.inputs(keys);
            if (row < 0) {
              trace(state, inputs, 'noMatch', missPrefix + described + missSuffix, node.onFail, matrixId);
              return onFail(state);
            }
            const { pass, reasonCodes } = results[row]!;
            addCodes(state, reasonCodes);
            const [prefix, suffix] = hitParts[row]!;
            trace(
              state,
              inputs,
              pass ? 'pass' : 'fail',
              prefix + described + suffix,
              pass ? node.onPass : node.onFail,
              matrixId,
              row,
              {},
              [...reasonCodes],
            );
            return pass ? onPass(state) : onFail(state);
          };
        }

        const next = stepFor(node.next);
        const missId = node.onNoMatch ?? node.next;
        const onMiss = stepFor(missId);
        // What a hit row does to the state, decided per row at compile time.
        const apply: ((state: State) => Record<string, string>)[] = matrix.rows.map((row) => {
          switch (matrix.matrixType) {
            case 'LoanLimit': {
              const { maxAmount, maxLtv } = row.result as { maxAmount: string | null; maxLtv: string | null };
              const amount = maxAmount === null ? null : parseScaled(maxAmount);
              const ltv = maxLtv === null ? null : parseScaled(maxLtv);
              return (state) => {
                const set: Record<string, string> = {};
                if (amount !== null) {
                  state.maxAmount = state.maxAmount === null ? amount : Math.min(state.maxAmount, amount);
                  set.maxAmount = fmtMoney(state.maxAmount);
                }
                if (ltv !== null) {
                  state.maxLtv = state.maxLtv === null ? ltv : Math.min(state.maxLtv, ltv);
                  set.maxLtv = formatScaled(state.maxLtv, 2);
                }
                return set;
              };
            }
            case 'Fees': {
              const fee = parseScaled((row.result as { fee: string }).fee);
              return (state) => {
                state.fee = (state.fee ?? 0) + fee;
                return { fee: fmtMoney(state.fee) };
              };
            }
            case 'Rate': {
              const result = row.result as { rate: string } | { adjustment: string };
              if ('rate' in result) {
                const rate = parseScaled(result.rate);
                return (state) => {
                  state.baseRate = rate;
                  return { baseRate: fmtRate(rate), rate: totalRate(state) };
                };
              }
              const adjustment = parseScaled(result.adjustment);
              return (state) => {
                state.rateAdjustment = (state.rateAdjustment ?? 0) + adjustment;
                const set: Record<string, string> = { rateAdjustment: fmtRate(state.rateAdjustment) };
                if (state.baseRate !== null) set.rate = totalRate(state);
                return set;
              };
            }
            case 'PassFail':
              throw new Error('unreachable: validation refuses a pass/fail matrix in a lookup node');
          }
        });
        return (state) => {
          const { keys, row } = table.find(state);
          const { inputs, described } = table.inputs(keys);
          if (row < 0) {
            trace(state, inputs, 'noMatch', missPrefix + described + missSuffix, missId, matrixId);
            return onMiss(state);
          }
          const valuesSet = apply[row]!(state);
          const [prefix, suffix] = hitParts[row]!;
          trace(state, inputs, 'hit', prefix + described + suffix, node.next, matrixId, row, valuesSet);
          return next(state);
        };
      }

      case 'setValue': {
        const next = stepFor(node.next);
        const { field, value } = node;
        const explanation = explainSetValue(field, value);
        const scaled = field === 'tier' ? 0 : parseScaled(value);
        const setters: Record<PolicyValueField, (state: State) => Record<string, string>> = {
          tier: (state) => {
            state.tier = value;
            return { tier: value };
          },
          rate: (state) => {
            state.baseRate = scaled;
            return { baseRate: fmtRate(scaled), rate: totalRate(state) };
          },
          maxAmount: (state) => {
            state.maxAmount = scaled;
            return { maxAmount: fmtMoney(scaled) };
          },
          maxLtv: (state) => {
            state.maxLtv = scaled;
            return { maxLtv: formatScaled(scaled, 2) };
          },
          fee: (state) => {
            state.fee = scaled;
            return { fee: fmtMoney(scaled) };
          },
        };
        const setter = setters[field];
        return (state) => {
          const valuesSet = setter(state);
          trace(state, [], 'set', explanation, node.next, null, null, valuesSet);
          return next(state);
        };
      }

      case 'outcome': {
        const codes = node.reasonCodes ?? [];
        const explanation = explainOutcome(node.outcome, codes);
        const ended: Ended = { id: node.id, outcome: node.outcome };
        return (state) => {
          addCodes(state, codes);
          trace(state, [], 'outcome', explanation, null, null, null, {}, [...codes]);
          return ended;
        };
      }
    }
  };

  const start = stepFor(workflow.startNodeId);
  const id = workflow.id;
  return {
    workflowId: id,
    evaluate: (facts) => {
      const state: State = {
        facts,
        tier: null,
        baseRate: null,
        rateAdjustment: null,
        maxAmount: null,
        maxLtv: null,
        fee: null,
        terms: null,
        reasonCodes: [],
        trace: [],
      };
      const ended = start(state);
      return {
        workflowId: id,
        outcome: ended.outcome,
        outcomeNodeId: ended.id,
        values: {
          tier: state.tier,
          rate: state.baseRate === null ? null : totalRate(state),
          baseRate: state.baseRate === null ? null : fmtRate(state.baseRate),
          rateAdjustment: state.rateAdjustment === null ? null : fmtRate(state.rateAdjustment),
          maxAmount: state.maxAmount === null ? null : fmtMoney(state.maxAmount),
          maxLtv: state.maxLtv === null ? null : formatScaled(state.maxLtv, 2),
          fee: state.fee === null ? null : fmtMoney(state.fee),
          terms: state.terms === null ? null : [...state.terms],
        },
        reasonCodes: state.reasonCodes,
        trace: state.trace,
      };
    },
  };
};
