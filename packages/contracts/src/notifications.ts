import { z } from 'zod';
import { dateTimeSchema } from './primitives.ts';

export const notificationSchema = z.object({
  id: z.number().int(),
  type: z.number().int(),
  applicationId: z.number().int().nullable(),
  username: z.string().nullable(),
  subject: z.string(),
  description: z.string(),
  createdUtcTime: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationsQuerySchema = z.object({
  status: z.enum(['unread', 'all']).default('unread'),
  take: z.coerce.number().int().min(1).max(100).default(20),
  toDateTime: dateTimeSchema.optional(),
});
export const notificationsResponseSchema = z.object({
  data: z.array(notificationSchema),
  total: z.number().int(),
});
