import {
  coreCodeTypes,
  dayCountSchema,
  oddDaysTreatmentSchema,
  disbursementPayeeTypes,
  loanBookingKinds,
  paymentFrequencyOptions,
  reserveMethods,
} from '@credence/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { applicationChildColumns, belongsToApplication } from './applications.ts';
import { money, oneOf, timestamptz } from './columns.ts';
import { lenders } from './lenders.ts';
import { users } from './users.ts';

/**
 * Funding (issue 14; spec 3 §3–§9, spec 2 disbursements, reserve matrices, core code mappings, lender calendar).
 *
 * Administration:
 * - `funding_requirements`: the stipulations a product requires before funding, and the user groups allowed to
 *   clear each (empty: anyone who may fund). Copied to the application when it is approved or counter-offered.
 * - `lender_disbursal_methods`: how the lender pays out (check, ACH, dealer draft, internal transfer…).
 * - `disbursements`: the payouts a funding can make (to the dealer, the lienholders, the member, another payee),
 *   each with its default disbursal method and the products it applies to.
 * - `core_code_mappings`: Credence's value → the core's code, per kind (the dry run needs every one it uses).
 * - `reserves` and `reserve_matrices`: how a dealer's reserve is computed, and which reserve applies to a loan.
 * - `lender_holidays`: the lender calendar; business days are Monday to Friday except these.
 *
 * The loan:
 * - `loans`: one per application — the draft saved from the funding worksheet ('Loan Saved!'), then funded.
 * - `loan_bookings`: insert-only record of every booking to the core and every reversal, with the exact payload
 *   sent (the dry run) and the core's answer.
 */

export const fundingRequirements = pgTable(
  'funding_requirements',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    lenderId: integer('lender_id')
      .notNull()
      .references(() => lenders.id),
    description: text('description').notNull(),
    /** A required one keeps the application in the Requirements queue until cleared or waived. */
    required: boolean('required').notNull().default(true),
    enabled: boolean('enabled').notNull().default(true),
    /** The products that require it (empty: every product). */
    loanProductIds: integer('loan_product_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** The user groups whose members may clear or waive it (empty: anyone with canFundALoan). */
    clearUserGroupIds: integer('clear_user_group_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    unique('funding_requirements_id_lender_key').on(t.id, t.lenderId),
    uniqueIndex('funding_requirements_lender_description_key').on(t.lenderId, sql`lower(${t.description})`),
  ],
);

export const lenderDisbursalMethods = pgTable(
  'lender_disbursal_methods',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    lenderId: integer('lender_id')
      .notNull()
      .references(() => lenders.id),
    name: text('name').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [
    unique('lender_disbursal_methods_id_lender_key').on(t.id, t.lenderId),
    uniqueIndex('lender_disbursal_methods_lender_name_key').on(t.lenderId, sql`lower(${t.name})`),
  ],
);

export const disbursements = pgTable(
  'disbursements',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    lenderId: integer('lender_id')
      .notNull()
      .references(() => lenders.id),
    name: text('name').notNull(),
    /** contracts `disbursementPayeeTypes`. */
    payeeType: text('payee_type').notNull(),
    disbursalMethodId: integer('disbursal_method_id').notNull(),
    /** The products it applies to (empty: every product). */
    loanProductIds: integer('loan_product_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    enabled: boolean('enabled').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    unique('disbursements_id_lender_key').on(t.id, t.lenderId),
    uniqueIndex('disbursements_lender_name_key').on(t.lenderId, sql`lower(${t.name})`),
    check('disbursements_payee_type_check', oneOf(t.payeeType, disbursementPayeeTypes)),
  ],
);

export const coreCodeMappings = pgTable(
  'core_code_mappings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    lenderId: integer('lender_id')
      .notNull()
      .references(() => lenders.id),
    /** contracts `coreCodeTypes`. */
    codeType: text('code_type').notNull(),
    /** Credence's value: a loan product id, a payment frequency name, a collateral type, a method id… as text. */
    credenceValue: text('credence_value').notNull(),
    coreCode: text('core_code').notNull(),
    description: text('description'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    unique('core_code_mappings_id_lender_key').on(t.id, t.lenderId),
    uniqueIndex('core_code_mappings_lender_value_key').on(t.lenderId, t.codeType, t.credenceValue),
    check('core_code_mappings_code_type_check', oneOf(t.codeType, coreCodeTypes)),
  ],
);

export const reserves = pgTable(
  'reserves',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    lenderId: integer('lender_id')
      .notNull()
      .references(() => lenders.id),
    name: text('name').notNull(),
    /** contracts `reserveMethods`; exactly the columns of the method are set. */
    method: text('method').notNull(),
    flatAmount: money('flat_amount'),
    /** percentOfAmount: percent of the amount financed (1.5 = 1.5 %). */
    percentOfAmount: numeric('percent_of_amount', { precision: 7, scale: 4 }),
    /** rateParticipation: the dealer's share (percent) of the finance charge between buy and contract rate. */
    participationPercent: numeric('participation_percent', { precision: 7, scale: 4 }),
    /** rateParticipation: the most the contract rate may exceed the buy rate (points) for the reserve. */
    maxSpread: numeric('max_spread', { precision: 7, scale: 4 }),
    /** The most a reserve of this kind pays (null: no cap). */
    capAmount: money('cap_amount'),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    unique('reserves_id_lender_key').on(t.id, t.lenderId),
    uniqueIndex('reserves_lender_name_key').on(t.lenderId, sql`lower(${t.name})`),
    check('reserves_method_check', oneOf(t.method, reserveMethods)),
  ],
);

