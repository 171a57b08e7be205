import { and, asc, eq } from 'drizzle-orm';
import type { TenantTx } from '../../db/tenancy.ts';
import { applicantAddresses, applicants, applications, lenders, loanProducts, loans } from '../../db/schema/index.ts';

/** The application as the Loan Id dialog needs it (row-locked with `forUpdate` when it is about to change). */
export const findApplicationLoanIds = async (tx: TenantTx, applicationId: number, forUpdate = false) => {
  const query = tx
    .select({
      id: applications.id,
      loanProductId: applications.loanProductId,
      increaseExistingCreditLimit: applications.increaseExistingCreditLimit,
      potentialLoanId: applications.potentialLoanId,
      potentialShareAccountNumber: applications.potentialShareAccountNumber,
    })
    .from(applications)
    .where(eq(applications.id, applicationId));
  return (await (forUpdate ? query.for('update') : query))[0] ?? null;
};
export type ApplicationLoanIds = NonNullable<Awaited<ReturnType<typeof findApplicationLoanIds>>>;

/** The application's loan (funding worksheet), if one was saved: its loan id, share account, funded flag. */
export const findLoan = async (tx: TenantTx, applicationId: number) =>
  (
    await tx
      .select({
        loanId: loans.loanId,
        shareAccountNumber: loans.shareAccountNumber,
        memberNumber: loans.memberNumber,
        isFunded: loans.isFunded,
      })
      .from(loans)
      .where(eq(loans.applicationId, applicationId))
  )[0] ?? null;

/**
 * The primary applicant (its name, its member number, its encrypted SSN for the core lookup, its first address): the
 * Loan Id dialog's member lookup and the funding's member creation read it.
 */
export const findPrimaryApplicant = async (tx: TenantTx, applicationId: number) => {
  const [row] = await tx
    .select({
      id: applicants.id,
      memberNumber: applicants.memberNumber,
      firstName: applicants.firstName,
      lastName: applicants.lastName,
      companyName: applicants.companyName,
      isBusiness: applicants.isBusiness,
      ssnEncrypted: applicants.ssnEncrypted,
      employerIdentificationNumber: applicants.employerIdentificationNumber,
    })
    .from(applicants)
    .where(and(eq(applicants.applicationId, applicationId), eq(applicants.role, 'PRIMARY')))
    .orderBy(asc(applicants.sortOrder), asc(applicants.id))
    .limit(1);
  if (!row) return null;
  const [address] = await tx
    .select({
      addressLine1: applicantAddresses.addressLine1,
      city: applicantAddresses.city,
      state: applicantAddresses.state,
      zip: applicantAddresses.zip,
    })
    .from(applicantAddresses)
    .where(eq(applicantAddresses.applicantId, row.id))
    .orderBy(asc(applicantAddresses.id))
    .limit(1);
  return { ...row, address: address ?? null };
};
export type PrimaryApplicant = NonNullable<Awaited<ReturnType<typeof findPrimaryApplicant>>>;

export const saveLoanIds = (
  tx: TenantTx,
  applicationId: number,
  values: { potentialLoanId?: string | null; potentialShareAccountNumber?: string | null },
) => tx.update(applications).set(values).where(eq(applications.id, applicationId));

/** The lender's core and funding settings (the tenant can read its own lender row). */
export const findLenderCoreSettings = async (tx: TenantTx, lenderId: number) =>
  (
    await tx
      .select({
        coreService: lenders.coreService,
        sendLoansToCore: lenders.sendLoansToCore,
        fundOnlyFinalizedEnvelopes: lenders.fundOnlyFinalizedEnvelopes,
        exportLoanSummaryOnFunding: lenders.exportLoanSummaryOnFunding,
      })
      .from(lenders)
      .where(eq(lenders.id, lenderId))
  )[0] ?? null;

export const loanProductExists = async (tx: TenantTx, loanProductId: number) =>
  (await tx.select({ id: loanProducts.id }).from(loanProducts).where(eq(loanProducts.id, loanProductId))).length > 0;
