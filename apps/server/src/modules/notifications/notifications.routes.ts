import { idValueSchema, notificationsQuerySchema, notificationsResponseSchema } from '@credence/contracts';
import { z } from 'zod';
import type { App, AppDeps } from '../../platform/app-types.ts';
import { withTenant } from '../../db/tenancy.ts';
import { authOf } from '../../platform/auth.ts';
import { listNotifications, markNotificationsRead } from './notifications.repository.ts';

export const registerNotificationRoutes = (app: App, { db }: AppDeps) => {
  app.get(
    '/api/user/notifications',
    {
      config: { right: 'canReceiveNotifications' },
      schema: {
        tags: ['notifications'],
        summary: "The caller's notifications, newest first",
        querystring: notificationsQuerySchema,
        response: { 200: notificationsResponseSchema },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const { status, take, toDateTime } = request.query;
      const { rows, total } = await withTenant(db, auth.lenderId, (tx) =>
        listNotifications(tx, { userId: auth.userId, unreadOnly: status === 'unread', take, toDateTime }),
      );
      return {
        total,
        data: rows.map((n) => ({
          id: n.id,
          type: n.type,
          applicationId: n.applicationId,
          username: n.actorName,
          subject: n.subject,
          description: n.description,
          createdUtcTime: n.createdAt.toISOString(),
        })),
      };
    },
  );

  app.put(
    '/api/user/notifications/markAsRead',
    {
      config: { right: 'canReceiveNotifications' },
      schema: {
        tags: ['notifications'],
        summary: 'Mark notifications read (all of them with markAll=true)',
        querystring: z.object({ markAll: z.enum(['true', 'false']).optional() }),
        body: z.array(idValueSchema).max(500).optional(),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const ids = request.query.markAll === 'true' ? 'all' : (request.body ?? []);
      if (ids === 'all' || ids.length > 0) {
        await withTenant(db, auth.lenderId, (tx) => markNotificationsRead(tx, auth.userId, ids));
      }
      return reply.status(204).send(null);
    },
  );
};
