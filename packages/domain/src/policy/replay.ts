/**
 * The policy sandbox's replay report (issue 12, item 3), pure: the runs of the lender's applications under the
 * published policy and under a draft, one application at a time (`createReplayReport().add`), folded into the
 * comparison an administrator reads before publishing — outcome counts, approval rate, tier and rate
 * distribution, overall, per product and per dealer; the applications whose outcome or values changed, with both
 * traces; the draft's workflow nodes no application reached and the draft object's rows no application hit;
 * and the applications on which the draft stacked several additional rates.
 *
 * Memory stays flat however many applications are replayed: counts are kept, and only the first changed and
 * compounding applications (in the order added — the server adds them by id) keep their traces.
 * Rates are summed as exact ten-thousandths (scaled.ts), percentages computed on whole counts.
 */
import type { PolicyResult, PolicyValues } from '@credence/contracts/policy';
import { formatScaled, parseScaled } from './scaled.ts';

export type ReplayWorkflowKind = 'loanPolicy' | 'autoApproval';

/** One application's two runs; a null run: no workflow of the kind is in effect for its product. */
export type ReplayCase = {
  applicationId: number;
  productId: number;
  productName: string;
  dealerId: number | null;
  dealerName: string | null;
  published: PolicyResult | null;
  draft: PolicyResult | null;
};

export type ReplayReportOptions = {
  workflowKind: ReplayWorkflowKind;
  /** The workflows the draft side may run, with their nodes (for the nodes that never fire). */
  workflows: readonly {
    id: string;
    name: string;
    nodes: readonly { id: string; name: string; type: string }[];
  }[];
  /** The draft object's rows (a matrix's rows, a tier set's tiers, a term set's rows): its id and row labels. */
  rows?: { objectId: string; labels: readonly string[] } | undefined;
  /** How many changed applications keep both traces (default 50). */
  changedShown?: number;
  /** How many compounding applications are listed (default 20). */
  compoundingShown?: number;
};

export type ReplaySideReport = {
  outcomes: Record<string, number>;
  approvalRate: string;
  tiers: Record<string, number>;
  rates: Record<string, number>;
  averageRate: string | null;
};
export type ReplayGroupReport = {
  id: number | null;
  name: string;
  applications: number;
  changed: number;
  published: ReplaySideReport;
  draft: ReplaySideReport;
};
export const replayChangeFieldNames = ['outcome', 'tier', 'rate', 'maxAmount', 'maxLtv', 'fee', 'terms'] as const;
export type ReplayChange = (typeof replayChangeFieldNames)[number];
export type ReplayRunReport = { outcome: string; values: PolicyValues | null; result: PolicyResult | null };
export type ReplayChangedReport = {
  applicationId: number;
  productName: string;
  dealerName: string | null;
  changes: ReplayChange[];
  published: ReplayRunReport;
  draft: ReplayRunReport;
};
export type ReplayCompoundingReport = {
  applicationId: number;
  adjustments: { nodeName: string; adjustment: string }[];
  total: string;
};
export type ReplayReportResult = {
  workflowKind: ReplayWorkflowKind;
  applications: number;
  changed: number;
  published: ReplaySideReport;
  draft: ReplaySideReport;
  byProduct: ReplayGroupReport[];
  byDealer: ReplayGroupReport[];
  changedApplications: ReplayChangedReport[];
  neverFired: { workflowId: string; workflowName: string; nodeId: string; nodeName: string; nodeType: string }[];
  neverHitRows: { rowIndex: number; label: string }[];
  compoundingCount: number;
  compounding: ReplayCompoundingReport[];
};

/** The outcome a report counts when the product has no workflow of the kind in effect. */
export const NO_WORKFLOW_OUTCOME = 'No workflow';
/** The tier / rate a report counts when the run set none. */
export const NONE_VALUE = 'None';

/**
 * An approval: an auto-approval run ending in Approve; a loan policy run (whose outcomes are the lender's own
 * words) ending without a reason code — within policy.
 */
export const isApproval = (kind: ReplayWorkflowKind, result: PolicyResult | null): boolean =>
  result !== null && (kind === 'autoApproval' ? result.outcome === 'Approve' : result.reasonCodes.length === 0);

