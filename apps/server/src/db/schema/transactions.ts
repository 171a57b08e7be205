import { boolean, date, index, integer, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { applicationChildColumns, belongsToApplication } from './applications.ts';
import { money } from './columns.ts';

/** Vehicles traded in. */
export const tradeIns = pgTable(
  'trade_ins',
  {
    ...applicationChildColumns(),
    year: integer('year'),
    make: text('make'),
    model: text('model'),
    style: text('style'),
    lienHolderName: text('lien_holder_name'),
    monthlyPayment: money('monthly_payment'),
    sortOrder: integer('sort_order').notNull(),
  },
  (t) => [belongsToApplication('trade_ins', t), index('trade_ins_application_idx').on(t.applicationId)],
);

/** A purchase from a dealer (transaction type DEALER). */
export const dealerPurchases = pgTable(
  'dealer_purchases',
  {
    ...applicationChildColumns(),
    dealership: text('dealership'),
    amountToDealer: money('amount_to_dealer'),
    phoneNumber: text('phone_number'),
    fax: text('fax'),
    email: text('email'),
    attention: text('attention'),
    spokeTo: text('spoke_to'),
    addressLine1: text('address_line1'),
    addressLine2: text('address_line2'),
    city: text('city'),
    state: text('state'),
    zip: text('zip'),
  },
  (t) => [belongsToApplication('dealer_purchases', t), unique('dealer_purchases_application_key').on(t.applicationId)],
);

/** Private sellers (transaction type BUYER_SELLER). */
export const sellers = pgTable(
  'sellers',
  {
    ...applicationChildColumns(),
    sellingPrice: money('selling_price'),
    sellerNames: text('seller_names'),
    phoneNumber: text('phone_number'),
    email: text('email'),
    addressLine1: text('address_line1'),
    addressLine2: text('address_line2'),
    city: text('city'),
    state: text('state'),
    zip: text('zip'),
    hasLien: boolean('has_lien').notNull().default(false),
    sortOrder: integer('sort_order').notNull(),
  },
  (t) => [belongsToApplication('sellers', t), index('sellers_application_idx').on(t.applicationId)],
);

/** The lien paid off by the loan (refinance, or a seller's lien). */
export const liens = pgTable(
  'liens',
  {
    ...applicationChildColumns(),
    lienholder: text('lienholder'),
    accountNumber: text('account_number'),
    payoffAmount: money('payoff_amount'),
    perDiem: money('per_diem'),
    payment: money('payment'),
    goodThrough: date('good_through'),
    mailTo: text('mail_to'),
    phoneNumber: text('phone_number'),
    attention: text('attention'),
    spokeTo: text('spoke_to'),
  },
  (t) => [belongsToApplication('liens', t), unique('liens_application_key').on(t.applicationId)],
);

/** A loan of the credit union refinanced internally. */
export const internalRefinances = pgTable(
  'internal_refinances',
  {
    ...applicationChildColumns(),
    memberNumber: text('member_number'),
    loanNumber: text('loan_number'),
    payoffAmount: money('payoff_amount'),
    perDiem: money('per_diem'),
    goodThrough: date('good_through'),
  },
  (t) => [
    belongsToApplication('internal_refinances', t),
    unique('internal_refinances_application_key').on(t.applicationId),
  ],
);
