import { coreEndpoints as e } from '@credence/contracts';
import type { App, AppDeps } from '../../platform/app-types.ts';
import { registerEndpoint } from '../../platform/endpoints.ts';
import { applicationContext } from '../applications/application-context.ts';
import * as service from './cores.service.ts';

/**
 * The lender's core (spec 3 §7 "Loan id, account number, core"; spec 2 "Application debt"). Reads need
 * canFundALoan or canDecisionALoan (the officer deciding and the funder both open the Loan Id dialog and the
 * member's debt); taking an id at the core needs canFundALoan. The PATCH of /potentialLoanId and
 * /potentialShareAccountNumber shares the application's PATCH route (applications/promotions) and calls
 * `service.saveLoanIds`.
 */
export const registerCoreRoutes = (app: App, appDeps: AppDeps) => {
  const ctx = applicationContext(appDeps);
  registerEndpoint(app, e.coreService, ({ auth }) => service.getUserCoreService(ctx, auth));
  registerEndpoint(app, e.potentialLoanId, ({ auth, params }) => service.getLoanIdDialogData(ctx, auth, params.id));
  registerEndpoint(app, e.generateLoanId, ({ auth, params }) => service.generateLoanId(ctx, auth, params.id));
  registerEndpoint(app, e.generateShareAccountNumber, ({ auth, params }) =>
    service.generateShareAccountNumber(ctx, auth, params.id),
  );
  registerEndpoint(app, e.potentialShareAccountNumber, ({ auth, params }) =>
    service.getPotentialShareAccountNumber(ctx, auth, params.id),
  );
  registerEndpoint(app, e.members, ({ auth, params }) => service.lookupMembers(ctx, auth, params.id));
  registerEndpoint(app, e.debt, ({ auth, params, body }) =>
    service.getApplicationDebt(ctx, auth, params.loanProductId, body),
  );
};
