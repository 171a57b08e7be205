import { crossSellEndpoints } from '@credence/contracts';
import type { App, AppDeps } from '../../../platform/app-types.ts';
import { registerEndpoint } from '../../../platform/endpoints.ts';
import { applicationContext } from '../application-context.ts';
import * as service from './cross-sell.service.ts';

/** Cross-sell (spec 3 §7 "Cross sell"): refinance opportunities, internal offers, new applications from them. */
export const registerCrossSellRoutes = (app: App, appDeps: AppDeps) => {
  const ctx = applicationContext(appDeps);
  registerEndpoint(app, crossSellEndpoints.opportunities, ({ auth, params }) =>
    service.opportunities(ctx, auth, params.id),
  );
  registerEndpoint(app, crossSellEndpoints.internal, ({ auth, params }) =>
    service.internalOffers(ctx, auth, params.applicationId),
  );
  registerEndpoint(app, crossSellEndpoints.createApplications, ({ auth, params, body }) =>
    service.createFromOffers(ctx, auth, params.id, body),
  );
  registerEndpoint(app, crossSellEndpoints.notInterested, ({ auth, params, body }) =>
    service.setNotInterested(ctx, auth, params.applicationId, body.notInterestedCrossSell),
  );
};
