import { policyReferenceEndpoints as e } from '@credence/contracts';
import type { App, AppDeps } from '../../../platform/app-types.ts';
import { registerEndpoint } from '../../../platform/endpoints.ts';
import { applicationContext } from '../application-context.ts';
import * as service from './policy-lookups.service.ts';

/** The decision engine's reads on one application: its loan limit matrix and the metrics workflow. */
export const registerPolicyLookupRoutes = (app: App, appDeps: AppDeps) => {
  const ctx = applicationContext(appDeps);
  registerEndpoint(app, e.loanLimitMatrix, (r) => service.loanLimitMatrix(ctx, r.auth, r.params.id));
  registerEndpoint(app, e.metricsWorkflow, (r) => service.runMetricsWorkflow(ctx, r.auth, r.params.id, r.body));
};
