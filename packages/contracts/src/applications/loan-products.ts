import { z } from 'zod';
import { endpoint } from '../kit/endpoint.ts';
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

export const loanProductEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/loanProducts',
    access: 'signedIn',
    tag: 'applications',
    summary: "The lender's enabled loan products",
    response: z.array(loanProductSchema),
  }),
  paymentFrequencies: endpoint({
    method: 'GET',
    path: '/api/paymentFrequencies',
    access: 'signedIn',
    tag: 'applications',
    summary: 'Payment frequencies, with payments per year',
    response: z.array(paymentFrequencyOptionSchema),
  }),
};
