import { z } from 'zod';
import { idParamsSchema } from './applications/common.ts';
import {
  creditBureauSchema,
  creditReportSchema,
  creditReportSummarySchema,
  creditScoreModelSchema,
  creditScoreSchema,
} from './credit.ts';
import { endpoint } from './kit/endpoint.ts';
import { moneySchema, nonNegativeMoneySchema } from './money.ts';
import { MAX_ID, textSchema } from './primitives.ts';

/**
 * The credit calls (spec 3 §7 "Credit", "Cross sell", "Decisions"; issue 11 item 2, 4, 5), declared once for the
 * server and the web. Paths keep the spec's spelling. Ids in paths are application ids unless named otherwise;
 * `CreditReport/{id}` is the stored report's id (`StoredCreditReport.id`).
 */

const TAG = 'credit';
const positiveId = z.coerce.number().int().min(1).max(MAX_ID);

export const applicationIdParamsSchema = z.object({ applicationId: positiveId });

/** The spec's credit report entity (spec 3 §3) around the bureau-neutral report. */
export const storedCreditReportSchema = z.object({
  /** Credence's id of the stored report (the `{id}` of the CreditReport calls). */
  id: z.number().int(),
  applicationId: z.number().int(),
  applicantId: z.number().int(),
  lenderCreditBureauId: z.number().int(),
  creditBureau: creditBureauSchema,
  creditReportId: z.string(),
  isActive: z.boolean(),
  pulledAt: z.string(),
  pulledBy: z.string().nullable(),
  providerName: z.string(),
  noRecordFound: z.boolean(),
  /** The lender's setting: a report with alerts needs a review comment. */
  requireCommentOnAlerts: z.boolean(),
  messages: z.array(z.object({ messageType: z.literal('NoReportReason'), message: z.string() })),
  defaultScoreModel: creditScoreModelSchema,
  /** The parsed report; tradelines carry the reviewer's marks. */
  report: creditReportSchema,
});
export type StoredCreditReport = z.infer<typeof storedCreditReportSchema>;

/** A report in the previous-reports list (no body: open it with `creditReportGet`). */
export const creditReportListItemSchema = storedCreditReportSchema.pick({
  id: true,
  applicantId: true,
  creditBureau: true,
  creditReportId: true,
  isActive: true,
  pulledAt: true,
  pulledBy: true,
  noRecordFound: true,
});
export type CreditReportListItem = z.infer<typeof creditReportListItemSchema>;

export const creditApplicantSchema = z.object({
  applicantId: z.number().int(),
  name: z.string(),
  applicantRole: z.string(),
  isBusiness: z.boolean(),
  /** Spec 3: the primary applicant of a business loan is hidden from the credit review. */
  hidden: z.boolean(),
  activeCreditReport: storedCreditReportSchema.nullable(),
});
export type CreditApplicant = z.infer<typeof creditApplicantSchema>;

export const enabledBureauSchema = z.object({
  lenderCreditBureauId: z.number().int(),
  creditBureau: creditBureauSchema,
  scoreModels: z.array(creditScoreModelSchema),
  defaultScoreModel: creditScoreModelSchema,
});

/** `GET applicationcreditreport/{id}`: everything the credit worksheet shows. */
export const applicationCreditSchema = z.object({
  applicationId: z.number().int(),
  state: z.string(),
  review: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  reviewedBy: z.string().nullable(),
  requireCommentOnAlerts: z.boolean(),
  notInterestedCrossSell: z.boolean(),
  averageCreditScore: z.number().int().nullable(),
  applicants: z.array(creditApplicantSchema),
  bureaus: z.array(enabledBureauSchema),
});
export type ApplicationCredit = z.infer<typeof applicationCreditSchema>;

export const creditPullRequestSchema = z.object({
  /** Which applicants; all (visible) applicants of the application when omitted. */
  applicantIds: z.array(positiveId).min(1).max(10).optional(),
  creditBureau: creditBureauSchema,
  /** Set to confirm a pull that retracts an approved or counteroffer decision (spec 3 §8). */
  confirmRetraction: z.boolean().optional(),
});
export type CreditPullRequest = z.input<typeof creditPullRequestSchema>;

