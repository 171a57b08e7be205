import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { applicantEmails, applicantPhoneNumbers, applicants } from '../../../db/schema/index.ts';
import type { TenantTx } from '../../../db/tenancy.ts';

/** The normalised e-mails and phone digits of an application's applicants. */
export const findContactKeys = async (tx: TenantTx, applicationId: number) => {
  const mine = tx.select({ id: applicants.id }).from(applicants).where(eq(applicants.applicationId, applicationId));
  const emails = await tx
    .selectDistinct({ key: applicantEmails.emailKey })
    .from(applicantEmails)
    .where(inArray(applicantEmails.applicantId, mine));
  const phones = await tx
    .selectDistinct({ key: applicantPhoneNumbers.numberKey })
    .from(applicantPhoneNumbers)
    .where(inArray(applicantPhoneNumbers.applicantId, mine));
  return {
    emails: emails.map((e) => e.key).filter((k) => k !== ''),
    phones: phones.map((p) => p.key).filter((k) => k !== ''),
  };
};

const applicantColumns = {
  applicantId: applicants.id,
  applicationId: applicants.applicationId,
  firstName: applicants.firstName,
  lastName: applicants.lastName,
  companyName: applicants.companyName,
};

/** At most this many matching rows are read for one dialog. */
const MATCH_LIMIT = 500;

/**
 * Applicants of other applications of `lenderId` with one of these e-mails: an index lookup on
 * (lender_id, email_key) per key. Row-level security limits it to the lender as well.
 */
export const findEmailMatches = (tx: TenantTx, lenderId: number, applicationId: number, keys: string[]) =>
  tx
    .select({ ...applicantColumns, value: applicantEmails.email })
    .from(applicantEmails)
    .innerJoin(applicants, eq(applicants.id, applicantEmails.applicantId))
    .where(
      and(
        eq(applicantEmails.lenderId, lenderId),
        sql`${applicantEmails.emailKey} = any(${sql.param(keys)}::text[])`,
        ne(applicants.applicationId, applicationId),
      ),
    )
    .limit(MATCH_LIMIT);

/** The same for phone numbers, on (lender_id, number_key). */
export const findPhoneMatches = (tx: TenantTx, lenderId: number, applicationId: number, keys: string[]) =>
  tx
    .select({ ...applicantColumns, value: applicantPhoneNumbers.number })
    .from(applicantPhoneNumbers)
    .innerJoin(applicants, eq(applicants.id, applicantPhoneNumbers.applicantId))
    .where(
      and(
        eq(applicantPhoneNumbers.lenderId, lenderId),
        sql`${applicantPhoneNumbers.numberKey} = any(${sql.param(keys)}::text[])`,
        ne(applicants.applicationId, applicationId),
      ),
    )
    .limit(MATCH_LIMIT);
