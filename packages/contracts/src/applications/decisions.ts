import { z } from 'zod';
import { endpoint } from '../kit/endpoint.ts';
import { moneySchema, nonNegativeMoneySchema, positiveMoneySchema } from '../money.ts';
import { policyTraceStepSchema } from '../policy.ts';
import { idValueSchema, textSchema } from '../primitives.ts';
import { idParamsSchema, idSchema, isoDateSchema } from './common.ts';
import { dayCountSchema, loanDisclosureSchema, oddDaysTreatmentSchema, prepaidChargeSchema } from './disclosure.ts';
import { applicationStateSchema, controlTypeSchema, decisionTypes, paymentFrequencySchema } from './enums.ts';

/**
 * The decision worksheet (issue 13; spec 3 §3 "Decision worksheet", §4, §5, §7 "Decisions"): the worksheet read
 * model, the submit body, the decision receipt (the immutable JSON of `application_decisions.receipt`), the
 * decision history and the last approval. Money crosses the wire as strings with two decimals; rates and
 * percentages as decimal strings (a rate up to three decimals, an LTV up to two).
 */

/* ------------------------------------------------------------------------------------------------ enums */

/** The decision types (spec 3 §3) are `decisionTypes` of enums.ts: approve, pending, counteroffer, decline, cancel. */
export type DecisionType = (typeof decisionTypes)[number];
export const decisionTypeSchema = z.enum(decisionTypes);
export const decisionTypeLabels: Record<DecisionType, string> = {
  approve: 'Approve',
  counteroffer: 'Counter Offer',
  pending: 'Pending',
  decline: 'Decline',
  cancel: 'Cancel',
};
/** The application state a decision moves the application to (the queues follow the state). */
export const decisionStates = {
  approve: 'approved',
  counteroffer: 'counteroffer',
  pending: 'pending',
  decline: 'declined',
  cancel: 'cancelled',
} as const satisfies Record<DecisionType, string>;
/** The decision types whose terms (the approval block) are required and whose summary shows rate, payment, tier. */
export const decisionTypesWithTerms: readonly DecisionType[] = ['approve', 'counteroffer', 'pending'];

export const decisionEntryKinds = ['decision', 'retraction'] as const;
export type DecisionEntryKind = (typeof decisionEntryKinds)[number];
export const decisionSources = ['manual', 'auto'] as const;
export type DecisionSource = (typeof decisionSources)[number];
export const additionFeeTypes = ['flat', 'per1000'] as const;
export type AdditionFeeType = (typeof additionFeeTypes)[number];

/** The decision code types (Administration › Decision Codes), as the worksheet's pickers group them. */
const codeTypes = ['declineReason', 'approvalCondition', 'counterReason', 'cancelReason'] as const;

/**
 * How the borrower pays. Spec 3 names only `paymentMethodId`; Credence keeps this fixed list (no administration
 * area): the ids are what a decision body's `approval.paymentMethodId` and the receipt carry.
 */
export const paymentMethods = [
  { id: 1, name: 'Coupon Book' },
  { id: 2, name: 'Automatic Transfer (ACH)' },
  { id: 3, name: 'Payroll Deduction' },
  { id: 4, name: 'Online / Other' },
] as const;
export const paymentMethodIds = paymentMethods.map((m) => m.id);

