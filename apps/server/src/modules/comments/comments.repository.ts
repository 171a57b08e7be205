import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import {
  commentViews,
  comments,
  notifications,
  userGroupMembers,
  userGroups,
  userLenders,
  users,
} from '../../db/schema/index.ts';
import type { TenantTx } from '../../db/tenancy.ts';

export type CommentRow = typeof comments.$inferSelect;

export const listComments = async (tx: TenantTx, applicationId: number, includeDeleted: boolean) => {
  const rows = await tx
    .select({ comment: comments, authorName: users.name, authorFullName: users.fullName })
    .from(comments)
    .leftJoin(users, eq(users.id, comments.userId))
    .where(and(eq(comments.applicationId, applicationId), includeDeleted ? undefined : eq(comments.isDeleted, false)))
    .orderBy(asc(comments.createdAt), asc(comments.id));
  const ids = rows.map((r) => r.comment.id);
  const views =
    ids.length === 0
      ? []
      : await tx
          .select({
            commentId: commentViews.commentId,
            userId: commentViews.userId,
            name: users.fullName,
            viewedAt: commentViews.viewedAt,
          })
          .from(commentViews)
          .innerJoin(users, eq(users.id, commentViews.userId))
          .where(inArray(commentViews.commentId, ids))
          .orderBy(asc(commentViews.viewedAt));
  return { rows, views };
};

export const findComment = async (tx: TenantTx, applicationId: number, commentId: number) => {
  const [row] = await tx
    .select()
    .from(comments)
    .where(and(eq(comments.applicationId, applicationId), eq(comments.id, commentId)))
    .for('update');
  return row;
};

export const insertComment = async (tx: TenantTx, values: typeof comments.$inferInsert) => {
  const [row] = await tx.insert(comments).values(values).returning({ id: comments.id });
  return row!.id;
};

export const updateComment = (tx: TenantTx, id: number, values: PgUpdateSetSource<typeof comments>) =>
  tx.update(comments).set(values).where(eq(comments.id, id));

/** Marks a comment seen by a user (the first time counts). */
export const markViewed = (tx: TenantTx, lenderId: number, commentId: number, userId: number) =>
  tx.insert(commentViews).values({ lenderId, commentId, userId }).onConflictDoNothing();

/** Users of this lender by e-mail (lower-cased), for mentions. */
export const findLenderUsersByEmail = (tx: TenantTx, emails: readonly string[]) =>
  emails.length === 0
    ? Promise.resolve([])
    : tx
        .select({ id: users.id, email: sql<string>`lower(${users.email})` })
        .from(users)
        .innerJoin(userLenders, eq(userLenders.userId, users.id))
        .where(and(inArray(sql`lower(${users.email})`, [...emails]), eq(users.enabled, true)));

/** User groups of this lender by id, with their members. */
export const findGroupsWithMembers = async (tx: TenantTx, ids: readonly number[]) => {
  if (ids.length === 0) return { groups: [], members: [] };
  const groups = await tx
    .select({ id: userGroups.id })
    .from(userGroups)
    .where(inArray(userGroups.id, [...ids]));
  const members = await tx
    .select({ groupId: userGroupMembers.userGroupId, userId: userGroupMembers.userId })
    .from(userGroupMembers)
    .where(inArray(userGroupMembers.userGroupId, [...ids]));
  return { groups, members };
};

export const insertNotifications = async (tx: TenantTx, rows: (typeof notifications.$inferInsert)[]) => {
  if (rows.length > 0) await tx.insert(notifications).values(rows);
};
