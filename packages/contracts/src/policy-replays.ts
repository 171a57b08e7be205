import { z } from 'zod';
import { idSchema, idParamsSchema } from './applications/common.ts';
import { dateSchema, idValueSchema } from './primitives.ts';
import { endpoint } from './kit/endpoint.ts';
import { policyResultSchema, policyValuesSchema } from './policy.ts';

/**
 * The policy sandbox's replay (issue 12, item 3): a policy object's DRAFT run against the lender's applications
 * of a period, side by side with the published policy in effect, as a background job with its progress.
 *
 * Which workflow runs: each application's product workflow in effect — the loan policy workflow when the draft is
 * a loan policy workflow (or an object only loan policy workflows use), the auto-approval workflow otherwise (its
 * outcome, tier and rate are what the report compares). The period is the applications' creation date in the
 * lender's time zone, both ends included.
 */

/** Counts of an outcome name ('Approve', 'Decline', …; 'No workflow' when the product has none in effect). */
const countsSchema = z.record(z.string(), z.number().int());

/** One side of the comparison (the published policy or the draft) over a set of applications. */
export const replaySideSchema = z.object({
  outcomes: countsSchema,
  /**
   * Applications whose outcome is an approval over those a workflow ran on (a product without one is left out),
   * in percent with two decimals ("62.50").
   */
  approvalRate: z.string(),
  /** Applications per credit tier ('None' when no tier was assigned). */
  tiers: countsSchema,
  /** Applications per rate (the total rate, three decimals; 'None' when no rate was set). */
  rates: countsSchema,
  /** The mean of the rates set, three decimals; null when none was. */
  averageRate: z.string().nullable(),
});
export type ReplaySide = z.infer<typeof replaySideSchema>;

/** A product's or a dealer's applications, both sides. */
export const replayGroupSchema = z.object({
  /** The product's or the dealer's id; null: applications without a dealer (direct). */
  id: z.number().int().nullable(),
  name: z.string(),
  applications: z.number().int(),
  changed: z.number().int(),
  published: replaySideSchema,
  draft: replaySideSchema,
});
export type ReplayGroup = z.infer<typeof replayGroupSchema>;

/** What differs between the two runs of an application. */
export const replayChangeFields = ['outcome', 'tier', 'rate', 'maxAmount', 'maxLtv', 'fee', 'terms'] as const;
export type ReplayChangeField = (typeof replayChangeFields)[number];

export const replayRunSchema = z.object({
  outcome: z.string(),
  values: policyValuesSchema.nullable(),
  result: policyResultSchema.nullable(),
});
export type ReplayRun = z.infer<typeof replayRunSchema>;

export const replayChangedApplicationSchema = z.object({
  applicationId: z.number().int(),
  productName: z.string(),
  dealerName: z.string().nullable(),
  changes: z.array(z.enum(replayChangeFields)),
  published: replayRunSchema,
  draft: replayRunSchema,
});
export type ReplayChangedApplication = z.infer<typeof replayChangedApplicationSchema>;

/** A workflow node no replayed application reached with the draft. */
export const replayNeverFiredSchema = z.object({
  workflowId: z.string(),
  workflowName: z.string(),
  nodeId: z.string(),
  nodeName: z.string(),
  nodeType: z.string(),
});
/** A row of the draft matrix (or tier of the draft tier set, row of the draft term set) no application hit. */
export const replayNeverHitRowSchema = z.object({ rowIndex: z.number().int(), label: z.string() });

/** Several additional rates stacked on one application by the draft. */
export const replayCompoundingSchema = z.object({
  applicationId: z.number().int(),
  /** Each adjustment applied, in order: the node and the adjustment it added. */
  adjustments: z.array(z.object({ nodeName: z.string(), adjustment: z.string() })),
  /** Their sum, three decimals. */
  total: z.string(),
});

