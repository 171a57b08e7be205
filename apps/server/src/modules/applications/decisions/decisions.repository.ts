import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  applicantEmployments,
  applicantFinances,
  applicants,
  applicationDecisions,
  applicationFundingRequirements,
  applications,
  collateralLiens,
  collaterals,
  creditReports,
  creditReportTradelines,
  decisionCodes,
  loanProducts,
  policyRuns,
  users,
} from '../../../db/schema/index.ts';
import type { TenantTx } from '../../../db/tenancy.ts';

/** The application with its product, as the decision worksheet reads it. */
export const findApplication = async (tx: TenantTx, applicationId: number) => {
  const [row] = await tx
    .select({
      application: applications,
      productName: loanProducts.name,
      controlType: loanProducts.controlType,
    })
    .from(applications)
    .innerJoin(loanProducts, eq(loanProducts.id, applications.loanProductId))
    .where(eq(applications.id, applicationId));
  return row;
};
export type DecisionApplication = NonNullable<Awaited<ReturnType<typeof findApplication>>>;

export const listApplicants = (tx: TenantTx, applicationId: number) =>
  tx
    .select({
      id: applicants.id,
      role: applicants.role,
      isBusiness: applicants.isBusiness,
      firstName: applicants.firstName,
      lastName: applicants.lastName,
      companyName: applicants.companyName,
      companyGrossIncome: applicants.companyGrossIncome,
      companyGrossIncomeFrequency: applicants.companyGrossIncomeFrequency,
      companyDebt: applicants.companyDebt,
    })
    .from(applicants)
    .where(eq(applicants.applicationId, applicationId))
    .orderBy(asc(applicants.sortOrder), asc(applicants.id));
export type DecisionApplicantRow = Awaited<ReturnType<typeof listApplicants>>[number];

/** Current salaries of the application's applicants (monthly income for the payment-to-income ratio). */
export const listSalaries = (tx: TenantTx, applicationId: number) =>
  tx
    .select({
      applicantId: applicantEmployments.applicantId,
      salary: applicantEmployments.salary,
      payPeriod: applicantEmployments.payPeriod,
    })
    .from(applicantEmployments)
    .innerJoin(applicants, eq(applicants.id, applicantEmployments.applicantId))
    .where(and(eq(applicants.applicationId, applicationId), eq(applicantEmployments.isCurrent, true)));

/** Other monthly income and debts the applicants declared. */
export const listFinances = (tx: TenantTx, applicationId: number) =>
  tx
    .select({
      applicantId: applicantFinances.applicantId,
      amount: applicantFinances.amount,
      isIncome: applicantFinances.isIncome,
    })
    .from(applicantFinances)
    .innerJoin(applicants, eq(applicants.id, applicantFinances.applicantId))
    .where(eq(applicants.applicationId, applicationId));

/**
 * The monthly payments of each applicant's active report's open, included tradelines that are not paid off (an
 * installment, revolving or mortgage account with a balance): the credit side of the applicant's monthly debts.
 */
export const listTradelineDebts = (tx: TenantTx, applicationId: number) =>
  tx
    .select({
      applicantId: creditReports.applicantId,
      total: sql<string>`coalesce(sum(${creditReportTradelines.monthlyPayment}), 0)::text`,
    })
    .from(creditReportTradelines)
    .innerJoin(creditReports, eq(creditReports.id, creditReportTradelines.creditReportId))
    .where(
      and(
        eq(creditReports.applicationId, applicationId),
        eq(creditReports.isActive, true),
        eq(creditReportTradelines.isOpen, true),
        eq(creditReportTradelines.excluded, false),
        eq(creditReportTradelines.paidOff, false),
        sql`${creditReportTradelines.portfolioType} <> 'OPEN'`,
        sql`${creditReportTradelines.balance} > 0`,
        sql`${creditReportTradelines.ecoa} not in ('AuthorizedUser', 'Terminated')`,
      ),
    )
    .groupBy(creditReports.applicantId);

/** The collateral the worksheet shows: the first with a model year, the total value, the liens' payoff. */
export const findCollateralSummary = async (tx: TenantTx, applicationId: number) => {
  const rows = await tx
    .select({ id: collaterals.id, value: collaterals.value, year: collaterals.year, mileage: collaterals.mileage })
    .from(collaterals)
    .where(eq(collaterals.applicationId, applicationId))
    .orderBy(asc(collaterals.sortOrder), asc(collaterals.id));
  const [liens] = await tx
    .select({
      count: sql<number>`count(${collateralLiens.payoffAmount})::int`,
      total: sql<string>`coalesce(sum(${collateralLiens.payoffAmount}), 0)::text`,
    })
    .from(collateralLiens)
    .innerJoin(collaterals, eq(collaterals.id, collateralLiens.collateralId))
    .where(eq(collaterals.applicationId, applicationId));
  return { rows, lienCount: liens?.count ?? 0, lienTotal: liens?.total ?? '0' };
};

