import {
  autoApprovalOutcomes,
  booleanFacts,
  metricLabel,
  type BooleanFact,
  type MetricType,
  type PolicyTraceStep,
  type Workflow,
  type WorkflowNode,
  type WorkflowNodeType,
} from '@credence/contracts';

/**
 * The workflow editor's model (issue 12, item 5): a workflow's nodes as the canvas draws them — the edges each
 * node type has, a new node of each type, an automatic layout for a workflow saved without positions, the checks
 * made before a save (every edge connected) and the nodes a server's message names.
 */

/** The canvas's own start node: its one edge is the workflow's start node. */
export const START_ID = '__start';

export type EdgeField = 'onPass' | 'onFail' | 'next' | 'onNoMatch';
/** A node being edited: an edge not connected yet is ''. */
export type DraftNode = WorkflowNode;

export const nodeTypeLabels: Record<WorkflowNodeType, string> = {
  metricCondition: 'Metric condition',
  factCondition: 'Fact condition',
  matrixLookup: 'Matrix lookup',
  passFailMatrix: 'Pass/fail matrix',
  tierAssignment: 'Tier assignment',
  loanTermLookup: 'Loan term lookup',
  setValue: 'Set value',
  outcome: 'Outcome',
};
export const nodeTypes = Object.keys(nodeTypeLabels) as WorkflowNodeType[];

export const edgeLabels: Record<EdgeField, string> = {
  onPass: 'pass',
  onFail: 'fail',
  next: 'next',
  onNoMatch: 'no match',
};

/** The edges a node type has, the optional ones last. */
export const edgeFieldsOf = (type: WorkflowNodeType): { field: EdgeField; optional: boolean }[] => {
  switch (type) {
    case 'metricCondition':
    case 'factCondition':
    case 'passFailMatrix':
      return [
        { field: 'onPass', optional: false },
        { field: 'onFail', optional: false },
      ];
    case 'matrixLookup':
    case 'tierAssignment':
    case 'loanTermLookup':
      return [
        { field: 'next', optional: false },
        { field: 'onNoMatch', optional: true },
      ];
    case 'setValue':
      return [{ field: 'next', optional: false }];
    case 'outcome':
      return [];
  }
};

export const edgeTarget = (node: DraftNode, field: EdgeField): string => {
  const value = (node as Record<string, unknown>)[field];
  return typeof value === 'string' ? value : '';
};

/** The node with one edge pointed at a target ('' or null: not connected). */
export const withEdge = (node: DraftNode, field: EdgeField, target: string | null): DraftNode => {
  if (field === 'onNoMatch') return { ...node, onNoMatch: target || null } as DraftNode;
  return { ...node, [field]: target ?? '' } as DraftNode;
};

/** A short id not used yet ('n1', 'n2', …). */
export const freshId = (nodes: readonly DraftNode[]): string => {
  const taken = new Set(nodes.map((n) => n.id));
  let i = nodes.length + 1;
  while (taken.has(`n${i}`)) i += 1;
  return `n${i}`;
};

/** A new node of a type, with a name not used yet and sensible first values. */
export const newNode = (
  type: WorkflowNodeType,
  nodes: readonly DraftNode[],
  kind: Workflow['kind'],
  position: { x: number; y: number },
): DraftNode => {
  const id = freshId(nodes);
  const names = new Set(nodes.map((n) => n.name));
  let n = 1;
  while (names.has(`${nodeTypeLabels[type]} ${n}`)) n += 1;
  const base = { id, name: `${nodeTypeLabels[type]} ${n}`, position };
  switch (type) {
    case 'metricCondition':
      return { ...base, type, metric: 'ApplicationDti', operator: '<=', value: '50', onPass: '', onFail: '' };
    case 'factCondition':
      return { ...base, type, fact: 'hasOfacAlert', equals: true, onPass: '', onFail: '' };
    case 'matrixLookup':
      return { ...base, type, matrixId: '', next: '', onNoMatch: null };
    case 'passFailMatrix':
      return { ...base, type, matrixId: '', onPass: '', onFail: '' };
    case 'tierAssignment':
      return { ...base, type, creditTierSetId: '', next: '', onNoMatch: null };
    case 'loanTermLookup':
      return { ...base, type, loanTermSetId: '', next: '', onNoMatch: null };
    case 'setValue':
      return { ...base, type, field: 'rate', value: '', next: '' };
    case 'outcome':
      return {
        ...base,
        name: names.has('Approve') ? base.name : 'Approve',
        type,
        outcome: kind === 'autoApproval' ? autoApprovalOutcomes[0] : 'Within Policy',
        reasonCodes: [],
      };
  }
};

