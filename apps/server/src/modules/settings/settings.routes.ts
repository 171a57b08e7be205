import { clientSettingsSchema } from '@credence/contracts';
import type { App, AppDeps } from '../../platform/app-types.ts';

export const registerSettingsRoutes = (app: App, { config }: AppDeps) => {
  app.get(
    '/api/settings',
    {
      config: { public: true },
      schema: {
        tags: ['shell'],
        summary: 'Client timings (inactivity, throttles)',
        response: { 200: clientSettingsSchema },
      },
    },
    async () => ({
      idleSeconds: config.idleSeconds,
      idleTimeoutSeconds: config.idleTimeoutSeconds,
      recentApplicationsThrottleMs: config.recentApplicationsThrottleMs,
    }),
  );
};
