import { z } from 'zod';
import { requiredText } from '../applications/common.ts';
import { endpoint } from '../kit/endpoint.ts';
import { booleanQuery } from '../kit/list.ts';
import { defineResource } from '../kit/resource.ts';

/** The texts of the Disbursal Methods area (spec 2 §8 'Failed to load disbursal methods'; the others are ours). */
export const disbursalMethodTexts = {
  loadFailed: 'Failed to load disbursal methods',
  nameTaken: 'This name is already used by another disbursal method.',
  sortOrder: 'Enter a whole number from 0 to 9999.',
} as const;

export const DISBURSAL_METHOD_NAME_MAX = 100;
export const FUNDING_ADMIN_SORT_MAX = 9999;

/** A sort order typed in a form: a whole number from 0 to 9999 (0 when left out). */
export const sortOrderInputSchema = z.coerce
  .number({ message: disbursalMethodTexts.sortOrder })
  .int(disbursalMethodTexts.sortOrder)
  .min(0, disbursalMethodTexts.sortOrder)
  .max(FUNDING_ADMIN_SORT_MAX, disbursalMethodTexts.sortOrder)
  .default(0);

/** A checkbox that is on unless sent off. */
export const enabledInputSchema = z
  .boolean()
  .optional()
  .transform((v) => v ?? true);

/** A lender disbursal method as an administrator saves it: how the lender pays out (Check, ACH, Dealer Draft…). */
export const disbursalMethodInputSchema = z.object({
  name: requiredText(DISBURSAL_METHOD_NAME_MAX),
  sortOrder: sortOrderInputSchema,
  enabled: enabledInputSchema,
});
export type DisbursalMethodInput = z.input<typeof disbursalMethodInputSchema>;

export const disbursalMethodSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  sortOrder: z.number().int(),
  enabled: z.boolean(),
});
export type DisbursalMethod = z.infer<typeof disbursalMethodSchema>;

/**
 * Administration › Disbursal Methods (/admin/disbursalMethods): the lender's ways of paying out a funded loan
 * (spec 2 §3 "the disbursal methods (lender level)"). The kit's list, get, create, save, enable/disable and
 * isUnique, each write audited. Never deleted: a disbursement names its method, and a funded loan keeps the
 * method it paid by; a method no longer used is disabled.
 */
export const disbursalMethodsResource = defineResource({
  name: 'disbursalMethods',
  title: 'Disbursal Methods',
  singular: 'Disbursal Method',
  path: '/api/disbursalMethods',
  right: 'canManageDisbursements',
  row: disbursalMethodSchema,
  input: disbursalMethodInputSchema,
  verbs: ['list', 'get', 'create', 'update', 'enable', 'disable', 'isUnique'],
  unique: { field: 'name', message: disbursalMethodTexts.nameTaken },
  labelField: 'name',
  list: {
    sort: ['sortOrder', 'name', 'enabled'],
    text: ['name'],
    filters: { enabled: booleanQuery },
  },
});

/** One enabled disbursal method, as the disbursement form and the funding worksheet choose it. */
export const lenderDisbursalMethodSchema = z.object({ id: z.number().int(), name: z.string() });
export type LenderDisbursalMethod = z.infer<typeof lenderDisbursalMethodSchema>;

export const disbursalMethodsEndpoints = {
  /**
   * Spec 2 §7 `GET lender/disbursalmethods`: the lender's enabled disbursal methods in sort order — for the
   * disbursement form (canManageDisbursements) and the funding worksheet (canFundALoan).
   */
  lenderDisbursalMethods: endpoint({
    method: 'GET',
    path: '/api/lender/disbursalmethods',
    access: { anyOf: ['canFundALoan', 'canManageDisbursements'] },
    tag: 'disbursalMethods',
    summary: "The lender's enabled disbursal methods, in sort order",
    response: z.array(lenderDisbursalMethodSchema),
  }),
};
