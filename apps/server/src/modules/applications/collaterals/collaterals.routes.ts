import { collateralEndpoints } from '@credence/contracts';
import type { App, AppDeps } from '../../../platform/app-types.ts';
import { registerEndpoint } from '../../../platform/endpoints.ts';
import { applicationContext } from '../application-context.ts';
import * as service from './collaterals.service.ts';

export const registerCollateralRoutes = (app: App, appDeps: AppDeps) => {
  const ctx = applicationContext(appDeps);
  registerEndpoint(app, collateralEndpoints.get, ({ auth, params }) => service.getCollaterals(ctx, auth, params.id));
  registerEndpoint(app, collateralEndpoints.save, ({ auth, params, body }) =>
    service.saveCollaterals(ctx, auth, params.id, body),
  );
  registerEndpoint(app, collateralEndpoints.summary, ({ auth, params }) =>
    service.getCollateralSummary(ctx, auth, params.id),
  );
};
