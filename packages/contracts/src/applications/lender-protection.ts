import { z } from 'zod';
import { endpoint } from '../kit/endpoint.ts';
import { moneySchema, nonNegativeMoneySchema, positiveMoneySchema } from '../money.ts';
import { idValueSchema, MAX_ID } from '../primitives.ts';

/**
 * Lender protection ("Lend Pro", issue 35; spec 3 §2 'Insurance Application' dialog, §3 lender-protection
 * responses, §4 statuses, §7 "lender protection configured, loan insurance, submit; insurance resubmit", §8 texts):
 * the decision worksheet submits the loan to the lender's insurer and reads its answer. Every answer is kept (the
 * newest is the application's loan insurance); an approval's stipulations become the application's funding
 * requirements from the insurance provider, replacing those of the previous answer.
 *
 * Calls (paths are Credence's; the spec names them only):
 * - `GET  /api/applications/:applicationId/lenderProtection/configured` — whether the lender insures this
 *   application's product (an enabled credential covering it);
 * - `GET  /api/applications/:applicationId/loanInsurance` — the newest answer, or null;
 * - `GET  /api/applications/:applicationId/loanInsurance/history` — every answer, newest first;
 * - `POST /api/applications/:applicationId/loanInsurance/submit` and `…/resubmit` — `{applicationId,
 *   estAmtFinanced, termMonths, additions, resubmit}`; absent values are the application's own.
 */

export const lenderProtectionStatusValues = ['Approved', 'Counter', 'Denied', 'Failed', 'Eligible', 'Error'] as const;
export type LenderProtectionStatusValue = (typeof lenderProtectionStatusValues)[number];

/** Spec 3 §2, §5 and §8, quoted exactly; and Credence's refusals. */
export const lenderProtectionTexts = {
  dialogTitle: 'Insurance Application',
  reviewStep: 'Review Response',
  nextHint: "Please hit 'Next' to provide adverse action reasons",
  counterStep: 'Set Counter Offer Reasons',
  declineStep: 'Set Decline Reasons',
  next: 'Next',
  back: 'Back',
  createDecision: 'Create Decision',
  andQuote: ' And Quote',
  resubmit: 'Re-Submit',
  cancel: 'Cancel',
  mustResubmit: 'Must re-submit counter to Lend Pro for approval',
  invalidTerm: 'Invalid Selection: Select a monthly term divisible by the decision payment frequency',
  sent: 'Application sent to Lend Pro',
  sendFailed: 'Failed to send application to Lend Pro',
  notConfigured: "Lender protection is not configured for this application's loan product.",
  nothingToResubmit: 'The application has not been submitted to Lend Pro yet: submit it first.',
  applicationIdMismatch: 'The application id does not match the address.',
  expired: 'This answer has expired: re-submit the application.',
} as const;

const positiveId = z.coerce.number().int().min(1).max(MAX_ID);
const paramsSchema = z.object({ applicationId: positiveId });

/** An add-on of the submission (as the decision's `additions`): its price, and whether it is chosen. */
export const lenderProtectionAdditionSchema = z.object({
  id: idValueSchema,
  flatAmount: nonNegativeMoneySchema.nullish().transform((v) => v ?? null),
  selected: z.boolean(),
});

/** Spec 3 §7 "insurance resubmit (applicationId, estAmtFinanced, termMonths, additions, resubmit flag)". */
export const lenderProtectionSubmitSchema = z.object({
  applicationId: idValueSchema.optional(),
  estAmtFinanced: positiveMoneySchema.nullish().transform((v) => v ?? null),
  termMonths: z
    .number()
    .int()
    .min(1)
    .max(600)
    .nullish()
    .transform((v) => v ?? null),
  additions: z
    .array(lenderProtectionAdditionSchema)
    .max(50)
    .nullish()
    .transform((v) => v ?? null),
  resubmit: z
    .boolean()
    .nullish()
    .transform((v) => v ?? false),
});
export type LenderProtectionSubmit = z.input<typeof lenderProtectionSubmitSchema>;

