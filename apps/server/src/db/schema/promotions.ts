import { boolean, date, foreignKey, index, integer, numeric, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { applicationChildColumns, belongsToApplication } from './applications.ts';
import { lenders } from './lenders.ts';
import { loanProducts } from './loan-products.ts';

/** A loan product's promotions; a rate discount in percent (numeric, exact), valid between two dates. */
export const promotions = pgTable(
  'promotions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    lenderId: integer('lender_id')
      .notNull()
      .references(() => lenders.id),
    loanProductId: integer('loan_product_id').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    rateDiscount: numeric('rate_discount', { precision: 6, scale: 3 }),
    startDate: date('start_date'),
    endDate: date('end_date'),
    autoSelect: boolean('auto_select').notNull().default(false),
    enabled: boolean('enabled').notNull().default(true),
  },
  (t) => [
    unique('promotions_id_lender_key').on(t.id, t.lenderId),
    foreignKey({
      name: 'promotions_loan_product_fk',
      columns: [t.loanProductId, t.lenderId],
      foreignColumns: [loanProducts.id, loanProducts.lenderId],
    }).onDelete('cascade'),
    index('promotions_product_idx').on(t.loanProductId),
  ],
);

/** The promotions chosen for an application. */
export const applicationPromotions = pgTable(
  'application_promotions',
  {
    ...applicationChildColumns(),
    promotionId: integer('promotion_id').notNull(),
  },
  (t) => [
    belongsToApplication('application_promotions', t),
    foreignKey({
      name: 'application_promotions_promotion_fk',
      columns: [t.promotionId, t.lenderId],
      foreignColumns: [promotions.id, promotions.lenderId],
    }).onDelete('cascade'),
    unique('application_promotions_key').on(t.applicationId, t.promotionId),
    index('application_promotions_promotion_idx').on(t.promotionId),
  ],
);
