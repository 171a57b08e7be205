import { z } from 'zod';
import { optionalText, requiredText } from '../applications/common.ts';
import { collateralTypes, type CollateralType } from '../applications/enums.ts';
import { coreCodeTypes, type CoreCodeType } from '../funding/enums.ts';
import { endpoint } from '../kit/endpoint.ts';
import { defineResource } from '../kit/resource.ts';
import { messages } from '../messages.ts';

export const coreCodeTypeLabels: Record<CoreCodeType, string> = {
  loanProduct: 'Loan Product',
  paymentFrequency: 'Payment Frequency',
  collateralType: 'Collateral Type',
  disbursalMethod: 'Disbursal Method',
  addition: 'Add-On',
  branch: 'Branch',
};

/** 'CAMPING_TRAILER' → 'Camping Trailer' (the collateral types' names as a mapping shows them). */
export const collateralTypeLabel = (type: CollateralType | string): string =>
  type
    .toLowerCase()
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
export const collateralTypeOptions = collateralTypes.map((type) => ({ value: type, label: collateralTypeLabel(type) }));

/** The texts of the Core Code Mappings area: spec 2 §8 'Core Code Mapping Delete Failed'; the others are ours. */
export const coreCodeMappingTexts = {
  deleteFailed: 'Core Code Mapping Delete Failed',
  saveFailed: 'Core Code Mapping Save Failed',
  valueTaken: 'This value already has a core code of this type.',
  unknownValue: 'This value is not available.',
  valuesFailed: 'Failed to load the values to map',
} as const;

export const CORE_CODE_MAX = 40;
export const CORE_CODE_DESCRIPTION_MAX = 200;

/**
 * A core code mapping as an administrator saves it: Credence's value of a kind (a loan product, payment
 * frequency, collateral type, disbursal method, add-on or branch) → the lender core's code. The value is stored
 * as text: a record's id for the kinds that are the lender's records (loan products, disbursal methods, add-ons,
 * branches), the name of a fixed list otherwise. One code per (kind, value).
 */
export const coreCodeMappingInputSchema = z.object({
  codeType: z.enum(coreCodeTypes, { message: messages.validation.required }),
  credenceValue: requiredText(100),
  coreCode: requiredText(CORE_CODE_MAX),
  description: optionalText(CORE_CODE_DESCRIPTION_MAX),
});
export type CoreCodeMappingInput = z.input<typeof coreCodeMappingInputSchema>;

export const coreCodeMappingSchema = z.object({
  id: z.number().int(),
  codeType: z.enum(coreCodeTypes),
  credenceValue: z.string(),
  /** What the value names ('New Auto', 'Bi-Weekly'); the value itself when the record no longer exists. */
  credenceLabel: z.string(),
  coreCode: z.string(),
  description: z.string().nullable(),
});
export type CoreCodeMapping = z.infer<typeof coreCodeMappingSchema>;

/**
 * Administration › Core Code Mappings (admin/corecodemappings; spec 2 §7 "core code mappings (create, read,
 * update, delete)", §8 'Core Code Mapping Delete Failed'): the kit's list, get, create, update and delete on
 * /api/admin/corecodemappings, each write audited. The funding dry run builds the core's payload through them.
 */
export const coreCodeMappingsResource = defineResource({
  name: 'coreCodeMappings',
  title: 'Core Code Mappings',
  singular: 'Core Code Mapping',
  path: '/api/admin/corecodemappings',
  right: 'canManageCoreCodeMappings',
  row: coreCodeMappingSchema,
  input: coreCodeMappingInputSchema,
  verbs: ['list', 'get', 'create', 'update', 'delete'],
  // The unique index is (kind, value): a value taken in its kind is a 422 on the value.
  unique: { field: 'credenceValue', message: coreCodeMappingTexts.valueTaken },
  labelField: 'coreCode',
  list: {
    sort: ['codeType', 'credenceLabel', 'coreCode', 'description'],
    text: ['credenceLabel', 'coreCode', 'description'],
    filters: { codeType: z.enum(coreCodeTypes).optional() },
  },
});

/** One value a mapping of a kind can translate, with what it names. */
export const coreCodeValueSchema = z.object({ value: z.string(), label: z.string() });
export type CoreCodeValue = z.infer<typeof coreCodeValueSchema>;
export const coreCodeValuesSchema = z.array(
  z.object({ codeType: z.enum(coreCodeTypes), values: z.array(coreCodeValueSchema) }),
);
export type CoreCodeValues = z.infer<typeof coreCodeValuesSchema>;

export const coreCodeMappingsEndpoints = {
  /** The values of every kind (the lender's products, methods, add-ons and branches; the fixed lists). */
  values: endpoint({
    method: 'GET',
    path: '/api/admin/corecodemappings/values',
    access: { right: 'canManageCoreCodeMappings' },
    tag: 'coreCodeMappings',
    summary: 'The Credence values a core code mapping of each kind can translate',
    response: coreCodeValuesSchema,
  }),
};
