import { z } from 'zod';
import { MAX_ID } from '../applications/common.ts';
import { creditScoreModelSchema } from '../credit-score-models.ts';
import { endpoint } from '../kit/endpoint.ts';

/**
 * Administration › Decision Engine (spec 2 §7 "decision engine config (get, save)", shape not shown; issue 12):
 * the lender's settings around its auto-approval workflows — one object per lender, chosen by Credence:
 *
 * - autoDecisionEnabled: the auto-approval workflow runs on its own (on submission and, when asked, on change);
 *   off, staff run it from the decision worksheet only.
 * - approveAction / declineAction: what an Approve or Decline outcome does — Apply records the decision on the
 *   application, Suggest only shows it to the officer (ManualReview always goes to the review queue).
 * - defaultCreditTierSetId: the credit tier set an application is tiered by when its product's workflow names none;
 *   scoreModel: the score model tiering reads (the tier set's own when empty); scoreSelection: which applicant's
 *   score counts when there are several.
 * - rerunOnApplicationChange: a change to a field of the retraction rule set runs the workflow again.
 * - decisionRetractionRuleSetId: the decision-retraction rule set in use (its fields retract an approval).
 * - manualReviewUserGroupId: the user group ManualReview outcomes are queued to (none: the assigned officer).
 */
export const decisionOutcomeActions = ['Apply', 'Suggest'] as const;
export const decisionOutcomeActionSchema = z.enum(decisionOutcomeActions);
export const scoreSelections = ['PrimaryApplicant', 'Lowest', 'Highest', 'Average'] as const;
export const scoreSelectionSchema = z.enum(scoreSelections);
export const scoreSelectionLabels: Record<(typeof scoreSelections)[number], string> = {
  PrimaryApplicant: 'The primary applicant’s score',
  Lowest: 'The lowest applicant score',
  Highest: 'The highest applicant score',
  Average: 'The average of the applicants’ scores',
};

/** A referenced record's id in the body. */
const refSchema = z.number().int().positive().max(MAX_ID);

export const decisionEngineConfigSchema = z.object({
  autoDecisionEnabled: z.boolean(),
  approveAction: decisionOutcomeActionSchema,
  declineAction: decisionOutcomeActionSchema,
  defaultCreditTierSetId: refSchema.nullable(),
  scoreModel: creditScoreModelSchema.nullable(),
  scoreSelection: scoreSelectionSchema,
  rerunOnApplicationChange: z.boolean(),
  decisionRetractionRuleSetId: refSchema.nullable(),
  manualReviewUserGroupId: refSchema.nullable(),
});
export type DecisionEngineConfig = z.infer<typeof decisionEngineConfigSchema>;

/** What a lender that never saved its settings has: nothing decided automatically. */
export const defaultDecisionEngineConfig: DecisionEngineConfig = {
  autoDecisionEnabled: false,
  approveAction: 'Suggest',
  declineAction: 'Suggest',
  defaultCreditTierSetId: null,
  scoreModel: null,
  scoreSelection: 'PrimaryApplicant',
  rerunOnApplicationChange: true,
  decisionRetractionRuleSetId: null,
  manualReviewUserGroupId: null,
};

export const decisionEngineSettingsSchema = decisionEngineConfigSchema.extend({
  /** The saved version (null: never saved, the defaults). */
  version: z.number().int().nullable(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type DecisionEngineSettings = z.infer<typeof decisionEngineSettingsSchema>;

export const decisionEngineEndpoints = {
  getConfig: endpoint({
    method: 'GET',
    path: '/api/decisionEngine/config',
    access: { right: 'canManageDecisionEngine' },
    tag: 'decisionEngine',
    summary: 'The lender’s decision-engine settings (the defaults until saved)',
    response: decisionEngineSettingsSchema,
  }),
  saveConfig: endpoint({
    method: 'PUT',
    path: '/api/decisionEngine/config',
    access: { right: 'canManageDecisionEngine' },
    tag: 'decisionEngine',
    summary: 'Save the lender’s decision-engine settings (in effect at once; audited)',
    body: decisionEngineConfigSchema,
    response: decisionEngineSettingsSchema,
  }),
};
