import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import { applicants, hmdaRecords } from '../../../db/schema/index.ts';
import type { TenantTx } from '../../../db/tenancy.ts';

export type HmdaRow = typeof hmdaRecords.$inferSelect;
export type HmdaValues = Omit<
  typeof hmdaRecords.$inferInsert,
  'id' | 'lenderId' | 'applicationId' | 'updatedAt' | 'updatedByUserId'
>;

/**
 * The applicants HMDA data is collected for: the people applying (a business and a non-applicant spouse are
 * not), primary first.
 */
export const listHmdaApplicants = (tx: TenantTx, applicationId: number) =>
  tx
    .select({
      id: applicants.id,
      role: applicants.role,
      firstName: applicants.firstName,
      lastName: applicants.lastName,
    })
    .from(applicants)
    .where(
      and(
        eq(applicants.applicationId, applicationId),
        eq(applicants.isBusiness, false),
        notInArray(applicants.role, ['NON_APPLICANT_SPOUSE']),
      ),
    )
    .orderBy(asc(applicants.sortOrder));

export const listHmdaRecords = (tx: TenantTx, applicationId: number) =>
  tx.select().from(hmdaRecords).where(eq(hmdaRecords.applicationId, applicationId));

/** Inserts or replaces the record of each applicant (one per applicant). */
export const upsertHmdaRecords = async (
  tx: TenantTx,
  keys: { lenderId: number; applicationId: number; userId: number },
  records: HmdaValues[],
) => {
  for (const record of records) {
    const values = { ...record, updatedByUserId: keys.userId, updatedAt: new Date() };
    await tx
      .insert(hmdaRecords)
      .values({ ...values, lenderId: keys.lenderId, applicationId: keys.applicationId })
      .onConflictDoUpdate({ target: hmdaRecords.applicantId, set: values });
  }
};

export const countHmdaRecords = (tx: TenantTx, applicantIds: number[]) =>
  applicantIds.length === 0
    ? Promise.resolve(0)
    : tx.$count(hmdaRecords, inArray(hmdaRecords.applicantId, applicantIds));
