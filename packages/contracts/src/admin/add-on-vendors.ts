import { z } from 'zod';
import { optionalText, requiredText } from '../applications/common.ts';
import { usStateSchema } from '../applications/enums.ts';
import { booleanQuery } from '../kit/list.ts';
import { defineResource } from '../kit/resource.ts';
import { messages } from '../messages.ts';
import { emptyAsNull, moneySchema, nonNegativeMoneySchema } from '../money.ts';

/**
 * The add-on products a vendor sells (issue 34 item 2), the same kinds the application request and the Add-Ons
 * catalogue carry (`gap`, `creditLife`, `creditDisability`, `warranty` — a service contract — spec 3 §3), and a
 * debt protection (debt cancellation) contract.
 */
export const addOnProducts = ['gap', 'serviceContract', 'creditLife', 'creditDisability', 'debtProtection'] as const;
export const addOnProductSchema = z.enum(addOnProducts, { message: messages.validation.required });
export type AddOnProduct = z.infer<typeof addOnProductSchema>;
export const addOnProductLabels: Record<AddOnProduct, string> = {
  gap: 'GAP',
  serviceContract: 'Service Contract',
  creditLife: 'Credit Life',
  creditDisability: 'Credit Disability',
  debtProtection: 'Debt Protection',
};

/**
 * Which eligibility questions a vendor asks before rating (spec 3 §5, 'Eligibility vendors: Allied and Route66'):
 * Allied asks used commercially, salvaged title and titled to individual; Route66 used commercially and salvaged
 * title; `none` asks nothing.
 */
export const eligibilityVendors = ['none', 'allied', 'route66'] as const;
export const eligibilityVendorSchema = z.enum(eligibilityVendors, { message: messages.validation.required });
export type EligibilityVendor = z.infer<typeof eligibilityVendorSchema>;
export const eligibilityVendorLabels: Record<EligibilityVendor, string> = {
  none: 'None',
  allied: 'Allied',
  route66: 'Route66',
};

export const addOnVendorTexts = {
  saved: 'Saved Successfully',
  nameTaken: 'This name is already used by another add-on vendor.',
  saveFailed: 'Add-On Vendor Save Failed',
  enableFailed: 'Add-On Vendor Enable Failed',
  disableFailed: 'Add-On Vendor Disable Failed',
  productNotSold: "This product is not one of the vendor's products.",
  maxLtvGapOnly: 'A maximum LTV applies to GAP plans only.',
  whole: (max: number) => `Enter a whole number from 0 to ${max}.`,
  percent: 'Enter a percentage from 0 to 100 with up to 4 decimals, e.g. 4.5',
  capNameTaken: 'This name is already used by another price cap.',
  capProducts: 'Choose at least one product.',
} as const;

export const ADD_ON_VENDOR_NAME_MAX = 100;
export const ADD_ON_PLAN_TITLE_MAX = 100;
export const ADD_ON_PLAN_DESCRIPTION_MAX = 500;
export const ADD_ON_PLANS_MAX = 100;
export const ADD_ON_OPTIONS_MAX = 20;
export const ADD_ON_TERM_MAX = 240;
export const ADD_ON_MILES_MAX = 999_999;

/** A percentage (0–100, up to 4 decimals: '4', '4.5', '125' refused) as the database's numeric(7,4). */
export const addOnPercentSchema = z
  .string()
  .trim()
  .regex(/^(0|[1-9]\d{0,2})(\.\d{1,4})?$/, addOnVendorTexts.percent)
  .refine((v) => Number.parseInt(v, 10) <= 100 && !/^100\.\d*[1-9]/.test(v), addOnVendorTexts.percent);

/** A maximum LTV in percent (0–999.9999: GAP plans cover up to 150 % and more). */
export const ltvPercentSchema = z
  .string()
  .trim()
  .regex(/^(0|[1-9]\d{0,2})(\.\d{1,4})?$/, 'Enter a percentage from 0 to 999.9999, e.g. 125');

const wholeNumber = (max: number) =>
  z.coerce
    .number({ message: addOnVendorTexts.whole(max) })
    .int(addOnVendorTexts.whole(max))
    .min(0, addOnVendorTexts.whole(max))
    .max(max, addOnVendorTexts.whole(max));

/** An option of a plan (spec 3 §3 'options (id, description, cost)'): a wear-and-tear package, a deductible… */
export const addOnPlanOptionInputSchema = z.object({
  /** A saved option's id (kept across saves, so a quote's chosen options keep their meaning); none: a new one. */
  id: z.number().int().positive().max(1_000_000).optional(),
  title: requiredText(ADD_ON_PLAN_TITLE_MAX),
  cost: nonNegativeMoneySchema,
});
export const addOnPlanOptionSchema = z.object({ id: z.number().int(), title: z.string(), cost: moneySchema });
export type AddOnPlanOption = z.infer<typeof addOnPlanOptionSchema>;

/**
 * A vendor's plan (spec 3 §3 'Vendor plan: id, title, description, term, miles, cost, options'): its product,
 * term in months and miles (none: unlimited or not a vehicle plan), the dealer's cost and the retail price the
 * member pays (the plan's cost), a GAP plan's maximum LTV (percent; none: no limit), and its options.
 */
