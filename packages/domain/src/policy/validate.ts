/**
 * Save-time checks of a policy bundle (issue 12, item 2): an invalid graph or table is refused with one
 * plain-English problem each — cycles, edges to missing nodes, nodes or outcomes the start cannot reach, no
 * outcome at all, unknown matrix / tier set / term set references, tier sets and matrix or term-set ranges that
 * overlap or leave a gap. The bundle's shape is the zod schema's job (`policyBundleSchema`); this is the rest.
 */
import {
  autoApprovalOutcomes,
  matrixColumnDefinitions,
  matrixColumns,
  POLICY_DECIMAL_PATTERN,
  type CreditScoreModel,
  type CreditTier,
  type CreditTierRange,
  type CreditTierSet,
  type LoanTermSet,
  type Matrix,
  type MatrixAxis,
  type MatrixCell,
  type PolicyBundle,
  type PolicyProblem,
  type Workflow,
  type WorkflowNode,
} from '@credence/contracts/policy';
import Decimal from 'decimal.js';
import { decimalsOfColumn, describeCell, describeRange, show, unitOfColumn } from './explain.ts';

type Add = (path: string, message: string, nodeIds?: string[]) => void;

/** The edges leaving a node, with the name the editor gives them. */
export const nodeEdges = (node: WorkflowNode): { edge: string; target: string }[] => {
  switch (node.type) {
    case 'metricCondition':
    case 'factCondition':
    case 'passFailMatrix':
      return [
        { edge: 'onPass', target: node.onPass },
        { edge: 'onFail', target: node.onFail },
      ];
    case 'matrixLookup':
    case 'tierAssignment':
    case 'loanTermLookup':
      return [
        { edge: 'next', target: node.next },
        ...(node.onNoMatch ? [{ edge: 'onNoMatch', target: node.onNoMatch }] : []),
      ];
    case 'setValue':
      return [{ edge: 'next', target: node.next }];
    case 'outcome':
      return [];
  }
};

const edgeWords: Record<string, string> = {
  onPass: 'pass',
  onFail: 'fail',
  next: 'next',
  onNoMatch: 'no-match',
};

/** Every problem of the bundle; an empty list means it may be saved and compiled. */
export const validatePolicy = (bundle: PolicyBundle): PolicyProblem[] => {
  const problems: PolicyProblem[] = [];
  const add: Add = (path, message, nodeIds) => problems.push(nodeIds ? { path, message, nodeIds } : { path, message });

  const tierSets = new Map<string, CreditTierSet>();
  const matrices = new Map<string, Matrix>();
  const termSets = new Map<string, LoanTermSet>();
  const unique = <T extends { id: string; name: string }>(
    kind: string,
    label: string,
    items: T[],
    into: Map<string, T>,
  ) =>
    items.forEach((item) => {
      if (into.has(item.id)) add(`${kind}[${item.id}]`, `Two ${label} have the id "${item.id}".`);
      else into.set(item.id, item);
    });
  unique('creditTierSets', 'credit tier sets', bundle.creditTierSets, tierSets);
  unique('matrices', 'matrices', bundle.matrices, matrices);
  unique('loanTermSets', 'loan term sets', bundle.loanTermSets, termSets);

  bundle.creditTierSets.forEach((set) => validateTierSet(set, add));
  bundle.matrices.forEach((matrix) => validateMatrix(matrix, tierSets, add));
  bundle.loanTermSets.forEach((set) => validateTermSet(set, add));
  const workflowIds = new Set<string>();
  bundle.workflows.forEach((workflow) => {
    if (workflowIds.has(workflow.id)) add(`workflows[${workflow.id}]`, `Two workflows have the id "${workflow.id}".`);
    workflowIds.add(workflow.id);
    validateWorkflow(workflow, { tierSets, matrices, termSets }, add);
  });
  return problems;
};

/* ------------------------------------------------------------------------------------------- tier sets */

