import { z } from 'zod';
import { optionalEmail, optionalPhone, optionalText, requiredText, zipSchema } from './common.ts';
import { usStateSchema } from './enums.ts';

/** A dealer (spec 3 §3): name, address lines, city, state, zip, phone, fax, main contact. */
export const dealerInputSchema = z.object({
  name: requiredText(100),
  addressLine1: optionalText(100),
  addressLine2: optionalText(100),
  city: optionalText(50),
  state: usStateSchema.nullish().transform((v) => v ?? null),
  zip: z
    .union([zipSchema, z.literal('')])
    .nullish()
    .transform((v) => (v === undefined || v === '' ? null : v)),
  phoneNumber: optionalPhone,
  faxNumber: optionalPhone,
  mainContactEmail: optionalEmail,
  mainContactName: optionalText(100),
  enabled: z
    .boolean()
    .optional()
    .transform((v) => v ?? true),
});
export type DealerInput = z.input<typeof dealerInputSchema>;

export const dealerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  addressLine1: z.string().nullable(),
  addressLine2: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  faxNumber: z.string().nullable(),
  mainContactEmail: z.string().nullable(),
  mainContactName: z.string().nullable(),
  enabled: z.boolean(),
});
export type Dealer = z.infer<typeof dealerSchema>;

export const dealersQuerySchema = z.object({ enabled: z.enum(['true', 'false']).optional() });
