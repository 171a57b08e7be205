import { z } from 'zod';
import { endpoint } from '../kit/endpoint.ts';
import { retractableApplicationFields } from '../policy.ts';
import { textSchema } from '../primitives.ts';
import { applicantsSaveSchema } from './applicants.ts';
import { collateralsSaveSchema } from './collaterals.ts';
import { idSchema } from './common.ts';
import { applicationRequestSaveSchema } from './request.ts';

/**
 * Decision retraction (spec 3 §4, issue 13 item 5). An approved or counteroffer decision is retracted — the
 * application back to `reviewed`, a retraction receipt version, a history row, the decision's funding
 * requirements withdrawn — by the decision worksheet's 'Retract Decision', and by a save of the request, the
 * applicants, the collaterals or the credit report that changes a field the lender's decision-retraction rule
 * set names. Before such a save the worksheet asks whether it WOULD retract (the checks below, which change
 * nothing), and confirms with the user when it would.
 */

/** The states a decision retraction applies to (spec 3 §4: "an approved or counteroffer decision"). */
export const retractableStates = ['approved', 'counteroffer'] as const;
export const hasRetractableDecision = (state: string | null | undefined) =>
  (retractableStates as readonly (string | null | undefined)[]).includes(state);

export const decisionRetractionTexts = {
  /** Spec 3 §4 and §8, quoted exactly. */
  warning: 'Updating the application will retract the decision... Are you sure you want to continue?',
  lendProNote: 'Lend Pro submissions must be re-submitted when insurance applies.',
  retractSuccess: 'Retract Decision',
  retractFailure: 'Retract Decision',
  /** 422 of the retract call when there is nothing to retract (Credence's wording). */
  nothingToRetract: 'The application has no approved or counteroffer decision to retract.',
  /** The reason written to the receipt and the history when none is given. */
  defaultReason: 'Retracted from the decision worksheet',
} as const;

/**
 * The rule-set fields as the Application History names them (the retraction row: "Decision retracted: the
 * application request was updated (Requested Amount)"): the request's fields by the labels the history gives
 * the same columns (Loan Product, Term (months), Cash Down, Net Trade-In, Dealer), the others by what changed.
 */
export const retractableFieldLabels: Record<(typeof retractableApplicationFields)[number], string> = {
  loanProductId: 'Loan Product',
  requestedAmount: 'Requested Amount',
  termMonths: 'Term (months)',
  cashDown: 'Cash Down',
  tradeInValue: 'Net Trade-In',
  dealer: 'Dealer',
  'collateral.value': 'Collateral Value',
  'collateral.year': 'Collateral Year',
  'collateral.mileage': 'Collateral Mileage',
  'collateral.newUsed': 'Collateral New / Used',
  'applicant.income': 'Applicant Income',
  'applicant.housingPayment': 'Applicant Housing Payment',
  'applicant.ssn': 'Applicant SSN',
  'applicant.dateOfBirth': 'Applicant Date of Birth',
  'applicant.added': 'Applicant Added',
  'applicant.removed': 'Applicant Removed',
  'creditReport.repulled': 'Credit Report Pulled Again',
};

/** A rule-set field's label (an unknown name as it is). */
export const retractableFieldLabel = (field: string): string =>
  (retractableFieldLabels as Record<string, string | undefined>)[field] ?? field;

/** What a save would change, as the dry-run check receives it: the save's own body, or the changed fields. */
export const retractionCheckSchema = z.discriminatedUnion('section', [
  /** The request save's body (PUT applications/{id}/request). */
  z.object({ section: z.literal('request'), request: applicationRequestSaveSchema }),
  /** The applicants save's body (its applicants). */
  z.object({ section: z.literal('applicants'), applicants: applicantsSaveSchema.shape.applicants }),
  /** The collaterals save's body (its collaterals). */
  z.object({ section: z.literal('collaterals'), collaterals: collateralsSaveSchema.shape.collaterals }),
  /** A credit report pulled again (or its tradelines re-marked). */
  z.object({ section: z.literal('creditReport') }),
  /** The changed fields, named as the rule sets name them. */
  z.object({
    section: z.literal('fields'),
    changes: z.array(z.enum(retractableApplicationFields)).max(retractableApplicationFields.length),
  }),
]);
export type RetractionCheck = z.input<typeof retractionCheckSchema>;
/** The check as the server reads it (parsed). */
export type ParsedRetractionCheck = z.output<typeof retractionCheckSchema>;

/** The answer of a check: whether the save would retract the decision, and the rule-set fields that match. */
export const retractionCheckResultSchema = z.object({
  retracts: z.boolean(),
  /** The application's state now. */
  state: z.string(),
  /** The changed fields the rule set in effect names (empty: the save retracts nothing). */
  changes: z.array(z.string()),
});
export type RetractionCheckResult = z.infer<typeof retractionCheckResultSchema>;

export const retractDecisionSchema = z.object({
  /** Why (kept on the retraction receipt and in the history); a default reason when none is given. */
  reason: textSchema().max(500).nullish(),
});
export type RetractDecisionBody = z.input<typeof retractDecisionSchema>;

export const retractDecisionResultSchema = z.object({
  retracted: z.literal(true),
  /** The application's new state: reviewed. */
  state: z.string(),
  /** The retraction's receipt row (null for a decision made before receipts were kept). */
  retractionId: z.number().int().nullable(),
});
export type RetractDecisionResult = z.infer<typeof retractDecisionResultSchema>;

const applicationIdParams = z.object({ applicationId: idSchema });

export const decisionRetractionEndpoints = {
  retract: endpoint({
    method: 'POST',
    path: '/api/applications/:applicationId/decisions/retract',
    access: { right: 'canDecisionALoan' },
    tag: 'decisions',
    summary: "Retract the application's approved or counteroffer decision (422 when there is none); needs the lock",
    params: applicationIdParams,
    body: retractDecisionSchema,
    response: retractDecisionResultSchema,
  }),
  check: endpoint({
    method: 'POST',
    path: '/api/applications/:applicationId/retractions',
    access: 'signedIn',
    tag: 'decisions',
    summary: 'Would this save of the request, applicants, collaterals or credit report retract the decision? (dry run)',
    params: applicationIdParams,
    body: retractionCheckSchema,
    response: retractionCheckResultSchema,
  }),
  /**
   * Spec 3 §7 `applications/{id}/creditreport/retractions`: would pulling the credit report again (or re-marking
   * its tradelines) retract the decision? The credit worksheet asks it before 'Updating the credit report may
   * retract the decision...'. A dry run: it changes nothing.
   */
  checkCreditReport: endpoint({
    method: 'POST',
    path: '/api/applications/:applicationId/creditreport/retractions',
    access: 'signedIn',
    tag: 'credit',
    summary: 'Would a credit change (a pull, tradeline marks) retract the decision under the rule set? (dry run)',
    params: applicationIdParams,
    response: retractionCheckResultSchema,
  }),
  checkCollaterals: endpoint({
    method: 'POST',
    path: '/api/applications/:applicationId/collaterals/retractions',
    access: 'signedIn',
    tag: 'decisions',
    summary: 'Would this collaterals save (its body) retract the decision? (dry run, spec 3 §7)',
    params: applicationIdParams,
    body: collateralsSaveSchema,
    response: retractionCheckResultSchema,
  }),
} as const;
