import { z } from 'zod';
import { endpoint } from '../kit/endpoint.ts';
import { emptyAsNull, moneySchema, nonNegativeMoneySchema } from '../money.ts';
import { idValueSchema } from '../primitives.ts';
import {
  confirmFundedSchema,
  flag,
  idParamsSchema,
  optionalAddressInputSchema,
  optionalAddressSchema,
  optionalDate,
  optionalEmail,
  optionalInt,
  optionalPhone,
  optionalText,
} from './common.ts';
import { transactionTypeSchema } from './enums.ts';

const optionalMoney = emptyAsNull(nonNegativeMoneySchema);
const address = optionalAddressInputSchema.nullish().transform((v) => v ?? null);

export const tradeInInputSchema = z.object({
  year: optionalInt(1900, 2100),
  make: optionalText(50),
  model: optionalText(50),
  style: optionalText(100),
  lienHolderName: optionalText(100),
  monthlyPayment: optionalMoney,
});
export const dealerPurchaseInputSchema = z.object({
  dealership: optionalText(100),
  amountToDealer: optionalMoney,
  phoneNumber: optionalPhone,
  fax: optionalPhone,
  email: optionalEmail,
  attention: optionalText(100),
  spokeTo: optionalText(100),
  address,
});
export const sellerInputSchema = z.object({
  sellingPrice: optionalMoney,
  sellerNames: optionalText(200),
  phoneNumber: optionalPhone,
  email: optionalEmail,
  address,
  hasLien: flag,
});
export const lienInputSchema = z.object({
  lienholder: optionalText(100),
  accountNumber: optionalText(50),
  payoffAmount: optionalMoney,
  perDiem: optionalMoney,
  payment: optionalMoney,
  goodThrough: optionalDate,
  mailTo: optionalText(300),
  phoneNumber: optionalPhone,
  attention: optionalText(100),
  spokeTo: optionalText(100),
});
export const internalRefinanceInputSchema = z.object({
  memberNumber: optionalText(50),
  loanNumber: optionalText(50),
  payoffAmount: optionalMoney,
  perDiem: optionalMoney,
  goodThrough: optionalDate,
});

/**
 * The Transaction Type or Purpose dialog. A transaction type applies only to direct automotive, boat and RV
 * loans; what is kept depends on it: BUYER_SELLER the sellers (and the lien when a seller has one), DEALER the
 * dealer and dealer purchase, INTERNAL_REFINANCE the internal refinance, REFINANCE the lien, PRE_APPROVAL
 * nothing more. Parts that do not apply to the chosen type are removed. Trade-ins apply to every type.
 */
export const transactionSaveSchema = z.object({
  transactionType: transactionTypeSchema.nullish().transform((v) => v ?? null),
  purpose: optionalText(100),
  dealerId: idValueSchema.nullish().transform((v) => v ?? null),
  tradeIns: z.array(tradeInInputSchema).max(5).default([]),
  dealerPurchase: dealerPurchaseInputSchema.nullish().transform((v) => v ?? null),
  sellers: z.array(sellerInputSchema).max(5).default([]),
  lien: lienInputSchema.nullish().transform((v) => v ?? null),
  internalRefinance: internalRefinanceInputSchema.nullish().transform((v) => v ?? null),
  confirmFunded: confirmFundedSchema,
});
export type TransactionSave = z.input<typeof transactionSaveSchema>;

const money = moneySchema.nullable();
export const tradeInSchema = z.object({
  id: z.number().int(),
  year: z.number().int().nullable(),
  make: z.string().nullable(),
  model: z.string().nullable(),
  style: z.string().nullable(),
  lienHolderName: z.string().nullable(),
  monthlyPayment: money,
});
export const dealerPurchaseSchema = z.object({
  dealership: z.string().nullable(),
  amountToDealer: money,
  phoneNumber: z.string().nullable(),
  fax: z.string().nullable(),
  email: z.string().nullable(),
  attention: z.string().nullable(),
  spokeTo: z.string().nullable(),
  address: optionalAddressSchema.nullable(),
});
export const sellerSchema = z.object({
  id: z.number().int(),
  sellingPrice: money,
  sellerNames: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  email: z.string().nullable(),
  address: optionalAddressSchema.nullable(),
  hasLien: z.boolean(),
});
export const lienSchema = z.object({
  lienholder: z.string().nullable(),
  accountNumber: z.string().nullable(),
  payoffAmount: money,
  perDiem: money,
  payment: money,
  goodThrough: z.string().nullable(),
  mailTo: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  attention: z.string().nullable(),
  spokeTo: z.string().nullable(),
});
export const internalRefinanceSchema = z.object({
  memberNumber: z.string().nullable(),
  loanNumber: z.string().nullable(),
  payoffAmount: money,
  perDiem: money,
  goodThrough: z.string().nullable(),
});

export const transactionSchema = z.object({
  transactionType: transactionTypeSchema.nullable(),
  purpose: z.string().nullable(),
  dealerId: z.number().int().nullable(),
  tradeIns: z.array(tradeInSchema),
  dealerPurchase: dealerPurchaseSchema.nullable(),
  sellers: z.array(sellerSchema),
  lien: lienSchema.nullable(),
  internalRefinance: internalRefinanceSchema.nullable(),
});
export type Transaction = z.infer<typeof transactionSchema>;

export const transactionEndpoints = {
  get: endpoint({
    method: 'GET',
    path: '/api/applications/:id/transaction',
    access: 'signedIn',
    tag: 'applications',
    summary: 'Transaction type, purpose and their parts (trade-ins, dealer purchase, sellers, lien, refinance)',
    params: idParamsSchema,
    response: transactionSchema,
  }),
  save: endpoint({
    method: 'POST',
    path: '/api/applications/:id/transaction',
    access: 'signedIn',
    tag: 'applications',
    summary: 'Save the transaction; needs the lock, and confirmFunded when funded',
    params: idParamsSchema,
    body: transactionSaveSchema,
    response: transactionSchema,
  }),
};
