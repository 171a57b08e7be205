import { z } from 'zod';
import { applicationStates } from './applications/enums.ts';
import { endpoint } from './kit/endpoint.ts';
import { dateTimeSchema, idValueSchema } from './primitives.ts';

/**
 * Notifications (spec 1 §2 'Notifications card', §3, §7, §9): the signed-in user's own, in the current lender.
 * The card shows the first page of unread ones and continues from the last one shown.
 */

/** Spec 1 §9: the first page, then the page when continuing from a date. */
export const NOTIFICATIONS_PAGE_SIZE = 20;
export const NOTIFICATIONS_MORE_PAGE_SIZE = 10;

/** Spec 1 §3 'Notification'. */
export const notificationSchema = z.object({
  id: z.number().int(),
  type: z.number().int(),
  applicationId: z.number().int().nullable(),
  username: z.string().nullable(),
  subject: z.string(),
  description: z.string(),
  createdUtcTime: z.string(),
  /**
   * Not in the spec's entity: the application's state now (null without an application), so that a click opens
   * it by its state (the recent applications' routing) without a second call (spec 1 §7 'applications/states').
   */
  applicationState: z.enum(applicationStates).nullable().optional(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationsQuerySchema = z.object({
  status: z.enum(['unread', 'all']).default('unread'),
  take: z.coerce.number().int().min(1).max(100).default(NOTIFICATIONS_PAGE_SIZE),
  /** Continue from a date: only notifications strictly older than it. */
  toDateTime: dateTimeSchema.optional(),
  /**
   * Not in the spec: with `toDateTime`, the id of the last notification shown. Notifications written in one
   * transaction share their time; with the id the next page continues exactly after that one (by time, then id)
   * instead of skipping its twins.
   */
  toId: z.coerce.number().pipe(idValueSchema).optional(),
});
export type NotificationsQuery = z.input<typeof notificationsQuerySchema>;

export const notificationsResponseSchema = z.object({
  data: z.array(notificationSchema),
  /** How many match the status (all pages, not only those older than `toDateTime`): the bell's count. */
  total: z.number().int(),
});
export type NotificationsPage = z.infer<typeof notificationsResponseSchema>;

export const markNotificationsReadQuerySchema = z.object({ markAll: z.enum(['true', 'false']).optional() });
/** Spec 1 §7: a list of notification ids (another user's ids are ignored); none with markAll=true. */
export const markNotificationsReadBodySchema = z.array(idValueSchema).max(500).nullish();

export const notificationEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/user/notifications',
    access: { right: 'canReceiveNotifications' },
    tag: 'notifications',
    summary:
      "The caller's notifications in the current lender, newest first: unread (default) or all, `take` of them (20 by default), strictly older than `toDateTime` when continuing; `total` counts every match",
    query: notificationsQuerySchema,
    response: notificationsResponseSchema,
  }),
  markAsRead: endpoint({
    method: 'PUT',
    path: '/api/user/notifications/markAsRead',
    access: { right: 'canReceiveNotifications' },
    tag: 'notifications',
    summary:
      "Mark the caller's notifications read: the listed ids (another user's are ignored), or all of them with markAll=true",
    query: markNotificationsReadQuerySchema,
    body: markNotificationsReadBodySchema,
    response: z.null().optional(),
    status: 204,
  }),
};
