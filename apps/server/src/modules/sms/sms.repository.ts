import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { lenders, smsMessageApplications, smsMessages } from '../../db/schema/index.ts';
import type { TenantTx } from '../../db/tenancy.ts';

/** The lender whose SMS number this is (any lender: read as the owner, before a tenant is known). */
export const findLenderBySmsNumber = async (db: Db, number: string) =>
  (
    await db
      .select({ id: lenders.id, smsEnabled: lenders.smsEnabled, smsAuthToken: lenders.smsAuthToken })
      .from(lenders)
      .where(eq(lenders.smsPhoneNumber, number))
      .limit(1)
  )[0];

/** Stores a message once per provider message id: undefined when it was stored already (a replay). */
export const insertMessage = async (
  tx: TenantTx,
  values: { lenderId: number; messageSid: string; fromNumber: string; toNumber: string; body: string },
) =>
  (
    await tx
      .insert(smsMessages)
      .values(values)
      .onConflictDoNothing({ target: [smsMessages.lenderId, smsMessages.messageSid] })
      .returning({ id: smsMessages.id })
  )[0]?.id;

/**
 * The lender's applications, newest first and at most `limit`, with an applicant whose phone's digits are one of
 * `keys`: index lookups on applicant_phone_numbers (lender_id, number_key).
 */
export const findApplicationsByPhone = async (tx: TenantTx, lenderId: number, keys: string[], limit: number) =>
  (
    await tx.execute<{ application_id: number }>(sql`
      select p.application_id from applicants p
       where p.lender_id = ${lenderId}::int
         and p.id in (select n.applicant_id from applicant_phone_numbers n
                       where n.lender_id = ${lenderId}::int and n.number_key = any(${sql.param(keys)}::text[]))
       group by p.application_id
       order by p.application_id desc
       limit ${limit}`)
  ).rows.map((r) => Number(r.application_id));

export const linkApplications = (tx: TenantTx, lenderId: number, smsMessageId: number, applicationIds: number[]) =>
  applicationIds.length === 0
    ? Promise.resolve()
    : tx
        .insert(smsMessageApplications)
        .values(applicationIds.map((applicationId) => ({ lenderId, smsMessageId, applicationId })));
