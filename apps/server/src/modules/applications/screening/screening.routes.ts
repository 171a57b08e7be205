import { screeningEndpoints } from '@credence/contracts';
import type { App, AppDeps } from '../../../platform/app-types.ts';
import { registerEndpoint } from '../../../platform/endpoints.ts';
import { applicationContext } from '../application-context.ts';
import * as service from './screening.service.ts';

/** The screening services of an application (spec 3 §7 Decisions): KYC, AI scoring, risk, vehicle history. */
export const registerScreeningRoutes = (app: App, appDeps: AppDeps) => {
  const ctx = applicationContext(appDeps);
  registerEndpoint(app, screeningEndpoints.results, ({ auth, params }) =>
    service.listResults(ctx, auth, params.applicationId),
  );
  registerEndpoint(app, screeningEndpoints.kyc, ({ auth, body }) =>
    service.verifyIdentity(ctx, auth, body.applicationId),
  );
  registerEndpoint(app, screeningEndpoints.submitAiScoring, ({ auth, params, query }) =>
    service.submitAiScoring(ctx, auth, params.applicationId, query.provider),
  );
  registerEndpoint(app, screeningEndpoints.secondaryScoringResult, ({ auth, params }) =>
    service.secondaryScoringResult(ctx, auth, params.applicationId),
  );
  registerEndpoint(app, screeningEndpoints.riskEvaluation, ({ auth, query }) =>
    service.evaluateApplicationRisk(ctx, auth, query.appId, query.provider),
  );
  registerEndpoint(app, screeningEndpoints.vehicleHistory, ({ auth, params, body }) =>
    service.checkVehicleHistory(ctx, auth, params.applicationId, body.provider),
  );
};
