import { and, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { TenantTx } from '../../db/tenancy.ts';
import { applications, notifications } from '../../db/schema/index.ts';

type Query = { userId: number; unreadOnly: boolean; take: number; toDateTime?: string; toId?: number };

const matching = ({ userId, unreadOnly }: Pick<Query, 'userId' | 'unreadOnly'>) =>
  and(eq(notifications.userId, userId), unreadOnly ? isNull(notifications.readAt) : undefined);

/**
 * Strictly after the last one shown, in the list's order (newest first, then highest id). With its id the cursor
 * is that row's exact (time, id) — twins written in one transaction share the time, and the time on the wire has
 * milliseconds where the column has microseconds; without it, strictly older than the date.
 */
const olderThan = ({ userId, toDateTime, toId }: Query) => {
  if (!toDateTime) return undefined;
  const date = new Date(toDateTime);
  if (toId === undefined) return lt(notifications.createdAt, date);
  return sql`(${notifications.createdAt}, ${notifications.id}) < (coalesce((select last.created_at from notifications last where last.id = ${toId} and last.user_id = ${userId}), ${date.toISOString()}::timestamptz), ${toId})`;
};

/** A page of the user's notifications, newest first, with the state of each one's application; and the count. */
export const listNotifications = async (tx: TenantTx, query: Query) => {
  // One after another: a transaction's client runs one query at a time (pg deprecates queuing them).
  const rows = await tx
    .select({
      id: notifications.id,
      type: notifications.type,
      applicationId: notifications.applicationId,
      actorName: notifications.actorName,
      subject: notifications.subject,
      description: notifications.description,
      createdAt: notifications.createdAt,
      applicationState: applications.state,
    })
    .from(notifications)
    .leftJoin(applications, eq(applications.id, notifications.applicationId))
    .where(and(matching(query), olderThan(query)))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(query.take);
  const [count] = await tx
    .select({ total: sql<number>`count(*)::int` })
    .from(notifications)
    .where(matching(query));
  return { rows, total: count?.total ?? 0 };
};

/** Marks the user's own unread notifications read (the listed ones, or all); another user's ids match nothing. */
export const markNotificationsRead = (tx: TenantTx, userId: number, ids: number[] | 'all') =>
  tx
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        ids === 'all' ? undefined : inArray(notifications.id, ids),
      ),
    );
