import {
  boolean,
  foreignKey,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { lenders } from './lenders.ts';
import { users } from './users.ts';

/**
 * The integration providers a lender works with (spec 1 §3 'lenderEnabledVendors'): a dealer portal, a
 * document vault… Which fields a user fills for one is decided by its name (contracts `vendorFieldsOf`).
 */
export const lenderVendors = pgTable(
  'lender_vendors',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    lenderId: integer('lender_id')
      .notNull()
      .references(() => lenders.id),
    name: text('name').notNull(),
    enabled: boolean('enabled').notNull().default(true),
  },
  (t) => [
    uniqueIndex('lender_vendors_lender_name_key').on(t.lenderId, sql`lower(${t.name})`),
    unique('lender_vendors_id_lender_key').on(t.id, t.lenderId),
  ],
);

/**
 * A user's credentials at one of the lender's vendors (spec 1 §3 'User vendor'), set on My Profile. The password
 * is encrypted (purpose `user_vendor.password`) and never returned; only whether one exists.
 */
export const userVendors = pgTable(
  'user_vendors',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    lenderId: integer('lender_id')
      .notNull()
      .references(() => lenders.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    vendorId: integer('vendor_id').notNull(),
    username: text('username'),
    passwordEncrypted: text('password_encrypted'),
    code: text('code'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      columns: [t.vendorId, t.lenderId],
      foreignColumns: [lenderVendors.id, lenderVendors.lenderId],
    }).onDelete('cascade'),
    unique('user_vendors_user_vendor_key').on(t.userId, t.vendorId),
    index('user_vendors_lender_user_idx').on(t.lenderId, t.userId),
  ],
);
