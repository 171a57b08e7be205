import { z } from 'zod';
import { tradelinePortfolioTypes, tradelineStatuses } from './applications/enums.ts';
import { moneySchema, nonNegativeMoneySchema } from './money.ts';
import { dateSchema, dateTimeSchema } from './primitives.ts';

/**
 * The bureau-neutral credit report (issue 11, item 1): what every bureau adapter parses its answer into, whatever
 * the wire format (the sandbox and the resellers answer in MISMO 2.4 credit-response XML). The raw answer is
 * kept whole beside it; this model is what the worksheet, the debt ratios, the decision engine and cross-sell
 * read. Money is a decimal string with two decimals, dates are YYYY-MM-DD, never JS numbers or Date objects.
 *
 * Names follow spec 3 §3 where it has them: `CreditReport` (ofac, mla, publicRecordsCount, inquiriesCount,
 * scoreModels with score, tradelines with isOpen, isDeliquent — the spec's spelling —, isDerogatory,
 * tradelineStatus, portfolioType) and the credit report entity (creditBureau, creditReportId, noRecordFound,
 * messages of type NoReportReason).
 */

/** The three national credit bureaus (spec 2: "Credit bureaus: Equifax, Experian, TransUnion"). */
export const creditBureaus = ['Equifax', 'Experian', 'TransUnion'] as const;
export const creditBureauSchema = z.enum(creditBureaus);
export type CreditBureau = z.infer<typeof creditBureauSchema>;

export { creditScoreModels, creditScoreModelSchema, type CreditScoreModel } from './credit-score-models.ts';
import { creditScoreModelSchema, type CreditScoreModel } from './credit-score-models.ts';

/** The published range of each model: base FICO and VantageScore 300–850, FICO industry scores 250–900. */
export const creditScoreRanges: Record<CreditScoreModel, { min: number; max: number }> = {
  'FICO 8': { min: 300, max: 850 },
  'FICO 9': { min: 300, max: 850 },
  'FICO 10T': { min: 300, max: 850 },
  'FICO Auto 8': { min: 250, max: 900 },
  'FICO Auto 9': { min: 250, max: 900 },
  'FICO Bankcard 8': { min: 250, max: 900 },
  'VantageScore 3.0': { min: 300, max: 850 },
  'VantageScore 4.0': { min: 300, max: 850 },
};

/** A reason code the model gives for the score (the principal reasons of an adverse-action notice). */
export const creditScoreFactorSchema = z.object({ code: z.string(), text: z.string() });
export type CreditScoreFactor = z.infer<typeof creditScoreFactorSchema>;

export const creditScoreSchema = z
  .object({
    model: creditScoreModelSchema,
    /** The score; null when the model could not score the file (see `exclusionReason`). */
    score: z.number().int().nullable(),
    /** Why the file was not scored, e.g. 'Insufficient credit history to score'. */
    exclusionReason: z.string().nullable(),
    factors: z.array(creditScoreFactorSchema),
  })
  .refine(
    (s) => s.score === null || (s.score >= creditScoreRanges[s.model].min && s.score <= creditScoreRanges[s.model].max),
    { message: 'The score is outside the range of its model', path: ['score'] },
  )
  .refine((s) => (s.score === null) !== (s.exclusionReason === null), {
    message: 'A score has either a value or an exclusion reason',
    path: ['exclusionReason'],
  });
export type CreditScore = z.infer<typeof creditScoreSchema>;

/**
 * What an alert is about. `ofac`: possible match on the OFAC SDN list; `mla`: covered borrower under the
 * Military Lending Act; `fraud`: an initial or extended fraud alert (FCRA §605A: verify identity before
 * extending credit); `activeDuty`: an active-duty alert; `freeze`: a security freeze; `addressDiscrepancy`:
 * the address asked differs substantially from the file (FACTA §605(h)); `deceased`: the file is reported
 * deceased; `other`: any other bureau message.
 */
export const creditAlertKinds = [
  'ofac',
  'mla',
  'fraud',
  'activeDuty',
  'freeze',
  'addressDiscrepancy',
  'deceased',
  'other',
] as const;
export const creditAlertKindSchema = z.enum(creditAlertKinds);
export type CreditAlertKind = z.infer<typeof creditAlertKindSchema>;

export const creditAlertSchema = z.object({
  kind: creditAlertKindSchema,
  /** The bureau's own code for the message, when it gives one. */
  code: z.string().nullable(),
  text: z.string(),
});
export type CreditAlert = z.infer<typeof creditAlertSchema>;

