import {
  adminMessages,
  metricTypes,
  type MetricEvaluation,
  type PolicyResult,
  type PolicyRun,
  type SuggestedValues,
} from '@credence/contracts';
import { PolicyCompileError } from '@credence/domain';
import { and, desc, eq } from 'drizzle-orm';
import { applications, loanProducts, policyRuns, users } from '../../../db/schema/index.ts';
import type { TenantTx } from '../../../db/tenancy.ts';
import type { AuthContext } from '../../../platform/auth.ts';
import { AppError, notFound } from '../../../platform/errors.ts';
import * as policyRepo from '../../policy/policy.repository.ts';
import { policyInEffect, type PolicyOverride } from '../../policy/policy.service.ts';
import type { ApplicationContext, HistoryWriter } from '../application-context.ts';
import { loadPolicyFacts } from '../policy-facts/policy-facts.service.ts';

export type RunKind = 'loanPolicy' | 'autoApproval';
const objectKind = { loanPolicy: 'loanPolicyWorkflow', autoApproval: 'autoApprovalWorkflow' } as const;
const kindWords = { loanPolicy: 'loan policy', autoApproval: 'auto-approval' } as const;

type StoredResult = { result: PolicyResult; draft: boolean; workflowName: string; version: number | null };

const toRun = (row: typeof policyRuns.$inferSelect, createdBy: string | null, warnings: string[] = []): PolicyRun => {
  const stored = row.result as unknown as StoredResult;
  return {
    id: row.id,
    applicationId: row.applicationId,
    kind: row.kind as PolicyRun['kind'],
    workflowId: row.policyObjectId,
    workflowName: stored.workflowName ?? null,
    version: stored.version ?? null,
    draft: stored.draft ?? false,
    outcomeType: row.outcome,
    nodeEvaluationResults: (stored.result?.trace ?? []).map((s) => ({
      name: s.nodeName,
      nodeId: s.nodeId,
      nodeType: s.nodeType,
      result: s.result,
      explanation: s.explanation,
    })),
    result: stored.result ?? null,
    createdAt: row.createdAt.toISOString(),
    createdBy,
    warnings,
  };
};

/** The engine could not run: no workflow for the product, or one that does not compile. */
const cannotRun = (message: string) => new AppError(409, 'CONFLICT', message);

/**
 * Runs a workflow on the application (issue 12, item 4): the product's published workflow of the kind (or the
 * given one — its draft when `draft`, for the editor's test run) over the facts of the application, stored with
 * its trace and the version it ran, and written to the application's history.
 */
