import { shareEndpoints } from '@credence/contracts';
import type { App, AppDeps } from '../../../platform/app-types.ts';
import { registerEndpoint } from '../../../platform/endpoints.ts';
import { applicationContext } from '../application-context.ts';
import * as service from './application-shares.service.ts';

export const registerApplicationShareRoutes = (app: App, appDeps: AppDeps) => {
  const ctx = applicationContext(appDeps);
  registerEndpoint(app, shareEndpoints.sharedWithMe, ({ auth }) => service.getSharedWithMe(ctx, auth));
  registerEndpoint(app, shareEndpoints.list, ({ auth, params }) => service.getShares(ctx, auth, params.id));
  registerEndpoint(app, shareEndpoints.targets, ({ auth, params }) => service.getShareTargets(ctx, auth, params.id));
  registerEndpoint(app, shareEndpoints.save, ({ auth, params, body }) =>
    service.saveShares(ctx, auth, params.id, body),
  );
};
