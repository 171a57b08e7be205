import { z } from 'zod';
import { idParamsSchema, idSchema } from './applications/common.ts';
import {
  autoApprovalWorkflowsResource,
  creditTierSetsResource,
  decisionRetractionRuleSetsResource,
  loanPolicyWorkflowsResource,
  loanTermSetsResource,
  matricesResource,
} from './admin/policy-objects.ts';
import { endpoint } from './kit/endpoint.ts';
import {
  matrixTypeSchema,
  metricStages,
  metricTypeSchema,
  policyResultSchema,
  policyUnits,
  policyValuesSchema,
  type MatrixColumnDefinition,
} from './policy.ts';
import { dateTimeSchema } from './primitives.ts';

/** Publishing a draft: now, or from a later time (the version in effect until then stays). */
export const publishBodySchema = z.object({ effectiveAt: dateTimeSchema.nullish() });

export const policyVersionSchema = z.object({
  version: z.number().int(),
  status: z.enum(['draft', 'published']),
  effectiveAt: z.string().nullable(),
  publishedAt: z.string().nullable(),
  publishedBy: z.string().nullable(),
  createdAt: z.string(),
  /** In effect now. */
  current: z.boolean(),
});
export type PolicyVersion = z.infer<typeof policyVersionSchema>;

type Versioned = { path: string; name: string; singular: string; right: Parameters<typeof endpoint>[0]['access'] };
const versionEndpoints = <R extends z.ZodType>(resource: Versioned & { row: R }) => ({
  publish: endpoint({
    method: 'POST',
    path: `${resource.path}/:id/publish`,
    access: resource.right,
    tag: resource.name,
    summary: `Publish a ${resource.singular.toLowerCase()}'s draft (atomic; effective now or from effectiveAt)`,
    params: idParamsSchema,
    body: publishBodySchema,
    response: resource.row,
  }),
  versions: endpoint({
    method: 'GET',
    path: `${resource.path}/:id/versions`,
    access: resource.right,
    tag: resource.name,
    summary: `A ${resource.singular.toLowerCase()}'s versions, newest first`,
    params: idParamsSchema,
    response: z.array(policyVersionSchema),
  }),
});
const versioned = <R extends { path: string; name: string; singular: string; right: never; row: z.ZodType }>(r: R) =>
  versionEndpoints({ path: r.path, name: r.name, singular: r.singular, right: { right: r.right }, row: r.row });

/** Publish and version history of each policy resource. */
export const policyVersionEndpoints = {
  matrix: versioned(matricesResource as never),
  creditTierSet: versioned(creditTierSetsResource as never),
  loanTermSet: versioned(loanTermSetsResource as never),
  loanPolicyWorkflow: versioned(loanPolicyWorkflowsResource as never),
  autoApprovalWorkflow: versioned(autoApprovalWorkflowsResource as never),
  decisionRetractionRuleSet: versioned(decisionRetractionRuleSetsResource as never),
} as const;

export const matrixColumnDefinitionSchema: z.ZodType<MatrixColumnDefinition> = z.object({
  key: z.string(),
  label: z.string(),
  kind: z.enum(['range', 'value']),
  unit: z.string(),
}) as never;

/** One node run, as the spec's workflow run result names it (nodeEvaluationResults, each with name). */
export const nodeEvaluationResultSchema = z.object({
  name: z.string(),
  nodeId: z.string(),
  nodeType: z.string(),
  result: z.string(),
  explanation: z.string(),
});

