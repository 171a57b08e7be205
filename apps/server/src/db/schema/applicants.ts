import {
  applicantRoles,
  businessEntityTypes,
  companyRoles,
  employmentStatuses,
  govtIdTypes,
  maritalStatuses,
} from '@credence/contracts';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
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
import { applicationChildColumns, belongsToApplication } from './applications.ts';
import { money, oneOf } from './columns.ts';
import { lenders } from './lenders.ts';

/**
 * A person or business on an application. The SSN is never stored in clear: `ssn_encrypted` holds it
 * encrypted (AES-256-GCM), `ssn_hash` a keyed hash (HMAC-SHA256) for equality search, `ssn_last4` what the
 * masked display shows.
 */
export const applicants = pgTable(
  'applicants',
  {
    ...applicationChildColumns(),
    role: text('role').notNull(),
    isBusiness: boolean('is_business').notNull().default(false),
    memberNumber: text('member_number'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    dob: date('dob'),
    maritalStatus: text('marital_status'),
    ssnEncrypted: text('ssn_encrypted'),
    ssnHash: text('ssn_hash'),
    ssnLast4: text('ssn_last4'),
    companyName: text('company_name'),
    companyAccountNumber: text('company_account_number'),
    companyEstablishedDate: date('company_established_date'),
    companyPhoneNumber: text('company_phone_number'),
    companyRole: text('company_role'),
    businessEntityType: text('business_entity_type'),
    /** Hundredths of a percent. */
    ownershipPercentage: integer('ownership_percentage'),
    employerIdentificationNumber: text('employer_identification_number'),
    companyDebt: money('company_debt'),
    companyState: text('company_state'),
    companyGrossIncome: money('company_gross_income'),
    companyGrossIncomeFrequency: text('company_gross_income_frequency'),
    companyNaicsSic: text('company_naics_sic'),
    sortOrder: integer('sort_order').notNull(),
  },
  (t) => [
    belongsToApplication('applicants', t),
    unique('applicants_id_lender_key').on(t.id, t.lenderId),
    index('applicants_application_idx').on(t.applicationId, t.sortOrder),
    index('applicants_ssn_hash_idx').on(t.lenderId, t.ssnHash),
    index('applicants_member_number_idx').on(t.lenderId, t.memberNumber),
    // The lookup by name reads only these indexes (the application id is in them: index-only scans).
    index('applicants_name_idx').on(t.lenderId, sql`lower(${t.lastName})`, sql`lower(${t.firstName})`, t.applicationId),
    index('applicants_first_name_idx').on(t.lenderId, sql`lower(${t.firstName})`, t.applicationId),
    check('applicants_role_check', oneOf(t.role, applicantRoles)),
    check('applicants_marital_status_check', oneOf(t.maritalStatus, maritalStatuses)),
    check('applicants_company_role_check', oneOf(t.companyRole, companyRoles)),
    check('applicants_business_entity_type_check', oneOf(t.businessEntityType, businessEntityTypes)),
    check(
      'applicants_ssn_complete_check',
      sql`(${t.ssnEncrypted} is null) = (${t.ssnHash} is null) and (${t.ssnHash} is null) = (${t.ssnLast4} is null)`,
    ),
  ],
);

/** The columns every child row of an applicant starts with. */
const applicantChildColumns = () => ({
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  lenderId: integer('lender_id')
    .notNull()
    .references(() => lenders.id),
  applicantId: integer('applicant_id').notNull(),
  sortOrder: integer('sort_order').notNull(),
});
const belongsToApplicant = (table: string, t: { applicantId: AnyPgColumn; lenderId: AnyPgColumn }) =>
  foreignKey({
    name: `${table}_applicant_fk`,
    columns: [t.applicantId, t.lenderId],
    foreignColumns: [applicants.id, applicants.lenderId],
  }).onDelete('cascade');

export const applicantAddresses = pgTable(
  'applicant_addresses',
  {
    ...applicantChildColumns(),
    addressLine1: text('address_line1').notNull(),
    addressLine2: text('address_line2'),
    city: text('city').notNull(),
    state: text('state').notNull(),
    zip: text('zip').notNull(),
  },
  (t) => [belongsToApplicant('applicant_addresses', t), index('applicant_addresses_applicant_idx').on(t.applicantId)],
);

export const applicantPhoneNumbers = pgTable(
  'applicant_phone_numbers',
  {
    ...applicantChildColumns(),
    number: text('number').notNull(),
    /** The digits of the number, compared by the application alerts (indexed). */
    numberKey: text('number_key')
      .notNull()
      .generatedAlwaysAs(sql`regexp_replace(number, '\\D', '', 'g')`),
    preferredContact: boolean('preferred_contact').notNull().default(false),
    phoneType: integer('phone_type').notNull().default(1),
  },
  (t) => [
    belongsToApplicant('applicant_phone_numbers', t),
    index('applicant_phone_numbers_applicant_idx').on(t.applicantId),
    index('applicant_phone_numbers_number_idx').on(t.lenderId, t.number),
    index('applicant_phone_numbers_number_key_idx').on(t.lenderId, t.numberKey),
  ],
);

export const applicantEmails = pgTable(
  'applicant_emails',
  {
    ...applicantChildColumns(),
    email: text('email').notNull(),
    /** The e-mail trimmed and lower-cased, compared by the application alerts (indexed). */
    emailKey: text('email_key')
      .notNull()
      .generatedAlwaysAs(sql`lower(btrim(email))`),
    preferredContact: boolean('preferred_contact').notNull().default(false),
  },
  (t) => [
    belongsToApplicant('applicant_emails', t),
    index('applicant_emails_applicant_idx').on(t.applicantId),
    index('applicant_emails_email_idx').on(t.lenderId, sql`lower(${t.email})`),
    index('applicant_emails_email_key_idx').on(t.lenderId, t.emailKey),
  ],
);

export const applicantEmployments = pgTable(
  'applicant_employments',
  {
    ...applicantChildColumns(),
    status: text('status').notNull(),
    employer: text('employer'),
    occupation: text('occupation'),
    yearsEmployed: integer('years_employed'),
    monthsEmployed: integer('months_employed'),
    salary: money('salary'),
    payPeriod: text('pay_period'),
    isCurrent: boolean('is_current').notNull().default(false),
  },
  (t) => [
    belongsToApplicant('applicant_employments', t),
    index('applicant_employments_applicant_idx').on(t.applicantId),
    check('applicant_employments_status_check', oneOf(t.status, employmentStatuses)),
  ],
);

/** Identity documents; the number is encrypted like the SSN. */
export const applicantGovtIds = pgTable(
  'applicant_govt_ids',
  {
    ...applicantChildColumns(),
    govtIdType: text('govt_id_type').notNull(),
    numberEncrypted: text('number_encrypted').notNull(),
    numberLast4: text('number_last4').notNull(),
    state: text('state'),
    country: text('country'),
    expirationDate: date('expiration_date'),
  },
  (t) => [
    belongsToApplicant('applicant_govt_ids', t),
    index('applicant_govt_ids_applicant_idx').on(t.applicantId),
    check('applicant_govt_ids_type_check', oneOf(t.govtIdType, govtIdTypes)),
  ],
);

export const applicantFinances = pgTable(
  'applicant_finances',
  {
    ...applicantChildColumns(),
    description: text('description'),
    type: text('type'),
    amount: money('amount').notNull(),
    isIncome: boolean('is_income').notNull(),
    isSecured: boolean('is_secured').notNull().default(false),
    balance: money('balance'),
  },
  (t) => [belongsToApplicant('applicant_finances', t), index('applicant_finances_applicant_idx').on(t.applicantId)],
);

export const applicantAssets = pgTable(
  'applicant_assets',
  {
    ...applicantChildColumns(),
    description: text('description'),
    type: text('type'),
    amount: money('amount').notNull(),
    loanBalance: money('loan_balance'),
  },
  (t) => [belongsToApplicant('applicant_assets', t), index('applicant_assets_applicant_idx').on(t.applicantId)],
);
