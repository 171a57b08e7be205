import { z } from 'zod';

/** Public client settings served by the server, so deployments (and tests) can shorten timers. */
export const clientSettingsSchema = z.object({
  idleSeconds: z.number().int().positive(),
  idleTimeoutSeconds: z.number().int().positive(),
  recentApplicationsThrottleMs: z.number().int().nonnegative(),
});
export type ClientSettings = z.infer<typeof clientSettingsSchema>;
