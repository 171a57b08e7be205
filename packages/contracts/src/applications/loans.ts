import { z } from 'zod';
import { errorBodySchema } from '../errors.ts';
import { coreServices, disbursementPayeeTypes, loanBookingKinds } from '../funding/enums.ts';
import { endpoint } from '../kit/endpoint.ts';
import { moneySchema, nonNegativeMoneySchema } from '../money.ts';
import { idValueSchema, textSchema } from '../primitives.ts';
import { idParamsSchema, idSchema, isoDateSchema, optionalDate } from './common.ts';
import { applicationStateSchema, controlTypeSchema, decisionTypes, paymentFrequencySchema } from './enums.ts';
import { dayCountSchema, loanDisclosureSchema, oddDaysTreatmentSchema, prepaidChargeSchema } from './disclosure.ts';

/**
 * The loan and its funding (issue 14, items 4–6; spec 3 §3 "Loan", "Fund result", §4 "Loan", §5 rescission and
 * funding dates, §7 "Loans and funding", §8, §9). The loan is one per application: proposed from the latest
 * approval or counter-offer until first saved ('Loan Saved!'), then saved, then funded (booked to the lender's
 * core, or not per the lender's settings), and a funding can be reversed.
 *
 * The terms (amount, term, rate, frequency, add-ons) come from the approval and are not edited here: a different
 * loan needs a new decision. The funding worksheet edits the dates, the loan id / share account / member number,
 * the reserve matrix and the disbursements. Money is a decimal string with two decimals; rates decimal strings.
 */

/* ------------------------------------------------------------------------------------------------ texts */

/** The texts of the funding worksheet and its calls: spec 3 §8 quoted exactly, then Credence's server wording. */
export const loanTexts = {
  // Spec 3 §8 (exact).
  saved: 'Loan Saved!',
  funded: 'Loan Funded',
  notSentToCore: 'Loan not sent to core per admin settings',
  memberCreated: 'Member Created',
  notFunded: 'Loan not funded',
  unableToFund: 'Unable to fund loan to core at this time, please try again later',
  loanIdMaxLength: 'Loan Id exceeds max length.',
  // Credence's wording (422/409 messages, at a field when there is one).
  notApproved: 'The application must be approved or counter-offered before it can be funded.',
  alreadyFunded: 'This loan is funded: reverse the funding to change it.',
  notFundedCannotReverse: 'This loan is not funded: there is nothing to reverse.',
  termsNotEditable:
    'The terms come from the approval and cannot be changed here: a different loan needs a new decision.',
  rescissionNotUsed: 'Rescission date is not used for this loan product',
  contractDateNotBusinessDay: 'The contract date must be a business day.',
  contractDateTooEarly: 'The contract date cannot be more than 30 days before today.',
  firstPaymentNotAfterContract: 'The first payment date must be after the contract date.',
  fundingDateNotBusinessDay: 'The funding date must be a business day (not a weekend or a holiday).',
  fundingDateBeforeContract: 'The funding date cannot be before the contract date.',
  fundingDateBeforeRescission: 'The funding date must be after the rescission date.',
  rescissionDateTooEarly: 'The rescission date cannot be before the end of the three-business-day rescission period.',
  rescissionRequired: 'Enter the rescission date: this loan product has a right of rescission.',
  disbursementsUnbalanced: (difference: string, over: boolean) =>
    `The disbursements must add up to the amount financed: they are ${over ? 'over' : 'short'} by $${difference}.`,
  unknownDisbursalMethod: 'This disbursal method is not available.',
  unknownDisbursement: 'This disbursement is not available.',
  unknownReserveMatrix: 'This reserve matrix is not available.',
  fundOnlyFinalizedEnvelopes:
    'This lender funds only loans whose e-signature envelopes are finalized, and e-signature envelopes are not available yet: turn off "Fund only finalized envelopes" in the lender settings to fund.',
  envelopesNotAvailable: 'E-signature envelopes are not available yet; funding does not wait for them.',
  // Dry-run problems.
  missingMapping: (kind: string, value: string) =>
    `No core code mapping for the ${kind} "${value}": add one in Administration › Core Code Mappings.`,
  memberClosed: (memberNumber: string) => `Member ${memberNumber} is closed at the core.`,
  memberUnknown: (memberNumber: string) => `Member ${memberNumber} was not found at the core.`,
  memberLookupFailed: 'The core could not be reached to check the member.',
  loanIdMissing: 'The loan id is missing: get or generate it in the Loan Id dialog.',
  memberNumberMissing: 'The member number is missing: the member will be created at the core when funding.',
  memberTaxIdMissing:
    "The member number is missing and the core creates a member only with the primary applicant's nine-digit SSN (a business's EIN): enter it on the application, or enter the member number of an existing member.",
  fundingDateMissing: 'Enter the funding date.',
  contractDateMissing: 'Enter the contract date.',
  firstPaymentDateMissing: 'Enter the first payment date.',
  rescissionNotPassed: (date: string) => `The rescission period has not passed: the loan can be funded after ${date}.`,
  fundingDateHoliday: (date: string) => `The funding date ${date} is not a business day (a weekend or a holiday).`,
  notSavedYet: 'Save the loan before funding.',
  stipulationOpen: (description: string, status: string) =>
    `The stipulation "${description}" is ${status.toLowerCase()}: it must be cleared or waived before the loan is funded.`,
  dealerPacketMissing:
    'The dealer packet has not been received: record the date it arrived on the Funding Requirements worksheet.',
  termsNotDecision: (differences: readonly string[]) =>
    `The loan does not match the approved decision: ${differences.join(', ')}. Save the loan to take the approved terms.`,
  disclosureChanged: (changes: readonly string[]) =>
    `The disclosure at the loan's dates is outside Regulation Z's tolerance of the one given with the decision: ${changes.join('; ')}. Give the borrower new Truth in Lending disclosures before funding.`,
  unableToReverse: 'Unable to reverse the loan at the core at this time, please try again later',
  dryRunProblems: 'The loan cannot be funded yet: fix the problems the dry run lists.',
} as const;

