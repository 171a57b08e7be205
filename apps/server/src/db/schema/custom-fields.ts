import { customFieldTypes } from '@credence/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { applicationChildColumns, belongsToApplication } from './applications.ts';
import { oneOf } from './columns.ts';
import { lenders } from './lenders.ts';
import { loanProducts } from './loan-products.ts';

/** The custom fields a loan product asks for (type, label, required, options of a SELECT). */
export const customFieldDefinitions = pgTable(
  'custom_field_definitions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    lenderId: integer('lender_id')
      .notNull()
      .references(() => lenders.id),
    loanProductId: integer('loan_product_id').notNull(),
    label: text('label').notNull(),
    fieldType: text('field_type').notNull(),
    required: boolean('required').notNull().default(false),
    options: jsonb('options').$type<string[]>().notNull().default([]),
    maxLength: integer('max_length'),
    sortOrder: integer('sort_order').notNull(),
    enabled: boolean('enabled').notNull().default(true),
  },
  (t) => [
    unique('custom_field_definitions_id_lender_key').on(t.id, t.lenderId),
    foreignKey({
      name: 'custom_field_definitions_loan_product_fk',
      columns: [t.loanProductId, t.lenderId],
      foreignColumns: [loanProducts.id, loanProducts.lenderId],
    }).onDelete('cascade'),
    index('custom_field_definitions_product_idx').on(t.loanProductId, t.sortOrder),
    // A label once per loan product, in any case (Administration › Custom Fields, migration 0043).
    uniqueIndex('custom_field_definitions_product_label_key').on(t.lenderId, t.loanProductId, sql`lower(${t.label})`),
    check('custom_field_definitions_type_check', oneOf(t.fieldType, customFieldTypes)),
  ],
);

/** An application's value of a custom field, as canonical text ("12.50", "2026-05-01", "true", an option). */
export const applicationCustomFieldValues = pgTable(
  'application_custom_field_values',
  {
    ...applicationChildColumns(),
    customFieldId: integer('custom_field_id').notNull(),
    value: text('value').notNull(),
  },
  (t) => [
    belongsToApplication('application_custom_field_values', t),
    foreignKey({
      name: 'application_custom_field_values_field_fk',
      columns: [t.customFieldId, t.lenderId],
      foreignColumns: [customFieldDefinitions.id, customFieldDefinitions.lenderId],
    }).onDelete('cascade'),
    unique('application_custom_field_values_key').on(t.applicationId, t.customFieldId),
    index('application_custom_field_values_field_idx').on(t.customFieldId),
  ],
);