/** What a node does, in a line under its name ('Application DTI <= 50'). */
export const nodeSummary = (
  node: DraftNode,
  names: { matrix: (id: string) => string; set: (id: string) => string },
) => {
  switch (node.type) {
    case 'metricCondition':
      return `${metricLabel(node.metric as MetricType)} ${node.operator} ${node.value}`;
    case 'factCondition':
      return `${booleanFacts[node.fact as BooleanFact]} is ${node.equals ? 'yes' : 'no'}`;
    case 'matrixLookup':
    case 'passFailMatrix':
      return node.matrixId ? names.matrix(node.matrixId) : 'No matrix chosen';
    case 'tierAssignment':
      return node.creditTierSetId ? names.set(node.creditTierSetId) : 'No tier set chosen';
    case 'loanTermLookup':
      return node.loanTermSetId ? names.set(node.loanTermSetId) : 'No term set chosen';
    case 'setValue':
      return `${node.field} = ${node.value || '?'}`;
    case 'outcome':
      return node.reasonCodes && node.reasonCodes.length > 0
        ? `${node.outcome} · ${node.reasonCodes.join(', ')}`
        : node.outcome;
  }
};

/** The problems the editor finds before a save: edges left unconnected, and no start. */
/** A problem of the workflow: its message, and where it is as the server names it (`config.nodes[id].onPass`). */
export type WorkflowProblem = { message: string; field: string };

export const localProblems = (startNodeId: string, nodes: readonly DraftNode[]): WorkflowProblem[] => {
  const problems: WorkflowProblem[] = [];
  if (nodes.length === 0)
    problems.push({ message: 'Add a node: a workflow needs at least one outcome.', field: 'config.nodes' });
  else if (!startNodeId)
    problems.push({
      message: 'Connect the Start node to the node the workflow begins with.',
      field: 'config.startNodeId',
    });
  for (const node of nodes)
    for (const { field, optional } of edgeFieldsOf(node.type))
      if (!optional && !edgeTarget(node, field))
        problems.push({
          message: `Connect the ${edgeLabels[field]} edge of node "${node.name}".`,
          field: `config.nodes[${node.id}].${field}`,
        });
  return problems;
};

/**
 * The nodes the problems are on, by id, from their field paths (`config.nodes[dti].onPass`: node dti); a
 * problem of several nodes (a cycle) comes once per node.
 */
export const nodesOfProblems = (problems: readonly WorkflowProblem[]): Set<string> => {
  const ids = new Set<string>();
  for (const { field } of problems) {
    const id = /^config\.nodes\[([^\]]+)\]/.exec(field)?.[1];
    if (id !== undefined) ids.add(id);
  }
  return ids;
};

/* ------------------------------------------------------------------------------------------------ layout */

export const NODE_WIDTH = 200;
export const NODE_HEIGHT = 62;
const GAP_X = 36;
const GAP_Y = 34;
const BAND_GAP = 90;

/**
 * Positions for a workflow saved without them: nodes in layers by their longest path from the start (each
 * layer a row, ordered by where their parents are), and the rows wrapped into side-by-side bands so a long
 * chain of checks fits a wide screen (`aspect` = width / height of the canvas).
 */
