import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** A lender is a tenant: every tenant-owned row carries its lender_id. */
export const lenders = pgTable('lenders', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull().unique(),
  /** The IANA time zone the lender's people read dates in (CSV exports, the audit's days). */
  timeZone: text('time_zone').notNull().default('America/New_York'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