export const addOnPlanInputSchema = z.object({
  id: z.number().int().positive().max(2_147_483_647).optional(),
  product: addOnProductSchema,
  title: requiredText(ADD_ON_PLAN_TITLE_MAX),
  description: optionalText(ADD_ON_PLAN_DESCRIPTION_MAX),
  termMonths: wholeNumber(ADD_ON_TERM_MAX),
  miles: z
    .union([z.literal(''), z.null(), wholeNumber(ADD_ON_MILES_MAX)])
    .optional()
    .transform((v) => (v === '' || v === undefined ? null : v)),
  dealerCost: nonNegativeMoneySchema,
  retailPrice: nonNegativeMoneySchema,
  maxLtv: emptyAsNull(ltvPercentSchema),
  options: z.array(addOnPlanOptionInputSchema).max(ADD_ON_OPTIONS_MAX).default([]),
});
export type AddOnPlanInput = z.input<typeof addOnPlanInputSchema>;
export const addOnPlanSchema = z.object({
  id: z.number().int(),
  product: addOnProductSchema,
  title: z.string(),
  description: z.string().nullable(),
  termMonths: z.number().int(),
  miles: z.number().int().nullable(),
  dealerCost: moneySchema,
  retailPrice: moneySchema,
  maxLtv: z.string().nullable(),
  options: z.array(addOnPlanOptionSchema),
});
export type AddOnPlan = z.infer<typeof addOnPlanSchema>;

/** An add-on vendor as an administrator saves it: its products, eligibility questions and plans. */
export const addOnVendorInputSchema = z
  .object({
    name: requiredText(ADD_ON_VENDOR_NAME_MAX),
    eligibility: eligibilityVendorSchema.default('none'),
    products: z.array(addOnProductSchema).max(addOnProducts.length).default([]),
    plans: z.array(addOnPlanInputSchema).max(ADD_ON_PLANS_MAX).default([]),
    enabled: z
      .boolean()
      .optional()
      .transform((v) => v ?? true),
  })
  .superRefine((v, ctx) => {
    v.plans.forEach((plan, i) => {
      if (!v.products.includes(plan.product))
        ctx.addIssue({ code: 'custom', path: ['plans', i, 'product'], message: addOnVendorTexts.productNotSold });
      if (plan.maxLtv !== null && plan.product !== 'gap')
        ctx.addIssue({ code: 'custom', path: ['plans', i, 'maxLtv'], message: addOnVendorTexts.maxLtvGapOnly });
    });
  });
export type AddOnVendorInput = z.input<typeof addOnVendorInputSchema>;

export const addOnVendorSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  eligibility: eligibilityVendorSchema,
  products: z.array(addOnProductSchema),
  plans: z.array(addOnPlanSchema),
  enabled: z.boolean(),
});
export type AddOnVendor = z.infer<typeof addOnVendorSchema>;

/**
 * Administration › Add-On Vendors (/admin/addOnVendors, issue 34 item 2): the vendors whose GAP, service
 * contracts, credit insurance and debt protection the sales worksheet offers, with their plans, terms, miles,
 * options, dealer cost and retail price. Never deleted (a quote keeps its vendor): a vendor no longer sold is
 * disabled. Its right is the Add-Ons area's.
 */
export const addOnVendorsResource = defineResource({
  name: 'addOnVendors',
  title: 'Add-On Vendors',
  singular: 'Add-On Vendor',
  path: '/api/addOnVendors',
  right: 'canManageLoanAdditions',
  row: addOnVendorSchema,
  input: addOnVendorInputSchema,
  verbs: ['list', 'get', 'create', 'update', 'enable', 'disable', 'isUnique'],
  unique: { field: 'name', message: addOnVendorTexts.nameTaken },
  labelField: 'name',
  list: {
    sort: ['name', 'eligibility', 'enabled'],
    text: ['name'],
    filters: { enabled: booleanQuery },
  },
});

/**
 * A state's price cap on add-ons sold with a loan (lender-editable rules, issue 34 item 7), named: the price may be at
 * most `percent` of the amount financed, or `minimumAmount` when that is greater (Colorado: the greater of 4 % or
 * $600; Texas: 5 %, no minimum), for the products named (GAP and debt protection by default).
 */
export const addOnPriceCapInputSchema = z.object({
  name: requiredText(ADD_ON_VENDOR_NAME_MAX),
  state: usStateSchema,
  products: z.array(addOnProductSchema).min(1, addOnVendorTexts.capProducts).max(addOnProducts.length),
  percent: addOnPercentSchema,
  minimumAmount: emptyAsNull(nonNegativeMoneySchema),
  enabled: z
    .boolean()
    .optional()
    .transform((v) => v ?? true),
});
export type AddOnPriceCapInput = z.input<typeof addOnPriceCapInputSchema>;
export const addOnPriceCapSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  state: z.string(),
  products: z.array(addOnProductSchema),
  percent: z.string(),
  minimumAmount: moneySchema.nullable(),
  enabled: z.boolean(),
});
export type AddOnPriceCap = z.infer<typeof addOnPriceCapSchema>;

/** Administration › Add-On Price Caps (/admin/addOnPriceCaps): named rules, each for a state. */
export const addOnPriceCapsResource = defineResource({
  name: 'addOnPriceCaps',
  title: 'Add-On Price Caps',
  singular: 'Add-On Price Cap',
  path: '/api/addOnPriceCaps',
  right: 'canManageLoanAdditions',
  row: addOnPriceCapSchema,
  input: addOnPriceCapInputSchema,
  verbs: ['list', 'get', 'create', 'update', 'delete', 'enable', 'disable', 'isUnique'],
  unique: { field: 'name', message: addOnVendorTexts.capNameTaken },
  labelField: 'name',
  list: {
    sort: ['name', 'state', 'percent', 'enabled'],
    text: ['name', 'state'],
    filters: { enabled: booleanQuery },
  },
});
