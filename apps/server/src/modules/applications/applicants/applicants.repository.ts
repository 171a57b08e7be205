import { asc, eq, inArray, notInArray, and } from 'drizzle-orm';
import {
  applicantAddresses,
  applicantAssets,
  applicantEmails,
  applicantEmployments,
  applicantFinances,
  applicantGovtIds,
  applicantPhoneNumbers,
  applicants,
  applications,
} from '../../../db/schema/index.ts';
import type { TenantTx } from '../../../db/tenancy.ts';

export type ApplicantRow = typeof applicants.$inferSelect;
export type ApplicantValues = Omit<typeof applicants.$inferInsert, 'id' | 'lenderId' | 'applicationId'>;
type Child<T extends { $inferInsert: object }> = Omit<
  T['$inferInsert'],
  'id' | 'lenderId' | 'applicantId' | 'sortOrder'
>;

/** The child lists of one applicant, as stored (govt ID numbers already encrypted). */
export type ApplicantChildren = {
  addresses: Child<typeof applicantAddresses>[];
  phoneNumbers: Child<typeof applicantPhoneNumbers>[];
  emails: Child<typeof applicantEmails>[];
  employments: Child<typeof applicantEmployments>[];
  govtIssuedIds: Child<typeof applicantGovtIds>[];
  finances: Child<typeof applicantFinances>[];
  assets: Child<typeof applicantAssets>[];
};

export type LoadedApplicant = {
  row: ApplicantRow;
  addresses: (typeof applicantAddresses.$inferSelect)[];
  phoneNumbers: (typeof applicantPhoneNumbers.$inferSelect)[];
  emails: (typeof applicantEmails.$inferSelect)[];
  employments: (typeof applicantEmployments.$inferSelect)[];
  govtIssuedIds: (typeof applicantGovtIds.$inferSelect)[];
  finances: (typeof applicantFinances.$inferSelect)[];
  assets: (typeof applicantAssets.$inferSelect)[];
};

const groupBy = <T extends { applicantId: number }>(rows: T[]) => {
  const map = new Map<number, T[]>();
  for (const row of rows) map.set(row.applicantId, [...(map.get(row.applicantId) ?? []), row]);
  return map;
};

/** An application's applicants with every child list, primary first. */
export const loadApplicants = async (tx: TenantTx, applicationId: number): Promise<LoadedApplicant[]> => {
  const rows = await tx
    .select()
    .from(applicants)
    .where(eq(applicants.applicationId, applicationId))
    .orderBy(asc(applicants.sortOrder), asc(applicants.id));
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [addresses, phones, emails, employments, govtIds, finances, assets] = [
    groupBy(
      await tx
        .select()
        .from(applicantAddresses)
        .where(inArray(applicantAddresses.applicantId, ids))
        .orderBy(asc(applicantAddresses.sortOrder)),
    ),
    groupBy(
      await tx
        .select()
        .from(applicantPhoneNumbers)
        .where(inArray(applicantPhoneNumbers.applicantId, ids))
        .orderBy(asc(applicantPhoneNumbers.sortOrder)),
    ),
    groupBy(
      await tx
        .select()
        .from(applicantEmails)
        .where(inArray(applicantEmails.applicantId, ids))
        .orderBy(asc(applicantEmails.sortOrder)),
    ),
    groupBy(
      await tx
        .select()
        .from(applicantEmployments)
        .where(inArray(applicantEmployments.applicantId, ids))
        .orderBy(asc(applicantEmployments.sortOrder)),
    ),
    groupBy(
      await tx
        .select()
        .from(applicantGovtIds)
        .where(inArray(applicantGovtIds.applicantId, ids))
        .orderBy(asc(applicantGovtIds.sortOrder)),
    ),
    groupBy(
      await tx
        .select()
        .from(applicantFinances)
        .where(inArray(applicantFinances.applicantId, ids))
        .orderBy(asc(applicantFinances.sortOrder)),
    ),
    groupBy(
      await tx
        .select()
        .from(applicantAssets)
        .where(inArray(applicantAssets.applicantId, ids))
        .orderBy(asc(applicantAssets.sortOrder)),
    ),
  ];
  return rows.map((row) => ({
    row,
    addresses: addresses.get(row.id) ?? [],
    phoneNumbers: phones.get(row.id) ?? [],
    emails: emails.get(row.id) ?? [],
    employments: employments.get(row.id) ?? [],
    govtIssuedIds: govtIds.get(row.id) ?? [],
    finances: finances.get(row.id) ?? [],
    assets: assets.get(row.id) ?? [],
  }));
};

export const findApplicant = async (tx: TenantTx, applicationId: number, applicantId: number) => {
  const [row] = await tx
    .select()
    .from(applicants)
    .where(and(eq(applicants.applicationId, applicationId), eq(applicants.id, applicantId)));
  return row;
};

export type ApplicantWrite = { id: number | undefined; values: ApplicantValues; children: ApplicantChildren };

/**
 * Replaces an application's applicants: stored applicants left out are removed (their lists go with them),
 * those with an id are updated, the others added; every child list is replaced.
 */
export const replaceApplicants = async (
  tx: TenantTx,
  lenderId: number,
  applicationId: number,
  writes: ApplicantWrite[],
) => {
  const keep = writes.flatMap((w) => (w.id === undefined ? [] : [w.id]));
  await tx
    .delete(applicants)
    .where(
      keep.length > 0
        ? and(eq(applicants.applicationId, applicationId), notInArray(applicants.id, keep))
        : eq(applicants.applicationId, applicationId),
    );
  const ids: number[] = [];
  for (const write of writes) {
    if (write.id === undefined) {
      const [row] = await tx
        .insert(applicants)
        .values({ ...write.values, lenderId, applicationId })
        .returning({ id: applicants.id });
      ids.push(row!.id);
    } else {
      await tx.update(applicants).set(write.values).where(eq(applicants.id, write.id));
      ids.push(write.id);
    }
  }
  if (keep.length > 0) {
    for (const table of [
      applicantAddresses,
      applicantPhoneNumbers,
      applicantEmails,
      applicantEmployments,
      applicantGovtIds,
      applicantFinances,
      applicantAssets,
    ]) {
      await tx.delete(table).where(inArray(table.applicantId, keep));
    }
  }
  const withKeys = <T extends object>(pick: (children: ApplicantChildren) => T[]) =>
    writes.flatMap((w, i) =>
      pick(w.children).map((item, sortOrder) => ({ ...item, lenderId, applicantId: ids[i]!, sortOrder })),
    );
  const addresses = withKeys((c) => c.addresses);
  if (addresses.length > 0) await tx.insert(applicantAddresses).values(addresses);
  const phoneNumbers = withKeys((c) => c.phoneNumbers);
  if (phoneNumbers.length > 0) await tx.insert(applicantPhoneNumbers).values(phoneNumbers);
  const emails = withKeys((c) => c.emails);
  if (emails.length > 0) await tx.insert(applicantEmails).values(emails);
  const employments = withKeys((c) => c.employments);
  if (employments.length > 0) await tx.insert(applicantEmployments).values(employments);
  const govtIds = withKeys((c) => c.govtIssuedIds);
  if (govtIds.length > 0) await tx.insert(applicantGovtIds).values(govtIds);
  const finances = withKeys((c) => c.finances);
  if (finances.length > 0) await tx.insert(applicantFinances).values(finances);
  const assets = withKeys((c) => c.assets);
  if (assets.length > 0) await tx.insert(applicantAssets).values(assets);
  return ids;
};

export const countApplications = async (tx: TenantTx, applicationId: number) =>
  tx.$count(applications, eq(applications.id, applicationId));
