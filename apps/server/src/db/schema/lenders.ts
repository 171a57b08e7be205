import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { salesDisplayOptions } from '@credence/contracts';
import { oneOf } from './columns.ts';

/** A lender is a tenant: every tenant-owned row carries its lender_id. */
export const lenders = pgTable(
  'lenders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull().unique(),
    /** The IANA time zone the lender's people read dates in (CSV exports, the audit's days). */
    timeZone: text('time_zone').notNull().default('America/New_York'),
    /** Credit (spec 3): a report with alerts needs a review comment before it is saved or marked reviewed. */
    requireCommentOnAlerts: boolean('require_comment_on_alerts').notNull().default(true),
    /** The internal cross-sell feature toggle (spec 3 §6): internal offers join the refinance ones. */
    internalCrossSellEnabled: boolean('internal_cross_sell_enabled').notNull().default(true),
    /**
     * Issue 17: opening an application's worksheet takes its edit lock at once (otherwise the lock is taken when
     * the user starts editing). Administration › Application Locks.
     */
    lockOnOpen: boolean('lock_on_open').notNull().default(false),
    /** Funding (issue 14): the core the lender books loans to (contracts `coreServices`; a sandbox for each). */
    coreService: text('core_service').notNull().default('SymXchange'),
    /** Funding sends the loan to the core; off: 'Loan not sent to core per admin settings'. */
    sendLoansToCore: boolean('send_loans_to_core').notNull().default(true),
    /** Spec 3 §3 lender settings: fund only when the envelopes are finalized (e-signature issue; off until then). */
    fundOnlyFinalizedEnvelopes: boolean('fund_only_finalized_envelopes').notNull().default(false),
    /** Spec 3 §3 lender settings: export the loan summary PDF on funding (the loan.funded event's consumer). */
    exportLoanSummaryOnFunding: boolean('export_loan_summary_on_funding').notNull().default(false),
    /** Spec 3 §6 feature flag: the sales worksheet (offered as the Sales section of the loan summary when on). */
    salesWorksheetEnabled: boolean('sales_worksheet_enabled').notNull().default(false),
    /** Where Sales sits in the loan summary's print dialog: contracts `salesDisplayOptions`. */
    salesDisplayOption: text('sales_display_option').notNull().default('afterDecision'),
    /**
     * Spec 3 §6 feature flag "SMS enabled" (issue 31: the inbound SMS of the sandbox provider, modules/sms): the
     * lender's SMS number (E.164, '+13035550100'), to which the provider posts the messages its applicants send,
     * and the provider account's auth token that signs them, encrypted (platform/crypto.ts, purpose
     * `lender.sms_auth_token`). A number belongs to one lender.
     */
    smsEnabled: boolean('sms_enabled').notNull().default(false),
    smsPhoneNumber: text('sms_phone_number').unique('lenders_sms_phone_number_key'),
    smsAuthToken: text('sms_auth_token'),
    /** Issue 36: who must sign in with a second factor (contracts `mfaRequirements`); a new lender starts 'privileged'. */
    mfaRequirement: text('mfa_requirement').notNull().default('privileged'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('lenders_sales_display_option_check', oneOf(t.salesDisplayOption, salesDisplayOptions)),
    check('lenders_mfa_requirement_check', sql`${t.mfaRequirement} in ('off', 'privileged', 'everyone')`),
    check(
      'lenders_sms_check',
      sql`not ${t.smsEnabled} or (${t.smsPhoneNumber} is not null and ${t.smsAuthToken} is not null)`,
    ),
  ],
);
