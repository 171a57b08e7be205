import { hmdaDeliveryMethods, hmdaGenders } from '@credence/domain';
import { sql } from 'drizzle-orm';
import { boolean, check, date, foreignKey, index, integer, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { applicants } from './applicants.ts';
import { applicationChildColumns, belongsToApplication } from './applications.ts';
import { oneOf, timestamptz } from './columns.ts';
import { users } from './users.ts';

/**
 * Government monitoring (HMDA) data, one record per applicant (spec 3 §3). Race and ethnicity are the sums
 * of their flags (`@credence/domain` hmda.ts); a free text is kept only while its option is ticked.
 */
export const hmdaRecords = pgTable(
  'hmda_records',
  {
    ...applicationChildColumns(),
    applicantId: integer('applicant_id').notNull(),
    deliveryMethod: integer('delivery_method').notNull(),
    gender: integer('gender').notNull(),
    race: integer('race').notNull(),
    raceAmericanIndianOrAlaskaNative: text('race_american_indian_or_alaska_native'),
    raceOtherAsian: text('race_other_asian'),
    raceOtherPacificIslander: text('race_other_pacific_islander'),
    ethnicity: integer('ethnicity').notNull(),
    ethnicityOtherHispanicOrLatino: text('ethnicity_other_hispanic_or_latino'),
    dateProvided: date('date_provided').notNull(),
    verificationStatement1: boolean('verification_statement1').notNull(),
    verificationStatement2: boolean('verification_statement2').notNull(),
    verificationStatement3: boolean('verification_statement3').notNull(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    updatedByUserId: integer('updated_by_user_id').references(() => users.id),
  },
  (t) => [
    belongsToApplication('hmda_records', t),
    foreignKey({
      name: 'hmda_records_applicant_fk',
      columns: [t.applicantId, t.lenderId],
      foreignColumns: [applicants.id, applicants.lenderId],
    }).onDelete('cascade'),
    unique('hmda_records_applicant_key').on(t.applicantId),
    index('hmda_records_application_idx').on(t.applicationId),
    check('hmda_records_delivery_method_check', oneOf(t.deliveryMethod, Object.values(hmdaDeliveryMethods))),
    check('hmda_records_gender_check', oneOf(t.gender, Object.values(hmdaGenders))),
    check('hmda_records_race_check', sql`${t.race} between 1 and 262143`),
    check('hmda_records_ethnicity_check', sql`${t.ethnicity} between 1 and 255`),
  ],
);