const run = async (
  tx: TenantTx,
  auth: AuthContext,
  history: HistoryWriter,
  applicationId: number,
  kind: RunKind,
  options: { storeAs?: PolicyRun['kind']; workflowObjectId?: number; draft?: boolean } = {},
) => {
  const [application] = await tx
    .select({ productId: applications.loanProductId, productName: loanProducts.name })
    .from(applications)
    .innerJoin(loanProducts, eq(loanProducts.id, applications.loanProductId))
    .where(eq(applications.id, applicationId));
  if (!application) throw notFound();

  let overrides: PolicyOverride[] = [];
  let workflowId = options.workflowObjectId;
  if (workflowId !== undefined) {
    const object = await policyRepo.findObject(tx, workflowId);
    if (!object || object.kind !== objectKind[kind]) throw notFound();
  }
  if (workflowId !== undefined && options.draft) {
    const draft = await policyRepo.findDraft(tx, workflowId);
    if (draft)
      overrides = [{ objectId: workflowId, kind: objectKind[kind], versionId: draft.id, config: draft.config }];
  }
  const policy = await policyInEffect(tx, auth.lenderId, { overrides });
  const forProduct = await policyRepo.listWorkflowsForProduct(tx, objectKind[kind], application.productId);
  // The editor's test run may run any workflow on any application, and says so when the product is not its own.
  const servesProduct = workflowId === undefined || forProduct.some((w) => w.id === workflowId);
  if (workflowId === undefined) {
    const inEffect = new Set(policy.inEffect.map((e) => e.objectId));
    workflowId = forProduct.find((w) => inEffect.has(w.id))?.id;
  }
  const version = policy.inEffect.find((e) => e.objectId === workflowId);
  if (workflowId === undefined || !version)
    throw cannotRun(adminMessages.policy.noWorkflow(kindWords[kind], application.productName));

  let result: PolicyResult;
  try {
    const compiled = await policy.compile(workflowId);
    const facts = await loadPolicyFacts(tx, applicationId, { stage: 'Decision' });
    if (!facts) throw notFound();
    result = compiled.evaluate(facts);
  } catch (error) {
    if (error instanceof PolicyCompileError) throw cannotRun(error.problems.map((p) => p.message).join(' '));
    throw error;
  }
  const workflowName = version.name || ((await policyRepo.findObject(tx, workflowId))?.name ?? '');
  const stored: StoredResult = {
    result,
    draft: overrides.length > 0,
    workflowName,
    version: overrides.length > 0 ? null : version.version,
  };
  const [row] = await tx
    .insert(policyRuns)
    .values({
      lenderId: auth.lenderId,
      applicationId,
      kind: options.storeAs ?? kind,
      policyObjectId: workflowId,
      policyVersionId: version.versionId,
      outcome: result.outcome,
      result: stored as unknown as Record<string, unknown>,
      createdByUserId: auth.userId,
    })
    .returning();
  if ((options.storeAs ?? kind) !== 'suggestedValues')
    await history({
      action: 'Decision engine',
      description: `${workflowName}${stored.draft ? ' (draft)' : ''}: ${result.outcome}`,
      entity: 'Decision',
      changes: [],
    });
  const [me] = await tx.select({ name: users.fullName }).from(users).where(eq(users.id, auth.userId));
  const warnings = servesProduct
    ? []
    : [adminMessages.policy.workflowNotForProduct(workflowName, application.productName)];
  return toRun(row!, me?.name ?? null, warnings);
};

export const runWorkflow = (
  ctx: ApplicationContext,
  auth: AuthContext,
  applicationId: number,
  kind: RunKind,
  options: { workflowObjectId?: number; draft?: boolean } = {},
) => ctx.open(auth, applicationId, (tx, history) => run(tx, auth, history, applicationId, kind, options));

export const listAutoApprovalResults = (ctx: ApplicationContext, auth: AuthContext, applicationId: number) =>
  ctx.open(auth, applicationId, async (tx) => {
    const rows = await tx
      .select({ run: policyRuns, createdBy: users.fullName })
      .from(policyRuns)
      .leftJoin(users, eq(users.id, policyRuns.createdByUserId))
      .where(and(eq(policyRuns.applicationId, applicationId), eq(policyRuns.kind, 'autoApproval')))
      .orderBy(desc(policyRuns.createdAt), desc(policyRuns.id))
      .limit(50);
    return rows.map((r) => toRun(r.run, r.createdBy));
  });

/** Tier, rate, maximum amount and terms of the product's auto-approval workflow (stored as a suggestedValues run). */
export const suggestValues = (ctx: ApplicationContext, auth: AuthContext, applicationId: number) =>
  ctx.open(auth, applicationId, async (tx, history): Promise<SuggestedValues> => {
    const ran = await run(tx, auth, history, applicationId, 'autoApproval', { storeAs: 'suggestedValues' });
    return {
      applicationId,
      workflowName: ran.workflowName,
      outcomeType: ran.outcomeType,
      ...ran.result!.values,
    };
  });

export const metricEvaluations = (ctx: ApplicationContext, auth: AuthContext, applicationId: number) =>
  ctx.open(auth, applicationId, async (tx): Promise<MetricEvaluation[]> => {
    const facts = await loadPolicyFacts(tx, applicationId, { stage: 'Decision' });
    if (!facts) throw notFound();
    const metrics = facts.metrics ?? {};
    return metricTypes
      .filter((m) => metrics[m] !== undefined)
      .map((metricType) => ({ metricType, metricEvaluationResultValues: { value: metrics[metricType]! } }));
  });
