import { describe, expect, it } from 'vitest';
import { demoPolicyBundle, demoWorkflowIds } from '@credence/domain';
import type { PolicyTraceStep, Workflow } from '@credence/contracts';
import {
  layoutWorkflow,
  localProblems,
  newNode,
  nodesOfProblems,
  NODE_WIDTH,
  START_ID,
  stepBadge,
  tracePath,
  withEdge,
  type DraftNode,
} from './workflow-graph.ts';

const auto = demoPolicyBundle.workflows.find((w) => w.id === demoWorkflowIds.autoApprovalAuto) as Workflow;

describe('the workflow editor’s layout', () => {
  it('places every node of the demo auto workflow, none on top of another', () => {
    const positions = layoutWorkflow(auto.startNodeId, auto.nodes, 2);
    expect(positions.size).toBe(auto.nodes.length + 1);
    const all = [...positions.values()];
    for (const [i, a] of all.entries())
      for (const b of all.slice(i + 1))
        expect(Math.abs(a.x - b.x) >= NODE_WIDTH || Math.abs(a.y - b.y) >= 62, `${JSON.stringify([a, b])}`).toBe(true);
  });

  it('puts an outcome reached from one check beside it, and the chain below', () => {
    const positions = layoutWorkflow(auto.startNodeId, auto.nodes, 1);
    const ofac = positions.get('ofac')!;
    expect(positions.get('review-ofac')!.y).toBe(ofac.y);
    expect(positions.get('review-ofac')!.x).toBeGreaterThan(ofac.x);
    expect(positions.get('fraud')!.y).toBeGreaterThan(ofac.y);
    expect(positions.get(START_ID)!.y).toBeLessThan(ofac.y);
  });

  it('wraps a long chain into side-by-side bands on a wide canvas', () => {
    const tall = layoutWorkflow(auto.startNodeId, auto.nodes, 0.5);
    const wide = layoutWorkflow(auto.startNodeId, auto.nodes, 3);
    const height = (p: Map<string, { y: number }>) => Math.max(...[...p.values()].map((v) => v.y));
    expect(height(wide)).toBeLessThan(height(tall));
  });

  it('survives a cycle', () => {
    const a = { ...newNode('metricCondition', [], 'loanPolicy', { x: 0, y: 0 }), onPass: 'n2', onFail: 'n2' };
    const b = { ...newNode('metricCondition', [a], 'loanPolicy', { x: 0, y: 0 }), onPass: 'n1', onFail: 'n1' };
    expect(layoutWorkflow('n1', [a, b] as DraftNode[]).size).toBe(3);
  });
});

describe('the checks before a save', () => {
  it('names the start and each edge left unconnected', () => {
    const condition = newNode('metricCondition', [], 'loanPolicy', { x: 0, y: 0 });
    const outcome = newNode('outcome', [condition], 'loanPolicy', { x: 0, y: 0 });
    const problems = localProblems('', [condition, outcome]);
    expect(problems.map((p) => p.message)).toEqual([
      'Connect the Start node to the node the workflow begins with.',
      'Connect the pass edge of node "Metric condition 1".',
      'Connect the fail edge of node "Metric condition 1".',
    ]);
    expect([...nodesOfProblems(problems)]).toEqual([condition.id]);
    const wired = withEdge(withEdge(condition, 'onPass', outcome.id), 'onFail', outcome.id);
    expect(localProblems(condition.id, [wired, outcome])).toEqual([]);
  });

  it('an auto-approval outcome starts as Approve, a loan policy one as the lender’s words', () => {
    expect(newNode('outcome', [], 'autoApproval', { x: 0, y: 0 })).toMatchObject({ outcome: 'Approve' });
    expect(newNode('outcome', [], 'loanPolicy', { x: 0, y: 0 })).toMatchObject({ outcome: 'Within Policy' });
  });

  it('finds the nodes of the server’s problems by id, from their field paths', () => {
    const cycle = 'Workflow X: nodes "DTI" → "PTI" → "DTI" form a cycle; a run would never end.';
    const named = nodesOfProblems([
      { field: 'config.nodes[dti]', message: cycle },
      { field: 'config.nodes[pti]', message: cycle },
      {
        field: 'config.nodes[rate.lookup].matrixId',
        message: 'Workflow X: node "Rate" looks up matrix "9", which does not exist.',
      },
      { field: 'config.startNodeId', message: 'Workflow X: the start node "x" is not a node of the workflow.' },
      { field: 'name', message: 'Required' },
    ]);
    expect([...named].sort()).toEqual(['dti', 'pti', 'rate.lookup']);
  });
});

describe('a run on the canvas', () => {
  const step = (over: Partial<PolicyTraceStep>): PolicyTraceStep => ({
    nodeId: 'x',
    nodeName: 'X',
    nodeType: 'metricCondition',
    inputs: [],
    result: 'pass',
    matrixId: null,
    rowIndex: null,
    valuesSet: {},
    reasonCodes: [],
    explanation: '',
    next: null,
    ...over,
  });

  it('follows the edges taken from the start', () => {
    const path = tracePath(
      [step({ nodeId: 'ofac', next: 'fraud' }), step({ nodeId: 'fraud', next: 'review-fraud' })],
      'ofac',
    );
    expect([...path.edges]).toEqual([`${START_ID}>ofac`, 'ofac>fraud', 'fraud>review-fraud']);
    expect(path.steps.has('fraud')).toBe(true);
  });

  it('shows the matrix row hit and the values set on the node', () => {
    expect(
      stepBadge(
        step({ nodeType: 'matrixLookup', result: 'hit', matrixId: '4', rowIndex: 2, valuesSet: { rate: '6.250' } }),
      ),
    ).toBe('hit · row 3 · rate 6.250');
    expect(stepBadge(step({ nodeType: 'tierAssignment', result: 'hit', rowIndex: 0, valuesSet: { tier: 'A+' } }))).toBe(
      'hit · A+',
    );
    expect(stepBadge(step({ nodeType: 'outcome', result: 'outcome' }))).toBe('ended here');
  });
});
