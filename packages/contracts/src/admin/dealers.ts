import { z } from 'zod';
import { defineResource } from '../kit/resource.ts';
import { booleanQuery } from '../kit/list.ts';
import { adminMessages } from '../admin-messages.ts';
import {
  optionalAddressInputSchema,
  optionalAddressSchema,
  optionalEmail,
  optionalPhone,
  optionalText,
  requiredText,
} from '../applications/common.ts';

/** A dealer (spec 3 §3): name, address lines, city, state, zip, phone, fax, main contact. */
export const dealerInputSchema = z.object({
  name: requiredText(100),
  ...optionalAddressInputSchema.shape,
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
  ...optionalAddressSchema.shape,
  phoneNumber: z.string().nullable(),
  faxNumber: z.string().nullable(),
  mainContactEmail: z.string().nullable(),
  mainContactName: z.string().nullable(),
  enabled: z.boolean(),
});
export type Dealer = z.infer<typeof dealerSchema>;

/** Administration › Dealers; every worksheet reads the enabled ones for its dealer picker. */
export const dealersResource = defineResource({
  name: 'dealers',
  title: 'Dealers',
  singular: 'Dealer',
  path: '/api/dealers',
  right: 'canManageDealers',
  readAccess: 'signedIn',
  row: dealerSchema,
  input: dealerInputSchema,
  verbs: ['list', 'get', 'create', 'update', 'enable', 'disable', 'isUnique'],
  unique: { field: 'name', message: adminMessages.dealers.nameTaken },
  labelField: 'name',
  list: {
    sort: ['name', 'city', 'state', 'mainContactName', 'enabled'],
    text: ['name', 'city', 'state', 'mainContactName', 'mainContactEmail'],
    filters: { enabled: booleanQuery },
  },
});
