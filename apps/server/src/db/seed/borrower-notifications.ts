import { and, eq, sql } from 'drizzle-orm';
import type { BorrowerNotificationSetting } from '@credence/contracts';
import type { DbExecutor } from '../client.ts';
import type { TenantTx } from '../tenancy.ts';
import { borrowerNotificationSettings, lenders } from '../schema/index.ts';
import { notifyBorrower } from '../../modules/borrower-notifications/borrower-notifications.service.ts';
import { HARBOR, SUMMIT } from './lender-names.ts';

const off = { emailEnabled: false, smsEnabled: false, subject: '', emailBody: '', smsBody: '' };

/** Borrower notifications of the demo (issue 38 item 4): Summit tells its members by e-mail and text, Harbor e-mails approvals. */
const settingsByLender: Record<string, BorrowerNotificationSetting[]> = {
  [SUMMIT]: [
    {
      ...off,
      type: 'applicationReceived',
      emailEnabled: true,
      subject: 'We received your application {ApplicationId}',
      emailBody:
        'Hello {ApplicantFirstName},\n\nThank you for applying for a {LoanProductName} with {LenderName}. We will be in touch soon.\n\n{LoanOfficerName}',
    },
    {
      ...off,
      type: 'approved',
      emailEnabled: true,
      smsEnabled: true,
      subject: 'Your {LoanProductName} is approved',
      emailBody:
        'Hello {ApplicantFirstName},\n\nGood news: your {LoanProductName} for {RequestedAmount} is approved. {LoanOfficerName} will contact you to close.\n\n{LenderName}',
      smsBody:
        '{LenderName}: your {LoanProductName} application {ApplicationId} is approved. We will call you to close.',
    },
    {
      ...off,
      type: 'counterOffered',
      emailEnabled: true,
      subject: 'An offer on your application {ApplicationId}',
      emailBody:
        'Hello {ApplicantFirstName},\n\nWe could not approve the loan as requested, but we have an offer for you. Please call {LoanOfficerName}.\n\n{LenderName}',
    },
    {
      ...off,
      type: 'declined',
      emailEnabled: true,
      subject: 'Your application {ApplicationId}',
      emailBody:
        'Hello {ApplicantFirstName},\n\nWe are unable to approve your application at this time. A letter with the reasons follows by mail.\n\n{LenderName}',
    },
    {
      ...off,
      type: 'funded',
      emailEnabled: true,
      smsEnabled: true,
      subject: 'Your loan is funded',
      emailBody: 'Hello {ApplicantFirstName},\n\nYour {LoanProductName} is funded. Welcome aboard!\n\n{LenderName}',
      smsBody: '{LenderName}: your loan {ApplicationId} is funded.',
    },
  ],
  [HARBOR]: [
    {
      ...off,
      type: 'approved',
      emailEnabled: true,
      subject: 'Approved at {DealerName}',
      emailBody: 'Hello {ApplicantFirstName},\n\nYour financing through {DealerName} is approved.\n\n{LenderName}',
    },
  ],
};

/**
 * The settings, then — so the demo's application page shows a log — Summit's approval notice sent once to the
 * borrower of its first approved application that has an e-mail (the outbox delivers it at the first start).
 */
export const seedBorrowerNotificationDemo = async (tx: DbExecutor) => {
  for (const [name, settings] of Object.entries(settingsByLender)) {
    const [lender] = await tx.select({ id: lenders.id }).from(lenders).where(eq(lenders.name, name));
    if (!lender) continue;
    for (const s of settings) {
      await tx
        .insert(borrowerNotificationSettings)
        .values({ lenderId: lender.id, ...s })
        .onConflictDoNothing();
    }
  }
  const { rows } = await tx.execute<{ id: number; lender_id: number }>(sql`
    select a.id, a.lender_id from applications a join lenders l on l.id = a.lender_id
     where l.name = ${SUMMIT} and a.state = 'approved'
       and exists (select 1 from applicants p join applicant_emails e on e.applicant_id = p.id
                    where p.application_id = a.id and p.role = 'PRIMARY')
     order by a.id limit 1`);
  const app = rows[0];
  if (!app) return;
  const [already] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(sql`borrower_notifications`)
    .where(and(sql`application_id = ${app.id}`));
  if ((already?.n ?? 0) === 0) await notifyBorrower(tx as unknown as TenantTx, app.lender_id, app.id, 'approved');
};
