import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { lenders } from './lenders.ts';

/** People who sign in. A user has a home lender and may work in others (user_lenders). */
export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    username: text('username').notNull(),
    name: text('name').notNull(),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    jobTitle: text('job_title'),
    phoneNumber: text('phone_number'),
    /** A data URL of the small square JPEG the server made from the uploaded photo (modules/profile). */
    avatar: text('avatar'),
    /** The user's own credentials for the core and eDOCS (My Profile): secrets encrypted (platform/crypto.ts). */
    corePasswordEncrypted: text('core_password_encrypted'),
    edocsUsername: text('edocs_username'),
    edocsPasswordEncrypted: text('edocs_password_encrypted'),
    passwordHash: text('password_hash').notNull(),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
    passwordExpiresAt: timestamp('password_expires_at', { withTimezone: true }).notNull(),
    homeLenderId: integer('home_lender_id')
      .notNull()
      .references(() => lenders.id),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`)],
);
