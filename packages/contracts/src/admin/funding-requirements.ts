import { z } from 'zod';
import { requiredText } from '../applications/common.ts';
import { booleanQuery } from '../kit/list.ts';
import { defineResource } from '../kit/resource.ts';
import { idValueSchema } from '../primitives.ts';
import { enabledInputSchema, sortOrderInputSchema } from './disbursal-methods.ts';

/** The texts of the Funding Requirements area (generic kit toasts; these are ours). */
export const fundingRequirementDefinitionTexts = {
  descriptionTaken: 'This requirement already exists.',
  unknownProduct: 'This loan product is not available.',
  unknownGroup: 'This user group is not available.',
  saveFailed: 'Funding Requirement Save Failed',
} as const;

export const FUNDING_REQUIREMENT_DEFINITION_MAX = 200;

/**
 * A product's funding requirement (stipulation) as an administrator saves it: what must be received before
 * funding, whether it is required (a required one keeps the application in the Requirements queue until
 * cleared or waived), the loan products that require it (empty: every product) and the user groups whose members
 * may clear or waive it (empty: anyone with canFundALoan).
 */
export const fundingRequirementDefinitionInputSchema = z.object({
  description: requiredText(FUNDING_REQUIREMENT_DEFINITION_MAX),
  required: z
    .boolean()
    .optional()
    .transform((v) => v ?? true),
  loanProductIds: z.array(idValueSchema).max(200).default([]),
  clearUserGroupIds: z.array(idValueSchema).max(200).default([]),
  sortOrder: sortOrderInputSchema,
  enabled: enabledInputSchema,
});
export type FundingRequirementDefinitionInput = z.input<typeof fundingRequirementDefinitionInputSchema>;

export const fundingRequirementDefinitionSchema = z.object({
  id: z.number().int(),
  description: z.string(),
  required: z.boolean(),
  loanProductIds: z.array(z.number().int()),
  clearUserGroupIds: z.array(z.number().int()),
  sortOrder: z.number().int(),
  enabled: z.boolean(),
});
export type FundingRequirementDefinition = z.infer<typeof fundingRequirementDefinitionSchema>;

/**
 * Administration › Funding Requirements (/admin/fundingRequirements; spec 2 §1 "funding requirements" loaded
 * from the server): the stipulations each product requires before funding. The kit's verbs on
 * /api/admin/fundingRequirements, each write audited; never deleted (applications keep the requirement they were
 * given), disabled instead.
 */
export const fundingRequirementDefinitionsResource = defineResource({
  name: 'fundingRequirements',
  title: 'Funding Requirements',
  singular: 'Funding Requirement',
  path: '/api/admin/fundingRequirements',
  right: 'canManageFundingRequirements',
  row: fundingRequirementDefinitionSchema,
  input: fundingRequirementDefinitionInputSchema,
  verbs: ['list', 'get', 'create', 'update', 'enable', 'disable', 'isUnique'],
  unique: { field: 'description', message: fundingRequirementDefinitionTexts.descriptionTaken },
  labelField: 'description',
  list: {
    sort: ['sortOrder', 'description', 'required', 'enabled'],
    text: ['description'],
    filters: { enabled: booleanQuery, required: booleanQuery },
  },
});
