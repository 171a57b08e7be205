import { loanProductEndpoints, paymentFrequencyOptions } from '@credence/contracts';
import type { App, AppDeps } from '../../platform/app-types.ts';
import { registerEndpoint } from '../../platform/endpoints.ts';
import { listLoanProducts } from './loan-products.service.ts';

export const registerLoanProductRoutes = (app: App, { db }: AppDeps) => {
  registerEndpoint(app, loanProductEndpoints.list, ({ auth }) => listLoanProducts(db, auth));
  registerEndpoint(app, loanProductEndpoints.paymentFrequencies, () => paymentFrequencyOptions);
};
