import { loanProductSchema, paymentFrequencyOptions, paymentFrequencyOptionSchema } from '@credence/contracts';
import { z } from 'zod';
import type { App, AppDeps } from '../../platform/app-types.ts';
import { authOf } from '../../platform/auth.ts';
import { listLoanProducts } from './loan-products.service.ts';

export const registerLoanProductRoutes = (app: App, { db }: AppDeps) => {
  app.get(
    '/api/loanProducts',
    {
      schema: {
        tags: ['applications'],
        summary: "The lender's enabled loan products",
        response: { 200: z.array(loanProductSchema) },
      },
    },
    (request) => listLoanProducts(db, authOf(request)),
  );

  app.get(
    '/api/paymentFrequencies',
    {
      schema: {
        tags: ['applications'],
        summary: 'Payment frequencies, with payments per year',
        response: { 200: z.array(paymentFrequencyOptionSchema) },
      },
    },
    async () => paymentFrequencyOptions,
  );
};
