import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { applicationChildColumns, belongsToApplication } from './applications.ts';
import { timestamptz } from './columns.ts';
import { lenders } from './lenders.ts';
import { users } from './users.ts';

/**
 * Lender protection ("Lend Pro", issue 35; spec 3 §3 "Lender-protection responses", spec 2 "lender protection
 * credentials").
 *
 * - `lender_protection_credentials`: Administration › Lender Protection — per insurer (provider) the lender's user
 *   name, password (`DataProtector.encrypt(…, 'lender_protection.password')`, never returned), program code, the
 *   products it insures (empty: every vehicle product) and whether it is on.
 * - `lender_protection_responses`: every answer of the insurer to a submission or a re-submission of an
 *   application, with what was asked (`requested`), the answer as the provider gave it (`response`), Credence's
 *   reading of it (`decision_type`), the grid's version and the validity (30 days from the credit report date).
 *   Insert-only for the application's role; the newest row is the application's loan insurance.
 */

export const lenderProtectionCredentials = pgTable(
  'lender_protection_credentials',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    lenderId: integer('lender_id')
      .notNull()
      .references(() => lenders.id),
    provider: text('provider').notNull(),
    userName: text('user_name').notNull(),
    passwordEncrypted: text('password_encrypted').notNull(),
    programCode: text('program_code').notNull(),
    loanProductIds: integer('loan_product_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('lender_protection_credentials_lender_name_key').on(t.lenderId, sql`lower(${t.provider})`),
    check('lender_protection_credentials_provider_check', sql`${t.provider} in ('Lend Pro')`),
  ],
);

export const lenderProtectionResponses = pgTable(
  'lender_protection_responses',
  {
    ...applicationChildColumns(),
    provider: text('provider').notNull(),
    resubmit: boolean('resubmit').notNull().default(false),
    status: text('status').notNull(),
    decisionType: text('decision_type'),
    requested: jsonb('requested').$type<Record<string, unknown>>().notNull(),
    response: jsonb('response').$type<Record<string, unknown>>().notNull(),
    gridVersion: text('grid_version'),
    creditReportDate: date('credit_report_date'),
    validUntil: date('valid_until'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    createdByUserId: integer('created_by_user_id').references(() => users.id),
  },
  (t) => [
    belongsToApplication('lender_protection_responses', t),
    index('lender_protection_responses_application_idx').on(t.applicationId, t.id),
    check(
      'lender_protection_responses_status_check',
      sql`${t.status} in ('Approved', 'Counter', 'Denied', 'Failed', 'Eligible', 'Error')`,
    ),
    check(
      'lender_protection_responses_decision_type_check',
      sql`${t.decisionType} is null or ${t.decisionType} in ('approve', 'counteroffer', 'decline')`,
    ),
  ],
);
