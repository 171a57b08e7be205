import { z } from 'zod';
import { controlTypeSchema, paymentFrequencySchema } from './enums.ts';

export const loanProductSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  controlType: controlTypeSchema,
  directAllowed: z.boolean(),
  indirectAllowed: z.boolean(),
  requiresVin: z.boolean(),
  gathersInsurance: z.boolean(),
  isBusinessLoan: z.boolean(),
});
export type LoanProduct = z.infer<typeof loanProductSchema>;

export const paymentFrequencyOptionSchema = z.object({
  id: paymentFrequencySchema,
  name: z.string(),
  paymentsPerYear: z.number().int(),
});
