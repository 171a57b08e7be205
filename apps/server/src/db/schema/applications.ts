import { applicationSources, applicationStates, paymentFrequencyOptions, transactionTypes } from '@credence/contracts';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  text,
  unique,
} from 'drizzle-orm/pg-core';
import { money, oneOf, timestamptz } from './columns.ts';
import { dealers } from './dealers.ts';
import { lenders } from './lenders.ts';
import { loanProducts } from './loan-products.ts';
import { users } from './users.ts';

/**
 * A loan application. Its id is shown to people and searched as a number. The request (money and terms) lives
 * on the row; the itemization totals are stored as computed by `@credence/domain` when the request is saved.
 * The lock columns say who is editing it: a lock expires unless refreshed.
 */
export const applications = pgTable(
  'applications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity({ startWith: 10001 }),
    lenderId: integer('lender_id')
      .notNull()
      .references(() => lenders.id),
    loanProductId: integer('loan_product_id').notNull(),
    state: text('state').notNull().default('new'),
    source: text('source').notNull().default('LENDER'),
    direct: boolean('direct').notNull(),
    dealerId: integer('dealer_id'),
    transactionType: text('transaction_type'),
    purpose: text('purpose'),
    // The request (spec 3 §3 application request save payload).
    negotiatedPrice: money('negotiated_price'),
    ttlEstimate: money('ttl_estimate'),
    cashDown: money('cash_down'),
    rebate: money('rebate'),
    netTradeIn: money('net_trade_in'),
    otherFees: money('other_fees'),
    gap: money('gap'),
    creditDisability: money('credit_disability'),
    creditLife: money('credit_life'),
    warranty: money('warranty'),
    otherBackEndFees: money('other_back_end_fees'),
    requestedAmount: money('requested_amount'),
    estAmtFinanced: money('est_amt_financed'),
    residualAmount: money('residual_amount'),
    value: money('value'),
    termMonths: integer('term_months'),
    paymentFrequency: text('payment_frequency'),
    isOpenEnded: boolean('is_open_ended').notNull().default(false),
    increaseExistingCreditLimit: boolean('increase_existing_credit_limit').notNull().default(false),
    potentialLoanId: text('potential_loan_id'),
    potentialShareAccountNumber: text('potential_share_account_number'),
    // Dealer Packet Status (spec 3 §3 "Dealer packet: receivedDate"): null until the packet is received.
    packetReceivedDate: date('packet_received_date'),
    /**
     * Funding requirements (issue 14): true while a required stipulation of the approval is neither cleared nor
     * waived; kept by the funding-requirements service whenever one is added or changes status.
     */
    requirementsOutstanding: boolean('requirements_outstanding').notNull().default(false),
    // Credit (spec 3 §3): the reviewer's text, who marked the report reviewed and when (state new → reviewed), the
    // applicant declining cross-sell offers, and the average of the applicants' active default-model scores (the
    // queues' Average Credit Score), kept by the credit module whenever a report is pulled.
    creditReview: text('credit_review'),
    creditReviewedAt: timestamptz('credit_reviewed_at'),
    creditReviewedByUserId: integer('credit_reviewed_by_user_id').references(() => users.id),
    notInterestedCrossSell: boolean('not_interested_cross_sell').notNull().default(false),
    averageCreditScore: integer('average_credit_score'),
    // The itemization (spec 1 §5), computed on save.
    totalFrontEndAmountOverride: money('total_front_end_amount_override'),
    totalFrontEndAmount: money('total_front_end_amount').notNull().default('0'),
    totalDownPayment: money('total_down_payment').notNull().default('0'),
    totalBackEndFees: money('total_back_end_fees').notNull().default('0'),
    totalLoanAmount: money('total_loan_amount').notNull().default('0'),
    createdByUserId: integer('created_by_user_id').references(() => users.id),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    // The edit lock.
    lockedByUserId: integer('locked_by_user_id').references(() => users.id),
    lockedAt: timestamptz('locked_at'),
    lockExpiresAt: timestamptz('lock_expires_at'),
    unlockedByUserId: integer('unlocked_by_user_id').references(() => users.id),
    unlockedHolderUserId: integer('unlocked_holder_user_id').references(() => users.id),
    unlockedAt: timestamptz('unlocked_at'),
    // The primary applicant as queues show, sort and filter it; kept by a trigger on applicants (0007).
    primaryApplicantName: text('primary_applicant_name'),
    primaryMemberNumber: text('primary_member_number'),
    /**
     * The requested amount in cents, for queues: numeric comparisons are not LEAKPROOF, so under row-level
     * security an index on the numeric column cannot serve a filter; bigint comparisons are, so this one can.
     */
    requestedAmountCents: bigint('requested_amount_cents', { mode: 'number' }).generatedAlwaysAs(
      sql`(round(requested_amount * 100))::bigint`,
    ),
    /**
     * The estimated amount financed in cents (the queues' Amount column), for the same reason. A plain column
     * kept by the row trigger applications_amount_cents (migration 0016) rather than a generated one: adding a
     * stored generated column rewrites the whole table, adding this one does not.
     */
    estAmtFinancedCents: bigint('est_amt_financed_cents', { mode: 'number' }),
    /**
     * The built-in queue the application is in, from its state (null once closed): new → credit; reviewed →
     * decision; pending → pendingDecision; approved or counter-offered → requirements until every required
     * stipulation is cleared or waived and, for an indirect loan, the dealer packet is received; then funding.
     */
    queue: text('queue').generatedAlwaysAs(
      sql`case state
        when 'new' then 'credit'
        when 'reviewed' then 'decision'
        when 'pending' then 'pendingDecision'
        when 'approved' then case when not requirements_outstanding and (direct or packet_received_date is not null) then 'funding' else 'requirements' end
        when 'counteroffer' then case when not requirements_outstanding and (direct or packet_received_date is not null) then 'funding' else 'requirements' end
        end`,
    ),
  },
  (t) => [
    unique('applications_id_lender_key').on(t.id, t.lenderId),
    foreignKey({
      name: 'applications_loan_product_fk',
      columns: [t.loanProductId, t.lenderId],
      foreignColumns: [loanProducts.id, loanProducts.lenderId],
    }),
    foreignKey({
      name: 'applications_dealer_fk',
      columns: [t.dealerId, t.lenderId],
      foreignColumns: [dealers.id, dealers.lenderId],
    }),
    // Queues (spec 1 §3): every sortable or filterable queue column has a (lender, column, id) index, so a page
    // is an index walk whatever the sort; the id breaks ties for stable paging.
    index('applications_lender_state_idx').on(t.lenderId, t.state, t.createdAt, t.id),
    index('applications_lender_created_idx').on(t.lenderId, t.createdAt, t.id),
    index('applications_lender_queue_idx').on(t.lenderId, t.queue, t.createdAt, t.id),
    index('applications_my_queue_idx')
      .on(t.lenderId, t.createdByUserId, t.createdAt, t.id)
      .where(sql`${t.queue} is not null`),
    // With the creation time, a lookup's matches are ordered newest first from the index alone.
    index('applications_lender_id_idx').on(t.lenderId, t.id, t.createdAt),
    index('applications_lender_applicant_name_idx').on(t.lenderId, t.primaryApplicantName, t.id),
    // Per lender (btree_gin): a "contains" filter reads only the lender's trigram postings.
    index('applications_lender_applicant_name_trgm_idx').using(
      'gin',
      t.lenderId,
      sql`${t.primaryApplicantName} gin_trgm_ops`,
    ),
    index('applications_lender_member_number_idx').on(t.lenderId, t.primaryMemberNumber, t.id),
    index('applications_lender_requested_amount_idx').on(t.lenderId, t.requestedAmountCents, t.id),
    index('applications_lender_amount_idx').on(t.lenderId, t.estAmtFinancedCents, t.id),
    index('applications_lender_term_idx').on(t.lenderId, t.termMonths, t.id),
    index('applications_lender_avg_credit_score_idx').on(t.lenderId, t.averageCreditScore, t.id),
    index('applications_lender_updated_idx').on(t.lenderId, t.updatedAt, t.id),
    index('applications_lender_product_idx').on(t.lenderId, t.loanProductId, t.createdAt, t.id),
    // A product with an amount range, ordered by that amount ('Large auto loans'): the page and its capped count
    // walk only the product's entries in the range, index-only (migration 0030).
    index('applications_lender_product_amount_idx').on(t.lenderId, t.loanProductId, t.estAmtFinancedCents, t.id),
    index('applications_lender_product_requested_idx').on(t.lenderId, t.loanProductId, t.requestedAmountCents, t.id),
    // The same within a state queue (the Decision or Credit Queue filtered by product and requested amount): the
    // product index would read every entry of the range from the heap to test the queue (migration 0032).
    index('applications_lender_queue_product_requested_idx').on(
      t.lenderId,
      t.queue,
      t.loanProductId,
      t.requestedAmountCents,
      t.id,
    ),
    index('applications_lender_dealer_idx').on(t.lenderId, t.dealerId, t.createdAt, t.id),
    index('applications_locked_by_idx').on(t.lockedByUserId),
    check('applications_state_check', oneOf(t.state, applicationStates)),
    check('applications_source_check', oneOf(t.source, applicationSources)),
    check('applications_transaction_type_check', oneOf(t.transactionType, transactionTypes)),
    check(
      'applications_payment_frequency_check',
      oneOf(
        t.paymentFrequency,
        paymentFrequencyOptions.map((p) => p.id),
      ),
    ),
  ],
);

