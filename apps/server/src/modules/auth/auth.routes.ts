import { authEndpoints } from '@credence/contracts';
import type { App, AppDeps } from '../../platform/app-types.ts';
import { registerEndpoint } from '../../platform/endpoints.ts';
import * as service from './auth.service.ts';

export const registerAuthRoutes = (app: App, deps: AppDeps) => {
  registerEndpoint(app, authEndpoints.login, ({ body, raw }) => service.login(deps, body, raw.ip));
  registerEndpoint(app, authEndpoints.logout, async ({ auth }) => {
    await service.logout(deps, auth);
    return null;
  });
  registerEndpoint(app, authEndpoints.changePassword, ({ auth, body, raw }) =>
    service.changePassword(deps, auth, body, raw.ip),
  );
  registerEndpoint(app, authEndpoints.keepalive, () => null);
};