/** A condition's cell as the overlap check compares it (an unusable bound counts as open). */
const checkedCondition = (cell: MatrixCell): CheckedCell => {
  if (cell.kind === 'value') return { kind: 'value', values: cell.values.length === 0 ? null : new Set(cell.values) };
  const bound = (text: string | null | undefined): Bound =>
    text === null || text === undefined || !POLICY_DECIMAL_PATTERN.test(text) ? null : new Decimal(text);
  return { kind: 'range', lo: bound(cell.min), hi: bound(cell.max) };
};

/** Whether one application could meet the conditions of both tiers (every column both name intersects). */
const conditionsMeet = (a: CreditTier, b: CreditTier) =>
  (a.conditions ?? []).every((ca) =>
    (b.conditions ?? []).every(
      (cb) => ca.key !== cb.key || cellsIntersect(checkedCondition(ca.cell), checkedCondition(cb.cell)),
    ),
  );

const validateTierConditions = (set: CreditTierSet, tier: CreditTier, at: string, add: Add) => {
  const keys = new Set<string>();
  (tier.conditions ?? []).forEach(({ key, cell }, c) => {
    const path = `${at}.conditions[${c}]`;
    const label = matrixColumns[key].label;
    const where = `${set.name}: tier ${tier.name}, condition ${label}`;
    if (key === 'creditTier')
      return add(path, `${set.name}: tier ${tier.name} cannot have a condition on the credit tier.`);
    if (keys.has(key)) add(path, `${set.name}: tier ${tier.name} has two conditions on ${label}.`);
    keys.add(key);
    if (cell.kind !== matrixColumns[key].kind)
      return add(path, `${where} takes ${matrixColumns[key].kind === 'range' ? 'a range' : 'a list of values'}.`);
    if (cell.kind !== 'range') return;
    const decimals = decimalsOfColumn(key);
    const bounds = [cell.min, cell.max].filter((b): b is string => b !== null && b !== undefined);
    for (const b of bounds) {
      if (!POLICY_DECIMAL_PATTERN.test(b)) return add(path, `${where}: ${b} is not a number.`);
      if (new Decimal(b).decimalPlaces() > decimals)
        return add(path, `${where}: ${b} has more decimals than the column compares (${decimals}).`);
    }
    if (bounds.length === 2 && new Decimal(bounds[0]!).gt(bounds[1]!))
      add(path, `${where}: the minimum ${bounds[0]} is above the maximum ${bounds[1]}.`);
  });
};

const validateTierSet = (set: CreditTierSet, add: Add) => {
  const at = `creditTierSets[${set.id}]`;
  const models = new Set<string>();
  set.scoreModels.forEach((model) => {
    if (models.has(model)) add(`${at}.scoreModels`, `${set.name}: ${model} is listed twice.`);
    models.add(model);
  });
  const names = new Set<string>();
  set.tiers.forEach((tier, i) => {
    const path = `${at}.tiers[${i}]`;
    if (names.has(tier.name)) add(path, `${set.name}: two tiers are named ${tier.name}.`);
    names.add(tier.name);
    const ranges = Object.entries(tier.ranges) as [string, CreditTierRange][];
    if (ranges.length === 0) add(path, `${set.name}: tier ${tier.name} has no score range.`);
    for (const [model, range] of ranges) {
      if (!models.has(model))
        add(`${path}.ranges`, `${set.name}: tier ${tier.name} has a range for ${model}, which the set does not list.`);
      else if (range.minScore > range.maxScore)
        add(
          `${path}.ranges`,
          `${set.name}: tier ${tier.name} starts at ${model} ${range.minScore}, above its highest score ${range.maxScore}.`,
        );
    }
    validateTierConditions(set, tier, path, add);
  });

  // Per model: score order, no overlap between tiers one application could meet both of, no gap in no tier.
  for (const model of models) {
    const listed = set.tiers.flatMap((tier) => {
      const range = tier.ranges[model as CreditScoreModel];
      return range && range.minScore <= range.maxScore ? [{ tier, ...range }] : [];
    });
    const ascending = listed.every((t, i) => i === 0 || t.minScore >= listed[i - 1]!.minScore);
    const descending = listed.every((t, i) => i === 0 || t.minScore <= listed[i - 1]!.minScore);
    if (!ascending && !descending)
      add(`${at}.tiers`, `${set.name}: list the tiers in ${model} score order (best first or worst first).`);
    const sorted = [...listed].sort((a, b) => a.minScore - b.minScore);
    const range = (t: (typeof listed)[number]) => `${t.tier.name} (${model} ${t.minScore} to ${t.maxScore})`;
    for (let i = 0; i < sorted.length; i += 1)
      for (let j = i + 1; j < sorted.length; j += 1) {
        const low = sorted[i]!;
        const high = sorted[j]!;
        if (high.minScore <= low.maxScore && conditionsMeet(low.tier, high.tier))
          add(
            `${at}.tiers`,
            `${set.name}: tiers ${range(low)} and ${range(high)} overlap; a ${model} score of ${high.minScore} would fall in both.`,
          );
      }
    let covered = sorted[0]?.maxScore ?? 0;
    for (let i = 1; i < sorted.length; i += 1) {
      const low = sorted[i - 1]!;
      const high = sorted[i]!;
      if (high.minScore > covered + 1)
        add(
          `${at}.tiers`,
          `${set.name}: ${
            high.minScore - 1 === covered + 1
              ? `a ${model} score of ${covered + 1} falls`
              : `${model} scores ${covered + 1} to ${high.minScore - 1} fall`
          } between tiers ${low.tier.name} and ${high.tier.name}, in no tier.`,
        );
      covered = Math.max(covered, high.maxScore);
    }
  }
};

