import { z } from 'zod';
import { endpoint } from '../kit/endpoint.ts';
import { textSchema } from '../primitives.ts';
import { confirmFundedSchema, idParamsSchema, MAX_ID } from './common.ts';

/**
 * Custom fields: defined per loan product (type, label, required, options), valued per application. A
 * NUMBER is kept as a decimal string (exact), a MONEY as money with two decimals ("1250.00"), a DATE as YYYY-MM-DD, a BOOLEAN as true or false, a SELECT
 * as one of its options, a TEXT as trimmed text up to its max length.
 */
export const customFieldTypes = ['TEXT', 'NUMBER', 'MONEY', 'DATE', 'BOOLEAN', 'SELECT'] as const;
export type CustomFieldType = (typeof customFieldTypes)[number];
export const customFieldTypeSchema = z.enum(customFieldTypes);
export const DEFAULT_CUSTOM_TEXT_MAX = 500;

export const customFieldValueSchema = z.union([z.string(), z.boolean()]).nullable();
export type CustomFieldValue = z.infer<typeof customFieldValueSchema>;

export const customFieldSchema = z.object({
  id: z.number().int(),
  loanProductId: z.number().int(),
  label: z.string(),
  fieldType: customFieldTypeSchema,
  required: z.boolean(),
  options: z.array(z.string()),
  maxLength: z.number().int().nullable(),
  sortOrder: z.number().int(),
  /** The application's value; null without one (or without an application). */
  value: customFieldValueSchema,
});
export type CustomField = z.infer<typeof customFieldSchema>;

/** Save: the values of the application's product fields; a field left out counts as empty. */
export const customFieldsSaveSchema = z.object({
  values: z
    .array(
      z.object({
        customFieldId: z.number().int().positive().max(MAX_ID),
        value: z.union([textSchema({ multiline: true }), z.number(), z.boolean()]).nullish(),
      }),
    )
    .max(200),
  confirmFunded: confirmFundedSchema,
});
export type CustomFieldsSave = z.input<typeof customFieldsSaveSchema>;

/** GET LoanProduct/{id}/customfields?appId= : the product's fields, with that application's values. */
export const loanProductCustomFieldsQuerySchema = z.object({
  appId: z.coerce.number().int().positive().max(MAX_ID).optional(),
});

export const customFieldEndpoints = {
  get: endpoint({
    method: 'GET',
    path: '/api/applications/:id/customfields',
    access: 'signedIn',
    tag: 'applications',
    summary: "Custom fields of the application's loan product with the application's values",
    params: idParamsSchema,
    response: z.array(customFieldSchema),
  }),
  ofLoanProduct: endpoint({
    method: 'GET',
    path: '/api/LoanProduct/:id/customfields',
    access: 'signedIn',
    tag: 'applications',
    summary: 'Custom fields of a loan product; with ?appId= the values that application has for them',
    params: idParamsSchema,
    query: loanProductCustomFieldsQuerySchema,
    response: z.array(customFieldSchema),
  }),
  save: endpoint({
    method: 'POST',
    path: '/api/applications/:id/customfields',
    access: 'signedIn',
    tag: 'applications',
    summary:
      'Save custom field values {values: [{customFieldId, value}], confirmFunded?}: types and required fields enforced (errors on customFields.{id}); needs the lock',
    params: idParamsSchema,
    body: customFieldsSaveSchema,
    response: z.array(customFieldSchema),
  }),
};