/** The columns every child row of an application starts with (fresh builders for each table). */
export const applicationChildColumns = () => ({
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  lenderId: integer('lender_id')
    .notNull()
    .references(() => lenders.id),
  applicationId: integer('application_id').notNull(),
});

/** A child row belongs to an application of the same lender (a composite key), and goes with it. */
export const belongsToApplication = (table: string, t: { applicationId: AnyPgColumn; lenderId: AnyPgColumn }) =>
  foreignKey({
    name: `${table}_application_fk`,
    columns: [t.applicationId, t.lenderId],
    foreignColumns: [applications.id, applications.lenderId],
  }).onDelete('cascade');

/** The variable front-end fees of the Loan Itemization dialog. */
export const applicationFrontEndFees = pgTable(
  'application_front_end_fees',
  {
    ...applicationChildColumns(),
    name: text('name').notNull(),
    value: money('value').notNull(),
    /** The lender's charge for the credit: a prepaid finance charge of the loan (issue 41). */
    financeCharge: boolean('finance_charge').notNull().default(false),
    sortOrder: integer('sort_order').notNull(),
  },
  (t) => [
    belongsToApplication('application_front_end_fees', t),
    index('application_front_end_fees_application_idx').on(t.applicationId),
  ],
);

/** Insurance on the collateral, kept when the product gathers insurance. */
export const applicationInsurance = pgTable(
  'application_insurance',
  {
    ...applicationChildColumns(),
    company: text('company').notNull(),
    policyNumber: text('policy_number'),
    agentFirstName: text('agent_first_name'),
    agentLastName: text('agent_last_name'),
    agentPhoneNumber: text('agent_phone_number'),
    faxNumber: text('fax_number'),
    expirationDate: date('expiration_date'),
  },
  (t) => [
    belongsToApplication('application_insurance', t),
    unique('application_insurance_application_key').on(t.applicationId),
  ],
);
