import type { Matrix, PolicyFacts, PolicyResult, RateGridRowView } from '@credence/contracts';
import { money, PolicyCompileError, type CompiledPolicy } from '@credence/domain';
import type { TenantTx } from '../../../db/tenancy.ts';
import * as policyRepo from '../../policy/policy.repository.ts';
import { policyInEffect } from '../../policy/policy.service.ts';

/** The terms a grid shows when the policy names none (no loan term set in the workflow). */
const DEFAULT_TERMS = [12, 24, 36, 48, 60, 72, 84];
/** The LTV buckets a grid shows when no rate matrix has an LTV axis. */
const DEFAULT_LTV_BUCKETS = ['80.00', '90.00', '100.00', '110.00', '120.00'];

export type EvaluatedPolicy = {
  workflowObjectId: number;
  workflowName: string;
  versionId: number;
  version: number;
  compiled: CompiledPolicy;
  result: PolicyResult;
  /** The version in effect of every policy object (a matrix's configuration is read through it). */
  versionOf: Map<number, number>;
};

/**
 * The product's published auto-approval workflow evaluated on the facts (not stored): null when the product has
 * none or it does not compile (the worksheet then shows no policy result and no rate grid).
 */
export const evaluateAutoApproval = async (
  tx: TenantTx,
  lenderId: number,
  productId: number,
  facts: PolicyFacts,
): Promise<EvaluatedPolicy | null> => {
  const policy = await policyInEffect(tx, lenderId);
  const inEffect = new Map(policy.inEffect.map((e) => [e.objectId, e]));
  const workflow = (await policyRepo.listWorkflowsForProduct(tx, 'autoApprovalWorkflow', productId)).find((w) =>
    inEffect.has(w.id),
  );
  const version = workflow ? inEffect.get(workflow.id) : undefined;
  if (!workflow || !version) return null;
  try {
    const compiled = await policy.compile(workflow.id);
    return {
      workflowObjectId: workflow.id,
      workflowName: version.name || workflow.name,
      versionId: version.versionId,
      version: version.version,
      compiled,
      result: compiled.evaluate(facts),
      versionOf: new Map(policy.inEffect.map((e) => [e.objectId, e.versionId])),
    };
  } catch (error) {
    if (error instanceof PolicyCompileError) return null;
    throw error;
  }
};

/** The matrices the run looked up, by their stored object (its matrix type) and configuration in effect. */
const matricesOfRun = async (tx: TenantTx, { result, versionOf }: EvaluatedPolicy) => {
  const ids = [...new Set(result.trace.flatMap((s) => (s.matrixId === null ? [] : [Number(s.matrixId)])))];
  const matrices: { matrixType: string | null; config: Matrix | null }[] = [];
  for (const id of ids.filter(Number.isInteger)) {
    const object = await policyRepo.findObject(tx, id);
    if (!object || object.kind !== 'matrix') continue;
    const versionId = versionOf.get(id);
    const [stored] = versionId === undefined ? [] : await policyRepo.loadConfigs(tx, [versionId]);
    matrices.push({ matrixType: object.matrixType, config: (stored?.config as unknown as Matrix) ?? null });
  }
  return matrices;
};

/** The upper bounds of the LTV axis of the rate matrices the run used, ascending (an open last band left out). */
const ltvBucketsOf = (matrices: { matrixType: string | null; config: Matrix | null }[]) => {
  const bounds = new Set<string>();
  for (const { matrixType, config } of matrices) {
    if (matrixType !== 'Rate' || !config) continue;
    const axis = config.axes.findIndex((a) => a.key === 'ltv');
    if (axis < 0) continue;
    for (const row of config.rows) {
      const cell = row.cells[axis];
      if (cell?.kind === 'range' && cell.max) bounds.add(money(cell.max).toFixed(2));
    }
  }
  return [...bounds].sort((a, b) => money(a).comparedTo(money(b)));
};

export type PolicyGrid = { hasLoanLimitMatrix: boolean; rows: RateGridRowView[] };

/**
 * The rate grid (spec 3 §4, "a term-by-LTV rate grid with max loan and max LTV"): the workflow evaluated again for
 * every term the policy allows and every LTV band of its rate matrices — each cell the rate the policy gives at
 * that term and that LTV, each row the loan limits at that term. A cell the policy gives no rate for is left out.
 */
export const rateGridOf = async (tx: TenantTx, evaluated: EvaluatedPolicy, facts: PolicyFacts): Promise<PolicyGrid> => {
  const matrices = await matricesOfRun(tx, evaluated);
  const hasLoanLimitMatrix = matrices.some((m) => m.matrixType === 'LoanLimit');
  const buckets = ltvBucketsOf(matrices);
  const ltvs = buckets.length > 0 ? buckets : DEFAULT_LTV_BUCKETS;
  const terms = evaluated.result.values.terms ?? DEFAULT_TERMS;
  const rows: RateGridRowView[] = [];
  for (const term of terms) {
    const cells: RateGridRowView['cells'] = [];
    let maxLoan: string | null = null;
    let maxLtv: string | null = null;
    for (const ltv of ltvs) {
      const { values } = evaluated.compiled.evaluate({ ...facts, termMonths: term, ltv });
      if (values.rate !== null) cells.push({ ltv, rate: values.rate });
      maxLoan ??= values.maxAmount;
      maxLtv ??= values.maxLtv;
    }
    rows.push({ term, cells, maxLoan, maxLtv });
  }
  return { hasLoanLimitMatrix, rows };
};
