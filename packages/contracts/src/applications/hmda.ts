import {
  checkFlagSelection,
  ethnicityFlags,
  freeTextApplies,
  HMDA_TEXT_MAX,
  hmdaDeliveryMethods,
  hmdaFreeTexts,
  hmdaGenders,
  raceFlags,
  type FlagSelectionProblem,
  type FlagTable,
} from '@credence/domain';
import { z } from 'zod';
import { endpoint } from '../kit/endpoint.ts';
import { messages } from '../messages.ts';
import { idValueSchema, textSchema } from '../primitives.ts';
import { confirmFundedSchema, idParamsSchema, optionalDate } from './common.ts';

const problemMessages: Record<FlagSelectionProblem, string> = {
  required: messages.hmda.oneOptionRequired,
  tooMany: messages.hmda.noMoreThanFive,
  notProvidedWithOthers: messages.hmda.notProvidedAlone,
  unknownFlag: messages.hmda.unknownOption,
};

/** A race or ethnicity value: the sum of the ticked flags, 1 to 5 of them, Not Provided alone. */
const flagsValue = <Name extends string>(table: FlagTable<Name>) =>
  z
    .number({ error: messages.hmda.oneOptionRequired })
    .int(messages.hmda.unknownOption)
    .superRefine((value, ctx) => {
      const problem = checkFlagSelection(table, value);
      if (problem) ctx.addIssue({ code: 'custom', message: problemMessages[problem] });
    });

const freeText = textSchema()
  .trim()
  .max(HMDA_TEXT_MAX, messages.hmda.textTooLong)
  .nullish()
  .transform((v) => (v === undefined || v === '' ? null : v));

const required = { error: messages.hmda.required };

/**
 * One applicant's HMDA record as the form sends it (spec 3 §5). Delivery method, gender, race (1 to 5),
 * ethnicity (1 to 5) and the three verification statements (yes or no) are required; a free text is at most
 * 50 characters, required when its option is Other Asian, Other Pacific Islander or Other Hispanic or Latino,
 * and dropped when its option is not ticked. `dateProvided` defaults to today (UTC) on the server.
 */
export const hmdaRecordInputSchema = z
  .object({
    applicantId: idValueSchema,
    deliveryMethod: z.literal(Object.values(hmdaDeliveryMethods), required),
    gender: z.literal(Object.values(hmdaGenders), required),
    race: flagsValue(raceFlags),
    raceAmericanIndianOrAlaskaNative: freeText,
    raceOtherAsian: freeText,
    raceOtherPacificIslander: freeText,
    ethnicity: flagsValue(ethnicityFlags),
    ethnicityOtherHispanicOrLatino: freeText,
    dateProvided: optionalDate,
    verificationStatement1: z.boolean(required),
    verificationStatement2: z.boolean(required),
    verificationStatement3: z.boolean(required),
  })
  .superRefine((record, ctx) => {
    for (const text of hmdaFreeTexts) {
      if (text.required && freeTextApplies(text, record) && record[text.field] === null) {
        ctx.addIssue({ code: 'custom', path: [text.field], message: messages.hmda.required });
      }
    }
  })
  .transform((record) => {
    const kept = { ...record };
    for (const text of hmdaFreeTexts) if (!freeTextApplies(text, record)) kept[text.field] = null;
    return kept;
  });
export type HmdaRecordInput = z.input<typeof hmdaRecordInputSchema>;

/** Save (Save or Update in the form): the records of one or more applicants of the application. */
export const hmdaSaveSchema = z.object({
  records: z.array(hmdaRecordInputSchema).min(1).max(10),
  confirmFunded: confirmFundedSchema,
});
export type HmdaSave = z.input<typeof hmdaSaveSchema>;

export const hmdaRecordSchema = z.object({
  id: z.number().int(),
  applicantId: z.number().int(),
  deliveryMethod: z.number().int(),
  gender: z.number().int(),
  race: z.number().int(),
  raceAmericanIndianOrAlaskaNative: z.string().nullable(),
  raceOtherAsian: z.string().nullable(),
  raceOtherPacificIslander: z.string().nullable(),
  ethnicity: z.number().int(),
  ethnicityOtherHispanicOrLatino: z.string().nullable(),
  dateProvided: z.string(),
  verificationStatement1: z.boolean(),
  verificationStatement2: z.boolean(),
  verificationStatement3: z.boolean(),
  updatedUtcTime: z.string(),
});
export type HmdaRecord = z.infer<typeof hmdaRecordSchema>;

/** One tab of the form: an applicant and its record (null: no data yet, the form offers Save or Add Later). */
export const hmdaApplicantSchema = z.object({
  applicantId: z.number().int(),
  name: z.string(),
  role: z.string(),
  record: hmdaRecordSchema.nullable(),
});
export type HmdaApplicant = z.infer<typeof hmdaApplicantSchema>;

export const hmdaEndpoints = {
  get: endpoint({
    method: 'GET',
    path: '/api/applications/:id/hmda',
    access: 'signedIn',
    tag: 'applications',
    summary: 'HMDA demographic data: one entry per applicant (a tab), with its record or null when none yet',
    params: idParamsSchema,
    response: z.array(hmdaApplicantSchema),
  }),
  save: endpoint({
    method: 'POST',
    path: '/api/applications/:id/hmda',
    access: 'signedIn',
    tag: 'applications',
    summary:
      'Save HMDA records {records: [{applicantId, deliveryMethod, gender, race, ethnicity (sums of flags), free texts, dateProvided, verificationStatement1-3}]}; needs the lock, confirmFunded when funded; answers all applicants',
    params: idParamsSchema,
    body: hmdaSaveSchema,
    response: z.array(hmdaApplicantSchema),
  }),
};