export const replayReportSchema = z.object({
  workflowKind: z.enum(['loanPolicy', 'autoApproval']),
  /** Applications of the period replayed (both sides). */
  applications: z.number().int(),
  /** Applications whose outcome or values differ. */
  changed: z.number().int(),
  published: replaySideSchema,
  draft: replaySideSchema,
  byProduct: z.array(replayGroupSchema),
  byDealer: z.array(replayGroupSchema),
  /** The changed applications with both traces: the first `changedShown` of them (by application id). */
  changedApplications: z.array(replayChangedApplicationSchema),
  neverFired: z.array(replayNeverFiredSchema),
  neverHitRows: z.array(replayNeverHitRowSchema),
  /** Applications on which the draft stacked two or more additional rates (how many, and the first ones). */
  compoundingCount: z.number().int(),
  compounding: z.array(replayCompoundingSchema),
});
export type ReplayReport = z.infer<typeof replayReportSchema>;

export const policyReplayStatuses = ['queued', 'running', 'done', 'failed'] as const;
export type PolicyReplayStatus = (typeof policyReplayStatuses)[number];

export const policyReplaySchema = z.object({
  id: z.number().int(),
  policyObjectId: z.number().int(),
  policyObjectName: z.string(),
  policyObjectKind: z.string(),
  draftVersion: z.number().int(),
  /** The version in effect it was compared with (null: the object had none). */
  publishedVersion: z.number().int().nullable(),
  from: z.string(),
  to: z.string(),
  status: z.enum(policyReplayStatuses),
  processed: z.number().int(),
  /** Applications to replay (null until the job has counted them). */
  total: z.number().int().nullable(),
  report: replayReportSchema.nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type PolicyReplay = z.infer<typeof policyReplaySchema>;

/** A replay in the list: without its report. */
export const policyReplaySummarySchema = policyReplaySchema.omit({ report: true });
export type PolicyReplaySummary = z.infer<typeof policyReplaySummarySchema>;

/** The longest period a replay may cover. */
export const REPLAY_MAX_DAYS = 3660;

export const startReplayBodySchema = z.object({
  policyObjectId: idValueSchema,
  from: dateSchema,
  to: dateSchema,
});
export type StartReplayBody = z.infer<typeof startReplayBodySchema>;

/** A draft the sandbox can replay: the object, its kind and draft version. */
export const replayableDraftSchema = z.object({
  policyObjectId: z.number().int(),
  name: z.string(),
  kind: z.string(),
  matrixType: z.string().nullable(),
  draftVersion: z.number().int(),
  draftUpdatedAt: z.string(),
});
export type ReplayableDraft = z.infer<typeof replayableDraftSchema>;

/**
 * Who may replay: the configuration right of the object's kind (the server checks it on the object) or
 * canManageDecisionEngine; the endpoints let in any of them.
 */
const replayAccess = {
  anyOf: [
    'canManageDecisionEngine',
    'canManageMatrices',
    'canManageCreditTierSets',
    'canManageLoanTermSets',
    'canManageLoanPolicyWorkflows',
  ],
} as const;

export const policyReplayEndpoints = {
  drafts: endpoint({
    method: 'GET',
    path: '/api/policyReplays/drafts',
    access: replayAccess,
    tag: 'policySandbox',
    summary: 'The policy objects with a draft the caller may replay',
    response: z.array(replayableDraftSchema),
  }),
  start: endpoint({
    method: 'POST',
    path: '/api/policyReplays',
    access: replayAccess,
    tag: 'policySandbox',
    summary: "Replay a policy object's draft against the applications of a period (a background job)",
    body: startReplayBodySchema,
    response: policyReplaySchema,
    status: 201,
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/policyReplays/:id',
    access: replayAccess,
    tag: 'policySandbox',
    summary: 'A replay: its status, progress and, when done, its report',
    params: idParamsSchema,
    response: policyReplaySchema,
  }),
  list: endpoint({
    method: 'GET',
    path: '/api/policyReplays',
    access: replayAccess,
    tag: 'policySandbox',
    summary: "The replays of a policy object (or all the lender's), newest first (at most 50)",
    query: z.object({ policyObjectId: idSchema.optional() }),
    response: z.array(policyReplaySummarySchema),
  }),
};