/** Kinds of public record (bankruptcies by chapter, liens and judgments). */
export const publicRecordTypes = [
  'BANKRUPTCY_CHAPTER_7',
  'BANKRUPTCY_CHAPTER_11',
  'BANKRUPTCY_CHAPTER_12',
  'BANKRUPTCY_CHAPTER_13',
  'TAX_LIEN',
  'JUDGMENT',
  'OTHER',
] as const;
export const publicRecordTypeSchema = z.enum(publicRecordTypes);
export type PublicRecordType = z.infer<typeof publicRecordTypeSchema>;

/** Where a public record stands. */
export const publicRecordDispositions = [
  'FILED',
  'DISCHARGED',
  'DISMISSED',
  'SATISFIED',
  'RELEASED',
  'UNSATISFIED',
  'UNKNOWN',
] as const;
export const publicRecordDispositionSchema = z.enum(publicRecordDispositions);
export type PublicRecordDisposition = z.infer<typeof publicRecordDispositionSchema>;

export const creditPublicRecordSchema = z.object({
  id: z.string(),
  type: publicRecordTypeSchema,
  disposition: publicRecordDispositionSchema,
  filedDate: dateSchema,
  dispositionDate: dateSchema.nullable(),
  /** The liability (bankruptcy) or the amount owed (lien, judgment); null when not reported. */
  amount: nonNegativeMoneySchema.nullable(),
  courtName: z.string().nullable(),
  docketNumber: z.string().nullable(),
  plaintiff: z.string().nullable(),
});
export type CreditPublicRecord = z.infer<typeof creditPublicRecordSchema>;

export const creditInquirySchema = z.object({
  id: z.string(),
  /** Who asked. */
  name: z.string(),
  date: dateSchema,
  /** The kind of business that asked, e.g. 'Automotive', 'Banking', 'Finance'. */
  businessType: z.string().nullable(),
});
export type CreditInquiry = z.infer<typeof creditInquirySchema>;

export const tradelinePortfolioTypeSchema = z.enum(tradelinePortfolioTypes);
export type TradelinePortfolioType = z.infer<typeof tradelinePortfolioTypeSchema>;
export const tradelineStatusSchema = z.enum(tradelineStatuses);
export type TradelineStatus = z.infer<typeof tradelineStatusSchema>;

/**
 * Whose account it is (the ECOA designator): only Individual, Joint and Comaker/cosigned accounts are the
 * applicant's obligation; an AuthorizedUser account counts for the score, not for the debt ratios.
 */
export const tradelineEcoaDesignators = [
  'Individual',
  'JointContractualLiability',
  'JointParticipating',
  'AuthorizedUser',
  'Comaker',
  'OnBehalfOf',
  'Terminated',
  'Undesignated',
] as const;
export const tradelineEcoaSchema = z.enum(tradelineEcoaDesignators);
export type TradelineEcoa = z.infer<typeof tradelineEcoaSchema>;

export const creditTradelineSchema = z.object({
  /** The bureau's id of the tradeline within the report (CreditLiabilityID). */
  id: z.string(),
  creditor: z.string(),
  /** As the bureau reports it (bureaus truncate it, e.g. '440066XXXXXX3192'). */
  accountNumber: z.string(),
  portfolioType: tradelinePortfolioTypeSchema,
  tradelineStatus: tradelineStatusSchema,
  /** The kind of loan as the bureau names it ('AutoLoan', 'CreditCard', 'Student', …); null when not given. */
  loanType: z.string().nullable(),
  ecoa: tradelineEcoaSchema,
  isOpen: z.boolean(),
  /** Past due now or rated late (spelled as spec 3 §3 spells it). */
  isDeliquent: z.boolean(),
  /** The bureau flags it derogatory (collections, charge-offs, repossessions, bankruptcies, …). */
  isDerogatory: z.boolean(),
  balance: moneySchema,
  /** Revolving and line-of-credit limit; null for loans. */
  creditLimit: nonNegativeMoneySchema.nullable(),
  /** The highest balance ever (the original amount of a loan). */
  highCredit: nonNegativeMoneySchema.nullable(),
  /** The scheduled monthly payment; null when none is reported. */
  monthlyPayment: nonNegativeMoneySchema.nullable(),
  pastDueAmount: nonNegativeMoneySchema,
  /** Bureaus do not report rates; a reseller or a later estimate may fill it (annual percent, e.g. '6.49'). */
  rate: z
    .string()
    .regex(/^\d{1,3}(\.\d{1,3})?$/)
    .nullable(),
  openedDate: dateSchema,
  reportedDate: dateSchema,
  lastActivityDate: dateSchema.nullable(),
  closedDate: dateSchema.nullable(),
  /** The full term of an installment loan or mortgage, in months. */
  termMonths: z.number().int().min(1).nullable(),
  /** Months left at the reported date: the term less the months since it opened (at least 0). */
  remainingTermMonths: z.number().int().min(0).nullable(),
  monthsReviewed: z.number().int().min(0),
  late30Count: z.number().int().min(0),
  late60Count: z.number().int().min(0),
  late90Count: z.number().int().min(0),
  /** The month-by-month rating string, most recent first ('C' current, '1'–'6' 30–180 days late, …). */
  paymentPattern: z.string().nullable(),
  /** Marked by the reviewer: left out of the debt ratios. A parsed report starts with false. */
  excluded: z.boolean(),
  /** Marked by the reviewer: paid off by this loan. A parsed report starts with false. */
  paidOff: z.boolean(),
});
export type CreditTradeline = z.infer<typeof creditTradelineSchema>;

