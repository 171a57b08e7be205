import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  applicantAddresses,
  applicantAssets,
  applicantEmails,
  applicantEmployments,
  applicantFinances,
  applicantGovtIds,
  applicantPhoneNumbers,
  applicants,
  applicationDecisions,
  applicationFundingRequirements,
  applicationHistory,
  applicationInsurance,
  applications,
  collateralAccessories,
  collateralGrantors,
  collaterals,
  comments,
  creditReportTradelines,
  creditReports,
  dealerPurchases,
  dealers,
  internalRefinances,
  lenders,
  liens,
  loanProducts,
  loans,
  reserves,
  sellers,
  tradeIns,
  users,
} from '../../../db/schema/index.ts';
import type { TenantTx } from '../../../db/tenancy.ts';

/*
 * The loan summary's reads, one statement per kind of row, batched by the parents' ids (applications, applicants,
 * collaterals, credit reports): a summary costs the same number of statements whatever the number of applicants,
 * collaterals, comments or tradelines. Every statement runs in the caller's tenant transaction (row-level
 * security: another lender's rows are not there).
 */

/** The applications with their product, dealer and lender settings (one row each; another lender's: none). */
export const findApplications = (tx: TenantTx, ids: number[]) =>
  tx
    .select({
      application: applications,
      product: {
        id: loanProducts.id,
        name: loanProducts.name,
        controlType: loanProducts.controlType,
        isBusinessLoan: loanProducts.isBusinessLoan,
      },
      dealer: {
        id: dealers.id,
        name: dealers.name,
        addressLine1: dealers.addressLine1,
        addressLine2: dealers.addressLine2,
        city: dealers.city,
        state: dealers.state,
        zip: dealers.zip,
        phoneNumber: dealers.phoneNumber,
        faxNumber: dealers.faxNumber,
        mainContactName: dealers.mainContactName,
        mainContactEmail: dealers.mainContactEmail,
      },
      lender: {
        salesWorksheetEnabled: lenders.salesWorksheetEnabled,
        salesDisplayOption: lenders.salesDisplayOption,
        exportLoanSummaryOnFunding: lenders.exportLoanSummaryOnFunding,
        timeZone: lenders.timeZone,
      },
    })
    .from(applications)
    .innerJoin(loanProducts, eq(loanProducts.id, applications.loanProductId))
    .innerJoin(lenders, eq(lenders.id, applications.lenderId))
    .leftJoin(dealers, eq(dealers.id, applications.dealerId))
    .where(inArray(applications.id, ids));
export type ApplicationRow = Awaited<ReturnType<typeof findApplications>>[number];

export const listInsurance = (tx: TenantTx, applicationIds: number[]) =>
  tx.select().from(applicationInsurance).where(inArray(applicationInsurance.applicationId, applicationIds));

export const listTradeIns = (tx: TenantTx, applicationIds: number[]) =>
  tx
    .select()
    .from(tradeIns)
    .where(inArray(tradeIns.applicationId, applicationIds))
    .orderBy(asc(tradeIns.sortOrder), asc(tradeIns.id));

export const listDealerPurchases = (tx: TenantTx, applicationIds: number[]) =>
  tx.select().from(dealerPurchases).where(inArray(dealerPurchases.applicationId, applicationIds));

export const listSellers = (tx: TenantTx, applicationIds: number[]) =>
  tx
    .select()
    .from(sellers)
    .where(inArray(sellers.applicationId, applicationIds))
    .orderBy(asc(sellers.sortOrder), asc(sellers.id));

export const listLiens = (tx: TenantTx, applicationIds: number[]) =>
  tx.select().from(liens).where(inArray(liens.applicationId, applicationIds));

export const listInternalRefinances = (tx: TenantTx, applicationIds: number[]) =>
  tx.select().from(internalRefinances).where(inArray(internalRefinances.applicationId, applicationIds));

export const listCollaterals = (tx: TenantTx, applicationIds: number[]) =>
  tx
    .select()
    .from(collaterals)
    .where(inArray(collaterals.applicationId, applicationIds))
    .orderBy(asc(collaterals.sortOrder), asc(collaterals.id));

