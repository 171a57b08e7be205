import { controlTypes, rescissionDateTypes } from '@credence/contracts';
import { boolean, check, index, integer, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { oneOf } from './columns.ts';
import { lenders } from './lenders.ts';

/** A lender's loan products; the control type decides the forms and how the amount is computed. */
export const loanProducts = pgTable(
  'loan_products',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    lenderId: integer('lender_id')
      .notNull()
      .references(() => lenders.id),
    name: text('name').notNull(),
    controlType: text('control_type').notNull(),
    directAllowed: boolean('direct_allowed').notNull().default(true),
    indirectAllowed: boolean('indirect_allowed').notNull().default(false),
    requiresVin: boolean('requires_vin').notNull().default(false),
    gathersInsurance: boolean('gathers_insurance').notNull().default(false),
    isBusinessLoan: boolean('is_business_loan').notNull().default(false),
    enabled: boolean('enabled').notNull().default(true),
    /** Funding (issue 14): null, or 'threeBusinessDays' — the right of rescission of a HEL (Regulation Z § 1026.23). */
    rescissionDateType: text('rescission_date_type'),
  },
  (t) => [
    unique('loan_products_lender_name_key').on(t.lenderId, t.name),
    unique('loan_products_id_lender_key').on(t.id, t.lenderId),
    index('loan_products_lender_idx').on(t.lenderId),
    check('loan_products_control_type_check', oneOf(t.controlType, controlTypes)),
    check('loan_products_rescission_date_type_check', oneOf(t.rescissionDateType, rescissionDateTypes)),
  ],
);