export const layoutWorkflow = (
  startNodeId: string,
  nodes: readonly DraftNode[],
  aspect = 1.6,
): Map<string, { x: number; y: number }> => {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const children = (id: string) =>
    id === START_ID
      ? byId.has(startNodeId)
        ? [startNodeId]
        : []
      : edgeFieldsOf(byId.get(id)!.type)
          .map(({ field }) => edgeTarget(byId.get(id)!, field))
          .filter((t) => byId.has(t));

  // Longest path from the start (cycles are cut: a node is not deepened past the number of nodes).
  const layer = new Map<string, number>([[START_ID, 0]]);
  const order = [START_ID];
  for (let i = 0; i < order.length; i += 1) {
    const id = order[i]!;
    for (const child of children(id)) {
      const depth = layer.get(id)! + 1;
      if ((layer.get(child) ?? -1) < depth && depth <= nodes.length + 1) {
        layer.set(child, depth);
        order.push(child);
      }
    }
  }
  // Nodes the start cannot reach go below the rest.
  const deepest = Math.max(0, ...layer.values());
  nodes.filter((n) => !layer.has(n.id)).forEach((n) => layer.set(n.id, deepest + 1));

  // An outcome reached from one node only sits beside that node, on its row (its edge runs across).
  const parentsOf = (id: string) => [...layer.keys()].filter((p) => children(p).includes(id));
  const beside = new Map<string, string>();
  for (const node of nodes) {
    const parents = parentsOf(node.id);
    if (node.type === 'outcome' && parents.length === 1 && parents[0] !== START_ID) beside.set(node.id, parents[0]!);
  }
  const depthOf = new Map<string, number>();
  for (const [id, depth] of layer) if (!beside.has(id)) depthOf.set(id, depth);
  // Rows without a node of their own close up.
  const used = [...new Set(depthOf.values())].sort((a, b) => a - b);
  const rows: string[][] = used.map(() => []);
  for (const [id, depth] of depthOf) rows[used.indexOf(depth)]!.push(id);
  const column = new Map<string, number>();
  rows.forEach((row, r) => {
    if (r > 0) {
      const parentColumn = (id: string) => {
        const parents = parentsOf(id).filter((p) => column.has(p));
        return parents.length > 0
          ? parents.reduce((sum, p) => sum + column.get(p)!, 0) / parents.length
          : Number.MAX_SAFE_INTEGER;
      };
      row.sort((a, b) => parentColumn(a) - parentColumn(b));
    }
    // Each node, then the outcomes beside it.
    const placed = row.flatMap((id) => [id, ...[...beside].filter(([, parent]) => parent === id).map(([o]) => o)]);
    rows[r] = placed;
    placed.forEach((id, c) => column.set(id, c));
  });

  const rowHeight = NODE_HEIGHT + GAP_Y;
  /** Each band's width when the rows are wrapped every `perBand` rows. */
  const bandWidths = (perBand: number) => {
    const widths: number[] = [];
    rows.forEach((row, r) => {
      const band = Math.floor(r / perBand);
      widths[band] = Math.max(widths[band] ?? 0, row.length * (NODE_WIDTH + GAP_X) - GAP_X);
    });
    return widths;
  };
  // The number of bands whose whole fits the canvas at the largest zoom.
  let perBand = rows.length;
  let best = 0;
  for (let b = 1; b <= Math.max(1, Math.ceil(rows.length / 3)); b += 1) {
    const size = Math.ceil(rows.length / b);
    const widths = bandWidths(size);
    const width = widths.reduce((sum, w) => sum + w, 0) + (widths.length - 1) * BAND_GAP;
    const zoom = Math.min(aspect / width, 1 / (size * rowHeight));
    if (zoom > best) {
      best = zoom;
      perBand = size;
    }
  }
  const widths = bandWidths(perBand);
  const offsets = widths.map((_, band) => widths.slice(0, band).reduce((sum, w) => sum + w + BAND_GAP, 0));
  const positions = new Map<string, { x: number; y: number }>();
  rows.forEach((row, r) => {
    const band = Math.floor(r / perBand);
    row.forEach((id, c) =>
      positions.set(id, { x: offsets[band]! + c * (NODE_WIDTH + GAP_X), y: (r % perBand) * rowHeight }),
    );
  });
  return positions;
};

/* ------------------------------------------------------------------------------------------------- trace */

/** The path a run took: the nodes evaluated (with their step) and the edges followed ('source>target'). */
export const tracePath = (trace: readonly PolicyTraceStep[], startNodeId: string) => {
  const steps = new Map(trace.map((step) => [step.nodeId, step]));
  const edges = new Set<string>();
  if (trace[0]) edges.add(`${START_ID}>${trace[0].nodeId || startNodeId}`);
  for (const step of trace) if (step.next) edges.add(`${step.nodeId}>${step.next}`);
  return { steps, edges };
};

/** What a step shows on its node: the row of a matrix hit, the values set. */
export const stepBadge = (step: PolicyTraceStep): string => {
  const parts: string[] = [
    step.result === 'noMatch' ? 'no match' : step.result === 'outcome' ? 'ended here' : step.result,
  ];
  if (step.rowIndex !== null && step.matrixId) parts.push(`row ${step.rowIndex + 1}`);
  else if (step.rowIndex !== null && step.nodeType === 'tierAssignment' && step.valuesSet.tier)
    parts.push(String(step.valuesSet.tier));
  const set = Object.entries(step.valuesSet)
    .filter(([key]) => !(key === 'tier' && step.nodeType === 'tierAssignment'))
    .map(([key, value]) => `${key} ${Array.isArray(value) ? value.join('/') : value}`);
  return [...parts, ...set].join(' · ');
};