/** The texts of the decision worksheet and its calls (spec 3 §5, §8), quoted exactly. */
export const decisionTexts = {
  saved: 'Decision Saved!',
  validationError: 'Validation Error',
  engineError: 'An error occurred running decision engine.',
  applicationIdNotSupplied: 'Application Id is not supplied',
  declineIdNotSupplied: 'Decline Id is not supplied',
  historyRetrieveFailed: 'An error occurred retrieving Decision History from the api.',
  retractTitle: 'Retract Decision',
  retractWarning: 'Updating the application will retract the decision... Are you sure you want to continue?',
  creditRetractWarning: 'Updating the credit report may retract the decision. Are you sure you want to continue?',
  letterMissing: 'A letter has not been uploaded or enabled. Please contact your administrator.',
  // Server validation (Credence's wording; each a 422 at a field path).
  approvalRequired: 'The terms are required for this decision.',
  firstPaymentBeforeContract: 'The first payment date must be on or after the contract date.',
  counterMustDiffer: 'A counter-offer must differ from the request in amount, term or rate.',
  declineReasonRequired: 'Select at least one decline reason for each applicant.',
  cancelReasonRequired: 'Select a cancel reason.',
  counterReasonRequired: 'Select at least one counter-offer reason: the notice to the applicant names them.',
  unknownCode: 'This code is not available.',
  unknownApplicant: 'This applicant is not on the application.',
  unknownAddition: 'This addition is not available.',
  applicantsRequired: 'Every applicant of the application must be decided.',
  applicationIdMismatch: 'The application id does not match the address.',
  freeFormatTooLong: 'A reason may have at most 200 characters.',
  noDecisionToUpdate: 'The application has no approval to change.',
  // Terms outside the policy (issue 29, item 5): each limit a 422 at its field, unless an exception is granted.
  outsidePolicy: 'The terms are outside the policy.',
  amountAbovePolicy: (decided: string, max: string) => `The amount ${decided} is above the policy’s maximum of ${max}.`,
  termOutsidePolicy: (term: number, allowed: string) =>
    `A term of ${term} months is not one the policy allows (${allowed} months).`,
  rateBelowPolicy: (rate: string, policy: string) => `The rate ${rate}% is below the policy’s rate of ${policy}%.`,
  againstPolicyOutcome: (outcome: string, decided: string) =>
    `The policy’s outcome at these terms is ${outcome}: ${decided} is an exception to policy.`,
  exceptionReasonRequired: 'Give the reason for the exception to policy.',
  exceptionReasonTooLong: 'The reason may be at most 500 characters.',
  exceptionRightRequired: 'Terms outside the policy need the right to override the policy (canOverridePolicy).',
} as const;

/** The limits of the policy a decision may be excepted from (issue 29, item 5), with their names on screen. */
export const policyLimitLabels = {
  amount: 'Maximum amount',
  term: 'Allowed terms',
  rate: 'Policy rate',
  outcome: 'Policy outcome',
} as const;
export type PolicyLimit = keyof typeof policyLimitLabels;

/* ------------------------------------------------------------------------------------------- primitives */

/** An interest rate in percent: 0 to 99.999, up to three decimals ("6.250"). */
export const RATE_PATTERN = /^(0|[1-9]\d?)(\.\d{1,3})?$/;
export const rateSchema = z.string().regex(RATE_PATTERN, 'Enter a rate from 0 to 99.999 with up to three decimals');
/** A percentage as a decimal string (LTV, PTI, percent down): up to four integer digits and two decimals. */
export const PERCENT_PATTERN = /^-?(0|[1-9]\d{0,5})(\.\d{1,4})?$/;
export const percentSchema = z.string().regex(PERCENT_PATTERN, 'Enter a percentage, e.g. 95.50');

const nullableMoney = moneySchema.nullable();
const nullablePercent = z.string().nullable();

/* ------------------------------------------------------------------------------------------ submit body */

/** The terms of an approve, counter-offer or pending decision as typed on the worksheet. */
export const approvalInputSchema = z.object({
  contractDate: isoDateSchema,
  firstPaymentDate: isoDateSchema,
  amount: positiveMoneySchema,
  /** The worksheet's figure; only displayed — the server computes the payment itself. */
  monthlyPayment: nonNegativeMoneySchema.nullish().transform((v) => v ?? null),
  term: z.number().int().min(1).max(600),
  interestRate: rateSchema,
  paymentFrequencyId: paymentFrequencySchema,
  /** A balloon (spec 3 residualAmount, 'Ballon Amount') due with the last payment; at most the amount. */
  balloonAmount: nonNegativeMoneySchema.nullish().transform((v) => v ?? null),
  paymentMethodId: idValueSchema.nullish().transform((v) => v ?? null),
  approvalConditionCodeIds: z
    .array(idValueSchema)
    .max(50)
    .optional()
    .transform((v) => v ?? []),
});
export type ApprovalInput = z.input<typeof approvalInputSchema>;

/** The reason an officer with `canOverridePolicy` gives for deciding terms outside the policy (issue 29, item 5). */
export const POLICY_EXCEPTION_REASON_MAX = 500;
export const policyExceptionInputSchema = z
  .object({
    reason: textSchema({ multiline: true })
      .trim()
      .min(1, decisionTexts.exceptionReasonRequired)
      .max(POLICY_EXCEPTION_REASON_MAX, decisionTexts.exceptionReasonTooLong),
  })
  .nullish()
  .transform((v) => v ?? null);

