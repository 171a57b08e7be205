import { sql } from 'drizzle-orm';
import { boolean, check, integer, numeric, pgTable, text, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { money, oneOf, timestamptz } from './columns.ts';
import { lenders } from './lenders.ts';

/** How an add-on is priced: a flat amount, or a rate per $1,000 of the loan amount (spec 3, loan summary). */
export const loanAdditionFeeTypes = ['flat', 'per1000'] as const;

/**
 * The lender's add-ons catalogue (issue 13; spec 1 "Add-on preferences", spec 3 §7 "default additions"): what the
 * decision worksheet offers as additions to a loan — GAP, a service contract, credit life… Each is priced either
 * as a flat amount or as a rate per $1,000 of the loan amount (exactly the column of its type is set). A default
 * add-on is selected on a new decision; `loan_product_ids` limits it to some products (empty: every product).
 * The decision receipt copies the name, pricing and amount, so editing the catalogue never changes a decision.
 */
export const loanAdditions = pgTable(
  'loan_additions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    lenderId: integer('lender_id')
      .notNull()
      .references(() => lenders.id),
    name: text('name').notNull(),
    feeType: text('fee_type').notNull(),
    flatAmount: money('flat_amount'),
    ratePer1000: numeric('rate_per_1000', { precision: 8, scale: 4 }),
    isDefault: boolean('is_default').notNull().default(false),
    /** A prepaid finance charge of the loans it is sold with (issue 41). */
    financeCharge: boolean('finance_charge').notNull().default(false),
    enabled: boolean('enabled').notNull().default(true),
    loanProductIds: integer('loan_product_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    unique('loan_additions_id_lender_key').on(t.id, t.lenderId),
    uniqueIndex('loan_additions_lender_name_key').on(t.lenderId, sql`lower(${t.name})`),
    check('loan_additions_fee_type_check', oneOf(t.feeType, loanAdditionFeeTypes)),
    check(
      'loan_additions_price_check',
      sql`(${t.feeType} = 'flat' and ${t.flatAmount} is not null and ${t.ratePer1000} is null)
        or (${t.feeType} = 'per1000' and ${t.ratePer1000} is not null and ${t.flatAmount} is null)`,
    ),
  ],
);