/* -------------------------------------------------------------------------------------------- the loan */

export const approvalDecisionTypes = [
  'approve',
  'counteroffer',
] as const satisfies readonly (typeof decisionTypes)[number][];

/** An add-on of the approval (from the decision receipt): selected ones are financed and paid out. */
export const fundedAdditionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  feeType: z.enum(['flat', 'per1000']),
  amount: moneySchema,
  selected: z.boolean(),
  /** A prepaid finance charge (issue 41; loans before it: none were). */
  financeCharge: z.boolean().default(false),
});
export type FundedAddition = z.infer<typeof fundedAdditionSchema>;

/** A lien or internal refinance paid off at the funding date: payoffAmount + perDiem × days (from `goodThrough`). */
export const loanPayoffSchema = z.object({
  kind: z.enum(['lien', 'internalRefinance']),
  /** The collateral (lien) or the internal refinance row. */
  sourceId: z.number().int(),
  lienholder: z.string(),
  /** An internal refinance: the member's loan number. */
  loanNumber: z.string().nullable(),
  payoffAmount: moneySchema,
  perDiem: moneySchema,
  /** The date the payoff amount was quoted for (the lender date when the lien has none). */
  goodThrough: z.string(),
  /** The funding date the payoff was computed for. */
  payoffDate: z.string(),
  days: z.number().int(),
  /** payoffAmount + perDiem × days. */
  total: moneySchema,
});
export type LoanPayoff = z.infer<typeof loanPayoffSchema>;

/** A payout of the funding. They add up to the amount financed (the loan amount). */
export const loanDisbursementSchema = z.object({
  /** The disbursement definition (Administration › Disbursements); null: a payout typed on the worksheet. */
  disbursementId: z.number().int().nullable(),
  name: z.string(),
  payeeType: z.enum(disbursementPayeeTypes),
  payeeName: z.string(),
  disbursalMethodId: z.number().int().nullable(),
  disbursalMethodName: z.string().nullable(),
  amount: moneySchema,
});
export type LoanDisbursement = z.infer<typeof loanDisbursementSchema>;

