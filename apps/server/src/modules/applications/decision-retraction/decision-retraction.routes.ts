import { decisionRetractionEndpoints } from '@credence/contracts';
import type { App, AppDeps } from '../../../platform/app-types.ts';
import { registerEndpoint } from '../../../platform/endpoints.ts';
import { applicationContext } from '../application-context.ts';
import { decideAutomatically } from '../decisions/decisions.service.ts';
import { setAutoDecisionRerun } from './decision-retraction.service.ts';
import * as service from './retraction-checks.service.ts';

/** Decision retraction (spec 3 §4, §7): the worksheet's 'Retract Decision' and the dry-run checks before saves. */
export const registerDecisionRetractionRoutes = (app: App, appDeps: AppDeps) => {
  const ctx = applicationContext(appDeps);
  // A retraction by rule set reruns the auto-decision when the settings say so.
  setAutoDecisionRerun(decideAutomatically);
  registerEndpoint(app, decisionRetractionEndpoints.retract, ({ auth, params, body }) =>
    service.retractFromWorksheet(ctx, auth, params.applicationId, body),
  );
  registerEndpoint(app, decisionRetractionEndpoints.check, ({ auth, params, body }) =>
    service.checkRetractionOf(ctx, auth, params.applicationId, body),
  );
  registerEndpoint(app, decisionRetractionEndpoints.checkCollaterals, ({ auth, params, body }) =>
    service.checkCollateralsRetraction(ctx, auth, params.applicationId, body),
  );
};
