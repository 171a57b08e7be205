import { errorBodySchema, idParamsSchema, transactionSaveSchema, transactionSchema } from '@credence/contracts';
import type { App, AppDeps } from '../../../platform/app-types.ts';
import { authOf } from '../../../platform/auth.ts';
import { applicationContext } from '../application-context.ts';
import * as service from './transactions.service.ts';

export const registerTransactionRoutes = (app: App, appDeps: AppDeps) => {
  const ctx = applicationContext(appDeps);

  app.get(
    '/api/applications/:id/transaction',
    {
      schema: {
        tags: ['applications'],
        summary: 'Transaction type, purpose and their parts (trade-ins, dealer purchase, sellers, lien, refinance)',
        params: idParamsSchema,
        response: { 200: transactionSchema, 404: errorBodySchema },
      },
    },
    (request) => service.getTransaction(ctx, authOf(request), request.params.id),
  );

  app.post(
    '/api/applications/:id/transaction',
    {
      schema: {
        tags: ['applications'],
        summary: 'Save the transaction; needs the lock, and confirmFunded when funded',
        params: idParamsSchema,
        body: transactionSaveSchema,
        response: { 200: transactionSchema, 404: errorBodySchema, 409: errorBodySchema, 422: errorBodySchema },
      },
    },
    (request) => service.saveTransaction(ctx, authOf(request), request.params.id, request.body),
  );
};