/* ------------------------------------------------------------------------------------- tables of ranges */

type Bound = Decimal | null;
type CheckedCell = { kind: 'range'; lo: Bound; hi: Bound } | { kind: 'value'; values: Set<string> | null };
type TableAxis = { key: MatrixAxis['key']; kind: 'range' | 'value'; label: string };

const rangeIntersects = (a: { lo: Bound; hi: Bound }, b: { lo: Bound; hi: Bound }) =>
  (a.hi === null || b.lo === null || b.lo.lte(a.hi)) && (b.hi === null || a.lo === null || a.lo.lte(b.hi));

const cellsIntersect = (a: CheckedCell, b: CheckedCell) => {
  if (a.kind === 'range' && b.kind === 'range') return rangeIntersects(a, b);
  if (a.kind === 'value' && b.kind === 'value')
    return a.values === null || b.values === null || [...a.values].some((v) => b.values!.has(v));
  return false;
};

const cellSignature = (cell: CheckedCell) =>
  cell.kind === 'range'
    ? `${cell.lo?.toString() ?? ''}..${cell.hi?.toString() ?? ''}`
    : cell.values === null
      ? '*'
      : [...cell.values].sort().join('|');

/**
 * Checks the rows of a table keyed by axes (a matrix, a loan term set): bounds well formed, no two rows an
 * application could both match, and — among rows alike on every other axis — no gap between neighbouring
 * ranges (the fact is rounded to the column's decimals before it is compared, so 0–100.00 and 100.01–120.00 join).
 */