export const listAccessories = (tx: TenantTx, collateralIds: number[]) =>
  tx
    .select()
    .from(collateralAccessories)
    .where(inArray(collateralAccessories.collateralId, collateralIds))
    .orderBy(asc(collateralAccessories.sortOrder), asc(collateralAccessories.id));

export const listGrantors = (tx: TenantTx, collateralIds: number[]) =>
  tx
    .select()
    .from(collateralGrantors)
    .where(inArray(collateralGrantors.collateralId, collateralIds))
    .orderBy(asc(collateralGrantors.sortOrder), asc(collateralGrantors.id));

export const listApplicants = (tx: TenantTx, applicationIds: number[]) =>
  tx
    .select()
    .from(applicants)
    .where(inArray(applicants.applicationId, applicationIds))
    .orderBy(asc(applicants.sortOrder), asc(applicants.id));

/** The child lists of applicants, by kind: one statement per kind for every applicant asked. */
const applicantChildQueries = {
  addresses: (tx: TenantTx, ids: number[]) =>
    tx
      .select()
      .from(applicantAddresses)
      .where(inArray(applicantAddresses.applicantId, ids))
      .orderBy(asc(applicantAddresses.sortOrder), asc(applicantAddresses.id)),
  phoneNumbers: (tx: TenantTx, ids: number[]) =>
    tx
      .select()
      .from(applicantPhoneNumbers)
      .where(inArray(applicantPhoneNumbers.applicantId, ids))
      .orderBy(asc(applicantPhoneNumbers.sortOrder), asc(applicantPhoneNumbers.id)),
  emails: (tx: TenantTx, ids: number[]) =>
    tx
      .select()
      .from(applicantEmails)
      .where(inArray(applicantEmails.applicantId, ids))
      .orderBy(asc(applicantEmails.sortOrder), asc(applicantEmails.id)),
  govtIssuedIds: (tx: TenantTx, ids: number[]) =>
    tx
      .select()
      .from(applicantGovtIds)
      .where(inArray(applicantGovtIds.applicantId, ids))
      .orderBy(asc(applicantGovtIds.sortOrder), asc(applicantGovtIds.id)),
  employments: (tx: TenantTx, ids: number[]) =>
    tx
      .select()
      .from(applicantEmployments)
      .where(inArray(applicantEmployments.applicantId, ids))
      .orderBy(asc(applicantEmployments.sortOrder), asc(applicantEmployments.id)),
  finances: (tx: TenantTx, ids: number[]) =>
    tx
      .select()
      .from(applicantFinances)
      .where(inArray(applicantFinances.applicantId, ids))
      .orderBy(asc(applicantFinances.sortOrder), asc(applicantFinances.id)),
  assets: (tx: TenantTx, ids: number[]) =>
    tx
      .select()
      .from(applicantAssets)
      .where(inArray(applicantAssets.applicantId, ids))
      .orderBy(asc(applicantAssets.sortOrder), asc(applicantAssets.id)),
};
export type ApplicantChildKind = keyof typeof applicantChildQueries;
export type ApplicantChildRow<K extends ApplicantChildKind> = Awaited<
  ReturnType<(typeof applicantChildQueries)[K]>
>[number];

export const listApplicantChildren = <K extends ApplicantChildKind>(
  tx: TenantTx,
  kind: K,
  applicantIds: number[],
): Promise<ApplicantChildRow<K>[]> => applicantChildQueries[kind](tx, applicantIds) as Promise<ApplicantChildRow<K>[]>;

/** The active credit reports of applicants (at most one each), with the counts the summary prints. */
export const listActiveReports = (tx: TenantTx, applicantIds: number[]) =>
  tx
    .select({
      id: creditReports.id,
      applicantId: creditReports.applicantId,
      bureau: creditReports.bureau,
      pulledAt: creditReports.pulledAt,
      ofac: creditReports.ofac,
      mla: creditReports.mla,
      defaultScoreModel: creditReports.defaultScoreModel,
      scores: creditReports.scores,
      publicRecordsCount: sql<number>`jsonb_array_length(${creditReports.publicRecords})`,
      inquiriesCount: sql<number>`jsonb_array_length(${creditReports.inquiries})`,
    })
    .from(creditReports)
    .where(and(inArray(creditReports.applicantId, applicantIds), eq(creditReports.isActive, true)));

