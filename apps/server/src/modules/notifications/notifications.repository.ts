import { and, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { TenantTx } from '../../db/tenancy.ts';
import { notifications } from '../../db/schema/index.ts';

type Query = { userId: number; unreadOnly: boolean; take: number; toDateTime?: string };

const where = ({ userId, unreadOnly, toDateTime }: Query) =>
  and(
    eq(notifications.userId, userId),
    unreadOnly ? isNull(notifications.readAt) : undefined,
    toDateTime ? lte(notifications.createdAt, new Date(toDateTime)) : undefined,
  );

export const listNotifications = async (tx: TenantTx, query: Query) => {
  // One after another: a transaction's client runs one query at a time (pg deprecates queuing them).
  const rows = await tx
    .select()
    .from(notifications)
    .where(where(query))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(query.take);
  const [count] = await tx
    .select({ total: sql<number>`count(*)::int` })
    .from(notifications)
    .where(where({ ...query, toDateTime: undefined }));
  return { rows, total: count?.total ?? 0 };
};

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
