import { z } from 'zod';
import { requiredText } from '../applications/common.ts';
import { customFieldTypes, type CustomFieldType, DEFAULT_CUSTOM_TEXT_MAX } from '../applications/custom-fields.ts';
import { booleanQuery } from '../kit/list.ts';
import { defineResource } from '../kit/resource.ts';
import { messages } from '../messages.ts';
import { idValueSchema, MAX_ID } from '../primitives.ts';
import { enabledInputSchema, sortOrderInputSchema } from './disbursal-methods.ts';

/** The texts of the Custom Fields area: the spec's load failure (spec 2 §8); the others are ours. */
export const customFieldDefinitionTexts = {
  loadFailed: 'Load Custom Fields Failed',
  saveFailed: 'Custom Field Save Failed',
  labelTaken: 'This loan product already has a custom field with this label.',
  typeInUse:
    'This field already has values on applications, so its type cannot change. Disable it and add a new field instead.',
  productInUse: 'This field already has values on applications, so it cannot move to another loan product.',
  optionsRequired: 'A list needs at least one option.',
  optionRepeated: 'Each option once.',
  unknownProduct: 'This loan product is not available.',
  maxLength: `Enter a whole number from 1 to ${DEFAULT_CUSTOM_TEXT_MAX * 8}.`,
} as const;

/** How each type is named to an administrator (text, number, money, date, yes/no, list). */
export const customFieldTypeLabels: Record<CustomFieldType, string> = {
  TEXT: 'Text',
  NUMBER: 'Number',
  MONEY: 'Money',
  DATE: 'Date',
  BOOLEAN: 'Yes/No',
  SELECT: 'List',
};

export const CUSTOM_FIELD_LABEL_MAX = 100;
export const CUSTOM_FIELD_OPTION_MAX = 100;
export const CUSTOM_FIELD_OPTIONS_MAX = 100;
export const CUSTOM_FIELD_TEXT_LIMIT = DEFAULT_CUSTOM_TEXT_MAX * 8;

/**
 * A custom field definition as an administrator saves it: the loan product that asks for it, its label (once per
 * product, any case), its type, whether an application must fill it, its order in the application's Custom Fields
 * dialog and whether it is shown there. A list has its options (each once); a text may have a maximum length
 * (500 when empty). What does not belong to the type is dropped.
 */
export const customFieldDefinitionInputSchema = z
  .object({
    loanProductId: idValueSchema,
    label: requiredText(CUSTOM_FIELD_LABEL_MAX),
    fieldType: z.enum(customFieldTypes, { message: messages.validation.required }),
    required: z
      .boolean()
      .optional()
      .transform((v) => v ?? false),
    options: z.array(requiredText(CUSTOM_FIELD_OPTION_MAX)).max(CUSTOM_FIELD_OPTIONS_MAX).default([]),
    maxLength: z
      .union([
        z.literal(''),
        z.coerce
          .number({ message: customFieldDefinitionTexts.maxLength })
          .int(customFieldDefinitionTexts.maxLength)
          .min(1, customFieldDefinitionTexts.maxLength)
          .max(CUSTOM_FIELD_TEXT_LIMIT, customFieldDefinitionTexts.maxLength),
      ])
      .nullish()
      .transform((v) => (v === '' || v === undefined ? null : v)),
    sortOrder: sortOrderInputSchema,
    enabled: enabledInputSchema,
  })
  .superRefine((value, ctx) => {
    if (value.fieldType !== 'SELECT') return;
    if (value.options.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['options'], message: customFieldDefinitionTexts.optionsRequired });
    }
    const seen = new Set<string>();
    value.options.forEach((option, i) => {
      const key = option.trim().toLowerCase();
      if (seen.has(key)) {
        ctx.addIssue({ code: 'custom', path: ['options', i], message: customFieldDefinitionTexts.optionRepeated });
      }
      seen.add(key);
    });
  })
  .transform((value) => ({
    ...value,
    options: value.fieldType === 'SELECT' ? value.options.map((o) => o.trim()) : [],
    maxLength: value.fieldType === 'TEXT' ? value.maxLength : null,
  }));
export type CustomFieldDefinitionInput = z.input<typeof customFieldDefinitionInputSchema>;

export const customFieldDefinitionSchema = z.object({
  id: z.number().int(),
  loanProductId: z.number().int(),
  loanProductName: z.string(),
  label: z.string(),
  fieldType: z.enum(customFieldTypes),
  required: z.boolean(),
  options: z.array(z.string()),
  maxLength: z.number().int().nullable(),
  sortOrder: z.number().int(),
  enabled: z.boolean(),
  /** Some application has a value for it: its type (and product) can no longer change. */
  inUse: z.boolean(),
});
export type CustomFieldDefinition = z.infer<typeof customFieldDefinitionSchema>;

/**
 * Administration › Custom Fields (/admin/customFields; spec 2 §1 "custom fields", shapes not shown): the fields each
 * loan product asks for, which the application's Custom Fields dialog shows (`GET applications/{id}/customfields`).
 * Never deleted (applications keep their values): disabled instead, which takes it off the dialog.
 */
export const customFieldDefinitionsResource = defineResource({
  name: 'customFields',
  title: 'Custom Fields',
  singular: 'Custom Field',
  path: '/api/admin/customFields',
  right: 'canManageCustomFields',
  row: customFieldDefinitionSchema,
  input: customFieldDefinitionInputSchema,
  verbs: ['list', 'get', 'create', 'update', 'enable', 'disable'],
  unique: { field: 'label', message: customFieldDefinitionTexts.labelTaken },
  labelField: 'label',
  list: {
    sort: ['sortOrder', 'label', 'loanProductName', 'fieldType', 'required', 'enabled'],
    text: ['label', 'loanProductName'],
    filters: {
      enabled: booleanQuery,
      loanProductId: z.coerce.number().int().min(1).max(MAX_ID).optional(),
      fieldType: z.enum(customFieldTypes).optional(),
    },
  },
});