/** A decline reason of an applicant: a decline-reason code of the lender, or a reason typed in (≤ 200). */
export const declineReasonInputSchema = z.union([
  z.strictObject({ codeId: idValueSchema }),
  z.strictObject({ freeFormatName: textSchema().trim().min(1).max(200, decisionTexts.freeFormatTooLong) }),
]);
export type DeclineReasonInput = z.infer<typeof declineReasonInputSchema>;

export const decisionApplicantInputSchema = z.object({
  applicantId: idValueSchema,
  /** The worksheet's payment-to-income (percent); only displayed — the server computes it. */
  pti: percentSchema.nullish().transform((v) => v ?? null),
  declineReasons: z
    .array(declineReasonInputSchema)
    .max(20)
    .optional()
    .transform((v) => v ?? []),
});

/**
 * An add-on of the decision: one of the add-ons the application's product offers (Administration › Add-Ons, the
 * worksheet's `additions`), selected or not, priced on the decided amount. `flatAmount`: the price the officer set
 * — the flat amount, or the rate per $1,000 of a per-$1,000 add-on (as the worksheet's `flatAmount`); absent or
 * null: the catalogue's price.
 */
export const additionInputSchema = z.object({
  id: idValueSchema,
  flatAmount: nonNegativeMoneySchema.nullish().transform((v) => v ?? null),
  selected: z.boolean(),
});

export const fundingRequirementInputSchema = z.object({
  description: textSchema({ multiline: true }).trim().min(1).max(500),
});

/** Spec 3 §7: `POST applications/{applicationId}/decisions`. */
export const decisionSubmitSchema = z.object({
  /** The application id; when sent it must match the address. */
  applicationId: idValueSchema.optional(),
  decisionType: decisionTypeSchema,
  /** The worksheet's LTV (percent); displayed only — the server recomputes it. */
  ltv: percentSchema.nullish().transform((v) => v ?? null),
  /** A lender-protection (insurance) decision; Credence records the flag in the receipt. */
  insuranceDecision: z
    .boolean()
    .nullish()
    .transform((v) => v ?? false),
  policySettingsType: textSchema()
    .trim()
    .max(50)
    .nullish()
    .transform((v) => v || null),
  approval: approvalInputSchema.nullish().transform((v) => v ?? null),
  additions: z
    .array(additionInputSchema)
    .max(50)
    .optional()
    .transform((v) => v ?? []),
  decisionApplicants: z
    .array(decisionApplicantInputSchema)
    .max(20)
    .optional()
    .transform((v) => v ?? []),
  fundingRequirements: z
    .array(fundingRequirementInputSchema)
    .max(50)
    .optional()
    .transform((v) => v ?? []),
  /** Counter-offer reasons or the cancel reason: code ids of the lender's counterReason / cancelReason codes. */
  reasons: z
    .array(idValueSchema)
    .max(20)
    .optional()
    .transform((v) => v ?? []),
  /** Terms outside the policy: the exception's reason (needs `canOverridePolicy`). */
  policyException: policyExceptionInputSchema,
});
export type DecisionSubmit = z.input<typeof decisionSubmitSchema>;
export type DecisionSubmitParsed = z.output<typeof decisionSubmitSchema>;

/* -------------------------------------------------------------------------------------------- receipt */

const codeRefSchema = z.object({ codeId: z.number().int(), code: z.string(), text: z.string() });

/** A decline reason as decided: a code of the lender (codeId, code) or a typed reason (both null). */
const declineReasonSchema = z.object({
  codeId: z.number().int().nullable(),
  code: z.string().nullable(),
  text: z.string(),
});

/** The derived values of spec 3 §3 (domain `decisionDerivedValues`): on the worksheet and in the receipt. */
export const worksheetDerivedSchema = z.object({
  loanAmount: nullableMoney,
  totalDown: nullableMoney,
  percentDown: nullablePercent,
  ltv: nullablePercent,
  requestedLtv: nullablePercent,
  vehicleAge: z.number().int().nullable(),
  totalBackEnd: nullableMoney,
});
export type WorksheetDerived = z.infer<typeof worksheetDerivedSchema>;

