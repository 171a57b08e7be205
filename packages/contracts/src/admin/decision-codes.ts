import { z } from 'zod';
import { requiredText } from '../applications/common.ts';
import { endpoint } from '../kit/endpoint.ts';
import { booleanQuery, isUniqueSchema } from '../kit/list.ts';
import { defineResource } from '../kit/resource.ts';
import { messages } from '../messages.ts';
import { MAX_ID, textSchema } from '../primitives.ts';

/**
 * The kinds of decision code (spec 3 §7 "codes by type"): what the decision worksheet offers as a decline reason
 * per applicant, an approval condition, a counter-offer reason and a cancel reason.
 */
export const decisionCodeTypes = ['declineReason', 'approvalCondition', 'counterReason', 'cancelReason'] as const;
export const decisionCodeTypeSchema = z.enum(decisionCodeTypes, { message: messages.validation.required });
export type DecisionCodeType = z.infer<typeof decisionCodeTypeSchema>;

export const decisionCodeTypeLabels: Record<DecisionCodeType, string> = {
  declineReason: 'Decline Reasons',
  approvalCondition: 'Approval Conditions',
  counterReason: 'Counter Reasons',
  cancelReason: 'Cancel Reasons',
};

/** The texts of the Decision Codes area (spec 3 §8 has 'Saved Successfully' for codes; the others are ours). */
export const decisionCodeTexts = {
  saved: 'Saved Successfully',
  loadFailed: 'An error occurred retrieving codes from the api.',
  codeTaken: 'This code is already used by another code of this type.',
  saveFailed: 'Decision Code Save Failed',
  enableFailed: 'Decision Code Enable Failed',
  disableFailed: 'Decision Code Disable Failed',
  sortOrder: 'Enter a whole number from 0 to 9999.',
} as const;

export const DECISION_CODE_MAX = 20;
export const DECISION_CODE_DESCRIPTION_MAX = 200;
export const DECISION_CODE_SORT_MAX = 9999;

/**
 * A code as an administrator saves it. The code is unique per lender and type, whatever its case (a second
 * 'BANKRUPTCY' decline reason is a 422 on `code`). For a decline reason the description is the principal reason
 * the Regulation B adverse action notice prints (model form C-1, Part I), so it is written for the applicant.
 */
export const decisionCodeInputSchema = z.object({
  codeType: decisionCodeTypeSchema,
  code: requiredText(DECISION_CODE_MAX),
  description: requiredText(DECISION_CODE_DESCRIPTION_MAX),
  sortOrder: z.coerce
    .number({ message: decisionCodeTexts.sortOrder })
    .int(decisionCodeTexts.sortOrder)
    .min(0, decisionCodeTexts.sortOrder)
    .max(DECISION_CODE_SORT_MAX, decisionCodeTexts.sortOrder)
    .default(0),
  enabled: z
    .boolean()
    .optional()
    .transform((v) => v ?? true),
});
export type DecisionCodeInput = z.input<typeof decisionCodeInputSchema>;

export const decisionCodeSchema = z.object({
  id: z.number().int(),
  codeType: decisionCodeTypeSchema,
  code: z.string(),
  description: z.string(),
  sortOrder: z.number().int(),
  enabled: z.boolean(),
});
export type DecisionCode = z.infer<typeof decisionCodeSchema>;

/**
 * Administration › Decision Codes (/admin/decisionCodes; spec 3 §7 "codes by type … upsert codes", paths not
 * shown, chosen here): the kit's list (filtered by type), get, create, save and enable/disable. Codes are never
 * deleted: a decision receipt keeps the code and text it was decided with, and a code no longer offered is
 * disabled.
 */
export const decisionCodesResource = defineResource({
  name: 'decisionCodes',
  title: 'Decision Codes',
  singular: 'Decision Code',
  path: '/api/decisionCodes',
  right: 'canManageDecisionCodes',
  row: decisionCodeSchema,
  input: decisionCodeInputSchema,
  verbs: ['list', 'get', 'create', 'update', 'enable', 'disable'],
  unique: { field: 'code', message: decisionCodeTexts.codeTaken },
  labelField: 'code',
  list: {
    sort: ['sortOrder', 'code', 'description', 'codeType', 'enabled'],
    text: ['code', 'description'],
    filters: { enabled: booleanQuery, codeType: decisionCodeTypeSchema.optional() },
  },
});

/** The calls beyond the kit's verbs. */
export const decisionCodesEndpoints = {
  /** The decision worksheet's "code type by key": the lender's enabled codes of one type, in sort order. */
  byType: endpoint({
    method: 'GET',
    path: '/api/decisionCodes/byType/:codeType',
    access: { right: 'canDecisionALoan' },
    tag: 'decisionCodes',
    summary: "The lender's enabled codes of one type (decline reasons, approval conditions, …), in sort order",
    params: z.object({ codeType: decisionCodeTypeSchema }),
    response: z.array(decisionCodeSchema),
  }),
  /** Whether a code is free within its type (id: the code being edited). */
  isUnique: endpoint({
    method: 'GET',
    path: '/api/decisionCodes/codeIsUnique',
    access: { right: 'canManageDecisionCodes' },
    tag: 'decisionCodes',
    summary: "Whether a code is free among the lender's codes of its type (any case; id: the code being edited)",
    query: z.object({
      codeType: decisionCodeTypeSchema,
      code: textSchema().max(500),
      id: z.coerce.number().int().positive().max(MAX_ID).optional(),
    }),
    response: isUniqueSchema,
  }),
};
