import { z } from 'zod';
import { endpoint } from './kit/endpoint.ts';

/** Public client settings served by the server, so deployments (and tests) can shorten timers. */
export const clientSettingsSchema = z.object({
  idleSeconds: z.number().int().positive(),
  idleTimeoutSeconds: z.number().int().positive(),
  recentApplicationsThrottleMs: z.number().int().nonnegative(),
});
export type ClientSettings = z.infer<typeof clientSettingsSchema>;

export const clientSettingsEndpoint = endpoint({
  method: 'GET',
  path: '/api/settings',
  access: 'public',
  tag: 'shell',
  summary: 'Client timings (inactivity, throttles)',
  response: clientSettingsSchema,
});
