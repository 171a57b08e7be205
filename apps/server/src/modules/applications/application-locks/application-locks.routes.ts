import { applicationLockAdminEndpoints, applicationLockEndpoints } from '@credence/contracts';
import type { App, AppDeps } from '../../../platform/app-types.ts';
import { registerEndpoint } from '../../../platform/endpoints.ts';
import * as service from './application-locks.service.ts';

export const registerApplicationLockRoutes = (app: App, deps: AppDeps) => {
  registerEndpoint(app, applicationLockEndpoints.lock, ({ auth, params }) =>
    service.lockApplication(deps, auth, params.id),
  );
  registerEndpoint(app, applicationLockEndpoints.unlock, async ({ auth, params }) => {
    await service.unlockApplication(deps, auth, params.id);
    return null;
  });
  registerEndpoint(app, applicationLockEndpoints.release, async ({ auth, params }) => {
    await service.releaseOwnLock(deps, auth, params.id);
    return null;
  });
  // Administration › Application Locks: the lender's lock-on-open setting and the locks held now (an
  // administrator releases one with DELETE …/lock above, as anyone may after confirming).
  registerEndpoint(app, applicationLockAdminEndpoints.settings, ({ auth }) => service.getLockSettings(deps.db, auth));
  registerEndpoint(app, applicationLockAdminEndpoints.saveSettings, ({ auth, body }) =>
    service.saveLockSettings(deps.db, auth, body),
  );
  registerEndpoint(app, applicationLockAdminEndpoints.list, ({ auth }) => service.listHeldLocks(deps.db, auth));
};