/** Counts and totals over the report, for the worksheet's summary and the queues. */
export const creditReportSummarySchema = z.object({
  tradelinesCount: z.number().int().min(0),
  openTradelinesCount: z.number().int().min(0),
  delinquentTradelinesCount: z.number().int().min(0),
  derogatoryTradelinesCount: z.number().int().min(0),
  publicRecordsCount: z.number().int().min(0),
  inquiriesCount: z.number().int().min(0),
  /** Balances of the open tradelines. */
  totalBalance: moneySchema,
  /** Monthly payments of the open tradelines that are the applicant's obligation (not authorized-user ones). */
  totalMonthlyPayment: nonNegativeMoneySchema,
  /** Open revolving balances over open revolving limits, in percent with one decimal; null without limits. */
  revolvingUtilizationPercent: z
    .string()
    .regex(/^\d+\.\d$/)
    .nullable(),
  pastDueAmount: nonNegativeMoneySchema,
  oldestTradelineDate: dateSchema.nullable(),
});
export type CreditReportSummary = z.infer<typeof creditReportSummarySchema>;

/** A message the bureau returns with the report; `NoReportReason` says why there is no report (spec 3 §3, §8). */
export const creditReportMessageTypes = ['NoReportReason'] as const;

/** The applicant as the bureau has them on file (for the reviewer's identity check). */
export const creditReportSubjectSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  /** The last four digits only: the model never carries a full SSN. */
  ssnLast4: z.string().regex(/^\d{4}$/),
  dateOfBirth: dateSchema.nullable(),
});
export type CreditReportSubject = z.infer<typeof creditReportSubjectSchema>;

export const creditReportSchema = z.object({
  creditBureau: creditBureauSchema,
  /** The bureau's (or reseller's) report identifier: the key of re-issues and disputes. */
  creditReportId: z.string().min(1),
  pulledAt: dateTimeSchema,
  /** When the subject's file was first created at the bureau; null without a file. */
  infileDate: dateSchema.nullable(),
  subject: creditReportSubjectSchema,
  /** No file was returned (no record found, or a freeze): `noReportReason` says why. */
  noRecordFound: z.boolean(),
  /** The bureau's message when it returned no report, shown in the warning naming applicant and application. */
  noReportReason: z.string().nullable(),
  /** A security freeze stopped the pull. */
  frozen: z.boolean(),
  /** Any alert of kind `ofac` (spec 3 §3 CreditReport.ofac). */
  ofac: z.boolean(),
  /** Any alert of kind `mla` (spec 3 §3 CreditReport.mla). */
  mla: z.boolean(),
  alerts: z.array(creditAlertSchema),
  scores: z.array(creditScoreSchema),
  publicRecords: z.array(creditPublicRecordSchema),
  inquiries: z.array(creditInquirySchema),
  tradelines: z.array(creditTradelineSchema),
  summary: creditReportSummarySchema,
});
export type CreditReport = z.infer<typeof creditReportSchema>;

/** Does the report need a review comment (spec 3: `requireCommentOnAlerts`)? Any alert, OFAC or MLA does. */
export const creditReportHasAlerts = (report: Pick<CreditReport, 'alerts' | 'ofac' | 'mla'>): boolean =>
  report.alerts.length > 0 || report.ofac || report.mla;
