import type { CreditBureau, CreditReport, CreditScoreModel, CreditTradeline } from '@credence/contracts';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  applicants,
  applications,
  creditReports,
  creditReportTradelines,
  lenderCreditBureaus,
  lenders,
  users,
} from '../../../db/schema/index.ts';
import type { TenantTx } from '../../../db/tenancy.ts';

export type LenderCreditBureauRow = typeof lenderCreditBureaus.$inferSelect;
export type CreditReportRow = typeof creditReports.$inferSelect & { pulledByName: string | null };
export type TradelineRow = typeof creditReportTradelines.$inferSelect;

/** The lender's credit settings (the lenders table is read by every tenant; the current lender's row only). */
export const findLenderCreditSettings = async (tx: TenantTx, lenderId: number) => {
  const [row] = await tx
    .select({
      name: lenders.name,
      timeZone: lenders.timeZone,
      requireCommentOnAlerts: lenders.requireCommentOnAlerts,
      internalCrossSellEnabled: lenders.internalCrossSellEnabled,
    })
    .from(lenders)
    .where(eq(lenders.id, lenderId));
  return row;
};

export const listLenderBureaus = (tx: TenantTx) =>
  tx.select().from(lenderCreditBureaus).orderBy(asc(lenderCreditBureaus.bureau));

export const findLenderBureau = async (tx: TenantTx, bureau: CreditBureau) => {
  const [row] = await tx.select().from(lenderCreditBureaus).where(eq(lenderCreditBureaus.bureau, bureau));
  return row;
};

/** Seeds or replaces a lender's bureau settings (demo data and tests). */
export const upsertLenderBureau = (
  tx: TenantTx,
  values: {
    lenderId: number;
    bureau: CreditBureau;
    enabled: boolean;
    scoreModels: CreditScoreModel[];
    defaultScoreModel: CreditScoreModel;
  },
) =>
  tx
    .insert(lenderCreditBureaus)
    .values(values)
    .onConflictDoUpdate({
      target: [lenderCreditBureaus.lenderId, lenderCreditBureaus.bureau],
      set: {
        enabled: values.enabled,
        scoreModels: values.scoreModels,
        defaultScoreModel: values.defaultScoreModel,
        updatedAt: sql`now()`,
      },
    });

/** The application's row as the credit worksheet needs it (with who marked the credit reviewed). */
export const findApplicationCredit = async (tx: TenantTx, applicationId: number) => {
  const [row] = await tx
    .select({
      id: applications.id,
      state: applications.state,
      loanProductId: applications.loanProductId,
      creditReview: applications.creditReview,
      creditReviewedAt: applications.creditReviewedAt,
      creditReviewedBy: users.fullName,
      notInterestedCrossSell: applications.notInterestedCrossSell,
      averageCreditScore: applications.averageCreditScore,
    })
    .from(applications)
    .leftJoin(users, eq(users.id, applications.creditReviewedByUserId))
    .where(eq(applications.id, applicationId));
  return row;
};

export const listApplicantRows = (tx: TenantTx, applicationId: number) =>
  tx
    .select()
    .from(applicants)
    .where(eq(applicants.applicationId, applicationId))
    .orderBy(asc(applicants.sortOrder), asc(applicants.id));

const reportColumns = {
  report: creditReports,
  pulledByName: users.fullName,
};

const withPulledBy = (rows: { report: typeof creditReports.$inferSelect; pulledByName: string | null }[]) =>
  rows.map((r) => ({ ...r.report, pulledByName: r.pulledByName }));

/** The reports of an application, newest first (active and previous). */
export const listReports = async (tx: TenantTx, applicationId: number): Promise<CreditReportRow[]> =>
  withPulledBy(
    await tx
      .select(reportColumns)
      .from(creditReports)
      .leftJoin(users, eq(users.id, creditReports.pulledByUserId))
      .where(eq(creditReports.applicationId, applicationId))
      .orderBy(desc(creditReports.pulledAt), desc(creditReports.id)),
  );

export const findReport = async (tx: TenantTx, id: number): Promise<CreditReportRow | undefined> =>
  withPulledBy(
    await tx
      .select(reportColumns)
      .from(creditReports)
      .leftJoin(users, eq(users.id, creditReports.pulledByUserId))
      .where(eq(creditReports.id, id)),
  )[0];

export const listTradelines = (tx: TenantTx, reportIds: number[]) =>
  reportIds.length === 0
    ? Promise.resolve([] as TradelineRow[])
    : tx
        .select()
        .from(creditReportTradelines)
        .where(inArray(creditReportTradelines.creditReportId, reportIds))
        .orderBy(asc(creditReportTradelines.creditReportId), asc(creditReportTradelines.position));

/** What a stored report is made of; the caller encrypts the raw answer and the subject. */
export type NewCreditReport = {
  lenderId: number;
  applicationId: number;
  applicantId: number;
  lenderCreditBureauId: number;
  providerName: string;
  pulledByUserId: number | null;
  defaultScoreModel: CreditScoreModel;
  report: CreditReport;
  subjectEncrypted: string;
  rawEncrypted: string;
};