export const creditPullResultSchema = z.object({
  reports: z.array(
    z.object({
      applicantId: z.number().int(),
      applicantName: z.string(),
      creditReportId: z.number().int(),
      noRecordFound: z.boolean(),
      noReportReason: z.string().nullable(),
    }),
  ),
  /** The decision was retracted by this pull. */
  retracted: z.boolean(),
});
export type CreditPullResult = z.infer<typeof creditPullResultSchema>;

export const tradelineMarkSchema = z.object({
  creditReportId: positiveId,
  /** The bureau's id of the tradeline in that report. */
  tradelineId: textSchema().min(1).max(64),
  excluded: z.boolean(),
  paidOff: z.boolean(),
});

/** `PUT CreditReportReview/{id}`: the review text and the tradeline marks, saved whole or not at all. */
export const creditReviewSaveSchema = z.object({
  review: textSchema()
    .trim()
    .max(4000)
    .nullish()
    .transform((v) => (v === undefined || v === '' ? null : v)),
  tradelines: z.array(tradelineMarkSchema).max(500).default([]),
  confirmRetraction: z.boolean().optional(),
});
export type CreditReviewSave = z.input<typeof creditReviewSaveSchema>;

export const markAsReviewedParamsSchema = z.object({
  applicationId: positiveId,
  /** 'true' marks the credit reviewed (new → reviewed); 'false' takes it back (reviewed → new). */
  isReviewed: z.enum(['true', 'false']),
});

/** `GET CreditReport/{id}/summary`. */
export const creditReportSummaryResponseSchema = z.object({
  id: z.number().int(),
  creditBureau: creditBureauSchema,
  scores: z.array(creditScoreSchema),
  summary: creditReportSummarySchema,
  ofac: z.boolean(),
  mla: z.boolean(),
  alertsCount: z.number().int(),
});

export const printCreditReportQuerySchema = z.object({ applicationId: positiveId });

// ---------------------------------------------------------------------------------------------------------------
// Screening services (spec 3 §7 Decisions)

export const screeningServices = ['kyc', 'aiScoring', 'riskEvaluation', 'vehicleHistory'] as const;
export const screeningServiceSchema = z.enum(screeningServices);
export type ScreeningService = z.infer<typeof screeningServiceSchema>;

export const kycFinalResults = ['pass', 'review', 'fail'] as const;

/** The providers each screening service may be sent to (sandboxes today; apps/server/src/integrations/screening). */
export const screeningProviders = {
  aiScoring: ['Zest', 'Upstart'],
  riskEvaluation: ['Socure', 'LexisNexis'],
  vehicleHistory: ['Carfax', 'AutoCheck'],
} as const;

/** `POST kyc/consumerverification` answer (spec 3 §3 "KYC response"). */
export const kycResponseSchema = z.object({
  kycResponses: z.array(
    z.object({
      applicantId: z.number().int(),
      applicantName: z.string(),
      finalResult: z.enum(kycFinalResults),
      riskScreeningResponseDetails: z.array(z.object({ code: z.string(), message: z.string() })),
    }),
  ),
});
export type KycResponse = z.infer<typeof kycResponseSchema>;

export const screeningResultSchema = z.object({
  id: z.number().int(),
  service: screeningServiceSchema,
  provider: z.string(),
  applicantId: z.number().int().nullable(),
  outcome: z.string(),
  result: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
});
export type ScreeningResult = z.infer<typeof screeningResultSchema>;

export const providerQuerySchema = z.object({ provider: textSchema().trim().min(1).max(40) });
export const riskEvaluationQuerySchema = z.object({ appId: positiveId, provider: textSchema().trim().min(1).max(40) });
export const vehicleHistoryBodySchema = z.object({ provider: textSchema().trim().min(1).max(40) });

// ---------------------------------------------------------------------------------------------------------------
// Cross-sell (spec 1 §2, §5; spec 3 §2, §3)

export const crossSellTypes = ['RefiCrossSell', 'InternalCrossSell'] as const;
export const crossSellTypeSchema = z.enum(crossSellTypes);
export type CrossSellType = z.infer<typeof crossSellTypeSchema>;

/** A term a cross-sell setting offers, its rate = the setting's base rate + the offset (annual percent). */
export const crossSellTermOptionSchema = z.object({
  termMonths: z.number().int().min(1).max(480),
  rateOffsetPercent: z.string().regex(/^-?\d{1,2}(\.\d{1,3})?$/),
});
export type CrossSellTermOption = z.infer<typeof crossSellTermOptionSchema>;

