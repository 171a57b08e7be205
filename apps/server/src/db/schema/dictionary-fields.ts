import { sql } from 'drizzle-orm';
import { integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';
import { lenders } from './lenders.ts';

/**
 * A loan form dictionary field (spec 2 §3): the code a loan form vendor gives a field of its forms, and the JMESPath
 * that reads the field's value from the application's document (the loan summary's graph). Unique per lender on
 * the three: vendor and code in any case, the path exactly (JMESPath is case-sensitive).
 */
export const loanFormDictionaryFields = pgTable(
  'loan_form_dictionary_fields',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    lenderId: integer('lender_id')
      .notNull()
      .references(() => lenders.id),
    formVendor: text('form_vendor').notNull(),
    formCode: text('form_code').notNull(),
    jmesPath: text('jmes_path').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('loan_form_dictionary_fields_lender_key').on(
      t.lenderId,
      sql`lower(${t.formVendor})`,
      sql`lower(${t.formCode})`,
      t.jmesPath,
    ),
  ],
);