const checkTable = (
  at: string,
  tableName: string,
  axes: TableAxis[],
  rows: { cells: MatrixCell[] }[],
  describe: (rowIndex: number) => string,
  add: Add,
) => {
  const checked: (CheckedCell[] | null)[] = rows.map((row, r) => {
    if (row.cells.length !== axes.length) {
      add(`${at}.rows[${r}]`, `${tableName}: row ${r + 1} has ${row.cells.length} cells for ${axes.length} columns.`);
      return null;
    }
    let usable = true;
    const cells = row.cells.map((cell, a): CheckedCell => {
      const axis = axes[a]!;
      if (cell.kind !== axis.kind) {
        add(
          `${at}.rows[${r}].cells[${a}]`,
          `${tableName}: row ${r + 1}, ${axis.label} takes ${axis.kind === 'range' ? 'a range' : 'a list of values'}.`,
        );
        usable = false;
        return { kind: 'value', values: null };
      }
      if (cell.kind === 'value')
        return { kind: 'value', values: cell.values.length === 0 ? null : new Set(cell.values) };
      const decimals = decimalsOfColumn(axis.key);
      const bound = (text: string | null | undefined): Bound => {
        if (text === null || text === undefined) return null;
        if (!POLICY_DECIMAL_PATTERN.test(text)) {
          add(`${at}.rows[${r}].cells[${a}]`, `${tableName}: row ${r + 1}, ${axis.label}: ${text} is not a number.`);
          usable = false;
          return null;
        }
        const value = new Decimal(text);
        if (value.decimalPlaces() > decimals) {
          add(
            `${at}.rows[${r}].cells[${a}]`,
            `${tableName}: row ${r + 1}, ${axis.label}: ${text} has more decimals than the column compares (${decimals}).`,
          );
          usable = false;
        }
        return value;
      };
      const lo = bound(cell.min);
      const hi = bound(cell.max);
      if (lo !== null && hi !== null && lo.gt(hi)) {
        add(
          `${at}.rows[${r}].cells[${a}]`,
          `${tableName}: row ${r + 1}, ${axis.label}: the minimum ${cell.min} is above the maximum ${cell.max}.`,
        );
        usable = false;
      }
      return { kind: 'range', lo, hi };
    });
    return usable ? cells : null;
  });

  // Overlaps: two rows whose cells intersect on every axis.
  let overlaps = 0;
  for (let i = 0; i < checked.length; i += 1) {
    const a = checked[i];
    if (!a) continue;
    for (let j = i + 1; j < checked.length; j += 1) {
      const b = checked[j];
      if (!b || !a.every((cell, k) => cellsIntersect(cell, b[k]!))) continue;
      overlaps += 1;
      if (overlaps <= 20)
        add(
          `${at}.rows[${j}]`,
          `${tableName}: rows ${i + 1} and ${j + 1} overlap (${describe(i)}; ${describe(j)}): an application could match both.`,
        );
    }
  }

  // Gaps: per range axis, among rows equal on every other axis, neighbouring ranges must join.
  axes.forEach((axis, a) => {
    if (axis.kind !== 'range') return;
    const step = new Decimal(1).div(new Decimal(10).pow(decimalsOfColumn(axis.key)));
    const groups = new Map<string, number[]>();
    checked.forEach((cells, r) => {
      if (!cells) return;
      const key = cells.map((cell, k) => (k === a ? '' : cellSignature(cell))).join('#');
      groups.set(key, [...(groups.get(key) ?? []), r]);
    });
    for (const members of groups.values()) {
      const ordered = members
        .map((r) => ({ r, cell: checked[r]![a] as { kind: 'range'; lo: Bound; hi: Bound } }))
        .sort((x, y) => (x.cell.lo === null ? -1 : y.cell.lo === null ? 1 : x.cell.lo.comparedTo(y.cell.lo)));
      for (let i = 1; i < ordered.length; i += 1) {
        const low = ordered[i - 1]!;
        const high = ordered[i]!;
        if (low.cell.hi === null || high.cell.lo === null) continue; // open ends overlap, reported above
        const from = low.cell.hi.plus(step);
        if (high.cell.lo.gt(from)) {
          const to = high.cell.lo.minus(step);
          const unit = unitOfColumn(axis.key);
          const decimals = decimalsOfColumn(axis.key);
          add(
            `${at}.rows[${high.r}]`,
            `${tableName}: between rows ${low.r + 1} and ${high.r + 1}, ${axis.label} ${
              from.eq(to)
                ? show(unit, from.toFixed(decimals))
                : describeRange(unit, { kind: 'range', min: from.toFixed(decimals), max: to.toFixed(decimals) })
            } matches no row.`,
          );
        }
      }
    }
  });
};

/* --------------------------------------------------------------------------------------------- matrices */

