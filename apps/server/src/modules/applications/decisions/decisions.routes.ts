import { decisionEndpoints as e, decisionTexts, loanAdditionsEndpoints } from '@credence/contracts';
import type { App, AppDeps } from '../../../platform/app-types.ts';
import { registerEndpoint } from '../../../platform/endpoints.ts';
import { AppError } from '../../../platform/errors.ts';
import { applicationContext } from '../application-context.ts';
import { registerDecisionPdfRoute } from './decision-pdf.ts';
import * as service from './decisions.service.ts';

/**
 * The decision worksheet's calls (spec 3 §7 "Decisions"): the worksheet, deciding, the decision history and its
 * receipts (and their PDF), the last approval.
 */
export const registerDecisionRoutes = (app: App, appDeps: AppDeps) => {
  const ctx = applicationContext(appDeps);
  registerEndpoint(app, e.worksheet, ({ auth, params }) => service.getWorksheet(ctx, auth, params.id));
  registerEndpoint(app, e.submit, ({ auth, params, body }) =>
    service.submitDecision(ctx, auth, params.applicationId, body),
  );
  registerEndpoint(app, loanAdditionsEndpoints.defaultAdditions, ({ auth, params }) =>
    service.getDefaultAdditions(ctx, auth, params.id),
  );
  registerEndpoint(app, e.history, ({ auth, params }) => service.listDecisionHistory(ctx, auth, params.id));
  registerEndpoint(app, e.receipt, ({ auth, params }) => service.getDecision(ctx, auth, params.id, params.decisionId));
  registerEndpoint(app, e.lastApproval, ({ auth, params }) => service.getLastApproval(ctx, auth, params.id));
  registerEndpoint(app, e.updateLastApproval, ({ auth, params, body }) =>
    service.updateLastApproval(ctx, auth, params.id, body),
  );
  // Spec 3 §5: viewing a decision without an application id.
  registerEndpoint(app, e.withoutApplication, () => {
    throw new AppError(400, 'BAD_REQUEST', decisionTexts.applicationIdNotSupplied);
  });
  registerDecisionPdfRoute(app, ctx);
};
