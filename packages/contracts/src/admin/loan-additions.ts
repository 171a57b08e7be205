import { z } from 'zod';
import { idParamsSchema, requiredText } from '../applications/common.ts';
import { endpoint } from '../kit/endpoint.ts';
import { booleanQuery } from '../kit/list.ts';
import { defineResource } from '../kit/resource.ts';
import { messages } from '../messages.ts';
import { moneySchema, nonNegativeMoneySchema } from '../money.ts';
import { idValueSchema } from '../primitives.ts';

/**
 * How an add-on is priced (spec 3, loan summary: additions "as a flat amount or as a rate per $1,000"): a flat
 * amount, or a rate per $1,000 of the loan amount (Credit Life at 3.50 per $1,000 of a $20,000 loan: $70.00).
 */
export const loanAdditionFeeTypes = ['flat', 'per1000'] as const;
export const loanAdditionFeeTypeSchema = z.enum(loanAdditionFeeTypes, { message: messages.validation.required });
export type LoanAdditionFeeType = z.infer<typeof loanAdditionFeeTypeSchema>;
export const loanAdditionFeeTypeLabels: Record<LoanAdditionFeeType, string> = {
  flat: 'Flat amount',
  per1000: 'Rate per $1,000',
};

/** The texts of the Add-Ons area ('Saved Successfully' as the other kit areas; the others are ours). */
export const loanAdditionTexts = {
  saved: 'Saved Successfully',
  nameTaken: 'This name is already used by another add-on.',
  saveFailed: 'Add-On Save Failed',
  enableFailed: 'Add-On Enable Failed',
  disableFailed: 'Add-On Disable Failed',
  flatAmountRequired: 'Enter the flat amount.',
  rateRequired: 'Enter the rate per $1,000.',
  rate: 'Enter a rate per $1,000 from 0 to 9999.9999, e.g. 3.50',
  sortOrder: 'Enter a whole number from 0 to 9999.',
  unknownProduct: 'This loan product is not available.',
} as const;

export const LOAN_ADDITION_NAME_MAX = 100;
export const LOAN_ADDITION_SORT_MAX = 9999;

/** A rate per $1,000 of the loan amount: up to four decimals ("3.5", "4.2500"), as numeric(8,4). */
export const ratePer1000Schema = z
  .string()
  .trim()
  .regex(/^(0|[1-9]\d{0,3})(\.\d{1,4})?$/, loanAdditionTexts.rate);

/**
 * An add-on as an administrator saves it. The name is unique per lender in any case. A flat add-on needs its
 * flat amount, a per-$1,000 one its rate; the other price is dropped when saved. `isDefault`: selected on a new
 * decision. `loanProductIds`: the products that offer it (empty: every product). `financeCharge`: a charge the
 * lender imposes as an incident to the credit (Regulation Z §1026.4, e.g. a loan fee rather than an optional
 * product): a prepaid finance charge of the loans it is sold with — it lowers the amount financed and counts in
 * the APR (issue 41).
 */
export const loanAdditionInputSchema = z
  .object({
    name: requiredText(LOAN_ADDITION_NAME_MAX),
    feeType: loanAdditionFeeTypeSchema,
    flatAmount: nonNegativeMoneySchema.nullish().transform((v) => v ?? null),
    // An empty field is no rate (the form sends what was typed).
    ratePer1000: z
      .union([z.literal(''), ratePer1000Schema])
      .nullish()
      .transform((v) => v || null),
    isDefault: z
      .boolean()
      .optional()
      .transform((v) => v ?? false),
    financeCharge: z
      .boolean()
      .optional()
      .transform((v) => v ?? false),
    loanProductIds: z.array(idValueSchema).max(200).default([]),
    sortOrder: z.coerce
      .number({ message: loanAdditionTexts.sortOrder })
      .int(loanAdditionTexts.sortOrder)
      .min(0, loanAdditionTexts.sortOrder)
      .max(LOAN_ADDITION_SORT_MAX, loanAdditionTexts.sortOrder)
      .default(0),
    enabled: z
      .boolean()
      .optional()
      .transform((v) => v ?? true),
  })
  .superRefine((a, ctx) => {
    if (a.feeType === 'flat' && a.flatAmount === null)
      ctx.addIssue({ code: 'custom', path: ['flatAmount'], message: loanAdditionTexts.flatAmountRequired });
    if (a.feeType === 'per1000' && a.ratePer1000 === null)
      ctx.addIssue({ code: 'custom', path: ['ratePer1000'], message: loanAdditionTexts.rateRequired });
  });
export type LoanAdditionInput = z.input<typeof loanAdditionInputSchema>;

export const loanAdditionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  feeType: loanAdditionFeeTypeSchema,
  /** A flat add-on's amount ("595.00"); null for a per-$1,000 one. */
  flatAmount: moneySchema.nullable(),
  /** A per-$1,000 add-on's rate ("3.5000"); null for a flat one. */
  ratePer1000: z.string().nullable(),
  isDefault: z.boolean(),
  financeCharge: z.boolean(),
  loanProductIds: z.array(z.number().int()),
  sortOrder: z.number().int(),
  enabled: z.boolean(),
});
export type LoanAddition = z.infer<typeof loanAdditionSchema>;

/**
 * Administration › Add-Ons (/admin/loanAdditions; spec 1 "Add-on preferences: additions have id and name", spec 3
 * §7 "default additions"): the lender's add-ons catalogue the decision worksheet offers — the kit's list, get,
 * create, save and enable/disable, each write audited. Never deleted: a decision receipt keeps the name, price and
 * amount it was decided with, and an add-on no longer sold is disabled.
 */
export const loanAdditionsResource = defineResource({
  name: 'loanAdditions',
  title: 'Add-Ons',
  singular: 'Add-On',
  path: '/api/loanAdditions',
  right: 'canManageLoanAdditions',
  row: loanAdditionSchema,
  input: loanAdditionInputSchema,
  verbs: ['list', 'get', 'create', 'update', 'enable', 'disable', 'isUnique'],
  unique: { field: 'name', message: loanAdditionTexts.nameTaken },
  labelField: 'name',
  list: {
    sort: ['sortOrder', 'name', 'feeType', 'isDefault', 'financeCharge', 'enabled'],
    text: ['name'],
    filters: { enabled: booleanQuery },
  },
});

/** One add-on as an application's decision offers it. */
export const defaultAdditionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  feeType: loanAdditionFeeTypeSchema,
  flatAmount: moneySchema.nullable(),
  ratePer1000: z.string().nullable(),
  /** Selected on a new decision. */
  isDefault: z.boolean(),
  /** A prepaid finance charge when sold. */
  financeCharge: z.boolean(),
});
export type DefaultAddition = z.infer<typeof defaultAdditionSchema>;

/** The calls beyond the kit's verbs. */
export const loanAdditionsEndpoints = {
  /**
   * Spec 3 §7 "default additions": the enabled add-ons the application's loan product offers, in sort order,
   * the default ones marked (a signed-in user, as the worksheet's other reads; another lender's application: 404).
   */
  defaultAdditions: endpoint({
    method: 'GET',
    path: '/api/applications/:id/defaultAdditions',
    access: 'signedIn',
    tag: 'loanAdditions',
    summary: "The add-ons the application's loan product offers, the default ones marked",
    params: idParamsSchema,
    response: z.array(defaultAdditionSchema),
  }),
};