/** The applicants' active credit reports (bureau, ids, scores) for the receipt. */
export const listActiveReports = (tx: TenantTx, applicationId: number) =>
  tx
    .select({
      id: creditReports.id,
      applicantId: creditReports.applicantId,
      creditReportId: creditReports.creditReportId,
      bureau: creditReports.bureau,
      providerName: creditReports.providerName,
      pulledAt: creditReports.pulledAt,
      defaultScoreModel: creditReports.defaultScoreModel,
      defaultScore: creditReports.defaultScore,
      scores: creditReports.scores,
    })
    .from(creditReports)
    .where(and(eq(creditReports.applicationId, applicationId), eq(creditReports.isActive, true)))
    .orderBy(asc(creditReports.id));

/** The lender's enabled decision codes (every type), in their order. */
export const listEnabledCodes = (tx: TenantTx) =>
  tx
    .select({
      id: decisionCodes.id,
      codeType: decisionCodes.codeType,
      code: decisionCodes.code,
      description: decisionCodes.description,
    })
    .from(decisionCodes)
    .where(eq(decisionCodes.enabled, true))
    .orderBy(asc(decisionCodes.codeType), asc(decisionCodes.sortOrder), asc(decisionCodes.code));
export type DecisionCodeRow = Awaited<ReturnType<typeof listEnabledCodes>>[number];

/** The newest stored auto-approval (or suggested values) run of the application. */
export const findLatestPolicyRun = async (tx: TenantTx, applicationId: number) => {
  const [row] = await tx
    .select()
    .from(policyRuns)
    .where(and(eq(policyRuns.applicationId, applicationId), inArray(policyRuns.kind, ['autoApproval'])))
    .orderBy(desc(policyRuns.createdAt), desc(policyRuns.id))
    .limit(1);
  return row;
};

export const insertPolicyRun = async (tx: TenantTx, values: typeof policyRuns.$inferInsert) => {
  const [row] = await tx.insert(policyRuns).values(values).returning({ id: policyRuns.id });
  return row!.id;
};

const decisionColumns = { decision: applicationDecisions, createdBy: users.fullName };

/** Every receipt row of the application, newest first. */
export const listDecisions = (tx: TenantTx, applicationId: number) =>
  tx
    .select(decisionColumns)
    .from(applicationDecisions)
    .leftJoin(users, eq(users.id, applicationDecisions.createdByUserId))
    .where(eq(applicationDecisions.applicationId, applicationId))
    .orderBy(desc(applicationDecisions.version));
export type DecisionRow = Awaited<ReturnType<typeof listDecisions>>[number];

export const findDecision = async (tx: TenantTx, applicationId: number, decisionId: number) => {
  const [row] = await tx
    .select(decisionColumns)
    .from(applicationDecisions)
    .leftJoin(users, eq(users.id, applicationDecisions.createdByUserId))
    .where(and(eq(applicationDecisions.applicationId, applicationId), eq(applicationDecisions.id, decisionId)));
  return row;
};

/** The newest receipt row of the application (a decision or a retraction). */
export const findLatestDecision = async (tx: TenantTx, applicationId: number) => {
  const [row] = await tx
    .select(decisionColumns)
    .from(applicationDecisions)
    .leftJoin(users, eq(users.id, applicationDecisions.createdByUserId))
    .where(eq(applicationDecisions.applicationId, applicationId))
    .orderBy(desc(applicationDecisions.version))
    .limit(1);
  return row;
};

/** The next version of the application's receipt (the application row is locked by the write). */
export const nextVersion = async (tx: TenantTx, applicationId: number) => {
  const [row] = await tx
    .select({ next: sql<number>`coalesce(max(${applicationDecisions.version}), 0)::int + 1` })
    .from(applicationDecisions)
    .where(eq(applicationDecisions.applicationId, applicationId));
  return row!.next;
};

export const insertDecision = async (tx: TenantTx, values: typeof applicationDecisions.$inferInsert) => {
  const [row] = await tx.insert(applicationDecisions).values(values).returning({ id: applicationDecisions.id });
  return row!.id;
};

/**
 * A new decision replaces the stipulations an earlier decision carried to funding (still open), its own and the
 * product's (issue 14): withdrawn. The caller recomputes `requirements_outstanding`.
 */
export const withdrawOpenDecisionRequirements = (tx: TenantTx, applicationId: number) =>
  tx
    .update(applicationFundingRequirements)
    .set({ status: 'withdrawn', updatedAt: sql`now()` })
    .where(
      and(
        eq(applicationFundingRequirements.applicationId, applicationId),
        inArray(applicationFundingRequirements.source, ['decision', 'product']),
        inArray(applicationFundingRequirements.status, ['outstanding', 'received']),
      ),
    );

export const insertFundingRequirements = async (
  tx: TenantTx,
  rows: (typeof applicationFundingRequirements.$inferInsert)[],
) => {
  if (rows.length > 0) await tx.insert(applicationFundingRequirements).values(rows);
};

export const updateState = (tx: TenantTx, applicationId: number, state: string) =>
  tx
    .update(applications)
    .set({ state, updatedAt: sql`now()` })
    .where(eq(applications.id, applicationId));

export const findUserName = async (tx: TenantTx, userId: number) => {
  const [row] = await tx.select({ name: users.fullName }).from(users).where(eq(users.id, userId));
  return row?.name ?? null;
};
