import { clientSettingsEndpoint } from '@credence/contracts';
import type { App, AppDeps } from '../../platform/app-types.ts';
import { registerEndpoint } from '../../platform/endpoints.ts';

export const registerSettingsRoutes = (app: App, { config }: AppDeps) => {
  registerEndpoint(app, clientSettingsEndpoint, () => ({
    idleSeconds: config.idleSeconds,
    idleTimeoutSeconds: config.idleTimeoutSeconds,
    recentApplicationsThrottleMs: config.recentApplicationsThrottleMs,
  }));
};
