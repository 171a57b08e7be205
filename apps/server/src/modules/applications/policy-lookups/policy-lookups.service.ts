import {
  adminMessages,
  metricTypes,
  type ApplicationLoanLimit,
  type LoanLimitResult,
  type Matrix,
  type MetricEvaluation,
  type MetricStage,
} from '@credence/contracts';
import { PolicyCompileError } from '@credence/domain';
import { eq } from 'drizzle-orm';
import { applications, loanProducts, policyRuns } from '../../../db/schema/index.ts';
import type { TenantTx } from '../../../db/tenancy.ts';
import type { AuthContext } from '../../../platform/auth.ts';
import { AppError, notFound } from '../../../platform/errors.ts';
import * as policyRepo from '../../policy/policy.repository.ts';
import { policyInEffect, policyObjectRow } from '../../policy/policy.service.ts';
import type { ApplicationContext } from '../application-context.ts';
import { loadPolicyFacts } from '../policy-facts/policy-facts.service.ts';

/** The workflow kinds looked at for the loan limit, in order: auto-approval first (it prices the loan). */
const workflowKinds = ['autoApprovalWorkflow', 'loanPolicyWorkflow'] as const;

const productOf = async (tx: TenantTx, applicationId: number) => {
  const [application] = await tx
    .select({ productId: applications.loanProductId, productName: loanProducts.name })
    .from(applications)
    .innerJoin(loanProducts, eq(loanProducts.id, applications.loanProductId))
    .where(eq(applications.id, applicationId));
  if (!application) throw notFound();
  return application;
};

/**
 * The loan limit matrix that applies to an application (spec 2 §7 "loan limit matrix by application"): the
 * product's published workflows (auto-approval, then loan policy) are run on the application's facts without
 * being stored, and the first LoanLimit matrix lookup of the trace is the answer — the matrix at the version in
 * effect, the row hit (or none) and its maximum amount and LTV, explained as the engine explains it.
 */
export const loanLimitMatrix = (ctx: ApplicationContext, auth: AuthContext, applicationId: number) =>
  ctx.open(auth, applicationId, async (tx): Promise<ApplicationLoanLimit> => {
    const application = await productOf(tx, applicationId);
    const policy = await policyInEffect(tx, auth.lenderId);
    const inEffect = new Map(policy.inEffect.map((e) => [e.objectId, e]));
    const facts = await loadPolicyFacts(tx, applicationId, { stage: 'Decision' });
    if (!facts) throw notFound();
    let ran: string | null = null;
    for (const kind of workflowKinds) {
      const workflow = (await policyRepo.listWorkflowsForProduct(tx, kind, application.productId)).find((w) =>
        inEffect.has(w.id),
      );
      if (!workflow) continue;
      ran ??= workflow.name;
      let trace;
      try {
        trace = (await policy.compile(workflow.id)).evaluate(facts).trace;
      } catch (error) {
        if (error instanceof PolicyCompileError)
          throw new AppError(409, 'CONFLICT', error.problems.map((p) => p.message).join(' '));
        throw error;
      }
      for (const step of trace) {
        if (step.nodeType !== 'matrixLookup' || step.matrixId === null) continue;
        const object = await policyRepo.findObject(tx, Number(step.matrixId));
        const version = object ? inEffect.get(object.id) : undefined;
        if (!object || object.matrixType !== 'LoanLimit' || !version) continue;
        const [stored] = await policyRepo.loadConfigs(tx, [version.versionId]);
        const config = stored!.config as unknown as Extract<Matrix, { matrixType: 'LoanLimit' }>;
        const result: LoanLimitResult | null =
          step.result === 'hit' && step.rowIndex !== null ? (config.rows[step.rowIndex]?.result ?? null) : null;
        return {
          applicationId,
          workflowName: workflow.name,
          matrix: { ...(await policyObjectRow(tx, object)), config } as ApplicationLoanLimit['matrix'],
          rowIndex: result ? step.rowIndex : null,
          maxAmount: result?.maxAmount ?? null,
          maxLtv: result?.maxLtv ?? null,
          explanation: step.explanation,
        };
      }
    }
    return {
      applicationId,
      workflowName: ran,
      matrix: null,
      rowIndex: null,
      maxAmount: null,
      maxLtv: null,
      explanation:
        ran === null
          ? adminMessages.decisionEngine.noLoanLimitWorkflow(application.productName)
          : adminMessages.decisionEngine.noLoanLimitLookup(ran),
    };
  });

/**
 * The metrics workflow (spec 3 §7): the metrics of the application at a stage (with the worksheet's rate for
 * the new payment when given), stored as a metrics run — what the metrics were, when and for whom — and answered
 * as metric evaluations.
 */
export const runMetricsWorkflow = (
  ctx: ApplicationContext,
  auth: AuthContext,
  applicationId: number,
  body: { appStatusType: MetricStage; worksheetSummary?: { interestRate?: string | null | undefined } | null },
) =>
  ctx.open(auth, applicationId, async (tx): Promise<MetricEvaluation[]> => {
    const ratePercent = body.worksheetSummary?.interestRate ?? undefined;
    const facts = await loadPolicyFacts(tx, applicationId, {
      stage: body.appStatusType,
      ...(ratePercent ? { ratePercent } : {}),
    });
    if (!facts) throw notFound();
    const metrics = facts.metrics ?? {};
    const evaluations = metricTypes
      .filter((m) => metrics[m] !== undefined)
      .map((metricType) => ({ metricType, metricEvaluationResultValues: { value: metrics[metricType]! } }));
    await tx.insert(policyRuns).values({
      lenderId: auth.lenderId,
      applicationId,
      kind: 'metrics',
      result: { stage: body.appStatusType, ratePercent: ratePercent ?? null, metrics },
      createdByUserId: auth.userId,
    });
    return evaluations;
  });
