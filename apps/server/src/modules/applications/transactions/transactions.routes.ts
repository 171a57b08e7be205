import { transactionEndpoints } from '@credence/contracts';
import type { App, AppDeps } from '../../../platform/app-types.ts';
import { registerEndpoint } from '../../../platform/endpoints.ts';
import { applicationContext } from '../application-context.ts';
import * as service from './transactions.service.ts';

export const registerTransactionRoutes = (app: App, appDeps: AppDeps) => {
  const ctx = applicationContext(appDeps);
  registerEndpoint(app, transactionEndpoints.get, ({ auth, params }) => service.getTransaction(ctx, auth, params.id));
  registerEndpoint(app, transactionEndpoints.save, ({ auth, params, body }) =>
    service.saveTransaction(ctx, auth, params.id, body),
  );
};
