import { z } from 'zod';
import { requiredText } from '../applications/common.ts';
import { disbursementPayeeTypes, type DisbursementPayeeType } from '../funding/enums.ts';
import { endpoint } from '../kit/endpoint.ts';
import { booleanQuery } from '../kit/list.ts';
import { defineResource } from '../kit/resource.ts';
import { messages } from '../messages.ts';
import { idValueSchema, MAX_ID } from '../primitives.ts';
import { enabledInputSchema, sortOrderInputSchema } from './disbursal-methods.ts';

export const disbursementPayeeTypeLabels: Record<DisbursementPayeeType, string> = {
  dealer: 'Dealer',
  lienholder: 'Lienholder',
  member: 'Member',
  other: 'Other',
};

/** The texts of the Disbursements area: spec 2 §8 (toasts), and ours for the fields. */
export const disbursementTexts = {
  saved: 'Saved Disbursement',
  loadOneFailed: 'Failed to load Disbursement',
  loadFailed: 'Failed to load Disbursements',
  methodsFailed: 'Failed to load disbursal methods',
  productsFailed: 'Failed to load loan products',
  saveFailed: 'Failed to save disbursement',
  nameTaken: 'This name is already used by another disbursement.',
  unknownMethod: 'This disbursal method is not available.',
  unknownProduct: 'This loan product is not available.',
} as const;

export const DISBURSEMENT_NAME_MAX = 100;

/**
 * A disbursement as an administrator saves it (spec 2 §3 "Disbursement: id, name; the disbursal methods and
 * loan products are loaded for it"): who it pays, its default disbursal method (one of the lender's enabled
 * methods), the products it applies to (empty: every product). `id` present: POST disbursements saves that one
 * (spec 2 §7 "POST disbursements (save)").
 */
export const disbursementInputSchema = z.object({
  id: idValueSchema.optional(),
  name: requiredText(DISBURSEMENT_NAME_MAX),
  payeeType: z.enum(disbursementPayeeTypes, { message: messages.validation.required }),
  disbursalMethodId: z
    .number({ message: messages.validation.required })
    .int(messages.validation.invalidId)
    .min(1, messages.validation.invalidId)
    .max(MAX_ID, messages.validation.invalidId),
  loanProductIds: z.array(idValueSchema).max(200).default([]),
  sortOrder: sortOrderInputSchema,
  enabled: enabledInputSchema,
});
export type DisbursementInput = z.input<typeof disbursementInputSchema>;

export const disbursementSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  payeeType: z.enum(disbursementPayeeTypes),
  disbursalMethodId: z.number().int(),
  /** The method's name ('' when it no longer exists). */
  disbursalMethodName: z.string(),
  loanProductIds: z.array(z.number().int()),
  sortOrder: z.number().int(),
  enabled: z.boolean(),
});
export type Disbursement = z.infer<typeof disbursementSchema>;

/**
 * Administration › Disbursements (/admin/disbursements; spec 2 §7: GET disbursements, GET disbursements/{id},
 * POST disbursements (save), GET disbursements/isUnique?name&id): the payouts a funding can make. The kit's
 * verbs (PUT disbursements/{id} saves too), each write audited; never deleted (funded loans name them).
 */
export const disbursementsResource = defineResource({
  name: 'disbursements',
  title: 'Disbursements',
  singular: 'Disbursement',
  path: '/api/disbursements',
  right: 'canManageDisbursements',
  row: disbursementSchema,
  input: disbursementInputSchema,
  verbs: ['list', 'get', 'create', 'update', 'enable', 'disable', 'isUnique'],
  unique: { field: 'name', message: disbursementTexts.nameTaken },
  labelField: 'name',
  list: {
    sort: ['sortOrder', 'name', 'payeeType', 'disbursalMethodName', 'enabled'],
    text: ['name', 'disbursalMethodName'],
    filters: { enabled: booleanQuery },
  },
});

/** A loan product as the administration's product choices list it (disabled ones marked). */
export const adminLoanProductSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  controlType: z.string(),
  enabled: z.boolean(),
});
export type AdminLoanProduct = z.infer<typeof adminLoanProductSchema>;

export const disbursementsEndpoints = {
  /**
   * Spec 2 §7 `GET loanProduct`: the lender's loan products, enabled or not, by name — the product choices of the
   * funding administration (disbursements, core code mappings, funding requirements).
   */
  loanProducts: endpoint({
    method: 'GET',
    path: '/api/loanProduct',
    access: { anyOf: ['canManageDisbursements', 'canManageCoreCodeMappings', 'canManageFundingRequirements'] },
    tag: 'disbursements',
    summary: "The lender's loan products (enabled or not) for the funding administration's choices",
    response: z.array(adminLoanProductSchema),
  }),
};
