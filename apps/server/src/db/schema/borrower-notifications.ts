import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { applicationChildColumns, belongsToApplication } from './applications.ts';
import { timestamptz } from './columns.ts';
import { lenders } from './lenders.ts';

/**
 * Borrower notifications (issue 38 item 4, migration 0049): per lender and type (contracts
 * `borrowerNotificationTypeKeys`), whether the primary applicant gets an e-mail and/or a text, and the templates.
 */
export const borrowerNotificationSettings = pgTable(
  'borrower_notification_settings',
  {
    lenderId: integer('lender_id')
      .notNull()
      .references(() => lenders.id),
    type: text('type').notNull(),
    emailEnabled: boolean('email_enabled').notNull().default(false),
    smsEnabled: boolean('sms_enabled').notNull().default(false),
    subject: text('subject').notNull().default(''),
    emailBody: text('email_body').notNull().default(''),
    smsBody: text('sms_body').notNull().default(''),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'borrower_notification_settings_pkey', columns: [t.lenderId, t.type] })],
);

/**
 * What was sent to an application's borrower (or skipped: no address), per channel: the merged texts, the masked
 * address, and the outbox row that carries it (its delivery tells sent/failed).
 */
export const borrowerNotifications = pgTable(
  'borrower_notifications',
  {
    ...applicationChildColumns(),
    type: text('type').notNull(),
    channel: text('channel').notNull(),
    status: text('status').notNull(),
    toMasked: text('to_masked'),
    subject: text('subject'),
    body: text('body').notNull(),
    reason: text('reason'),
    outboxId: bigint('outbox_id', { mode: 'number' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    belongsToApplication('borrower_notifications', t),
    index('borrower_notifications_application_idx').on(t.applicationId, t.id),
    check('borrower_notifications_channel_check', sql`${t.channel} in ('email', 'sms')`),
    check('borrower_notifications_status_check', sql`${t.status} in ('queued', 'skipped')`),
  ],
);