export const callbackCellSchema = z.object({ ltv: z.string(), rate: z.string(), isSelected: z.boolean() });
export const callbackRowSchema = z.object({
  term: z.number().int(),
  rowCells: z.array(callbackCellSchema),
  maxLoan: moneySchema,
  maxLTV: z.string(),
});
export type CallbackRow = z.infer<typeof callbackRowSchema>;

/** One answer of the insurer as stored and answered (spec 3 §3: the fields of each status; the others empty). */
export const loanInsuranceSchema = z.object({
  id: z.number().int(),
  applicationId: z.number().int(),
  provider: z.string(),
  status: z.enum(lenderProtectionStatusValues),
  /** Spec 3 §4: the decision the answer sets (approve, counteroffer, decline); null on Error. */
  decisionType: z.enum(['approve', 'counteroffer', 'decline']).nullable(),
  resubmit: z.boolean(),
  referenceNumber: z.string().nullable(),
  gridVersion: z.string().nullable(),
  /** What was submitted. */
  requested: z.object({
    estAmtFinanced: moneySchema.nullable(),
    termMonths: z.number().int().nullable(),
    addOns: moneySchema,
    additions: z.array(z.object({ id: z.number().int(), flatAmount: moneySchema.nullable(), selected: z.boolean() })),
  }),
  callbackTable: z.array(callbackRowSchema),
  totalLoanAmount: moneySchema.nullable(),
  approvedTerm: z.number().int().nullable(),
  finalRate: z.string().nullable(),
  stipulations: z.array(z.string()),
  termsAndConditions: z.array(z.string()),
  isCounter: z.boolean(),
  reasons: z.array(z.string()),
  denialReasons: z.array(z.string()),
  applicationErrors: z.array(z.string()),
  failureReasons: z.array(z.string()),
  /** Error: what went wrong ('An error occurred submitting to Lend Pro.' and the provider's words). */
  errorMessage: z.string().nullable(),
  measures: z.object({ ltv: z.string().nullable(), pti: z.string().nullable(), scoreBand: z.string().nullable() }),
  creditReportDate: z.string().nullable(),
  /** An approval or counter is valid 30 days from the credit report date. */
  validUntil: z.string().nullable(),
  /** Past `validUntil` (the lender's today): to be re-submitted. */
  expired: z.boolean(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
});
export type LoanInsurance = z.infer<typeof loanInsuranceSchema>;

export const lenderProtectionConfiguredSchema = z.object({
  configured: z.boolean(),
  provider: z.string().nullable(),
});

const TAG = 'lenderProtection';

export const lenderProtectionEndpoints = {
  configured: endpoint({
    method: 'GET',
    path: '/api/applications/:applicationId/lenderProtection/configured',
    access: 'signedIn',
    tag: TAG,
    summary: "Whether the lender insures this application's loan product (an enabled credential covers it)",
    params: paramsSchema,
    response: lenderProtectionConfiguredSchema,
  }),
  loanInsurance: endpoint({
    method: 'GET',
    path: '/api/applications/:applicationId/loanInsurance',
    access: 'signedIn',
    tag: TAG,
    summary: "The insurer's newest answer for the application, or null",
    params: paramsSchema,
    response: loanInsuranceSchema.nullable(),
  }),
  history: endpoint({
    method: 'GET',
    path: '/api/applications/:applicationId/loanInsurance/history',
    access: 'signedIn',
    tag: TAG,
    summary: 'Every answer of the insurer for the application, newest first',
    params: paramsSchema,
    response: z.array(loanInsuranceSchema),
  }),
  submit: endpoint({
    method: 'POST',
    path: '/api/applications/:applicationId/loanInsurance/submit',
    access: { right: 'canDecisionALoan' },
    tag: TAG,
    summary: 'Submit the application to the lender protection insurer (Lend Pro)',
    params: paramsSchema,
    body: lenderProtectionSubmitSchema,
    response: loanInsuranceSchema,
  }),
  resubmit: endpoint({
    method: 'POST',
    path: '/api/applications/:applicationId/loanInsurance/resubmit',
    access: { right: 'canDecisionALoan' },
    tag: TAG,
    summary: 'Re-submit the application (changed amount, term or add-ons) to the insurer',
    params: paramsSchema,
    body: lenderProtectionSubmitSchema,
    response: loanInsuranceSchema,
  }),
};
