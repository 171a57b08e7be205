import { encodeFlags, ethnicityFlags, hmdaDeliveryMethods, hmdaGenders, raceFlags } from '@credence/domain';
import { sql } from 'drizzle-orm';
import type { DbExecutor } from '../client.ts';
import { hmdaRecords } from '../schema/index.ts';

/**
 * The government monitoring answers of the people on the demo's home-equity applications (issue 33, HMDA
 * Loan/Application Register): so that the register of the demo year (modules/file-export/hmda) has rows with
 * ethnicity, race and sex, every HEL application's primary applicant, co-applicant and co-signer without an HMDA
 * record gets one of these answers in turn — given on paper, online, by phone, or noted by the officer by visual
 * observation at a face-to-face interview — dated the day the application came in. Runs as the owner in the demo
 * seed's transaction, after the applications.
 */
const answers = [
  {
    deliveryMethod: hmdaDeliveryMethods.FaceToFace,
    gender: hmdaGenders.Male,
    race: encodeFlags(raceFlags, ['White']),
    ethnicity: encodeFlags(ethnicityFlags, ['NotHispanicOrLatino']),
    verificationStatement1: true,
    verificationStatement2: true,
    verificationStatement3: true,
  },
  {
    deliveryMethod: hmdaDeliveryMethods.Internet,
    gender: hmdaGenders.Female,
    race: encodeFlags(raceFlags, ['Asian', 'Vietnamese']),
    ethnicity: encodeFlags(ethnicityFlags, ['NotHispanicOrLatino']),
  },
  {
    deliveryMethod: hmdaDeliveryMethods.Phone,
    gender: hmdaGenders.NotProvided,
    race: encodeFlags(raceFlags, ['NotProvided']),
    ethnicity: encodeFlags(ethnicityFlags, ['NotProvided']),
  },
  {
    deliveryMethod: hmdaDeliveryMethods.Mail,
    gender: hmdaGenders.Male,
    race: encodeFlags(raceFlags, ['White', 'AmericanIndianOrAlaskaNative']),
    raceAmericanIndianOrAlaskaNative: 'Navajo Nation',
    ethnicity: encodeFlags(ethnicityFlags, ['HispanicOrLatino', 'Mexican']),
  },
  {
    deliveryMethod: hmdaDeliveryMethods.Internet,
    gender: hmdaGenders.Female,
    race: encodeFlags(raceFlags, ['BlackOrAfricanAmerican']),
    ethnicity: encodeFlags(ethnicityFlags, ['HispanicOrLatino', 'OtherHispanicOrLatino']),
    ethnicityOtherHispanicOrLatino: 'Dominican',
  },
];

export const seedHmdaDemo = async (tx: DbExecutor) => {
  const people = await tx.execute<{ id: number; lender_id: number; application_id: number; provided: string }>(sql`
    select p.id, p.lender_id, p.application_id, (a.created_at at time zone l.time_zone)::date::text as provided
      from applicants p
      join applications a on a.id = p.application_id
      join lenders l on l.id = a.lender_id
      join loan_products lp on lp.id = a.loan_product_id
     where lp.control_type = 'HEL' and not p.is_business and p.role in ('PRIMARY', 'CO_APPLICANT', 'CO_SIGNER')
       and not exists (select 1 from hmda_records h where h.applicant_id = p.id)
     order by p.application_id, p.sort_order, p.id`);
  if (people.rows.length === 0) return;
  await tx.insert(hmdaRecords).values(
    people.rows.map((p, i) => ({
      lenderId: p.lender_id,
      applicationId: p.application_id,
      applicantId: p.id,
      verificationStatement1: false,
      verificationStatement2: false,
      verificationStatement3: false,
      ...answers[i % answers.length]!,
      dateProvided: p.provided,
    })),
  );
};
