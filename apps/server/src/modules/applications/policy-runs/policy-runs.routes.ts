import { policyRunEndpoints as e } from '@credence/contracts';
import type { App, AppDeps } from '../../../platform/app-types.ts';
import { registerEndpoint } from '../../../platform/endpoints.ts';
import { applicationContext } from '../application-context.ts';
import * as service from './policy-runs.service.ts';

/** Spec 3 §7: the loan policy check, the auto-approval workflow and its results, suggested values, metrics. */
export const registerPolicyRunRoutes = (app: App, appDeps: AppDeps) => {
  const ctx = applicationContext(appDeps);
  registerEndpoint(app, e.runLoanPolicy, (r) => service.runWorkflow(ctx, r.auth, r.params.id, 'loanPolicy'));
  registerEndpoint(app, e.runAutoApproval, (r) => service.runWorkflow(ctx, r.auth, r.params.id, 'autoApproval'));
  registerEndpoint(app, e.autoApprovalResults, (r) => service.listAutoApprovalResults(ctx, r.auth, r.params.id));
  registerEndpoint(app, e.suggestedValues, (r) => service.suggestValues(ctx, r.auth, r.params.id));
  registerEndpoint(app, e.metricEvaluations, (r) => service.metricEvaluations(ctx, r.auth, r.params.id));
  registerEndpoint(app, e.testRunLoanPolicy, (r) =>
    service.runWorkflow(ctx, r.auth, r.params.applicationId, 'loanPolicy', {
      workflowObjectId: r.params.id,
      draft: true,
    }),
  );
  registerEndpoint(app, e.testRunAutoApproval, (r) =>
    service.runWorkflow(ctx, r.auth, r.params.applicationId, 'autoApproval', {
      workflowObjectId: r.params.id,
      draft: true,
    }),
  );
};
