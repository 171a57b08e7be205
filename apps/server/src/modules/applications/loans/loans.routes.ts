import { loanEndpoints as e } from '@credence/contracts';
import type { App, AppDeps } from '../../../platform/app-types.ts';
import { registerEndpoint } from '../../../platform/endpoints.ts';
import { requireStepUp } from '../../auth/mfa-core.service.ts';
import { applicationContext } from '../application-context.ts';
import * as service from './loans.service.ts';

/**
 * The funding worksheet's loan calls (spec 3 §7 "Loans and funding"): the loan, saving the draft, the rescission
 * and funding dates, the proposed disbursements, the dry run, funding (POST honours Idempotency-Key; both verbs
 * fund once) and reversing a funding. Every call needs canFundALoan; funding and reversing also the step-up.
 */
export const registerLoanRoutes = (app: App, appDeps: AppDeps) => {
  const ctx = applicationContext(appDeps);
  registerEndpoint(app, e.worksheet, ({ auth, params }) => service.getLoanWorksheet(ctx, auth, params.id));
  registerEndpoint(app, e.create, ({ auth, params, body }) => service.saveLoan(ctx, auth, params.id, body));
  registerEndpoint(app, e.update, ({ auth, params, body }) => service.saveLoan(ctx, auth, params.id, body));
  registerEndpoint(app, e.rescissionDate, ({ auth, params, body }) =>
    service.getRescissionDate(ctx, auth, params.id, body.contractDate),
  );
  registerEndpoint(app, e.fundingDate, ({ auth, body }) =>
    service.getFundingDate(ctx, auth, body.applicationId, body.rescissionDate),
  );
  registerEndpoint(app, e.disbursements, ({ auth, params, query }) =>
    service.getProposedDisbursements(ctx, auth, params.id, params.loanId, query.fundingDate),
  );
  registerEndpoint(app, e.dryRun, ({ auth, params }) => service.dryRunLoan(ctx, auth, params.id));
  // Issue 36: funding and reversing are step-up actions (a user who has a second factor needs one verified within
  // 5 minutes: 403 MFA_STEP_UP_REQUIRED before anything is written); the audit row names the authentication.
  registerEndpoint(app, e.fund, async ({ auth, params }) =>
    service.fundLoan(ctx, auth, params.id, await requireStepUp(appDeps.db, auth)),
  );
  registerEndpoint(app, e.fundPut, async ({ auth, params }) =>
    service.fundLoan(ctx, auth, params.id, await requireStepUp(appDeps.db, auth)),
  );
  registerEndpoint(app, e.reverse, async ({ auth, params }) =>
    service.reverseLoan(ctx, auth, params.id, await requireStepUp(appDeps.db, auth)),
  );
};