/** The terms as decided (computed on the server): in the receipt and in the last approval. */
const decidedTermsShape = {
  contractDate: z.string(),
  firstPaymentDate: z.string(),
  lastPaymentDate: z.string(),
  amount: moneySchema,
  term: z.number().int(),
  interestRate: z.string(),
  buyRate: z.string().nullable(),
  paymentMethodId: z.number().int().nullable(),
  monthlyPayment: moneySchema,
  /** The balloon due with the last payment (null: none; receipts before issue 41 have none). */
  balloonAmount: nullableMoney.default(null),
};

/** An exception to policy on a receipt: each limit passed (the policy's value and the decided one), who and why. */
export const policyExceptionSchema = z.object({
  limits: z.array(
    z.object({
      limit: z.enum(Object.keys(policyLimitLabels) as [PolicyLimit, ...PolicyLimit[]]),
      label: z.string(),
      policyValue: z.string(),
      decidedValue: z.string(),
    }),
  ),
  reason: z.string(),
  decidedBy: z.object({ userId: z.number().int().nullable(), name: z.string() }),
});
export type PolicyException = z.infer<typeof policyExceptionSchema>;

/** The pinned receipt (issue 13): what was known and why, stored once and never changed. */
export const decisionReceiptSchema = z.object({
  decisionType: decisionTypeSchema,
  entryKind: z.enum(decisionEntryKinds),
  version: z.number().int(),
  decidedAt: z.string(),
  decidedBy: z.object({ userId: z.number().int().nullable(), name: z.string() }),
  source: z.enum(decisionSources),
  application: z.object({
    applicationId: z.number().int(),
    loanProductId: z.number().int(),
    loanProductName: z.string(),
    controlType: z.string(),
    requestedAmount: nullableMoney,
    requestedTerm: z.number().int().nullable(),
    collateralValue: nullableMoney,
    year: z.number().int().nullable(),
    mileage: z.number().int().nullable(),
    derived: worksheetDerivedSchema,
  }),
  decisionApplicants: z.array(
    z.object({
      applicantId: z.number().int(),
      name: z.string(),
      role: z.string(),
      pti: z.string().nullable(),
      declineReasons: z.array(declineReasonSchema),
    }),
  ),
  creditReports: z.array(
    z.object({
      applicantId: z.number().int(),
      /** credit_reports.id */
      creditReportRowId: z.number().int(),
      /** The bureau's id of the report. */
      creditReportId: z.string().nullable(),
      bureau: z.string(),
      providerName: z.string().nullable(),
      pulledAt: z.string().nullable(),
      scoreModel: z.string().nullable(),
      score: z.number().int().nullable(),
      scoreRange: z.object({ min: z.number().int(), max: z.number().int() }).nullable(),
      keyFactors: z.array(z.string()),
    }),
  ),
  policy: z
    .object({
      policyRunId: z.number().int(),
      policyObjectId: z.number().int().nullable(),
      policyVersionId: z.number().int().nullable(),
      policyVersion: z.number().int().nullable(),
      outcome: z.string().nullable(),
      tier: z.string().nullable(),
      trace: z.array(policyTraceStepSchema),
    })
    .nullable(),
  metrics: z.record(z.string(), z.string().nullable()),
  approval: z
    .object({
      ...decidedTermsShape,
      paymentFrequency: paymentFrequencySchema,
      approvalConditions: z.array(codeRefSchema),
    })
    .nullable(),
  disclosures: loanDisclosureSchema.nullable(),
  additions: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      feeType: z.enum(additionFeeTypes),
      /** A flat add-on's amount; null for a per-$1,000 one. */
      flatAmount: nullableMoney,
      /** A per-$1,000 add-on's rate ("3.5000"); null for a flat one (receipts before the catalogue: absent). */
      ratePer1000: z.string().nullable().default(null),
      /** What the add-on came to on the decided amount, to the cent. */
      amount: moneySchema,
      selected: z.boolean(),
      /** A prepaid finance charge (issue 41; receipts before it: none were). */
      financeCharge: z.boolean().default(false),
    }),
  ),
  fundingRequirements: z.array(z.object({ description: z.string() })),
  /** Counter-offer reasons or the cancel reason. */
  reasons: z.array(codeRefSchema),
  retraction: z
    .object({ retractsDecisionId: z.number().int(), reason: z.string(), changes: z.array(z.string()) })
    .nullable(),
  /** Terms decided outside the policy by someone allowed to (issue 29, item 5); receipts before it: absent. */
  policyException: policyExceptionSchema.nullable().default(null),
  /** The lender-protection (Lend Pro) answer in force when decided (issue 35); none, or receipts before it: absent. */
  lenderProtection: z
    .object({
      responseId: z.number().int(),
      provider: z.string(),
      status: z.string(),
      referenceNumber: z.string().nullable(),
      gridVersion: z.string().nullable(),
      totalLoanAmount: z.string().nullable(),
      approvedTerm: z.number().int().nullable(),
      finalRate: z.string().nullable(),
      validUntil: z.string().nullable(),
    })
    .nullish(),
});
export type DecisionReceipt = z.infer<typeof decisionReceiptSchema>;