/**
 * A reserve matrix: rows tried in order, the first whose conditions hold names the reserve (else
 * `default_reserve_id`). `rows` is contracts `ReserveMatrixRow[]` (loan products, term and amount ranges, tiers).
 */
export const reserveMatrices = pgTable(
  'reserve_matrices',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    lenderId: integer('lender_id')
      .notNull()
      .references(() => lenders.id),
    name: text('name').notNull(),
    rows: jsonb('rows')
      .$type<Record<string, unknown>[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    defaultReserveId: integer('default_reserve_id'),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    unique('reserve_matrices_id_lender_key').on(t.id, t.lenderId),
    uniqueIndex('reserve_matrices_lender_name_key').on(t.lenderId, sql`lower(${t.name})`),
  ],
);

export const lenderHolidays = pgTable(
  'lender_holidays',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    lenderId: integer('lender_id')
      .notNull()
      .references(() => lenders.id),
    holidayDate: date('holiday_date').notNull(),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('lender_holidays_lender_date_key').on(t.lenderId, t.holidayDate)],
);

export const loans = pgTable(
  'loans',
  {
    ...applicationChildColumns(),
    /** The decision receipt (application_decisions.id) whose approval this loan funds. */
    decisionId: integer('decision_id'),
    amount: money('amount').notNull(),
    monthlyPayment: money('monthly_payment'),
    termMonths: integer('term_months').notNull(),
    interestRate: numeric('interest_rate', { precision: 7, scale: 4 }).notNull(),
    buyRate: numeric('buy_rate', { precision: 7, scale: 4 }),
    paymentFrequency: text('payment_frequency').notNull(),
    direct: boolean('direct').notNull(),
    contractDate: date('contract_date'),
    firstPaymentDate: date('first_payment_date'),
    rescissionDate: date('rescission_date'),
    fundingDate: date('funding_date'),
    /** The loan id at the core (chosen or generated in the Loan Id dialog) and the share account number. */
    loanId: text('loan_id'),
    shareAccountNumber: text('share_account_number'),
    memberNumber: text('member_number'),
    /** The id the core answered the booking with. */
    coreLoanId: text('core_loan_id'),
    reserveMatrixId: integer('reserve_matrix_id'),
    reserveId: integer('reserve_id'),
    reserveAmount: money('reserve_amount'),
    /** contracts `LoanAddition[]` and `LoanDisbursement[]` (the payouts; they add up to the amount financed). */
    additions: jsonb('additions')
      .$type<Record<string, unknown>[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    disbursements: jsonb('disbursements')
      .$type<Record<string, unknown>[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Lien and internal refinance payoffs at the funding date (per diem), contracts `LoanPayoff[]`. */
    payoffs: jsonb('payoffs')
      .$type<Record<string, unknown>[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Issue 41: the decision's balloon, the product's day count and odd-days treatment when decided. */
    balloonAmount: money('balloon_amount'),
    dayCount: text('day_count').notNull().default('actual365'),
    oddDays: text('odd_days').notNull().default('firstPayment'),
    /** contracts `PrepaidCharge[]`: the fees the disclosure counts as prepaid finance charges. */
    prepaidFinanceCharges: jsonb('prepaid_finance_charges')
      .$type<Record<string, unknown>[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** contracts `LoanDisclosureView`: the Truth in Lending disclosure as saved (null until the dates are set). */
    disclosure: jsonb('disclosure').$type<Record<string, unknown>>(),
    isFunded: boolean('is_funded').notNull().default(false),
    /** Counts fundings: the booking reference is `{lender}-{application}-{sequence}`, new after each reversal. */
    fundingSequence: integer('funding_sequence').notNull().default(0),
    sentToCore: boolean('sent_to_core'),
    fundedAt: timestamptz('funded_at'),
    fundedByUserId: integer('funded_by_user_id').references(() => users.id),
    reversedAt: timestamptz('reversed_at'),
    reversedByUserId: integer('reversed_by_user_id').references(() => users.id),
    /** The state the application had before funding (approved or counteroffer): a reversal returns it there. */
    stateBeforeFunding: text('state_before_funding'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    updatedByUserId: integer('updated_by_user_id').references(() => users.id),
  },
  (t) => [
    belongsToApplication('loans', t),
    unique('loans_id_lender_key').on(t.id, t.lenderId),
    uniqueIndex('loans_application_key').on(t.applicationId),
    index('loans_lender_funded_idx').on(t.lenderId, t.fundedAt),
    check('loans_day_count_check', oneOf(t.dayCount, dayCountSchema.options)),
    check('loans_odd_days_check', oneOf(t.oddDays, oddDaysTreatmentSchema.options)),
    check(
      'loans_payment_frequency_check',
      oneOf(
        t.paymentFrequency,
        paymentFrequencyOptions.map((p) => p.id),
      ),
    ),
  ],
);

export const loanBookings = pgTable(
  'loan_bookings',
  {
    ...applicationChildColumns(),
    loanRowId: integer('loan_row_id').notNull(),
    kind: text('kind').notNull(),
    /** The idempotency reference sent to the core (`{lender}-{application}-{sequence}`). */
    reference: text('reference').notNull(),
    coreService: text('core_service').notNull(),
    sentToCore: boolean('sent_to_core').notNull(),
    /** The dry run: the exact payload for the core, as built and validated before booking. */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** The core's answer (ids, messages), or null when not sent. */
    coreResponse: jsonb('core_response').$type<Record<string, unknown>>(),
    coreLoanId: text('core_loan_id'),
    memberNumber: text('member_number'),
    newMemberCreated: boolean('new_member_created').notNull().default(false),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    createdByUserId: integer('created_by_user_id').references(() => users.id),
  },
  (t) => [
    belongsToApplication('loan_bookings', t),
    check('loan_bookings_kind_check', oneOf(t.kind, loanBookingKinds)),
    uniqueIndex('loan_bookings_reference_kind_key').on(t.lenderId, t.reference, t.kind),
    index('loan_bookings_application_idx').on(t.applicationId, t.createdAt),
  ],
);
