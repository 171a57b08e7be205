import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, text, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { optionalAddressColumns, timestamptz } from './columns.ts';
import { lenders } from './lenders.ts';

export const dealers = pgTable(
  'dealers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    lenderId: integer('lender_id')
      .notNull()
      .references(() => lenders.id),
    name: text('name').notNull(),
    ...optionalAddressColumns(),
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
