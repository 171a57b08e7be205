import type { LetterType } from '@credence/contracts';
import { and, asc, eq, isNotNull, ne } from 'drizzle-orm';
import {
  applicantAddresses,
  applicants,
  applicationDecisions,
  applications,
  branches,
  creditReports,
  lenders,
  letterTemplates,
  loanProducts,
} from '../../db/schema/index.ts';
import type { TenantTx } from '../../db/tenancy.ts';
import { listApplicantRows } from '../applications/credit/credit.repository.ts';

export type LetterTemplateRow = typeof letterTemplates.$inferSelect;

/** The enabled template of a type (at most one: a partial unique index). */
export const findEnabledTemplate = async (tx: TenantTx, letterType: LetterType) => {
  const [row] = await tx
    .select()
    .from(letterTemplates)
    .where(and(eq(letterTemplates.letterType, letterType), eq(letterTemplates.enabled, true)));
  return row;
};

/** The other enabled templates of a type, locked: enabling one turns them off in the same transaction. */
export const lockOtherEnabled = (tx: TenantTx, letterType: string, exceptId: number | null) =>
  tx
    .select()
    .from(letterTemplates)
    .where(
      and(
        eq(letterTemplates.letterType, letterType),
        eq(letterTemplates.enabled, true),
        exceptId === null ? undefined : ne(letterTemplates.id, exceptId),
      ),
    )
    .for('update');

export const setTemplateEnabled = async (tx: TenantTx, id: number, enabled: boolean, userId: number) => {
  const [row] = await tx
    .update(letterTemplates)
    .set({ enabled, updatedAt: new Date(), updatedByUserId: userId })
    .where(eq(letterTemplates.id, id))
    .returning();
  return row;
};

export const findTemplateForUpdate = async (tx: TenantTx, id: number) => {
  const [row] = await tx.select().from(letterTemplates).where(eq(letterTemplates.id, id)).for('update');
  return row;
};

/** The application of a receipt row of the caller's lender (RLS): the decline the adverse action letter is about. */
export const findDecisionApplication = async (tx: TenantTx, id: number) => {
  const [row] = await tx
    .select({ applicationId: applicationDecisions.applicationId })
    .from(applicationDecisions)
    .where(eq(applicationDecisions.id, id));
  return row?.applicationId;
};

/** The application as a letter names it. */
export const findApplication = async (tx: TenantTx, id: number) => {
  const [row] = await tx
    .select({ id: applications.id, loanProductName: loanProducts.name })
    .from(applications)
    .innerJoin(loanProducts, eq(loanProducts.id, applications.loanProductId))
    .where(eq(applications.id, id));
  return row;
};

/** The application's applicants in their order, each with its current (first) address. */
export const listApplicants = async (tx: TenantTx, applicationId: number) => {
  const people = await listApplicantRows(tx, applicationId);
  const addresses = await tx
    .select()
    .from(applicantAddresses)
    .innerJoin(applicants, eq(applicants.id, applicantAddresses.applicantId))
    .where(eq(applicants.applicationId, applicationId))
    .orderBy(asc(applicantAddresses.sortOrder), asc(applicantAddresses.id));
  return people.map((p) => ({
    ...p,
    address: addresses.find((a) => a.applicant_addresses.applicantId === p.id)?.applicant_addresses ?? null,
  }));
};

/** The applicant's active credit report (the one the worksheet and the decision read). */
export const findActiveReport = async (tx: TenantTx, applicationId: number, applicantId: number) => {
  const [row] = await tx
    .select({
      id: creditReports.id,
      bureau: creditReports.bureau,
      providerName: creditReports.providerName,
      pulledAt: creditReports.pulledAt,
      defaultScoreModel: creditReports.defaultScoreModel,
      defaultScore: creditReports.defaultScore,
      scores: creditReports.scores,
    })
    .from(creditReports)
    .where(
      and(
        eq(creditReports.applicationId, applicationId),
        eq(creditReports.applicantId, applicantId),
        eq(creditReports.isActive, true),
      ),
    );
  return row;
};

/** The lender's name and time zone, and its main branch (the first enabled one with an address) as the sender. */
export const findLenderLetterhead = async (tx: TenantTx, lenderId: number) => {
  const [lender] = await tx
    .select({ name: lenders.name, timeZone: lenders.timeZone })
    .from(lenders)
    .where(eq(lenders.id, lenderId));
  const [branch] = await tx
    .select()
    .from(branches)
    .where(and(eq(branches.enabled, true), isNotNull(branches.addressLine1)))
    .orderBy(asc(branches.id))
    .limit(1);
  return { name: lender?.name ?? '', timeZone: lender?.timeZone ?? 'UTC', branch: branch ?? null };
};