/** One receipt row as the API answers it (`GET applications/{id}/decisions/{decisionId}`). */
/** What every receipt row says of itself (the table's columns beside the receipt). */
const decisionRowShape = {
  id: z.number().int(),
  version: z.number().int(),
  entryKind: z.enum(decisionEntryKinds),
  decisionType: decisionTypeSchema,
  retractsDecisionId: z.number().int().nullable(),
  source: z.enum(decisionSources),
  stateBefore: z.string(),
  stateAfter: z.string(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
};

export const decisionRecordSchema = z.object({
  ...decisionRowShape,
  applicationId: z.number().int(),
  receipt: decisionReceiptSchema,
});
export type DecisionRecord = z.infer<typeof decisionRecordSchema>;

/** A row of the decision history (every receipt row, newest first). */
export const decisionHistoryRowSchema = z.object({
  ...decisionRowShape,
  /** The terms decided (approve, counteroffer, pending). */
  amount: nullableMoney,
  term: z.number().int().nullable(),
  interestRate: z.string().nullable(),
  monthlyPayment: nullableMoney,
  apr: z.string().nullable(),
  tier: z.string().nullable(),
  /** A retraction: its reason. */
  reason: z.string().nullable(),
});
export type DecisionHistoryRow = z.infer<typeof decisionHistoryRowSchema>;

/** Spec 3 §4 decision summary display: rate, payment and tier for approve, counteroffer and pending. */
export const decisionSummarySchema = z.object({
  decisionId: z.number().int(),
  decisionType: decisionTypeSchema,
  source: z.enum(decisionSources),
  decidedAt: z.string(),
  decidedBy: z.string().nullable(),
  rate: z.string().nullable(),
  payment: nullableMoney,
  tier: z.string().nullable(),
});
export type DecisionSummary = z.infer<typeof decisionSummarySchema>;

/* ------------------------------------------------------------------------------------------ worksheet */

/** The approval (or pending) block of the worksheet, as last decided (null fields when never decided). */
export const worksheetTermsSchema = z.object({
  contractDate: z.string().nullable(),
  firstPaymentDate: z.string().nullable(),
  amount: nullableMoney,
  monthlyPayment: nullableMoney,
  term: z.number().int().nullable(),
  interestRate: z.string().nullable(),
  paymentFrequencyId: paymentFrequencySchema.nullable(),
  paymentFrequency: z.string().nullable(),
  paymentMethodId: z.number().int().nullable(),
  /** The balloon decided; a never-decided block has the request's residual amount ('Ballon Amount'). */
  balloonAmount: nullableMoney,
  approvalConditionCodeIds: z.array(z.number().int()),
  /** The stipulations the decision carried to funding (issue 29, item 6: shown again after the save). */
  fundingRequirements: z.array(z.object({ description: z.string() })),
});
export type WorksheetTerms = z.infer<typeof worksheetTermsSchema>;

export const worksheetAdditionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /**
   * The price (Administration › Add-Ons, or the standing decision's): the flat amount ("595.00"), or the rate per
   * $1,000 of the loan amount when `feeType` is per1000 ("3.50", up to four decimals).
   */
  flatAmount: z.string().nullable(),
  feeType: z.enum(additionFeeTypes),
  selected: z.boolean(),
  isDefault: z.boolean(),
  /** A prepaid finance charge when selected (Administration › Add-Ons). */
  financeCharge: z.boolean(),
});
export type WorksheetAddition = z.infer<typeof worksheetAdditionSchema>;