/** The typed columns of a tradeline; the rest of the bureau-neutral tradeline goes to `detail`. */
const tradelineValues = (lenderId: number, creditReportId: number, t: CreditTradeline, position: number) => {
  const {
    id,
    creditor,
    accountNumber,
    portfolioType,
    tradelineStatus,
    loanType,
    ecoa,
    isOpen,
    isDeliquent,
    isDerogatory,
    balance,
    creditLimit,
    highCredit,
    monthlyPayment,
    pastDueAmount,
    openedDate,
    termMonths,
    remainingTermMonths,
    excluded,
    paidOff,
    ...detail
  } = t;
  return {
    lenderId,
    creditReportId,
    position,
    tradelineKey: id,
    creditor,
    accountNumber,
    portfolioType,
    tradelineStatus,
    loanType,
    ecoa,
    isOpen,
    isDelinquent: isDeliquent,
    isDerogatory,
    balance,
    creditLimit,
    highCredit,
    monthlyPayment,
    pastDueAmount,
    openedDate,
    termMonths,
    remainingTermMonths,
    detail,
    excluded,
    paidOff,
  };
};

/** A stored tradeline back in the bureau-neutral shape, with the reviewer's marks. */
export const toTradeline = (row: TradelineRow): CreditTradeline =>
  ({
    ...(row.detail as Omit<CreditTradeline, keyof ReturnType<typeof tradelineValues>>),
    id: row.tradelineKey,
    creditor: row.creditor,
    accountNumber: row.accountNumber,
    portfolioType: row.portfolioType,
    tradelineStatus: row.tradelineStatus,
    loanType: row.loanType,
    ecoa: row.ecoa,
    isOpen: row.isOpen,
    isDeliquent: row.isDelinquent,
    isDerogatory: row.isDerogatory,
    balance: row.balance,
    creditLimit: row.creditLimit,
    highCredit: row.highCredit,
    monthlyPayment: row.monthlyPayment,
    pastDueAmount: row.pastDueAmount,
    openedDate: row.openedDate,
    termMonths: row.termMonths,
    remainingTermMonths: row.remainingTermMonths,
    excluded: row.excluded,
    paidOff: row.paidOff,
  }) as CreditTradeline;

/**
 * Stores a pulled report as the applicant's active one: the earlier active report of the applicant becomes a
 * previous report (kept whole). Returns the new report's id.
 */
export const insertReport = async (tx: TenantTx, r: NewCreditReport): Promise<number> => {
  await tx
    .update(creditReports)
    .set({ isActive: false })
    .where(and(eq(creditReports.applicantId, r.applicantId), eq(creditReports.isActive, true)));
  const defaultScore = r.report.scores.find((s) => s.model === r.defaultScoreModel)?.score ?? null;
  const [inserted] = await tx
    .insert(creditReports)
    .values({
      lenderId: r.lenderId,
      applicationId: r.applicationId,
      applicantId: r.applicantId,
      lenderCreditBureauId: r.lenderCreditBureauId,
      bureau: r.report.creditBureau,
      creditReportId: r.report.creditReportId,
      providerName: r.providerName,
      isActive: true,
      pulledAt: new Date(r.report.pulledAt),
      pulledByUserId: r.pulledByUserId,
      infileDate: r.report.infileDate,
      noRecordFound: r.report.noRecordFound,
      noReportReason: r.report.noReportReason,
      frozen: r.report.frozen,
      ofac: r.report.ofac,
      mla: r.report.mla,
      defaultScoreModel: r.defaultScoreModel,
      defaultScore,
      scores: r.report.scores,
      alerts: r.report.alerts,
      publicRecords: r.report.publicRecords,
      inquiries: r.report.inquiries,
      summary: r.report.summary,
      subjectEncrypted: r.subjectEncrypted,
      rawEncrypted: r.rawEncrypted,
    })
    .returning({ id: creditReports.id });
  const id = inserted!.id;
  if (r.report.tradelines.length > 0) {
    await tx
      .insert(creditReportTradelines)
      .values(r.report.tradelines.map((t, i) => tradelineValues(r.lenderId, id, t, i)));
  }
  return id;
};

/** The average of the active reports' default-model scores (rounded half up), kept on the application. */
export const refreshAverageCreditScore = (tx: TenantTx, applicationId: number) =>
  tx.execute(sql`
    update applications a
       set average_credit_score = (select round(avg(r.default_score))::int from credit_reports r
                                    where r.application_id = a.id and r.is_active and r.default_score is not null)
     where a.id = ${applicationId}`);

/** An active report's tradeline of this application, by the report's id and the bureau's tradeline id. */
export const findActiveTradelines = (tx: TenantTx, applicationId: number) =>
  tx
    .select({
      id: creditReportTradelines.id,
      creditReportId: creditReportTradelines.creditReportId,
      tradelineKey: creditReportTradelines.tradelineKey,
      creditor: creditReportTradelines.creditor,
      excluded: creditReportTradelines.excluded,
      paidOff: creditReportTradelines.paidOff,
    })
    .from(creditReportTradelines)
    .innerJoin(creditReports, eq(creditReports.id, creditReportTradelines.creditReportId))
    .where(and(eq(creditReports.applicationId, applicationId), eq(creditReports.isActive, true)));

export const markTradeline = (tx: TenantTx, id: number, marks: { excluded: boolean; paidOff: boolean }) =>
  tx.update(creditReportTradelines).set(marks).where(eq(creditReportTradelines.id, id));

export const updateApplicationCredit = (
  tx: TenantTx,
  applicationId: number,
  values: Partial<
    Pick<
      typeof applications.$inferInsert,
      'creditReview' | 'creditReviewedAt' | 'creditReviewedByUserId' | 'state' | 'notInterestedCrossSell'
    >
  >,
) =>
  tx
    .update(applications)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(applications.id, applicationId));