const validateMatrix = (matrix: Matrix, tierSets: Map<string, CreditTierSet>, add: Add) => {
  const at = `matrices[${matrix.id}]`;
  const label = `Matrix ${matrix.name}`;
  const allowed = new Set(matrixColumnDefinitions[matrix.matrixType].map((c) => c.key));
  const seen = new Set<string>();
  let axesUsable = true;
  matrix.axes.forEach((axis, a) => {
    const column = matrixColumns[axis.key];
    if (!allowed.has(axis.key)) {
      add(`${at}.axes[${a}]`, `${label}: a ${matrix.matrixType} matrix cannot have a ${column.label} column.`);
      axesUsable = false;
    } else if (axis.kind !== column.kind) {
      add(
        `${at}.axes[${a}]`,
        `${label}: the ${column.label} column takes ${column.kind === 'range' ? 'ranges' : 'lists of values'}.`,
      );
      axesUsable = false;
    }
    if (seen.has(axis.key)) {
      add(`${at}.axes[${a}]`, `${label}: the ${column.label} column appears twice.`);
      axesUsable = false;
    }
    seen.add(axis.key);
  });
  if (matrix.rows.length === 0) add(`${at}.rows`, `${label} has no rows.`);

  const tierSetId = matrix.creditTierSetId ?? null;
  if (tierSetId !== null) {
    const set = tierSets.get(tierSetId);
    if (!set)
      add(`${at}.creditTierSetId`, `${label} is bound to credit tier set "${tierSetId}", which does not exist.`);
    const tierAxis = matrix.axes.findIndex((axis) => axis.key === 'creditTier');
    if (set && tierAxis >= 0) {
      const names = new Set(set.tiers.map((t) => t.name));
      matrix.rows.forEach((row, r) => {
        const cell = row.cells[tierAxis];
        if (cell?.kind === 'value')
          cell.values
            .filter((v) => !names.has(v))
            .forEach((v) =>
              add(
                `${at}.rows[${r}].cells[${tierAxis}]`,
                `${label}: row ${r + 1} names tier ${v}, which ${set.name} does not have.`,
              ),
            );
      });
    }
  }
  if (!axesUsable) return;
  checkTable(
    at,
    label,
    matrix.axes.map((axis) => ({ ...axis, label: matrixColumns[axis.key].label })),
    matrix.rows,
    (r) =>
      `row ${r + 1}: ${matrix.axes.map((axis, a) => describeCell(axis.key, matrix.rows[r]!.cells[a]!)).join(', ')}`,
    add,
  );
};

/* -------------------------------------------------------------------------------------------- term sets */

const validateTermSet = (set: LoanTermSet, add: Add) => {
  const at = `loanTermSets[${set.id}]`;
  const label = `Loan term set ${set.name}`;
  if (set.rows.length === 0) add(`${at}.rows`, `${label} has no rows.`);
  checkTable(
    at,
    label,
    [
      { key: 'collateralAge', kind: 'range', label: 'collateral age' },
      { key: 'amount', kind: 'range', label: 'amount' },
    ],
    set.rows.map((row) => ({ cells: [row.collateralAge, row.amount] })),
    (r) =>
      `row ${r + 1}: collateral age ${describeRange('years', set.rows[r]!.collateralAge)}, amount ${describeRange(
        'money',
        set.rows[r]!.amount,
      )}`,
    add,
  );
};

/* -------------------------------------------------------------------------------------------- workflows */

