import { z } from 'zod';
import { messages } from '../messages.ts';
import { dateSchema, MAX_ID, textSchema } from '../primitives.ts';
import { usStateSchema } from './enums.ts';

/** Text a person typed: trimmed, an empty string stored as null. */
export const optionalText = (max: number) =>
  textSchema()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v === undefined || v === '' ? null : v));
export const requiredText = (max: number) => textSchema().trim().min(1, messages.validation.required).max(max);

/** A calendar date, YYYY-MM-DD, within the documented range (DATE_MIN .. DATE_MAX, see primitives.ts). */
export const isoDateSchema = dateSchema;
export const optionalDate = isoDateSchema.nullish().transform((v) => v ?? null);

export const phoneDigitsSchema = z.string().regex(/^\d{10}$/, messages.validation.invalidPhone);
export const optionalPhone = z
  .union([phoneDigitsSchema, z.literal('')])
  .nullish()
  .transform((v) => (v === undefined || v === '' ? null : v));
export const zipSchema = z.string().regex(/^\d{5}(\d{4})?$/, messages.validation.invalidZip);
export const optionalEmail = z
  .union([z.email().max(254), z.literal('')])
  .nullish()
  .transform((v) => (v === undefined || v === '' ? null : v));
export const optionalState = usStateSchema.nullish().transform((v) => v ?? null);
export const optionalInt = (min: number, max: number) =>
  z
    .number()
    .int()
    .min(min)
    .max(max)
    .nullish()
    .transform((v) => v ?? null);
export const flag = z
  .boolean()
  .optional()
  .transform((v) => v ?? false);

/** A postal address as typed in the forms. */
export const addressInputSchema = z.object({
  addressLine1: requiredText(100),
  addressLine2: optionalText(100),
  city: requiredText(50),
  state: usStateSchema,
  zip: zipSchema,
});
export const addressSchema = z.object({
  addressLine1: z.string(),
  addressLine2: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
});
/** An address whose every part may be empty (dealer purchase, seller, lien mail-to). */
export const optionalAddressInputSchema = z.object({
  addressLine1: optionalText(100),
  addressLine2: optionalText(100),
  city: optionalText(50),
  state: optionalState,
  zip: z
    .union([zipSchema, z.literal('')])
    .nullish()
    .transform((v) => (v === undefined || v === '' ? null : v)),
});
export const optionalAddressSchema = z.object({
  addressLine1: z.string().nullable(),
  addressLine2: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip: z.string().nullable(),
});

/** A person named in a response: who did it. */
export const userRefSchema = z.object({ id: z.number().int(), name: z.string() });
export type UserRef = z.infer<typeof userRefSchema>;

export { MAX_ID };
/**
 * An id in a path: digits only, 1 to MAX_ID (a PostgreSQL integer). '0x2714', ' 10004', '10004.0' and '1e4'
 * are not ids (a loose parse once opened application 10004 for all of them).
 */
export const pathIdSchema = (message: string = messages.validation.invalidId) =>
  z
    .string()
    .regex(/^[1-9][0-9]{0,9}$/, message)
    .transform(Number)
    .pipe(z.number().max(MAX_ID, message));
export const idSchema = pathIdSchema();
export const idParamsSchema = z.object({ id: idSchema });

/** Saving an application that is funded needs this flag (the UI asks spec 3 §4's funded confirmation). */
export const confirmFundedSchema = z.boolean().optional();