/** Spec 3 §3 "Loan", with the dates, payoffs, disbursements and reserve of the funding worksheet. */
export const loanSchema = z.object({
  /** loans.id; null before the first save. */
  id: z.number().int().nullable(),
  applicationId: z.number().int(),
  /** The decision receipt whose approval this loan funds. */
  decisionId: z.number().int().nullable(),
  isSaved: z.boolean(),
  isFunded: z.boolean(),
  amount: moneySchema,
  monthlyPayment: moneySchema.nullable(),
  term: z.number().int(),
  interestRate: z.string(),
  buyRate: z.string().nullable(),
  paymentFrequencyId: paymentFrequencySchema,
  additions: z.array(fundedAdditionSchema),
  /** The decision's balloon, due with the last payment (null: none). */
  balloonAmount: moneySchema.nullable(),
  /** The product's day count and odd-days treatment and the prepaid finance charges the disclosure takes. */
  disclosureTerms: z.object({
    dayCount: dayCountSchema,
    oddDays: oddDaysTreatmentSchema,
    prepaidFinanceCharges: z.array(prepaidChargeSchema),
    /** A home equity loan: the $100 finance charge tolerance. */
    securedByDwelling: z.boolean(),
  }),
  /** The Truth in Lending disclosure of the loan as saved (null until its dates are set). */
  disclosure: loanDisclosureSchema.nullable(),
  direct: z.boolean(),
  loanProductId: z.number().int(),
  contractDate: z.string().nullable(),
  firstPaymentDate: z.string().nullable(),
  rescissionDate: z.string().nullable(),
  fundingDate: z.string().nullable(),
  loanId: z.string().nullable(),
  shareAccountNumber: z.string().nullable(),
  memberNumber: z.string().nullable(),
  coreLoanId: z.string().nullable(),
  increaseExistingCreditLimit: z.boolean(),
  potentialLoanId: z.string().nullable(),
  reserveMatrixId: z.number().int().nullable(),
  reserveId: z.number().int().nullable(),
  reserveName: z.string().nullable(),
  reserveAmount: moneySchema.nullable(),
  payoffs: z.array(loanPayoffSchema),
  disbursements: z.array(loanDisbursementSchema),
  /** The sum of the disbursements, and what is left to disburse (amount − sum; 0.00 when balanced). */
  disbursementTotal: moneySchema,
  disbursementRemaining: moneySchema,
  fundingSequence: z.number().int(),
  sentToCore: z.boolean().nullable(),
  fundedAt: z.string().nullable(),
  fundedBy: z.string().nullable(),
  reversedAt: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type Loan = z.infer<typeof loanSchema>;

/** The approval the loan funds: the latest approve / counter-offer decision's terms from its receipt. */
export const loanApprovalSchema = z.object({
  decisionId: z.number().int(),
  decisionType: z.enum(approvalDecisionTypes),
  amount: moneySchema,
  term: z.number().int(),
  interestRate: z.string(),
  paymentFrequencyId: paymentFrequencySchema,
  monthlyPayment: moneySchema,
  buyRate: z.string().nullable(),
  contractDate: z.string(),
  firstPaymentDate: z.string(),
  balloonAmount: moneySchema.nullable(),
  additions: z.array(fundedAdditionSchema),
});
export type LoanApproval = z.infer<typeof loanApprovalSchema>;

export const loanApplicationSummarySchema = z.object({
  id: z.number().int(),
  state: applicationStateSchema,
  direct: z.boolean(),
  loanProductId: z.number().int(),
  loanProductName: z.string(),
  controlType: controlTypeSchema,
  /** 'threeBusinessDays' for a HEL; null: the rescission date is not asked (spec 3 §5). */
  rescissionDateType: z.string().nullable(),
  dealerId: z.number().int().nullable(),
  dealerName: z.string().nullable(),
  primaryApplicantId: z.number().int().nullable(),
  primaryApplicantName: z.string().nullable(),
  primaryApplicantMemberNumber: z.string().nullable(),
  increaseExistingCreditLimit: z.boolean(),
  potentialLoanId: z.string().nullable(),
  potentialShareAccountNumber: z.string().nullable(),
  /** The generated queue column of the application (e.g. 'funding', 'requirements'). */
  queue: z.string().nullable(),
});
export type LoanApplicationSummary = z.infer<typeof loanApplicationSummarySchema>;

export const loanSettingsSchema = z.object({
  coreService: z.enum(coreServices).nullable(),
  sendLoansToCore: z.boolean(),
  fundOnlyFinalizedEnvelopes: z.boolean(),
  /** Why the envelope setting does not hold funding back yet (e-signature comes with a later issue). */
  envelopesNote: z.string(),
  exportLoanSummaryOnFunding: z.boolean(),
});
export type LoanSettings = z.infer<typeof loanSettingsSchema>;

export const loanBookingSummarySchema = z.object({
  kind: z.enum(loanBookingKinds),
  reference: z.string(),
  coreService: z.string(),
  sentToCore: z.boolean(),
  coreLoanId: z.string().nullable(),
  memberNumber: z.string().nullable(),
  newMemberCreated: z.boolean(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  payload: z.record(z.string(), z.unknown()),
});
export type LoanBookingSummary = z.infer<typeof loanBookingSummarySchema>;

/* ------------------------------------------------------------------------------------------- dry run */

export const dryRunProblemCodes = [
  'missingMapping',
  'unbalanced',
  'memberClosed',
  'memberUnknown',
  'memberLookupFailed',
  'fundingDateNotBusinessDay',
  'fundingDateMissing',
  'contractDateMissing',
  'firstPaymentDateMissing',
  'loanIdMissing',
  'memberNumberMissing',
  'rescissionNotPassed',
  'notSaved',
  'envelopes',
  'invalidDate',
  'stipulationOpen',
  'dealerPacketMissing',
  'termsNotDecision',
  'memberTaxIdMissing',
  'disclosureChanged',
] as const;
export type DryRunProblemCode = (typeof dryRunProblemCodes)[number];

/**
 * A problem found by the dry run, in plain words. `fixPath`: where to fix it — a page ('/admin/corecodemappings',
 * the application's '/fundingRequirements/{id}') or a field of the funding worksheet ('#fundingDate', '#loanId',
 * '#disbursements').
 * `blocking`: false for a notice (a missing member number: the member is created when funding).
 */
export const dryRunProblemSchema = z.object({
  code: z.enum(dryRunProblemCodes),
  message: z.string(),
  fixPath: z.string().nullable(),
  blocking: z.boolean(),
});
export type DryRunProblem = z.infer<typeof dryRunProblemSchema>;

const optionRow = z.object({ id: z.number().int(), name: z.string() });

/** `GET applicationloan/{id}`: everything the funding worksheet shows. */
export const loanWorksheetSchema = z.object({
  loan: loanSchema,
  approval: loanApprovalSchema,
  application: loanApplicationSummarySchema,
  settings: loanSettingsSchema,
  /**
   * What the loan must still meet before it is funded (none once funded): the terms of the decision of record, the
   * required stipulations cleared or waived, an indirect loan's dealer packet — the dry run's same blocking problems.
   */
  conditions: z.array(dryRunProblemSchema),
  /** Today in the lender's time zone (YYYY-MM-DD). */
  lenderDate: z.string(),
  /** The earliest funding date the calendar allows now (after the rescission deadline when there is one). */
  earliestFundingDate: z.string().nullable(),
  reserveMatrices: z.array(optionRow),
  disbursalMethods: z.array(optionRow),
  lastBooking: loanBookingSummarySchema.nullable(),
});
export type LoanWorksheet = z.infer<typeof loanWorksheetSchema>;

/* ---------------------------------------------------------------------------------------------- save */

const coreIdText = textSchema()
  .trim()
  .max(100, loanTexts.loanIdMaxLength)
  .nullish()
  .transform((v) => (v === undefined || v === '' ? null : v));

export const loanDisbursementInputSchema = z.object({
  disbursementId: idValueSchema.nullish().transform((v) => v ?? null),
  payeeType: z.enum(disbursementPayeeTypes),
  payeeName: textSchema().trim().min(1).max(200),
  disbursalMethodId: idValueSchema.nullish().transform((v) => v ?? null),
  amount: nonNegativeMoneySchema,
});
export type LoanDisbursementInput = z.input<typeof loanDisbursementInputSchema>;

/**
 * `POST`/`PUT applications/{id}/loans`: the draft. Only these fields are editable; terms sent anyway (amount,
 * term, interestRate, paymentFrequencyId, additions) must equal the approval's, else 422 `termsNotEditable`.
 * `disbursements` absent: keep the saved ones (or the proposed ones on the first save).
 */
export const loanSaveSchema = z.object({
  contractDate: optionalDate,
  firstPaymentDate: optionalDate,
  rescissionDate: optionalDate,
  fundingDate: optionalDate,
  memberNumber: textSchema()
    .trim()
    .max(50)
    .nullish()
    .transform((v) => (v === undefined || v === '' ? null : v)),
  loanId: coreIdText,
  shareAccountNumber: coreIdText,
  reserveMatrixId: idValueSchema.nullish().transform((v) => v ?? null),
  disbursements: z.array(loanDisbursementInputSchema).max(50).optional(),
  // Not editable (checked against the approval when sent).
  amount: moneySchema.optional(),
  term: z.number().int().optional(),
  interestRate: z.string().max(20).optional(),
  paymentFrequencyId: paymentFrequencySchema.optional(),
});
export type LoanSave = z.input<typeof loanSaveSchema>;
export type LoanSaveParsed = z.output<typeof loanSaveSchema>;

/* ---------------------------------------------------------------------------------------------- dates */

export const rescissionDateRequestSchema = z.object({ contractDate: isoDateSchema });
export const rescissionDateResultSchema = z.object({ rescissionDate: z.string() });
export const fundingDateRequestSchema = z.object({ applicationId: idValueSchema, rescissionDate: isoDateSchema });
export const fundingDateResultSchema = z.object({ fundingDate: z.string() });

/* --------------------------------------------------------------------------------------- disbursements */

/** `GET applications/{id}/loans/{loanId}/disbursements`: the proposed payouts (they add up to the amount). */
export const proposedDisbursementsSchema = z.object({
  amount: moneySchema,
  fundingDate: z.string(),
  payoffs: z.array(loanPayoffSchema),
  disbursements: z.array(loanDisbursementSchema),
});
export type ProposedDisbursements = z.infer<typeof proposedDisbursementsSchema>;

/** `POST applications/{id}/loans/dryRun`: the exact payload for the core, validated; stored with the booking. */
export const dryRunResultSchema = z.object({
  coreService: z.enum(coreServices).nullable(),
  /** Whether funding will send it (the lender's sendLoansToCore). */
  sentToCore: z.boolean(),
  reference: z.string(),
  payload: z.record(z.string(), z.unknown()),
  problems: z.array(dryRunProblemSchema),
});
export type DryRunResult = z.infer<typeof dryRunResultSchema>;

/* ---------------------------------------------------------------------------------------------- fund */

/** Spec 3 §3 "Fund result" (plus the member number and the core loan id for the toasts). */
export const fundResultSchema = z.object({
  loan: loanSchema,
  errors: z.array(z.string()),
  newMemberCreated: z.boolean(),
  sentToCore: z.boolean(),
  /** Appended to 'Loan Funded' (e.g. ' - Core Loan Id 0012345'); empty when not sent. */
  successMessageSuffix: z.string(),
  memberNumber: z.string().nullable(),
  coreLoanId: z.string().nullable(),
});
export type FundResult = z.infer<typeof fundResultSchema>;

/**
 * The body of a failed fund: 502 (the core refused or is unavailable) or 504 (no answer in time) with code
 * THIRD_PARTY_ERROR, `message` = `loanTexts.unableToFund` and one `errors` entry per core message (field 'core');
 * or 422 VALIDATION `dryRunProblems` with one entry per blocking dry-run problem (field = its fixPath or code).
 */
export const fundFailureSchema = errorBodySchema;

export const reverseResultSchema = z.object({
  loan: loanSchema,
  reference: z.string(),
  sentToCore: z.boolean(),
});
export type ReverseResult = z.infer<typeof reverseResultSchema>;

/* -------------------------------------------------------------------------------------------- endpoints */

/** `loanId` of the disbursements call: the loan row's id, or 0 for the proposed (not yet saved) loan. */
const loanRowIdSchema = z
  .string()
  .regex(/^(0|[1-9][0-9]{0,9})$/, 'Enter a loan id (0 for the unsaved loan).')
  .transform(Number);
const fund = { right: 'canFundALoan' } as const;

export const loanEndpoints = {
  worksheet: endpoint({
    method: 'GET',
    path: '/api/applicationloan/:id',
    access: fund,
    tag: 'loans',
    summary: 'The funding worksheet: the loan (proposed from the approval until saved), approval, settings, options',
    params: idParamsSchema,
    response: loanWorksheetSchema,
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/applications/:id/loans',
    access: fund,
    tag: 'loans',
    summary: 'Save the loan draft (dates, loan id, member, reserve matrix, disbursements)',
    params: idParamsSchema,
    body: loanSaveSchema,
    response: loanSchema,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/applications/:id/loans',
    access: fund,
    tag: 'loans',
    summary: 'Save the loan draft (dates, loan id, member, reserve matrix, disbursements)',
    params: idParamsSchema,
    body: loanSaveSchema,
    response: loanSchema,
  }),
  rescissionDate: endpoint({
    method: 'PUT',
    path: '/api/applications/:id/loans/rescissionDate',
    access: fund,
    tag: 'loans',
    summary: 'The rescission date for a contract date on the lender calendar (three business days)',
    params: idParamsSchema,
    body: rescissionDateRequestSchema,
    response: rescissionDateResultSchema,
  }),
  fundingDate: endpoint({
    method: 'POST',
    path: '/api/applications/loans/fundingDate',
    access: fund,
    tag: 'loans',
    summary: 'The earliest funding date after a rescission date, on the lender calendar',
    body: fundingDateRequestSchema,
    response: fundingDateResultSchema,
  }),
  disbursements: endpoint({
    method: 'GET',
    path: '/api/applications/:id/loans/:loanId/disbursements',
    access: fund,
    tag: 'loans',
    summary: 'The proposed disbursements: lien payoffs, add-ons, then the rest to the dealer or the member',
    params: z.object({ id: idSchema, loanId: loanRowIdSchema }),
    query: z.object({ fundingDate: isoDateSchema.optional() }),
    response: proposedDisbursementsSchema,
  }),
  dryRun: endpoint({
    method: 'POST',
    path: '/api/applications/:id/loans/dryRun',
    access: fund,
    tag: 'loans',
    summary: 'Build and validate the exact core payload without booking',
    params: idParamsSchema,
    response: dryRunResultSchema,
  }),
  fund: endpoint({
    method: 'POST',
    path: '/api/applications/:id/loans/fund',
    access: fund,
    tag: 'loans',
    summary: 'Fund the loan: book it to the core once (Idempotency-Key honoured), state funded',
    params: idParamsSchema,
    response: fundResultSchema,
  }),
  fundPut: endpoint({
    method: 'PUT',
    path: '/api/applications/:id/loans/fund',
    access: fund,
    tag: 'loans',
    summary: 'Fund the loan (as POST)',
    params: idParamsSchema,
    response: fundResultSchema,
  }),
  reverse: endpoint({
    method: 'PUT',
    path: '/api/applications/:id/loans/reverseFundedLoan',
    access: fund,
    tag: 'loans',
    summary: 'Reverse the funding: reverse the core booking, the application back to its decided state',
    params: idParamsSchema,
    response: reverseResultSchema,
  }),
};
