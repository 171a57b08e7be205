import { invalidTermMessage, isValidTerm, type PaymentFrequency } from '@credence/domain';
import { z } from 'zod';
import { messages } from '../messages.ts';
import { centsOrNull, moneySchema, nonNegativeMoneySchema, positiveMoneySchema } from '../money.ts';
import { idValueSchema, textSchema } from '../primitives.ts';
import { confirmFundedSchema, optionalText } from './common.ts';
import { paymentFrequencySchema, vehicleControlTypes, type ControlType } from './enums.ts';

const nullableMoney = (schema: z.ZodType<string>) => schema.nullish().transform((v) => v ?? null);

export const frontEndFeeTexts = {
  negativeFinanceCharge: 'A finance charge cannot be negative.',
} as const;

/**
 * A variable front-end fee row of the Loan Itemization dialog (spec 1 §5: name max 50, value required; negative
 * allowed — but not for one marked as a finance charge).
 */
export const frontEndFeeInputSchema = z
  .object({
    name: textSchema()
      .trim()
      .min(1, messages.validation.requiredWithPeriod)
      .max(50, messages.validation.feeNameTooLong),
    value: moneySchema,
    /** The lender's own charge for the credit (a loan or documentation fee): a prepaid finance charge (issue 41). */
    financeCharge: z
      .boolean()
      .optional()
      .transform((v) => v ?? false),
  })
  .refine((f) => !f.financeCharge || !f.value.trim().startsWith('-'), {
    path: ['value'],
    message: frontEndFeeTexts.negativeFinanceCharge,
  });

/**
 * The money and terms of an application request (spec 3 §3 "Application request save payload"), shared by
 * the create call and the request save. §5: negotiated price at least 0.01 when given, sales tax (TT&L) and
 * other fees 0 or more, payment frequency required, residual (balloon) amount 0 or more and at most the
 * estimated amount financed. Spec 1 §5: the other itemization amounts may be negative (cash down, rebate, trade
 * in, fee rows, back-end fees — a rebate clawed back, negative equity, a dealer credit; issue 17, item 5).
 *
 * The server recomputes `estAmtFinanced` by control type: the requested amount for a credit card, the loan
 * total of the itemization for automotive, boat and RV; for personal, CD share and home equity loans the
 * `estAmtFinanced` sent is the amount asked for.
 */
const requestFieldsObject = z.object({
  negotiatedPrice: nullableMoney(positiveMoneySchema),
  ttlEstimate: nullableMoney(nonNegativeMoneySchema),
  cashDown: nullableMoney(moneySchema),
  rebate: nullableMoney(moneySchema),
  /** Negative for negative equity. */
  netTradeIn: nullableMoney(moneySchema),
  otherFees: nullableMoney(nonNegativeMoneySchema),
  /** The itemized front-end fees; when sent, `otherFees` becomes their total. */
  otherFrontEndFees: z.array(frontEndFeeInputSchema).max(30).optional(),
  /** A total front-end amount typed over the calculated one; null to calculate it. */
  totalFrontEndAmount: nullableMoney(moneySchema),
  gap: nullableMoney(moneySchema),
  creditDisability: nullableMoney(moneySchema),
  creditLife: nullableMoney(moneySchema),
  warranty: nullableMoney(moneySchema),
  otherBackEndFees: nullableMoney(moneySchema),
  requestedAmount: nullableMoney(nonNegativeMoneySchema),
  estAmtFinanced: nullableMoney(nonNegativeMoneySchema),
  residualAmount: nullableMoney(nonNegativeMoneySchema),
  value: nullableMoney(nonNegativeMoneySchema),
  termMonths: z
    .number()
    .int()
    .min(1)
    .max(600)
    .nullish()
    .transform((v) => v ?? null),
  paymentFrequencyId: paymentFrequencySchema,
  isOpenEnded: z
    .boolean()
    .optional()
    .transform((v) => v ?? false),
  increaseExistingCreditLimit: z
    .boolean()
    .optional()
    .transform((v) => v ?? false),
  potentialLoanId: optionalText(100),
  potentialShareAccountNumber: optionalText(100),
  purpose: optionalText(100),
});

const residualWithinAmountFinanced = (
  r: { residualAmount: string | null; estAmtFinanced: string | null },
  ctx: z.RefinementCtx,
) => {
  if (r.residualAmount === null || r.estAmtFinanced === null) return;
  const residual = centsOrNull(r.residualAmount);
  const financed = centsOrNull(r.estAmtFinanced);
  if (residual !== null && financed !== null && residual > financed) {
    ctx.addIssue({
      code: 'custom',
      path: ['residualAmount'],
      message: messages.validation.residualAboveAmountFinanced,
    });
  }
};

