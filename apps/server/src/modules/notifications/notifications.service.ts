import type { ApplicationState, NotificationsPage, notificationsQuerySchema } from '@credence/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { withTenant } from '../../db/tenancy.ts';
import type { AuthContext } from '../../platform/auth.ts';
import { listNotifications, markNotificationsRead } from './notifications.repository.ts';

/** The caller's own notifications in the current lender (row-level security keeps other lenders' out). */
export const listMyNotifications = async (
  db: Db,
  auth: AuthContext,
  { status, take, toDateTime, toId }: z.output<typeof notificationsQuerySchema>,
): Promise<NotificationsPage> => {
  const { rows, total } = await withTenant(db, auth.lenderId, (tx) =>
    listNotifications(tx, { userId: auth.userId, unreadOnly: status === 'unread', take, toDateTime, toId }),
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
      // The column holds the states of the enumeration only (a check constraint); null without an application.
      applicationState: n.applicationState as ApplicationState | null,
    })),
  };
};

/** Marks the caller's listed notifications read, or all of them; ids of others are ignored. */
export const markMyNotificationsRead = async (db: Db, auth: AuthContext, ids: number[] | 'all') => {
  if (ids !== 'all' && ids.length === 0) return;
  await withTenant(db, auth.lenderId, (tx) => markNotificationsRead(tx, auth.userId, ids));
};
