import { hmdaEndpoints } from '@credence/contracts';
import type { App, AppDeps } from '../../../platform/app-types.ts';
import { registerEndpoint } from '../../../platform/endpoints.ts';
import { applicationContext } from '../application-context.ts';
import * as service from './hmda.service.ts';

export const registerHmdaRoutes = (app: App, appDeps: AppDeps) => {
  const ctx = applicationContext(appDeps);
  registerEndpoint(app, hmdaEndpoints.get, ({ auth, params }) => service.getHmda(ctx, auth, params.id));
  registerEndpoint(app, hmdaEndpoints.save, ({ auth, params, body }) => service.saveHmda(ctx, auth, params.id, body));
};
