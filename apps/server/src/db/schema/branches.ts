import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, text, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { optionalAddressColumns, timestamptz } from './columns.ts';
import { lenders } from './lenders.ts';

/** A lender's branch (Administration › Branches); users belong to one. */
export const branches = pgTable(
  'branches',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    lenderId: integer('lender_id')
      .notNull()
      .references(() => lenders.id),
    name: text('name').notNull(),
    /** The branch number the core and the reports know it by. */
    branchNumber: text('code'),
    ...optionalAddressColumns(),
    phoneNumber: text('phone_number'),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('branches_lender_name_key').on(t.lenderId, sql`lower(${t.name})`),
    unique('branches_id_lender_key').on(t.id, t.lenderId),
  ],
);