export const listTradelines = (tx: TenantTx, reportIds: number[]) =>
  tx
    .select({
      creditReportId: creditReportTradelines.creditReportId,
      creditor: creditReportTradelines.creditor,
      portfolioType: creditReportTradelines.portfolioType,
      tradelineStatus: creditReportTradelines.tradelineStatus,
      isOpen: creditReportTradelines.isOpen,
      isDelinquent: creditReportTradelines.isDelinquent,
      isDerogatory: creditReportTradelines.isDerogatory,
      balance: creditReportTradelines.balance,
      monthlyPayment: creditReportTradelines.monthlyPayment,
    })
    .from(creditReportTradelines)
    .where(inArray(creditReportTradelines.creditReportId, reportIds))
    .orderBy(asc(creditReportTradelines.creditReportId), asc(creditReportTradelines.position));

/** The newest receipt row of each application (a decision or a retraction), with its author's name. */
export const listLatestDecisions = (tx: TenantTx, applicationIds: number[]) =>
  tx
    .selectDistinctOn([applicationDecisions.applicationId], {
      decision: applicationDecisions,
      createdByName: users.name,
      createdBy: users.fullName,
    })
    .from(applicationDecisions)
    .leftJoin(users, eq(users.id, applicationDecisions.createdByUserId))
    .where(inArray(applicationDecisions.applicationId, applicationIds))
    .orderBy(asc(applicationDecisions.applicationId), desc(applicationDecisions.version));

/** The stipulations of the applications, withdrawn ones left out (as the requirements worksheet counts them). */
export const listFundingRequirements = (tx: TenantTx, applicationIds: number[]) =>
  tx
    .select()
    .from(applicationFundingRequirements)
    .where(
      and(
        inArray(applicationFundingRequirements.applicationId, applicationIds),
        ne(applicationFundingRequirements.status, 'withdrawn'),
      ),
    )
    .orderBy(asc(applicationFundingRequirements.sortOrder), asc(applicationFundingRequirements.id));

/** The funding worksheet's loan of each application (at most one), with its reserve's name. */
export const listLoans = (tx: TenantTx, applicationIds: number[]) =>
  tx
    .select({ loan: loans, reserveName: reserves.name })
    .from(loans)
    .leftJoin(reserves, eq(reserves.id, loans.reserveId))
    .where(inArray(loans.applicationId, applicationIds));

/** Every comment (deleted ones too, flagged), oldest first, with its author's name. */
export const listComments = (tx: TenantTx, applicationIds: number[]) =>
  tx
    .select({ comment: comments, authorName: users.name, authorFullName: users.fullName })
    .from(comments)
    .leftJoin(users, eq(users.id, comments.userId))
    .where(inArray(comments.applicationId, applicationIds))
    .orderBy(asc(comments.createdAt), asc(comments.id));

/** The history, newest first (at most 2000 rows per application, as the history worksheet reads it). */
export const listHistory = (tx: TenantTx, applicationIds: number[]) =>
  tx
    .select({
      id: applicationHistory.id,
      applicationId: applicationHistory.applicationId,
      createdAt: applicationHistory.createdAt,
      userName: users.name,
      userFullName: users.fullName,
      action: applicationHistory.action,
      description: applicationHistory.description,
      entity: applicationHistory.entity,
      changes: applicationHistory.changes,
    })
    .from(applicationHistory)
    .leftJoin(users, eq(users.id, applicationHistory.userId))
    .where(inArray(applicationHistory.applicationId, applicationIds))
    .orderBy(desc(applicationHistory.createdAt), desc(applicationHistory.id))
    .limit(2000 * applicationIds.length);
