import { z } from 'zod';
import { optionalText, requiredText } from '../applications/common.ts';
import { crossSellTermOptionSchema, crossSellTypeSchema } from '../credit-api.ts';
import { booleanQuery } from '../kit/list.ts';
import { defineResource } from '../kit/resource.ts';
import { messages } from '../messages.ts';
import { adminMessages } from '../admin-messages.ts';
import { nonNegativeMoneySchema, positiveMoneySchema } from '../money.ts';

/** The bureau loan types (MISMO CreditLoanType) a refinance setting can match on the applicant's tradelines. */
export const crossSellLoanTypes = [
  'AutoLoan',
  'Unsecured',
  'CreditCard',
  'ChargeAccount',
  'SecuredCreditCard',
] as const;
export const crossSellLoanTypeLabels: Record<(typeof crossSellLoanTypes)[number], string> = {
  AutoLoan: 'Auto loan',
  Unsecured: 'Unsecured loan',
  CreditCard: 'Credit card',
  ChargeAccount: 'Charge account',
  SecuredCreditCard: 'Secured credit card',
};

export const crossSellTypeLabels = { RefiCrossSell: 'Refinance', InternalCrossSell: 'Internal offer' } as const;

/** An annual percent with up to three decimals, 0 to 99.999 ('5.490'). */
const ratePercentSchema = z
  .string()
  .trim()
  .regex(/^\d{1,2}(\.\d{1,3})?$/, adminMessages.crossSell.ratePercent);

const termOptionInputSchema = crossSellTermOptionSchema.extend({
  termMonths: z.coerce
    .number({ message: adminMessages.crossSell.termMonths })
    .int(adminMessages.crossSell.termMonths)
    .min(1, adminMessages.crossSell.termMonths)
    .max(480, adminMessages.crossSell.termMonths),
  rateOffsetPercent: z
    .string()
    .trim()
    .regex(/^-?\d{1,2}(\.\d{1,3})?$/, adminMessages.crossSell.rateOffset),
});

/**
 * A cross-sell setting (spec 2 §3: id, name; the other fields are not shown). Chosen here, what the Cross Sell
 * dialog needs to price an offer: a refinance setting matches the applicant's loans elsewhere (bureau loan types,
 * a minimum balance) and offers terms at the base rate plus each term's offset; an internal setting offers an
 * amount (a card limit) at the base rate. Either opens an application of its loan product.
 */
export const crossSellSettingInputSchema = z
  .object({
    name: requiredText(100),
    crossSellType: crossSellTypeSchema,
    description: optionalText(500),
    loanProductId: z.number({ message: messages.validation.required }).int().positive(),
    tradelineLoanTypes: z.array(z.enum(crossSellLoanTypes)).max(crossSellLoanTypes.length).default([]),
    minimumBalance: nonNegativeMoneySchema.default('0.00'),
    baseRatePercent: ratePercentSchema,
    termOptions: z.array(termOptionInputSchema).max(12).default([]),
    offerAmount: positiveMoneySchema.nullish().transform((v) => v ?? null),
    enabled: z
      .boolean()
      .optional()
      .transform((v) => v ?? true),
  })
  .superRefine((s, ctx) => {
    if (s.crossSellType === 'RefiCrossSell' && s.termOptions.length === 0)
      ctx.addIssue({ code: 'custom', path: ['termOptions'], message: adminMessages.crossSell.termsRequired });
    if (s.crossSellType === 'InternalCrossSell' && s.offerAmount === null)
      ctx.addIssue({ code: 'custom', path: ['offerAmount'], message: adminMessages.crossSell.offerAmountRequired });
    const seen = new Set<number>();
    s.termOptions.forEach((o, i) => {
      if (seen.has(o.termMonths))
        ctx.addIssue({
          code: 'custom',
          path: ['termOptions', i, 'termMonths'],
          message: adminMessages.crossSell.termTwice,
        });
      seen.add(o.termMonths);
    });
  });
export type CrossSellSettingInput = z.input<typeof crossSellSettingInputSchema>;

export const crossSellSettingSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  crossSellType: crossSellTypeSchema,
  description: z.string().nullable(),
  loanProductId: z.number().int(),
  loanProductName: z.string(),
  tradelineLoanTypes: z.array(z.string()),
  minimumBalance: z.string(),
  baseRatePercent: z.string(),
  termOptions: z.array(crossSellTermOptionSchema),
  offerAmount: z.string().nullable(),
  enabled: z.boolean(),
});
export type CrossSellSetting = z.infer<typeof crossSellSettingSchema>;

/**
 * Administration › Cross Sell Settings (/admin/crossSells; spec 2 §7: GET crosssell/, GET crosssell/{id},
 * PUT crosssell/{id}/enable|disable, GET crosssell/nameIsUnique?name&id, POST crosssell/edit). A new setting is
 * created by POST crosssell/edit; an existing one is saved by PUT crosssell/{id} (the kit's update).
 */
export const crossSellsResource = defineResource({
  name: 'crossSells',
  title: 'Cross Sell Settings',
  singular: 'Cross Sell Setting',
  path: '/api/crosssell',
  right: 'canManageCrossSells',
  row: crossSellSettingSchema,
  input: crossSellSettingInputSchema,
  verbs: ['list', 'get', 'create', 'update', 'enable', 'disable', 'isUnique'],
  unique: { field: 'name', message: adminMessages.crossSell.nameTaken },
  labelField: 'name',
  list: {
    sort: ['name', 'crossSellType', 'loanProductName', 'baseRatePercent', 'enabled'],
    text: ['name', 'description', 'loanProductName'],
    filters: { enabled: booleanQuery },
  },
  toggleMethod: 'PUT',
  subPaths: { create: 'edit', isUnique: 'nameIsUnique' },
});