/** A term is a whole number of payments at the frequency (annual: multiples of 12 months, quarterly: 3, …). */
const termFitsFrequency = (
  r: { termMonths: number | null; paymentFrequencyId: PaymentFrequency },
  ctx: z.RefinementCtx,
) => {
  if (r.termMonths !== null && !isValidTerm(r.termMonths, r.paymentFrequencyId))
    ctx.addIssue({ code: 'custom', path: ['termMonths'], message: invalidTermMessage(r.paymentFrequencyId) });
};

export const requestFieldsSchema = requestFieldsObject.superRefine((r, ctx) => {
  residualWithinAmountFinanced(r, ctx);
  termFitsFrequency(r, ctx);
});
export type RequestFields = z.output<typeof requestFieldsSchema>;

/**
 * What a new application's request must say, by the product's control type (issue 17, item 6; spec 3 §5 takes
 * the estimated amount financed from these): a vehicle loan (auto, boat, RV) its sales price and term, a
 * personal, CD share or home equity loan the amount asked for and its term, a credit card the requested
 * limit. The create call checks it once the product is known (422, one error per field at `request.<field>`);
 * the New Application form applies the same rule to mark the fields before sending.
 */
export const missingRequestFields = (
  request: Pick<RequestFields, 'negotiatedPrice' | 'estAmtFinanced' | 'requestedAmount' | 'termMonths'>,
  controlType: ControlType,
): { field: 'negotiatedPrice' | 'estAmtFinanced' | 'requestedAmount' | 'termMonths'; message: string }[] => {
  const missing: ReturnType<typeof missingRequestFields> = [];
  const amount = (field: 'estAmtFinanced' | 'requestedAmount') => {
    const value = request[field];
    if (value === null) missing.push({ field, message: messages.validation.required });
    else if ((centsOrNull(value) ?? 1n) <= 0n) missing.push({ field, message: messages.validation.atLeastOneCent });
  };
  if (vehicleControlTypes.includes(controlType)) {
    if (request.negotiatedPrice === null)
      missing.push({ field: 'negotiatedPrice', message: messages.applications.salesPriceRequired });
  } else if (controlType === 'CREDIT_CARD') {
    amount('requestedAmount');
  } else {
    amount('estAmtFinanced');
  }
  if (controlType !== 'CREDIT_CARD' && request.termMonths === null)
    missing.push({ field: 'termMonths', message: messages.validation.required });
  return missing;
};

export const applicationRequestSaveSchema = requestFieldsObject
  .extend({
    /** The application id; when sent it must match the path. */
    id: idValueSchema.optional(),
    loanProductId: idValueSchema,
    dealerId: idValueSchema.nullish().transform((v) => v ?? null),
    confirmFunded: confirmFundedSchema,
  })
  .superRefine((r, ctx) => {
    residualWithinAmountFinanced(r, ctx);
    termFitsFrequency(r, ctx);
  });
export type ApplicationRequestSave = z.input<typeof applicationRequestSaveSchema>;

const money = moneySchema.nullable();
export const applicationRequestSchema = z.object({
  id: z.number().int(),
  loanProductId: z.number().int(),
  dealerId: z.number().int().nullable(),
  negotiatedPrice: money,
  ttlEstimate: money,
  cashDown: money,
  rebate: money,
  netTradeIn: money,
  otherFees: money,
  otherFrontEndFees: z.array(
    z.object({ id: z.number().int(), name: z.string(), value: moneySchema, financeCharge: z.boolean() }),
  ),
  /** Calculated unless typed over (then `isTotalFrontEndAmountManual`). */
  totalFrontEndAmount: moneySchema,
  isTotalFrontEndAmountManual: z.boolean(),
  totalDownPayment: moneySchema,
  gap: money,
  creditDisability: money,
  creditLife: money,
  warranty: money,
  otherBackEndFees: money,
  totalBackEndFees: moneySchema,
  totalLoanAmount: moneySchema,
  requestedAmount: money,
  estAmtFinanced: money,
  residualAmount: money,
  value: money,
  termMonths: z.number().int().nullable(),
  paymentFrequencyId: paymentFrequencySchema.nullable(),
  isOpenEnded: z.boolean(),
  increaseExistingCreditLimit: z.boolean(),
  potentialLoanId: z.string().nullable(),
  potentialShareAccountNumber: z.string().nullable(),
  purpose: z.string().nullable(),
});
export type ApplicationRequest = z.infer<typeof applicationRequestSchema>;
