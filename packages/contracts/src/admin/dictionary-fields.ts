import { z } from 'zod';
import { idParamsSchema, requiredText } from '../applications/common.ts';
import { endpoint } from '../kit/endpoint.ts';
import { isUniqueSchema } from '../kit/list.ts';
import { defineResource } from '../kit/resource.ts';
import { MAX_ID, textSchema } from '../primitives.ts';

/** The texts of the Dictionary Fields area: the spec's failure toasts (spec 2 §8); the others are ours. */
export const dictionaryFieldTexts = {
  saveFailed: 'Dictionary Field Save Failed',
  deleteFailed: 'Dictionary Field Delete Failed',
  taken: 'This form vendor, form code and JMESPath are already defined.',
  vendorWithoutForm: 'A vendor is given only with a loan form (loanFormId).',
  invalidPath: (reason: string) => `Not a valid JMESPath: ${reason}`,
} as const;

export const DICTIONARY_VENDOR_MAX = 100;
export const DICTIONARY_CODE_MAX = 100;
export const DICTIONARY_PATH_MAX = 1000;

/**
 * A loan form dictionary field (spec 2 §3: id, formVendor, formCode, jmesPath): the code a loan form vendor gives a
 * field of its forms, and the JMESPath (jmespath.org) that reads its value from the application's document — the
 * graph the loan summary reads (`GetLoanSummary`'s `application`). A path that does not compile is refused on
 * `jmesPath` with the parser's message (the server compiles it).
 */
export const dictionaryFieldInputSchema = z.object({
  formVendor: requiredText(DICTIONARY_VENDOR_MAX),
  formCode: requiredText(DICTIONARY_CODE_MAX),
  jmesPath: requiredText(DICTIONARY_PATH_MAX),
});
export type DictionaryFieldInput = z.input<typeof dictionaryFieldInputSchema>;

export const dictionaryFieldSchema = z.object({
  id: z.number().int(),
  formVendor: z.string(),
  formCode: z.string(),
  jmesPath: z.string(),
});
export type DictionaryField = z.infer<typeof dictionaryFieldSchema>;

/**
 * Administration › Dictionary Fields (/admin/loanFormDictionaryFields; spec 2 §7: GET list, GET {id}, POST create,
 * PUT {id}, DELETE {id}, POST IsUnique). Unique per lender on the three fields (vendor and code in any case).
 */
export const dictionaryFieldsResource = defineResource({
  name: 'loanFormDictionaryFields',
  title: 'Dictionary Fields',
  singular: 'Dictionary Field',
  path: '/api/loanFormDictionaryFields',
  right: 'canManageDictionaryFields',
  row: dictionaryFieldSchema,
  input: dictionaryFieldInputSchema,
  verbs: ['list', 'get', 'create', 'update', 'delete'],
  unique: { field: 'formCode', message: dictionaryFieldTexts.taken },
  labelField: 'formCode',
  list: {
    sort: ['formCode', 'formVendor', 'jmesPath'],
    text: ['formVendor', 'formCode', 'jmesPath'],
    filters: { formVendor: textSchema().trim().max(DICTIONARY_VENDOR_MAX).optional() },
  },
});

/** `POST …/IsUnique` (spec 2 §5): the three fields, and the id of the record being edited. */
export const dictionaryFieldIsUniqueSchema = z.object({
  formVendor: textSchema().trim().max(DICTIONARY_VENDOR_MAX),
  formCode: textSchema().trim().max(DICTIONARY_CODE_MAX),
  jmesPath: textSchema().trim().max(DICTIONARY_PATH_MAX),
  id: z.number().int().min(1).max(MAX_ID).nullish(),
});

/** The query of `GET applications/{id}/dictionary`: a loan form, and its vendor only with it (spec 2 §7). */
export const applicationDictionaryQuerySchema = z.object({
  loanFormId: z.coerce.number().int().min(1).max(MAX_ID).optional(),
  vendor: textSchema().trim().min(1).max(DICTIONARY_VENDOR_MAX).optional(),
});

/** The test panel's call: one path evaluated against one application's document. */
export const dictionaryPathTestSchema = z.object({
  applicationId: z.number().int().min(1).max(MAX_ID),
  jmesPath: requiredText(DICTIONARY_PATH_MAX),
});

/** A value read by a path: any JSON (null when the path finds nothing). */
export const dictionaryValueSchema = z.unknown();

export const dictionaryFieldEndpoints = {
  isUnique: endpoint({
    method: 'POST',
    path: '/api/loanFormDictionaryFields/IsUnique',
    access: { right: 'canManageDictionaryFields' },
    tag: 'loanFormDictionaryFields',
    summary: 'Whether a form vendor, form code and JMESPath are free (id: the record being edited)',
    body: dictionaryFieldIsUniqueSchema,
    response: isUniqueSchema,
  }),
  test: endpoint({
    method: 'POST',
    path: '/api/loanFormDictionaryFields/test',
    access: { right: 'canManageDictionaryFields' },
    tag: 'loanFormDictionaryFields',
    summary: "Evaluates a JMESPath against an application's document (the editor's test panel)",
    body: dictionaryPathTestSchema,
    response: z.object({ value: dictionaryValueSchema }),
  }),
  /**
   * `GET applications/{id}/dictionary` (spec 2 §7): every dictionary field — of `vendor` when a loan form and its
   * vendor are given — evaluated against the application's document, as form code → value. A code defined more
   * than once (several paths) takes the first path, in the order they were defined, that finds a value.
   */
  application: endpoint({
    method: 'GET',
    path: '/api/applications/:id/dictionary',
    access: 'signedIn',
    tag: 'applications',
    summary: "The loan form dictionary evaluated against an application's document: form code → value",
    params: idParamsSchema,
    query: applicationDictionaryQuerySchema,
    response: z.record(z.string(), dictionaryValueSchema),
  }),
};
