import { sql } from 'drizzle-orm';
import { check, foreignKey, index, integer, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { applicationChildColumns, belongsToApplication } from './applications.ts';
import { timestamptz } from './columns.ts';
import { lenders } from './lenders.ts';

/**
 * Inbound SMS messages (issue 31, SmsReceived 600; modules/sms): what an applicant texted to the lender's SMS
 * number, as the provider posted it. One row per provider message id (`message_sid`): a replayed webhook stores
 * nothing more. The numbers are kept as sent (E.164); the body as written, never logged.
 */
export const smsMessages = pgTable(
  'sms_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    lenderId: integer('lender_id')
      .notNull()
      .references(() => lenders.id),
    messageSid: text('message_sid').notNull(),
    fromNumber: text('from_number').notNull(),
    toNumber: text('to_number').notNull(),
    body: text('body').notNull(),
    receivedAt: timestamptz('received_at').notNull().defaultNow(),
  },
  (t) => [
    unique('sms_messages_message_sid_key').on(t.lenderId, t.messageSid),
    unique('sms_messages_id_lender_key').on(t.id, t.lenderId),
    check('sms_messages_body_check', sql`char_length(${t.body}) <= 1600`),
  ],
);

/** The applications an inbound SMS was matched to: those with an applicant whose phone is its sender's. */
export const smsMessageApplications = pgTable(
  'sms_message_applications',
  {
    ...applicationChildColumns(),
    smsMessageId: integer('sms_message_id').notNull(),
  },
  (t) => [
    belongsToApplication('sms_message_applications', t),
    foreignKey({
      name: 'sms_message_applications_message_fk',
      columns: [t.smsMessageId, t.lenderId],
      foreignColumns: [smsMessages.id, smsMessages.lenderId],
    }).onDelete('cascade'),
    unique('sms_message_applications_key').on(t.smsMessageId, t.applicationId),
    index('sms_message_applications_application_idx').on(t.applicationId),
  ],
);
