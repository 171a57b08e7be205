import { creditBureaus, crossSellTypes, screeningServices, tradelinePortfolioTypes } from '@credence/contracts';
import type {
  CreditAlert,
  CreditInquiry,
  CreditPublicRecord,
  CreditReportSummary,
  CreditScore,
  CrossSellTermOption,
} from '@credence/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
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
import { applicants } from './applicants.ts';
import { applicationChildColumns, belongsToApplication } from './applications.ts';
import { money, oneOf, timestamptz } from './columns.ts';
import { lenders } from './lenders.ts';
import { loanProducts } from './loan-products.ts';
import { users } from './users.ts';

/**
 * The bureaus a lender pulls from (spec 2: "credit bureaus with score models"): which are enabled, the score
 * models each report is scored with, and the default model (the one the queues' average score and the decision
 * engine read). `provider` says how the bureau is reached (`sandbox` today; a reseller's MISMO endpoint later).
 */
export const lenderCreditBureaus = pgTable(
  'lender_credit_bureaus',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    lenderId: integer('lender_id')
      .notNull()
      .references(() => lenders.id),
    bureau: text('bureau').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    scoreModels: text('score_models').array().notNull(),
    defaultScoreModel: text('default_score_model').notNull(),
    provider: text('provider').notNull().default('sandbox'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    unique('lender_credit_bureaus_lender_bureau_key').on(t.lenderId, t.bureau),
    unique('lender_credit_bureaus_id_lender_key').on(t.id, t.lenderId),
    check('lender_credit_bureaus_bureau_check', oneOf(t.bureau, creditBureaus)),
    check('lender_credit_bureaus_default_in_models', sql`${t.defaultScoreModel} = any(${t.scoreModels})`),
  ],
);

/**
 * One pulled credit report of one applicant of an application (spec 3 §3 "Credit report"). The bureau's raw
 * answer is kept whole, encrypted at rest like SSNs (purpose `credit_report.raw`), and so is the subject as the
 * bureau has them on file (name, SSN last four, date of birth); the parsed model lives in these columns and in
 * `credit_report_tradelines`. A re-pull adds a new row and makes it the active one; earlier rows stay as the
 * applicant's previous reports (`is_active` false). At most one active report per applicant.
 */
export const creditReports = pgTable(
  'credit_reports',
  {
    ...applicationChildColumns(),
    applicantId: integer('applicant_id').notNull(),
    lenderCreditBureauId: integer('lender_credit_bureau_id').notNull(),
    bureau: text('bureau').notNull(),
    /** The bureau's report identifier (CreditReportIdentifier). */
    creditReportId: text('credit_report_id').notNull(),
    /** Shown in the history and the permissible-purpose audit, e.g. 'Equifax (sandbox)'. */
    providerName: text('provider_name').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    pulledAt: timestamptz('pulled_at').notNull().defaultNow(),
    pulledByUserId: integer('pulled_by_user_id').references(() => users.id),
    infileDate: date('infile_date'),
    noRecordFound: boolean('no_record_found').notNull().default(false),
    noReportReason: text('no_report_reason'),
    frozen: boolean('frozen').notNull().default(false),
    ofac: boolean('ofac').notNull().default(false),
    mla: boolean('mla').notNull().default(false),
    /** The default score model's score when it scored the file (for the average on the application). */
    defaultScoreModel: text('default_score_model').notNull(),
    defaultScore: integer('default_score'),
    scores: jsonb('scores').$type<CreditScore[]>().notNull(),
    alerts: jsonb('alerts').$type<CreditAlert[]>().notNull(),
    publicRecords: jsonb('public_records').$type<CreditPublicRecord[]>().notNull(),
    inquiries: jsonb('inquiries').$type<CreditInquiry[]>().notNull(),
    summary: jsonb('summary').$type<CreditReportSummary>().notNull(),
    /** `DataProtector.encrypt(JSON of CreditReportSubject, 'credit_report.subject')`. */
    subjectEncrypted: text('subject_encrypted').notNull(),
    /** `DataProtector.encrypt(MISMO XML, 'credit_report.raw')`. */
    rawEncrypted: text('raw_encrypted').notNull(),
  },
  (t) => [
    belongsToApplication('credit_reports', t),
    foreignKey({
      name: 'credit_reports_applicant_fk',
      columns: [t.applicantId, t.lenderId],
      foreignColumns: [applicants.id, applicants.lenderId],
    }).onDelete('cascade'),
    foreignKey({
      name: 'credit_reports_lender_credit_bureau_fk',
      columns: [t.lenderCreditBureauId, t.lenderId],
      foreignColumns: [lenderCreditBureaus.id, lenderCreditBureaus.lenderId],
    }),
    unique('credit_reports_id_lender_key').on(t.id, t.lenderId),
    check('credit_reports_bureau_check', oneOf(t.bureau, creditBureaus)),
    index('credit_reports_application_idx').on(t.applicationId, t.applicantId, t.pulledAt),
    uniqueIndex('credit_reports_one_active_key')
      .on(t.applicantId)
      .where(sql`${t.isActive}`),
  ],
);

