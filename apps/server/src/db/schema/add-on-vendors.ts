import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { money, oneOf, timestamptz } from './columns.ts';
import { lenders } from './lenders.ts';

const eligibilityVendors = ['none', 'allied', 'route66'] as const;
const addOnProducts = ['gap', 'serviceContract', 'creditLife', 'creditDisability', 'debtProtection'] as const;

/** A plan option as stored (its id is unique within its plan and kept across saves). */
export type StoredPlanOption = { id: number; title: string; cost: string };

/**
 * The add-on vendors a lender sells through (issue 34 item 2; contracts `addOnVendorsResource`): their products and
 * the eligibility questions they ask (spec 3 §5: Allied, Route66). Never deleted; disabled when no longer sold.
 */
export const addOnVendors = pgTable(
  'add_on_vendors',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    lenderId: integer('lender_id')
      .notNull()
      .references(() => lenders.id),
    name: text('name').notNull(),
    eligibility: text('eligibility').notNull().default('none'),
    products: text('products')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    unique('add_on_vendors_id_lender_key').on(t.id, t.lenderId),
    uniqueIndex('add_on_vendors_lender_name_key').on(t.lenderId, sql`lower(${t.name})`),
    check('add_on_vendors_eligibility_check', oneOf(t.eligibility, eligibilityVendors)),
  ],
);

/**
 * A vendor's plans (spec 3 §3 'Vendor plan'): product, title, description, term in months, miles, the dealer's
 * cost and the retail price, a GAP plan's maximum LTV (percent), and its options (jsonb, each with an id).
 */
export const addOnVendorPlans = pgTable(
  'add_on_vendor_plans',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    lenderId: integer('lender_id')
      .notNull()
      .references(() => lenders.id),
    vendorId: integer('vendor_id').notNull(),
    product: text('product').notNull(),
    title: text('title').notNull(),
    description: text('description'),
    termMonths: integer('term_months').notNull(),
    miles: integer('miles'),
    dealerCost: money('dealer_cost').notNull(),
    retailPrice: money('retail_price').notNull(),
    maxLtv: numeric('max_ltv', { precision: 7, scale: 4 }),
    options: jsonb('options').$type<StoredPlanOption[]>().notNull().default([]),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'add_on_vendor_plans_vendor_fk',
      columns: [t.vendorId, t.lenderId],
      foreignColumns: [addOnVendors.id, addOnVendors.lenderId],
    }).onDelete('cascade'),
    index('add_on_vendor_plans_vendor_idx').on(t.vendorId),
    check('add_on_vendor_plans_product_check', oneOf(t.product, addOnProducts)),
    check('add_on_vendor_plans_max_ltv_check', sql`${t.maxLtv} is null or ${t.product} = 'gap'`),
  ],
);

/**
 * State price caps on add-ons (issue 34 item 7; contracts `addOnPriceCapsResource`): named rules of a state — at most
 * `percent` of the amount financed, or `minimum_amount` when greater — for the products named.
 */
export const addOnPriceCaps = pgTable(
  'add_on_price_caps',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    lenderId: integer('lender_id')
      .notNull()
      .references(() => lenders.id),
    name: text('name').notNull(),
    state: text('state').notNull(),
    products: text('products').array().notNull(),
    percent: numeric('percent', { precision: 7, scale: 4 }).notNull(),
    minimumAmount: money('minimum_amount'),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('add_on_price_caps_lender_name_key').on(t.lenderId, sql`lower(${t.name})`)],
);