/** A row of the rate grid: a term, one cell per LTV bucket (the bucket's top LTV and its rate), max loan / LTV. */
export const rateGridRowSchema = z.object({
  term: z.number().int(),
  cells: z.array(z.object({ ltv: z.string(), rate: z.string() })),
  maxLoan: nullableMoney,
  maxLtv: nullablePercent,
});
export type RateGridRowView = z.infer<typeof rateGridRowSchema>;

export const worksheetPolicySchema = z.object({
  policyRunId: z.number().int().nullable(),
  workflowName: z.string().nullable(),
  /** Approve, ManualReview, Decline (custom outcomes for a loan policy). */
  outcome: z.string().nullable(),
  tier: z.string().nullable(),
  suggestedRate: z.string().nullable(),
  maxAmount: nullableMoney,
  maxLtv: nullablePercent,
  terms: z.array(z.number().int()).nullable(),
  reasonCodes: z.array(z.string()),
  /** The trace in plain language: one sentence per step. */
  trace: z.array(z.object({ nodeName: z.string(), result: z.string(), explanation: z.string() })),
  ranAt: z.string().nullable(),
});
export type WorksheetPolicy = z.infer<typeof worksheetPolicySchema>;

export const worksheetApplicantSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  role: z.string(),
  monthlyIncome: nullableMoney,
  monthlyDebts: nullableMoney,
  /** The current decline's reasons of this applicant (when the application is declined). */
  declineReasons: z.array(declineReasonSchema),
});
export type WorksheetApplicant = z.infer<typeof worksheetApplicantSchema>;

export const decisionCodeOptionSchema = z.object({
  id: z.number().int(),
  codeType: z.enum(codeTypes),
  code: z.string(),
  description: z.string(),
});
export type DecisionCodeOption = z.infer<typeof decisionCodeOptionSchema>;