const validateWorkflow = (
  workflow: Workflow,
  refs: { tierSets: Map<string, CreditTierSet>; matrices: Map<string, Matrix>; termSets: Map<string, LoanTermSet> },
  add: Add,
) => {
  const at = `workflows[${workflow.id}]`;
  const label = `Workflow ${workflow.name}`;
  const nodes = new Map<string, WorkflowNode>();
  workflow.nodes.forEach((node) => {
    if (nodes.has(node.id)) add(`${at}.nodes[${node.id}]`, `${label}: two nodes have the id "${node.id}".`);
    else nodes.set(node.id, node);
  });
  const nodeLabel = (node: WorkflowNode) => `node "${node.name}"`;

  workflow.nodes.forEach((node) => {
    const path = `${at}.nodes[${node.id}]`;
    for (const { edge, target } of nodeEdges(node))
      if (!nodes.has(target))
        add(
          `${path}.${edge}`,
          `${label}: the ${edgeWords[edge]} edge of ${nodeLabel(node)} leads to "${target}", which is not a node of the workflow.`,
        );
    switch (node.type) {
      case 'matrixLookup':
      case 'passFailMatrix': {
        const matrix = refs.matrices.get(node.matrixId);
        if (!matrix)
          add(
            `${path}.matrixId`,
            `${label}: ${nodeLabel(node)} looks up matrix "${node.matrixId}", which does not exist.`,
          );
        else if (node.type === 'matrixLookup' && matrix.matrixType === 'PassFail')
          add(
            `${path}.matrixId`,
            `${label}: ${nodeLabel(node)} looks up the pass/fail matrix ${matrix.name}; use a pass/fail node.`,
          );
        else if (node.type === 'passFailMatrix' && matrix.matrixType !== 'PassFail')
          add(
            `${path}.matrixId`,
            `${label}: ${nodeLabel(node)} needs a pass/fail matrix, and ${matrix.name} is a ${matrix.matrixType} matrix.`,
          );
        break;
      }
      case 'tierAssignment':
        if (!refs.tierSets.has(node.creditTierSetId))
          add(
            `${path}.creditTierSetId`,
            `${label}: ${nodeLabel(node)} uses credit tier set "${node.creditTierSetId}", which does not exist.`,
          );
        break;
      case 'loanTermLookup':
        if (!refs.termSets.has(node.loanTermSetId))
          add(
            `${path}.loanTermSetId`,
            `${label}: ${nodeLabel(node)} uses loan term set "${node.loanTermSetId}", which does not exist.`,
          );
        break;
      case 'setValue':
        if (node.field !== 'tier' && !POLICY_DECIMAL_PATTERN.test(node.value))
          add(
            `${path}.value`,
            `${label}: ${nodeLabel(node)} sets ${node.field} to "${node.value}", which is not a number.`,
          );
        break;
      case 'outcome':
        if (workflow.kind === 'autoApproval' && !(autoApprovalOutcomes as readonly string[]).includes(node.outcome))
          add(
            `${path}.outcome`,
            `${label}: an auto-approval workflow ends in Approve, ManualReview or Decline, not "${node.outcome}".`,
          );
        break;
      case 'metricCondition':
      case 'factCondition':
        break;
    }
  });

  const start = nodes.get(workflow.startNodeId);
  if (!start) {
    add(`${at}.startNodeId`, `${label}: the start node "${workflow.startNodeId}" is not a node of the workflow.`);
    return;
  }

  // Cycles: a depth-first walk; an edge back to a node on the current path closes a cycle.
  const state = new Map<string, 'open' | 'done'>();
  const reported = new Set<string>();
  const path: string[] = [];
  const visit = (id: string) => {
    state.set(id, 'open');
    path.push(id);
    for (const { target } of nodeEdges(nodes.get(id)!)) {
      if (!nodes.has(target)) continue;
      const seen = state.get(target);
      if (seen === 'open') {
        const cycle = path.slice(path.indexOf(target));
        const key = [...cycle].sort().join('|');
        if (!reported.has(key)) {
          reported.add(key);
          add(
            `${at}.nodes[${target}]`,
            `${label}: nodes ${[...cycle, target].map((n) => `"${nodes.get(n)!.name}"`).join(' → ')} form a cycle; a run would never end.`,
            cycle,
          );
        }
      } else if (seen === undefined) visit(target);
    }
    path.pop();
    state.set(id, 'done');
  };
  visit(start.id);
  for (const node of nodes.values()) if (!state.has(node.id)) visit(node.id);

  // Reachability from the start.
  const reached = new Set<string>([start.id]);
  const queue = [start.id];
  while (queue.length > 0) {
    for (const { target } of nodeEdges(nodes.get(queue.shift()!)!))
      if (nodes.has(target) && !reached.has(target)) {
        reached.add(target);
        queue.push(target);
      }
  }
  for (const node of nodes.values())
    if (!reached.has(node.id))
      add(
        `${at}.nodes[${node.id}]`,
        node.type === 'outcome'
          ? `${label}: outcome node "${node.name}" (${node.outcome}) can never be reached from the start node.`
          : `${label}: ${nodeLabel(node)} can never be reached from the start node.`,
      );
  if (![...reached].some((id) => nodes.get(id)!.type === 'outcome'))
    add(
      `${at}.startNodeId`,
      `${label}: no outcome can be reached from the start node; every run must end in an outcome.`,
    );
};