export const crossSellOptionSchema = z.object({
  description: z.string(),
  termMonths: z.number().int(),
  /** Annual percent with three decimals. */
  rate: z.string(),
  monthlyPayment: nonNegativeMoneySchema,
  /** New payment − current payment (negative saves the member money). */
  difference: moneySchema,
});

/** A refinance opportunity (spec 3 §3 "Cross-sell opportunity"). */
export const crossSellOpportunitySchema = z.object({
  crossSellId: z.number().int(),
  crossSellName: z.string(),
  creditReportTradelineCreditor: z.string(),
  /** Estimated annual percent, '0' when it could not be calculated ('Rate could not be calculated'). */
  creditReportTradelineEstimatedRate: z.string(),
  creditReportTradelineMonthlyPayment: nonNegativeMoneySchema,
  originalTermMonths: z.number().int().nullable(),
  balance: nonNegativeMoneySchema,
  accountNumber: z.string(),
  options: z.array(crossSellOptionSchema),
});
export type CrossSellOpportunity = z.infer<typeof crossSellOpportunitySchema>;

export const internalCrossSellOfferSchema = z.object({
  crossSellId: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  loanAmount: nonNegativeMoneySchema,
  rate: z.string(),
  termMonths: z.number().int().nullable(),
});
export type InternalCrossSellOffer = z.infer<typeof internalCrossSellOfferSchema>;

/** Spec 3 §3 "Cross sell request". */
export const crossSellRequestSchema = z.object({
  crossSellId: positiveId,
  balance: nonNegativeMoneySchema,
  termMonths: z.number().int().min(1).max(480).nullable(),
  crossSellAccountNumber: textSchema().max(40).nullable(),
  crossSellType: crossSellTypeSchema,
});
export const crossSellApplicationsRequestSchema = z.object({
  applicantId: positiveId,
  crossSellApplicationRequests: z.array(crossSellRequestSchema).min(1).max(10),
});
export type CrossSellApplicationsRequest = z.input<typeof crossSellApplicationsRequestSchema>;
export const crossSellApplicationsResultSchema = z.object({ applicationIds: z.array(z.number().int()) });

export const notInterestedCrossSellSchema = z.object({ notInterestedCrossSell: z.boolean() });

// ---------------------------------------------------------------------------------------------------------------

export const creditEndpoints = {
  get: endpoint({
    method: 'GET',
    path: '/api/applicationcreditreport/:applicationId',
    access: 'signedIn',
    tag: TAG,
    summary: "The application's applicants with their active credit reports, the review and the enabled bureaus",
    params: applicationIdParamsSchema,
    response: applicationCreditSchema,
  }),
  previous: endpoint({
    method: 'GET',
    path: '/api/applicationcreditreport/:applicationId/previous',
    access: 'signedIn',
    tag: TAG,
    summary: "Every report pulled for the application's applicants, newest first",
    params: applicationIdParamsSchema,
    response: z.array(creditReportListItemSchema),
  }),
  pull: endpoint({
    method: 'POST',
    path: '/api/applications/:applicationId/creditreport/pull',
    access: { right: 'canPullAndRepullCredit' },
    tag: TAG,
    summary: 'Pull (or re-pull) credit for the applicants from one bureau',
    params: applicationIdParamsSchema,
    body: creditPullRequestSchema,
    response: creditPullResultSchema,
  }),
  saveReview: endpoint({
    method: 'PUT',
    path: '/api/CreditReportReview/:applicationId',
    access: 'signedIn',
    tag: TAG,
    summary: 'Save the review text and the tradeline marks, all or nothing',
    params: applicationIdParamsSchema,
    body: creditReviewSaveSchema,
    response: applicationCreditSchema,
  }),
  markAsReviewed: endpoint({
    method: 'PUT',
    path: '/api/CreditReportReview/MarkAsReviewed/:applicationId/:isReviewed',
    access: 'signedIn',
    tag: TAG,
    summary: 'Mark the credit reviewed (new → reviewed: Credit queue to Decision queue) or take it back',
    params: markAsReviewedParamsSchema,
    response: applicationCreditSchema,
  }),
  report: endpoint({
    method: 'GET',
    path: '/api/CreditReport/:id',
    access: 'signedIn',
    tag: TAG,
    summary: 'One stored report (active or previous)',
    params: idParamsSchema,
    response: storedCreditReportSchema,
  }),
  summary: endpoint({
    method: 'GET',
    path: '/api/CreditReport/:id/summary',
    access: 'signedIn',
    tag: TAG,
    summary: "A report's scores and summary counts",
    params: idParamsSchema,
    response: creditReportSummaryResponseSchema,
  }),
  /** The report printed as a PDF (a file, read with fetchEndpointBlob); it must belong to that application. */
  print: endpoint({
    method: 'GET',
    path: '/api/CreditReport/:id/PrintCreditReport',
    access: 'signedIn',
    tag: TAG,
    summary: 'The credit report as a PDF',
    params: idParamsSchema,
    query: printCreditReportQuerySchema,
    response: z.unknown(),
  }),
} as const;

