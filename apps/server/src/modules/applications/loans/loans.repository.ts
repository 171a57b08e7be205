import { and, asc, desc, eq, sql } from 'drizzle-orm';
import {
  applicants,
  applicationDecisions,
  applications,
  collateralLiens,
  collaterals,
  dealers,
  internalRefinances,
  loanBookings,
  loanProducts,
  loans,
  outbox,
  reserves,
  users,
} from '../../../db/schema/index.ts';
import type { TenantTx } from '../../../db/tenancy.ts';

/** The loan module's queries (issue 14): the application, its approval, the loan, the booking record. */

export const findApplication = async (tx: TenantTx, applicationId: number) => {
  const [row] = await tx
    .select({
      id: applications.id,
      lenderId: applications.lenderId,
      state: applications.state,
      direct: applications.direct,
      loanProductId: applications.loanProductId,
      loanProductName: loanProducts.name,
      controlType: loanProducts.controlType,
      rescissionDateType: loanProducts.rescissionDateType,
      dealerId: applications.dealerId,
      dealerName: dealers.name,
      increaseExistingCreditLimit: applications.increaseExistingCreditLimit,
      potentialLoanId: applications.potentialLoanId,
      potentialShareAccountNumber: applications.potentialShareAccountNumber,
      queue: applications.queue,
      packetReceivedDate: applications.packetReceivedDate,
    })
    .from(applications)
    .innerJoin(loanProducts, eq(loanProducts.id, applications.loanProductId))
    .leftJoin(dealers, eq(dealers.id, applications.dealerId))
    .where(eq(applications.id, applicationId));
  return row;
};
export type LoanApplicationRow = NonNullable<Awaited<ReturnType<typeof findApplication>>>;

/** Locks the application row for this transaction (funding and reversal are serialised per application). */
export const lockApplication = async (tx: TenantTx, applicationId: number) => {
  const rows = await tx.execute(sql`select id from applications where id = ${applicationId} for update`);
  return rows.rows.length > 0;
};

/** The primary applicant: the same read as the Loan Id dialog's member lookup. */
export { findPrimaryApplicant } from '../../cores/cores.repository.ts';

export const setApplicantMemberNumber = (tx: TenantTx, applicantId: number, memberNumber: string) =>
  tx.update(applicants).set({ memberNumber }).where(eq(applicants.id, applicantId));

/** The newest receipt row of the application (the standing decision unless it is a retraction). */
export const findLatestDecision = async (tx: TenantTx, applicationId: number) => {
  const [row] = await tx
    .select({
      id: applicationDecisions.id,
      entryKind: applicationDecisions.entryKind,
      decisionType: applicationDecisions.decisionType,
      receipt: applicationDecisions.receipt,
    })
    .from(applicationDecisions)
    .where(eq(applicationDecisions.applicationId, applicationId))
    .orderBy(desc(applicationDecisions.version))
    .limit(1);
  return row;
};

export type LoanRow = typeof loans.$inferSelect;
export type LoanInsert = typeof loans.$inferInsert;

export const findLoan = async (tx: TenantTx, applicationId: number): Promise<LoanRow | undefined> => {
  const [row] = await tx.select().from(loans).where(eq(loans.applicationId, applicationId));
  return row;
};

export const insertLoan = async (tx: TenantTx, values: LoanInsert): Promise<LoanRow> => {
  const [row] = await tx.insert(loans).values(values).returning();
  if (!row) throw new Error('loan insert returned no row');
  return row;
};

export const updateLoan = async (tx: TenantTx, id: number, values: Partial<LoanInsert>): Promise<LoanRow> => {
  const [row] = await tx
    .update(loans)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(loans.id, id))
    .returning();
  if (!row) throw new Error('loan update returned no row');
  return row;
};

export const updateApplicationState = (tx: TenantTx, applicationId: number, state: string) =>
  tx.update(applications).set({ state, updatedAt: new Date() }).where(eq(applications.id, applicationId));

/** The liens on the application's collateral that have a payoff amount. */
export const listLiens = (tx: TenantTx, applicationId: number) =>
  tx
    .select({
      id: collateralLiens.id,
      lienholder: collateralLiens.lienholder,
      payoffAmount: collateralLiens.payoffAmount,
      perDiem: collateralLiens.perDiem,
    })
    .from(collateralLiens)
    .innerJoin(collaterals, eq(collaterals.id, collateralLiens.collateralId))
    .where(and(eq(collaterals.applicationId, applicationId), sql`${collateralLiens.payoffAmount} is not null`))
    .orderBy(asc(collaterals.sortOrder), asc(collateralLiens.id));

export const findInternalRefinance = async (tx: TenantTx, applicationId: number) => {
  const [row] = await tx
    .select({
      id: internalRefinances.id,
      memberNumber: internalRefinances.memberNumber,
      loanNumber: internalRefinances.loanNumber,
      payoffAmount: internalRefinances.payoffAmount,
      perDiem: internalRefinances.perDiem,
      goodThrough: internalRefinances.goodThrough,
    })
    .from(internalRefinances)
    .where(eq(internalRefinances.applicationId, applicationId));
  return row;
};

/** The first collateral's type (the core code mapping of the collateral type). */
export const findCollateralType = async (tx: TenantTx, applicationId: number) => {
  const [row] = await tx
    .select({ type: collaterals.type })
    .from(collaterals)
    .where(eq(collaterals.applicationId, applicationId))
    .orderBy(asc(collaterals.sortOrder), asc(collaterals.id))
    .limit(1);
  return row?.type ?? null;
};

export const findReserve = async (tx: TenantTx, reserveId: number) => {
  const [row] = await tx.select().from(reserves).where(eq(reserves.id, reserveId));
  return row;
};

export const findLastBooking = async (tx: TenantTx, applicationId: number) => {
  const [row] = await tx
    .select({ booking: loanBookings, createdBy: users.fullName })
    .from(loanBookings)
    .leftJoin(users, eq(users.id, loanBookings.createdByUserId))
    .where(eq(loanBookings.applicationId, applicationId))
    .orderBy(desc(loanBookings.createdAt), desc(loanBookings.id))
    .limit(1);
  return row;
};

export const findBookingByReference = async (tx: TenantTx, reference: string, kind: 'book' | 'reverse') => {
  const [row] = await tx
    .select()
    .from(loanBookings)
    .where(and(eq(loanBookings.reference, reference), eq(loanBookings.kind, kind)));
  return row;
};

export const insertBooking = (tx: TenantTx, values: typeof loanBookings.$inferInsert) =>
  tx.insert(loanBookings).values(values);

/** An outbox event of the funding (`loan.funded`, `loan.reversed`): delivered once a handler exists for it. */
export const insertOutboxEvent = (tx: TenantTx, lenderId: number, kind: string, payload: Record<string, unknown>) =>
  tx.insert(outbox).values({ lenderId, kind, payload });

export const findUserName = async (tx: TenantTx, userId: number | null) => {
  if (userId === null) return null;
  const [row] = await tx.select({ name: users.fullName }).from(users).where(eq(users.id, userId));
  return row?.name ?? null;
};