/**
 * The tradelines of a report, one row each in the bureau's order, with the reviewer's marks (`excluded` from the
 * debt ratios, `paid_off` by this loan). The columns the ratios, cross-sell and the queues read are typed; the rest
 * of the bureau-neutral tradeline is in `detail` (contracts `CreditTradeline` minus these columns).
 */
export const creditReportTradelines = pgTable(
  'credit_report_tradelines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    lenderId: integer('lender_id')
      .notNull()
      .references(() => lenders.id),
    creditReportId: integer('credit_report_id').notNull(),
    position: integer('position').notNull(),
    /** The bureau's id of the tradeline within the report (CreditLiabilityID). */
    tradelineKey: text('tradeline_key').notNull(),
    creditor: text('creditor').notNull(),
    accountNumber: text('account_number').notNull(),
    portfolioType: text('portfolio_type').notNull(),
    tradelineStatus: text('tradeline_status').notNull(),
    loanType: text('loan_type'),
    ecoa: text('ecoa').notNull(),
    isOpen: boolean('is_open').notNull(),
    isDelinquent: boolean('is_delinquent').notNull(),
    isDerogatory: boolean('is_derogatory').notNull(),
    balance: money('balance').notNull(),
    creditLimit: money('credit_limit'),
    highCredit: money('high_credit'),
    monthlyPayment: money('monthly_payment'),
    pastDueAmount: money('past_due_amount').notNull(),
    openedDate: date('opened_date').notNull(),
    termMonths: integer('term_months'),
    remainingTermMonths: integer('remaining_term_months'),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull(),
    excluded: boolean('excluded').notNull().default(false),
    paidOff: boolean('paid_off').notNull().default(false),
  },
  (t) => [
    foreignKey({
      name: 'credit_report_tradelines_report_fk',
      columns: [t.creditReportId, t.lenderId],
      foreignColumns: [creditReports.id, creditReports.lenderId],
    }).onDelete('cascade'),
    unique('credit_report_tradelines_report_key').on(t.creditReportId, t.tradelineKey),
    check('credit_report_tradelines_portfolio_check', oneOf(t.portfolioType, tradelinePortfolioTypes)),
  ],
);

/**
 * Results of the screening services run on an application (spec 3 §7 Decisions): KYC consumer verification,
 * AI (secondary) scoring, risk evaluation and vehicle history. One row per run and applicant (null applicant for
 * an application-wide service such as vehicle history); the newest row per service is the current result.
 */
export const screeningResults = pgTable(
  'screening_results',
  {
    ...applicationChildColumns(),
    applicantId: integer('applicant_id'),
    service: text('service').notNull(),
    provider: text('provider').notNull(),
    /** The headline: pass/review/fail for KYC, a score band, a risk level, 'clean'/'branded'… */
    outcome: text('outcome').notNull(),
    result: jsonb('result').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    createdByUserId: integer('created_by_user_id').references(() => users.id),
  },
  (t) => [
    belongsToApplication('screening_results', t),
    foreignKey({
      name: 'screening_results_applicant_fk',
      columns: [t.applicantId, t.lenderId],
      foreignColumns: [applicants.id, applicants.lenderId],
    }).onDelete('cascade'),
    check('screening_results_service_check', oneOf(t.service, screeningServices)),
    index('screening_results_application_idx').on(t.applicationId, t.service, t.createdAt),
  ],
);

/**
 * A cross-sell setting (spec 2 `crosssell/`): a refinance offer made against open installment tradelines at
 * other creditors (`RefiCrossSell`: the tradeline loan types it matches, a minimum balance, and the terms offered
 * each with its rate) or an internal offer (`InternalCrossSell`: a product with an amount and rate). The new
 * application is of `loan_product_id`.
 */
export const crossSellSettings = pgTable(
  'cross_sell_settings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    lenderId: integer('lender_id')
      .notNull()
      .references(() => lenders.id),
    name: text('name').notNull(),
    crossSellType: text('cross_sell_type').notNull(),
    description: text('description'),
    loanProductId: integer('loan_product_id').notNull(),
    /** Refinance: the bureau loan types matched (e.g. AutoLoan); empty matches every installment tradeline. */
    tradelineLoanTypes: text('tradeline_loan_types')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    minimumBalance: money('minimum_balance').notNull().default('0'),
    /** Annual percent, e.g. 5.490; a term option's rate is this plus its offset. */
    baseRatePercent: numeric('base_rate_percent', { precision: 6, scale: 3 }).notNull(),
    termOptions: jsonb('term_options').$type<CrossSellTermOption[]>().notNull(),
    /** Internal offers: the amount offered (e.g. a card limit). */
    offerAmount: money('offer_amount'),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cross_sell_settings_lender_name_key').on(t.lenderId, sql`lower(${t.name})`),
    unique('cross_sell_settings_id_lender_key').on(t.id, t.lenderId),
    foreignKey({
      name: 'cross_sell_settings_loan_product_fk',
      columns: [t.loanProductId, t.lenderId],
      foreignColumns: [loanProducts.id, loanProducts.lenderId],
    }),
    check('cross_sell_settings_type_check', oneOf(t.crossSellType, crossSellTypes)),
  ],
);