export const screeningEndpoints = {
  results: endpoint({
    method: 'GET',
    path: '/api/applications/:applicationId/screeningResults',
    access: 'signedIn',
    tag: TAG,
    summary: 'The newest result of each screening service (per applicant where it applies)',
    params: applicationIdParamsSchema,
    response: z.array(screeningResultSchema),
  }),
  kyc: endpoint({
    method: 'POST',
    path: '/api/kyc/consumerverification',
    access: { right: 'canPullAndRepullCredit' },
    tag: TAG,
    summary: "Verify the applicants' identity (KYC)",
    body: z.object({ applicationId: positiveId }),
    response: kycResponseSchema,
  }),
  submitAiScoring: endpoint({
    method: 'POST',
    path: '/api/Applications/:applicationId/SubmitToAiScoringService',
    access: { right: 'canPullAndRepullCredit' },
    tag: TAG,
    summary: 'Score the application with an AI (secondary) scoring provider',
    params: applicationIdParamsSchema,
    query: providerQuerySchema,
    response: screeningResultSchema,
  }),
  secondaryScoringResult: endpoint({
    method: 'GET',
    path: '/api/Applications/:applicationId/SecondaryScoringResult',
    access: 'signedIn',
    tag: TAG,
    summary: 'The newest secondary (AI) scoring result, or null',
    params: applicationIdParamsSchema,
    response: screeningResultSchema.nullable(),
  }),
  riskEvaluation: endpoint({
    method: 'POST',
    path: '/api/RiskEvaluation',
    access: { right: 'canPullAndRepullCredit' },
    tag: TAG,
    summary: 'Evaluate the application risk with a provider',
    query: riskEvaluationQuerySchema,
    response: screeningResultSchema,
  }),
  vehicleHistory: endpoint({
    method: 'POST',
    path: '/api/Applications/:applicationId/vehicleHistory',
    access: 'signedIn',
    tag: TAG,
    summary: "The vehicle history of the application's collateral",
    params: applicationIdParamsSchema,
    body: vehicleHistoryBodySchema,
    response: screeningResultSchema,
  }),
} as const;

export const crossSellEndpoints = {
  opportunities: endpoint({
    method: 'GET',
    path: '/api/applicant/:id/crossSell',
    access: { right: 'canPullAndRepullCredit' },
    tag: 'crossSell',
    summary: "Refinance opportunities from the applicant's active credit report",
    params: idParamsSchema,
    response: z.array(crossSellOpportunitySchema),
  }),
  internal: endpoint({
    method: 'GET',
    path: '/api/applications/:applicationId/internalCrossSell',
    access: { right: 'canPullAndRepullCredit' },
    tag: 'crossSell',
    summary: "The lender's internal cross-sell offers (feature toggle)",
    params: applicationIdParamsSchema,
    response: z.array(internalCrossSellOfferSchema),
  }),
  createApplications: endpoint({
    method: 'POST',
    path: '/api/applicant/:id/crossSell/application',
    access: { right: 'canCreateApplication' },
    tag: 'crossSell',
    summary: 'Create applications from cross-sell offers, in one transaction',
    params: idParamsSchema,
    body: crossSellApplicationsRequestSchema,
    response: crossSellApplicationsResultSchema,
    status: 201,
  }),
  notInterested: endpoint({
    method: 'PUT',
    path: '/api/applications/:applicationId/notInterestedCrossSell',
    access: 'signedIn',
    tag: 'crossSell',
    summary: 'Record that the applicants are not interested in cross-sell offers',
    params: applicationIdParamsSchema,
    body: notInterestedCrossSellSchema,
    response: notInterestedCrossSellSchema,
  }),
} as const;
