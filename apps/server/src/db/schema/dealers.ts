import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, text, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';
import { lenders } from './lenders.ts';

export const dealers = pgTable(
  'dealers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    lenderId: integer('lender_id')
      .notNull()
      .references(() => lenders.id),
    name: text('name').notNull(),
    addressLine1: text('address_line1'),
    addressLine2: text('address_line2'),
    city: text('city'),
    state: text('state'),
    zip: text('zip'),
    phoneNumber: text('phone_number'),
    faxNumber: text('fax_number'),
    mainContactEmail: text('main_contact_email'),
    mainContactName: text('main_contact_name'),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('dealers_lender_name_key').on(t.lenderId, sql`lower(${t.name})`),
    unique('dealers_id_lender_key').on(t.id, t.lenderId),
  ],
);