/** `part` of `whole` in percent with two decimals, half up, from whole counts ("62.50"; "0.00" of nothing). */
export const percentOf = (part: number, whole: number): string => {
  if (whole <= 0) return '0.00';
  const hundredths = Math.floor((part * 20_000 + whole) / (2 * whole));
  return `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`;
};

const bump = (counts: Record<string, number>, key: string) => {
  counts[key] = (counts[key] ?? 0) + 1;
};

type Side = {
  outcomes: Record<string, number>;
  /** Applications a workflow ran on (the approval rate's denominator). */
  ran: number;
  approved: number;
  tiers: Record<string, number>;
  rates: Record<string, number>;
  rateSum: number;
  rateCount: number;
};
const newSide = (): Side => ({ outcomes: {}, ran: 0, approved: 0, tiers: {}, rates: {}, rateSum: 0, rateCount: 0 });

const addToSide = (side: Side, kind: ReplayWorkflowKind, result: PolicyResult | null) => {
  bump(side.outcomes, result?.outcome ?? NO_WORKFLOW_OUTCOME);
  if (result !== null) side.ran += 1;
  if (isApproval(kind, result)) side.approved += 1;
  bump(side.tiers, result?.values.tier ?? NONE_VALUE);
  const rate = result?.values.rate ?? null;
  bump(side.rates, rate ?? NONE_VALUE);
  if (rate !== null) {
    const scaled = parseScaled(rate);
    if (Number.isFinite(scaled)) {
      side.rateSum += scaled;
      side.rateCount += 1;
    }
  }
};

/** Keys in a stable order: by count (most first), then by name. */
const sorted = (counts: Record<string, number>): Record<string, number> =>
  Object.fromEntries(Object.entries(counts).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])));

const sideReport = (side: Side): ReplaySideReport => ({
  outcomes: sorted(side.outcomes),
  approvalRate: percentOf(side.approved, side.ran),
  tiers: Object.fromEntries(Object.entries(side.tiers).sort((a, b) => a[0].localeCompare(b[0]))),
  rates: Object.fromEntries(
    Object.entries(side.rates).sort((a, b) => {
      if (a[0] === NONE_VALUE || b[0] === NONE_VALUE) return a[0] === NONE_VALUE ? 1 : -1;
      return parseScaled(a[0]) - parseScaled(b[0]);
    }),
  ),
  averageRate: side.rateCount === 0 ? null : formatScaled(Math.round(side.rateSum / side.rateCount), 3),
});

type Group = { id: number | null; name: string; applications: number; changed: number; published: Side; draft: Side };

/** What changed between the two runs of one application (empty: the same outcome and values). */
export const replayChanges = (published: PolicyResult | null, draft: PolicyResult | null): ReplayChange[] => {
  const changes: ReplayChange[] = [];
  if ((published?.outcome ?? NO_WORKFLOW_OUTCOME) !== (draft?.outcome ?? NO_WORKFLOW_OUTCOME)) changes.push('outcome');
  const a = published?.values;
  const b = draft?.values;
  for (const field of ['tier', 'rate', 'maxAmount', 'maxLtv', 'fee'] as const) {
    if ((a?.[field] ?? null) !== (b?.[field] ?? null)) changes.push(field);
  }
  if (JSON.stringify(a?.terms ?? null) !== JSON.stringify(b?.terms ?? null)) changes.push('terms');
  return changes;
};

/** The non-zero additional rates a run applied, in order (each step's share of the running adjustment). */
export const rateAdjustments = (result: PolicyResult): { nodeName: string; adjustment: number }[] => {
  const found: { nodeName: string; adjustment: number }[] = [];
  let running = 0;
  for (const step of result.trace) {
    const total = step.result === 'hit' ? step.valuesSet.rateAdjustment : undefined;
    if (typeof total !== 'string') continue;
    const scaled = parseScaled(total);
    const added = scaled - running;
    running = scaled;
    if (added !== 0) found.push({ nodeName: step.nodeName, adjustment: added });
  }
  return found;
};

const runReport = (result: PolicyResult | null): ReplayRunReport => ({
  outcome: result?.outcome ?? NO_WORKFLOW_OUTCOME,
  values: result?.values ?? null,
  result,
});

/**
 * A replay report under construction: `add` each application's two runs, then `report()`. Adding and reporting
 * are linear in the runs' trace lengths.
 */
