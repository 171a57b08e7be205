import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';
import { lenders } from './lenders.ts';

/**
 * Administration › Application Status Messages: a message sent about an application when it reaches a status,
 * its text holding merge fields ({ApplicantFirstName}, …) chosen from the `/fields` list.
 */
export const applicationStatusMessages = pgTable(
  'application_status_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    lenderId: integer('lender_id')
      .notNull()
      .references(() => lenders.id),
    name: text('name').notNull(),
    /** The application status the message is for (an application state, contracts), or null for any. */
    status: text('status'),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('application_status_messages_lender_name_key').on(t.lenderId, sql`lower(${t.name})`)],
);