/** `GET ApplicationDecision/{id}`: everything the decision worksheet shows and edits. */
export const decisionWorksheetSchema = z.object({
  id: z.number().int(),
  state: applicationStateSchema,
  loanProductId: z.number().int(),
  loanProductName: z.string(),
  loanProductControlType: controlTypeSchema,
  direct: z.boolean(),
  approval: worksheetTermsSchema,
  pending: worksheetTermsSchema,
  additions: z.array(worksheetAdditionSchema),
  negotiatedPrice: nullableMoney,
  otherFees: nullableMoney,
  saleTax: nullableMoney,
  cashDown: nullableMoney,
  netTradeIn: nullableMoney,
  rebate: nullableMoney,
  estAmtFinanced: nullableMoney,
  requestedAmount: nullableMoney,
  requestedTerm: z.number().int().nullable(),
  requestedPaymentFrequencyId: paymentFrequencySchema.nullable(),
  value: nullableMoney,
  existingLienBalance: nullableMoney,
  year: z.number().int().nullable(),
  mileage: z.number().int().nullable(),
  /** The most the approved rate may exceed the buy rate (percent); null: none set. */
  maximumSpread: z.string().nullable(),
  /** On: the buy rate equals the approved rate. */
  rateMatching: z.boolean(),
  hasLoanLimitMatrix: z.boolean(),
  rateGrid: z.array(rateGridRowSchema),
  /**
   * What the disclosure of the terms takes besides them (issue 41): the product's day count and odd-days
   * treatment, and the itemization's front-end fees marked as finance charges (the selected add-ons marked as
   * finance charges join them).
   */
  disclosureTerms: z.object({
    dayCount: dayCountSchema,
    oddDays: oddDaysTreatmentSchema,
    /** A home equity loan: the $100 finance charge tolerance. */
    securedByDwelling: z.boolean(),
  }),
  frontEndFinanceCharges: z.array(prepaidChargeSchema),
  derived: worksheetDerivedSchema,
  policy: worksheetPolicySchema.nullable(),
  applicants: z.array(worksheetApplicantSchema),
  /** The current decline (the receipt row), when the application is declined. */
  decline: z.object({ id: z.number().int() }).nullable(),
  /** The exception to policy of the approval or counter-offer in force (issue 29, item 5). */
  policyException: policyExceptionSchema.nullable(),
  decision: decisionSummarySchema.nullable(),
  /** The lender's enabled codes by type, for the worksheet's pickers. */
  codes: z.array(decisionCodeOptionSchema),
  paymentMethods: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type DecisionWorksheet = z.infer<typeof decisionWorksheetSchema>;

/** The answer of a saved decision: the new receipt row's id, the auto-approval outcome if any, the worksheet. */
export const decisionResultSchema = z.object({
  decisionId: z.number().int(),
  autoApprovalOutcomeType: z.enum(['Approve', 'ManualReview', 'Decline']).nullable(),
  worksheet: decisionWorksheetSchema,
});
export type DecisionResult = z.infer<typeof decisionResultSchema>;

/* ------------------------------------------------------------------------------------------ last approval */

/** `GET applications/{id}/lastapproval`: the terms of the latest approve or counter-offer (null when none). */
export const lastApprovalSchema = z
  .object({
    decisionId: z.number().int(),
    decisionType: decisionTypeSchema,
    ...decidedTermsShape,
    paymentFrequencyId: paymentFrequencySchema,
    apr: z.string().nullable(),
    approvalConditionCodeIds: z.array(z.number().int()),
  })
  .nullable();
export type LastApproval = z.infer<typeof lastApprovalSchema>;

/** `PUT applications/{id}/lastapproval`: changed terms of the last approval, saved as a new receipt version. */
export const lastApprovalUpdateSchema = approvalInputSchema.extend({ policyException: policyExceptionInputSchema });
export type LastApprovalUpdate = z.input<typeof lastApprovalUpdateSchema>;

/* -------------------------------------------------------------------------------------------- endpoints */

const applicationIdParams = z.object({ applicationId: idSchema });
const decisionParams = z.object({ id: idSchema, decisionId: idSchema });
/** Reading: any signed-in user of the lender, as the other worksheets' reads (saving needs canDecisionALoan). */
const read = 'signedIn' as const;

export const decisionEndpoints = {
  worksheet: endpoint({
    method: 'GET',
    path: '/api/ApplicationDecision/:id',
    access: read,
    tag: 'decisions',
    summary: 'The decision worksheet of the application: request, collateral, derived values, policy, rate grid',
    params: idParamsSchema,
    response: decisionWorksheetSchema,
  }),
  submit: endpoint({
    method: 'POST',
    path: '/api/applications/:applicationId/decisions',
    access: { right: 'canDecisionALoan' },
    tag: 'decisions',
    summary: 'Decide the application (approve, counteroffer, pending, decline, cancel); stores a receipt',
    params: applicationIdParams,
    body: decisionSubmitSchema,
    response: decisionResultSchema,
    status: 201,
  }),
  history: endpoint({
    method: 'GET',
    path: '/api/applications/:id/decisions',
    access: read,
    tag: 'decisions',
    summary: 'The decision history: every receipt version, newest first',
    params: idParamsSchema,
    response: z.array(decisionHistoryRowSchema),
  }),
  receipt: endpoint({
    method: 'GET',
    path: '/api/applications/:id/decisions/:decisionId',
    access: read,
    tag: 'decisions',
    summary: 'One decision receipt',
    params: decisionParams,
    response: decisionRecordSchema,
  }),
  receiptPdf: endpoint({
    method: 'GET',
    path: '/api/applications/:id/decisions/:decisionId/pdf',
    access: read,
    tag: 'decisions',
    summary: 'One decision receipt as a PDF',
    params: decisionParams,
    response: z.unknown(),
  }),
  /** Spec 3 §5: viewing a decision without an application id answers 400 'Application Id is not supplied'. */
  withoutApplication: endpoint({
    method: 'GET',
    path: '/api/ApplicationDecision',
    access: read,
    tag: 'decisions',
    summary: 'Without an application id: 400 "Application Id is not supplied"',
    response: z.never(),
  }),
  lastApproval: endpoint({
    method: 'GET',
    path: '/api/applications/:id/lastapproval',
    access: read,
    tag: 'decisions',
    summary: 'The terms of the last approval or counter-offer (null when none)',
    params: idParamsSchema,
    response: lastApprovalSchema,
  }),
  updateLastApproval: endpoint({
    method: 'PUT',
    path: '/api/applications/:id/lastapproval',
    access: { right: 'canDecisionALoan' },
    tag: 'decisions',
    summary: 'Change the terms of the last approval: a new receipt version of the same decision type',
    params: idParamsSchema,
    body: lastApprovalUpdateSchema,
    response: lastApprovalSchema,
  }),
};