export const createReplayReport = (options: ReplayReportOptions) => {
  const kind = options.workflowKind;
  const changedShown = options.changedShown ?? 50;
  const compoundingShown = options.compoundingShown ?? 20;
  const published = newSide();
  const draft = newSide();
  const products = new Map<number, Group>();
  const dealers = new Map<number | null, Group>();
  const changedApplications: ReplayChangedReport[] = [];
  const compounding: ReplayCompoundingReport[] = [];
  /** Draft side: the nodes reached per workflow, and the rows of the draft object hit. */
  const reached = new Map<string, Set<string>>();
  const rowsHit = new Set<number>();
  let applications = 0;
  let changed = 0;
  let compoundingCount = 0;

  const groupOf = <K extends number | null>(map: Map<K, Group>, id: K, name: string) => {
    let group = map.get(id);
    if (!group) {
      group = { id, name, applications: 0, changed: 0, published: newSide(), draft: newSide() };
      map.set(id, group);
    }
    return group;
  };

  const add = (replayCase: ReplayCase) => {
    applications += 1;
    const changes = replayChanges(replayCase.published, replayCase.draft);
    const isChanged = changes.length > 0;
    if (isChanged) changed += 1;
    addToSide(published, kind, replayCase.published);
    addToSide(draft, kind, replayCase.draft);
    for (const group of [
      groupOf(products, replayCase.productId, replayCase.productName),
      groupOf(dealers, replayCase.dealerId, replayCase.dealerName ?? 'No dealer'),
    ]) {
      group.applications += 1;
      if (isChanged) group.changed += 1;
      addToSide(group.published, kind, replayCase.published);
      addToSide(group.draft, kind, replayCase.draft);
    }
    if (isChanged && changedApplications.length < changedShown) {
      changedApplications.push({
        applicationId: replayCase.applicationId,
        productName: replayCase.productName,
        dealerName: replayCase.dealerName,
        changes,
        published: runReport(replayCase.published),
        draft: runReport(replayCase.draft),
      });
    }
    const run = replayCase.draft;
    if (run) {
      let nodes = reached.get(run.workflowId);
      if (!nodes) reached.set(run.workflowId, (nodes = new Set()));
      for (const step of run.trace) {
        nodes.add(step.nodeId);
        if (options.rows && step.matrixId === options.rows.objectId && step.result === 'hit' && step.rowIndex !== null)
          rowsHit.add(step.rowIndex);
      }
      const adjustments = rateAdjustments(run);
      if (adjustments.length >= 2) {
        compoundingCount += 1;
        if (compounding.length < compoundingShown) {
          compounding.push({
            applicationId: replayCase.applicationId,
            adjustments: adjustments.map((a) => ({ nodeName: a.nodeName, adjustment: formatScaled(a.adjustment, 3) })),
            total: formatScaled(
              adjustments.reduce((sum, a) => sum + a.adjustment, 0),
              3,
            ),
          });
        }
      }
    }
  };

  const groups = (map: Map<number | null, Group>) =>
    [...map.values()]
      .sort((a, b) => b.applications - a.applications || a.name.localeCompare(b.name))
      .map((g): ReplayGroupReport => ({
        id: g.id,
        name: g.name,
        applications: g.applications,
        changed: g.changed,
        published: sideReport(g.published),
        draft: sideReport(g.draft),
      }));

  const report = (): ReplayReportResult => ({
    workflowKind: kind,
    applications,
    changed,
    published: sideReport(published),
    draft: sideReport(draft),
    byProduct: groups(products as Map<number | null, Group>),
    byDealer: groups(dealers),
    changedApplications,
    // Only the workflows the draft ran: a workflow no application of the period ran says nothing about its nodes.
    neverFired: options.workflows.flatMap((w) => {
      const nodes = reached.get(w.id);
      if (!nodes) return [];
      return w.nodes
        .filter((n) => !nodes.has(n.id))
        .map((n) => ({ workflowId: w.id, workflowName: w.name, nodeId: n.id, nodeName: n.name, nodeType: n.type }));
    }),
    neverHitRows:
      options.rows && applications > 0
        ? options.rows.labels.flatMap((label, rowIndex) => (rowsHit.has(rowIndex) ? [] : [{ rowIndex, label }]))
        : [],
    compoundingCount,
    compounding,
  });

  return { add, report };
};
export type ReplayReportBuilder = ReturnType<typeof createReplayReport>;
