import { z } from 'zod';
import { MAX_ID } from '../applications/common.ts';
import { creditScoreModelSchema } from '../credit-score-models.ts';
import { endpoint } from '../kit/endpoint.ts';
import {
  dayCountSchema,
  defaultDisclosureTerms,
  oddDaysTreatmentSchema,
  type DisclosureTerms,
} from '../applications/disclosure.ts';

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
 * - dealerRates: the dealer buy rate per loan product (spec 3 §5: "The buy rate equals the approved rate when
 *   matching is on, otherwise it is derived from the maximum spread") — rate matching, or the maximum spread the
 *   approved rate may exceed the buy rate by. A product not listed has rate matching on.
 * - disclosureTerms: per loan product, how odd days accrue (actual/365 or 30/360) and are collected (prepaid at
 *   closing, added to the first payment, not charged) — Regulation Z's disclosure of the product's loans (issue 41).
 *   A product not listed: actual/365, added to the first payment.
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

/** The texts of the dealer buy rate table (ours: the spec shows none). */
export const dealerRateTexts = {
  title: 'Dealer buy rate',
  maximumSpread: 'Enter a spread in percent from 0 to 99.999, e.g. 2.000',
  spreadRequired: 'Enter the maximum spread, or turn rate matching on.',
  productTwice: 'This loan product is listed twice.',
  productUnknown: 'Choose one of the lender’s loan products.',
} as const;

/**
 * One loan product's dealer buy rate: rate matching (the buy rate is the approved rate), or the maximum spread in
 * percent (the buy rate is the approved rate less the spread, never below zero).
 */
export const dealerRateSchema = z
  .object({
    loanProductId: refSchema,
    rateMatching: z.boolean(),
    maximumSpread: z
      .string()
      .trim()
      .regex(/^\d{1,2}(\.\d{1,3})?$/, dealerRateTexts.maximumSpread)
      .nullish()
      .transform((v) => v ?? null),
  })
  .superRefine((r, ctx) => {
    if (!r.rateMatching && r.maximumSpread === null)
      ctx.addIssue({ code: 'custom', path: ['maximumSpread'], message: dealerRateTexts.spreadRequired });
  });
export type DealerRate = z.infer<typeof dealerRateSchema>;

/** A product's dealer buy rate in the settings (rate matching on when it is not listed). */
export const dealerRateOf = (config: { dealerRates: readonly DealerRate[] }, loanProductId: number): DealerRate =>
  config.dealerRates.find((r) => r.loanProductId === loanProductId) ?? {
    loanProductId,
    rateMatching: true,
    maximumSpread: null,
  };

/** The texts of the disclosure terms table (ours: the spec shows none). */
export const disclosureTermsTexts = {
  title: 'Truth in Lending by product',
  dayCount: 'Odd days accrue',
  oddDays: 'Odd-days interest',
  productTwice: 'This loan product is listed twice.',
} as const;

/** One loan product's disclosure terms (issue 41, build item 2). */
export const productDisclosureTermsSchema = z.object({
  loanProductId: refSchema,
  dayCount: dayCountSchema,
  oddDays: oddDaysTreatmentSchema,
});
export type ProductDisclosureTerms = z.infer<typeof productDisclosureTermsSchema>;

/** A product's disclosure terms in the settings (actual/365, added to the first payment, when not listed). */
export const disclosureTermsOf = (
  config: { disclosureTerms: readonly ProductDisclosureTerms[] },
  loanProductId: number,
): DisclosureTerms => {
  const listed = config.disclosureTerms.find((t) => t.loanProductId === loanProductId);
  return listed ? { dayCount: listed.dayCount, oddDays: listed.oddDays } : defaultDisclosureTerms;
};

/** A list of per-product rows, each product once. */
const perProduct = <T extends z.ZodType<{ loanProductId: number }>>(row: T, productTwice: string) =>
  z
    .array(row)
    .max(500)
    .optional()
    .transform((v) => v ?? [])
    .superRefine((rows, ctx) =>
      rows.forEach((r, i) => {
        if (rows.findIndex((x) => x.loanProductId === r.loanProductId) !== i)
          ctx.addIssue({ code: 'custom', path: [i, 'loanProductId'], message: productTwice });
      }),
    );

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
  dealerRates: perProduct(dealerRateSchema, dealerRateTexts.productTwice),
  disclosureTerms: perProduct(productDisclosureTermsSchema, disclosureTermsTexts.productTwice),
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
  dealerRates: [],
  disclosureTerms: [],
};

/** A product's dealer buy rate as the settings answer it. */
export const dealerRateRowSchema = z.object({
  loanProductId: z.number().int(),
  rateMatching: z.boolean(),
  maximumSpread: z.string().nullable(),
});

export const decisionEngineSettingsSchema = decisionEngineConfigSchema.extend({
  dealerRates: z.array(dealerRateRowSchema),
  disclosureTerms: z.array(productDisclosureTermsSchema),
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