/** A stored run of the engine on an application: the outcome, the trace and the version it ran. */
export const policyRunSchema = z.object({
  id: z.number().int(),
  applicationId: z.number().int(),
  kind: z.enum(['loanPolicy', 'autoApproval', 'suggestedValues', 'metrics']),
  workflowId: z.number().int().nullable(),
  workflowName: z.string().nullable(),
  version: z.number().int().nullable(),
  /** A draft was run (the workflow editor's test run). */
  draft: z.boolean(),
  /** Spec 3 §3 autoApprovalOutcomeType: Approve, ManualReview, Decline (custom outcomes for loan policy). */
  outcomeType: z.string().nullable(),
  nodeEvaluationResults: z.array(nodeEvaluationResultSchema),
  result: policyResultSchema.nullable(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  /** What the caller should know about the run, e.g. a test run on a product the workflow does not serve. */
  warnings: z.array(z.string()).default([]),
});
export type PolicyRun = z.infer<typeof policyRunSchema>;

export const suggestedValuesSchema = z.object({
  applicationId: z.number().int(),
  workflowName: z.string().nullable(),
  outcomeType: z.string().nullable(),
  ...policyValuesSchema.shape,
});
export type SuggestedValues = z.infer<typeof suggestedValuesSchema>;

export const metricEvaluationSchema = z.object({
  metricType: metricTypeSchema,
  metricEvaluationResultValues: z.object({ value: z.string() }),
});
export type MetricEvaluation = z.infer<typeof metricEvaluationSchema>;

const runBodySchema = z
  .object({})
  .passthrough()
  .nullish()
  .transform(() => ({}));
const decideOrFund = { anyOf: ['canDecisionALoan', 'canFundALoan'] } as const;
const runParams = z.object({ id: idSchema, applicationId: idSchema });

/** The engine's calls on applications (spec 3 §7) and the workflow editor's test run. */
export const policyRunEndpoints = {
  runLoanPolicy: endpoint({
    method: 'POST',
    path: '/api/Applications/:id/runloanpolicyworkflow',
    access: decideOrFund,
    tag: 'decisionEngine',
    summary: "Run the product's published loan policy workflow on the application; stored with its trace",
    params: idParamsSchema,
    body: runBodySchema,
    response: policyRunSchema,
  }),
  runAutoApproval: endpoint({
    method: 'POST',
    path: '/api/Applications/:id/runautoapprovalworkflow',
    access: { right: 'canDecisionALoan' },
    tag: 'decisionEngine',
    summary: "Run the product's published auto-approval workflow (body defaults to {}); stored with its trace",
    params: idParamsSchema,
    body: runBodySchema,
    response: policyRunSchema,
  }),
  autoApprovalResults: endpoint({
    method: 'GET',
    path: '/api/Applications/:id/autoApprovalResults',
    access: decideOrFund,
    tag: 'decisionEngine',
    summary: 'The auto-approval runs of the application, newest first',
    params: idParamsSchema,
    response: z.array(policyRunSchema),
  }),
  suggestedValues: endpoint({
    method: 'POST',
    path: '/api/applications/:id/suggestedValues',
    access: { right: 'canDecisionALoan' },
    tag: 'decisionEngine',
    summary: 'Tier, rate, maximum amount and terms the published policy suggests for the application',
    params: idParamsSchema,
    body: runBodySchema,
    response: suggestedValuesSchema,
  }),
  metricEvaluations: endpoint({
    method: 'GET',
    path: '/api/applications/:id/metricEvaluations',
    access: decideOrFund,
    tag: 'decisionEngine',
    summary: "The application's metrics as the engine computes them",
    params: idParamsSchema,
    response: z.array(metricEvaluationSchema),
  }),
  testRunLoanPolicy: endpoint({
    method: 'POST',
    path: '/api/loanPolicyWorkflows/:id/run/:applicationId',
    access: { right: 'canManageLoanPolicyWorkflows' },
    tag: 'decisionEngine',
    summary: "Run a loan policy workflow's draft (or its version in effect) on an application (the editor's test run)",
    params: runParams,
    body: runBodySchema,
    response: policyRunSchema,
  }),
  testRunAutoApproval: endpoint({
    method: 'POST',
    path: '/api/autoApprovalWorkflows/:id/run/:applicationId',
    access: { right: 'canManageDecisionEngine' },
    tag: 'decisionEngine',
    summary: "Run an auto-approval workflow's draft (or its version in effect) on an application",
    params: runParams,
    body: runBodySchema,
    response: policyRunSchema,
  }),
};

/** Spec 2 §7 matrix reference calls and the decision-retraction rules by type. */
export const policyLookupEndpoints = {
  columnDefinitions: endpoint({
    method: 'GET',
    path: '/api/matrices/columnDefinitions',
    access: { right: 'canManageMatrices' },
    tag: 'matrices',
    summary: 'The columns a matrix of the type can be keyed by',
    query: z.object({ matrixType: matrixTypeSchema }),
    response: z.array(matrixColumnDefinitionSchema),
  }),
  typeAndCreditTiers: endpoint({
    method: 'GET',
    path: '/api/matrices/typeAndCreditTiers',
    access: { right: 'canManageMatrices' },
    tag: 'matrices',
    summary: 'The matrices of a type bound to a credit tier set',
    query: z.object({ matrixType: matrixTypeSchema, creditTierSetId: idSchema }),
    response: z.array(matricesResource.row),
  }),
  retractionRules: endpoint({
    method: 'GET',
    path: '/api/worksheetChangeRule/GetRules',
    access: 'signedIn',
    tag: 'decisionRetractionRuleSets',
    summary: 'The enabled rule sets of a type in effect (decision retraction)',
    query: z.object({ type: z.literal('DecisionRetraction') }),
    response: z.array(decisionRetractionRuleSetsResource.row),
  }),
};

/* ----------------------------------------------------------------- reference calls (spec 2 §7, spec 3 §7) */

/**
 * What an auto-approval (or loan policy) workflow may test: every metric (stage × measure) with its unit, and the
 * yes/no facts of the credit report and screening.
 */
export const attributeDefinitionSchema = z.object({
  /** The metric type or fact a node names ('ProposedDti', 'hasBankruptcy'). */
  key: z.string(),
  label: z.string(),
  /** metric: compared to a number; fact: yes or no. */
  type: z.enum(['metric', 'fact']),
  unit: z.enum(policyUnits).nullable(),
  /** A metric's stage (Application, Proposed, Decision, Funding); null for a fact. */
  stage: z.enum(metricStages).nullable(),
});
export type AttributeDefinition = z.infer<typeof attributeDefinitionSchema>;

/** One row of a rate table: the conditions of the matrix row in words, and its rate or additional rate. */
export const rateTableRowSchema = z.object({
  rowIndex: z.number().int(),
  conditions: z.array(z.object({ key: z.string(), label: z.string(), text: z.string() })),
  /** A base rate (percent), or null for an additional-rate row. */
  rate: z.string().nullable(),
  /** An additional rate added to the base rate (percent, may be negative), or null for a base-rate row. */
  adjustment: z.string().nullable(),
});
export const rateTableSchema = z.object({
  matrixId: z.number().int(),
  name: z.string(),
  /** The published version in effect. */
  version: z.number().int(),
  kind: z.enum(['base', 'additional']),
  rows: z.array(rateTableRowSchema),
});
/** The rate tables of one loan product: the published Rate matrices its workflows look up or that name it. */
export const productRateTablesSchema = z.object({
  loanProductId: z.number().int(),
  loanProductName: z.string(),
  tables: z.array(rateTableSchema),
});
export type RateTable = z.infer<typeof rateTableSchema>;
export type ProductRateTables = z.infer<typeof productRateTablesSchema>;

/** The loan limit matrix that applies to an application and the row it hits (spec 2 §7 "loan limit matrix by application"). */
export const applicationLoanLimitSchema = z.object({
  applicationId: z.number().int(),
  /** The published workflow of the product that looks the matrix up (null: the product has none). */
  workflowName: z.string().nullable(),
  matrix: matricesResource.row.nullable(),
  /** The row hit (0-based), null when no row matched or no matrix applies. */
  rowIndex: z.number().int().nullable(),
  maxAmount: z.string().nullable(),
  maxLtv: z.string().nullable(),
  /** In words: which row was hit and why, or why none applies. */
  explanation: z.string(),
});
export type ApplicationLoanLimit = z.infer<typeof applicationLoanLimitSchema>;

/**
 * The metrics workflow (spec 3 §7 "run metrics workflow (appStatusType, worksheetSummary)"): the metrics of a
 * stage of the application — appStatusType is the stage (Application by default; the Application stage is
 * always included) — with the worksheet's rate for the new payment (`worksheetSummary.interestRate`, percent;
 * the engine's default rate otherwise). Stored as a metrics run.
 */
export const metricsWorkflowBodySchema = z
  .object({
    appStatusType: z.enum(metricStages).default('Application'),
    worksheetSummary: z
      .object({
        interestRate: z
          .string()
          .regex(/^\d{1,2}(\.\d{1,3})?$/, 'Enter a rate from 0 to 99.999 with up to three decimals.')
          .nullish(),
      })
      .nullish(),
  })
  .default({ appStatusType: 'Application' });

const readApplication = 'signedIn' as const;

export const policyReferenceEndpoints = {
  attributeDefinitions: endpoint({
    method: 'GET',
    path: '/api/decisionEngine/attributeDefinitions',
    access: { anyOf: ['canManageDecisionEngine', 'canManageLoanPolicyWorkflows'] },
    tag: 'decisionEngine',
    summary: 'The metrics and yes/no facts a workflow may test, with label, type and unit',
    response: z.array(attributeDefinitionSchema),
  }),
  rateTables: endpoint({
    method: 'GET',
    path: '/api/rateTables',
    access: { anyOf: ['canManageMatrices', 'canManageDecisionEngine', 'canDecisionALoan'] },
    tag: 'decisionEngine',
    summary: "The lender's published Rate matrices flattened as rate tables, per loan product",
    response: z.array(productRateTablesSchema),
  }),
  loanLimitMatrix: endpoint({
    method: 'GET',
    path: '/api/applications/:id/loanLimitMatrix',
    access: readApplication,
    tag: 'decisionEngine',
    summary: 'The loan limit matrix that applies to the application and the row it hits',
    params: idParamsSchema,
    response: applicationLoanLimitSchema,
  }),
  metricsWorkflow: endpoint({
    method: 'POST',
    path: '/api/applications/:id/metricsWorkflow',
    access: readApplication,
    tag: 'decisionEngine',
    summary: "Compute the application's metrics of a stage (stored as a metrics run)",
    params: idParamsSchema,
    body: metricsWorkflowBodySchema,
    response: z.array(metricEvaluationSchema),
  }),
};
