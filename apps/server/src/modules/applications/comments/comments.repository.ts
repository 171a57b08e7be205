import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { commentViews, comments, userGroupMembers, userGroups, userLenders, users } from '../../../db/schema/index.ts';
import type { TenantTx } from '../../../db/tenancy.ts';

export type CommentRow = typeof comments.$inferSelect;

/** Who has seen these comments, first view first. */
const viewsOf = (tx: TenantTx, ids: number[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : tx
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

const withAuthor = (tx: TenantTx) =>
  tx
    .select({ comment: comments, authorName: users.name, authorFullName: users.fullName })
    .from(comments)
    .leftJoin(users, eq(users.id, comments.userId));

export type CommentPageQuery = {
  includeDeleted: boolean;
  type: string | undefined;
  limit: number;
  /** Only comments older than this one (its created_at, then id). */
  before: number | undefined;
};

/**
 * A page of an application's comments, newest first (keyset on created_at, id; the comments_application_idx
 * index), one more than `limit` to tell whether more follow, and their views.
 */
export const listCommentsPage = async (tx: TenantTx, applicationId: number, query: CommentPageQuery) => {
  const rows = await withAuthor(tx)
    .where(
      and(
        eq(comments.applicationId, applicationId),
        query.includeDeleted ? undefined : eq(comments.isDeleted, false),
        query.type === undefined ? undefined : eq(comments.type, query.type),
        query.before === undefined
          ? undefined
          : sql`(${comments.createdAt}, ${comments.id}) < (select b.created_at, b.id from comments b
                 where b.id = ${query.before} and b.application_id = ${applicationId})`,
      ),
    )
    .orderBy(desc(comments.createdAt), desc(comments.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  return {
    rows: page,
    hasMore: rows.length > query.limit,
    views: await viewsOf(
      tx,
      page.map((r) => r.comment.id),
    ),
  };
};

/** One comment of an application with its views (deleted ones too): what a write answers, without the others. */
export const findCommentWithViews = async (tx: TenantTx, applicationId: number, commentId: number) => {
  const rows = await withAuthor(tx).where(and(eq(comments.applicationId, applicationId), eq(comments.id, commentId)));
  return { rows, views: await viewsOf(tx, [commentId]) };
};

/**
 * In one pass over the application's comments: how many match the page query (all pages), and per type how
 * many the user has not seen (not deleted, not the user's own, no view by the user).
 */
export const countComments = async (
  tx: TenantTx,
  applicationId: number,
  query: Pick<CommentPageQuery, 'includeDeleted' | 'type'>,
  userId: number,
) => {
  const matches = and(
    query.includeDeleted ? undefined : eq(comments.isDeleted, false),
    query.type === undefined ? undefined : eq(comments.type, query.type),
  );
  const unread = sql`not ${comments.isDeleted} and ${comments.userId} is distinct from ${userId}
    and not exists (select 1 from comment_views v where v.comment_id = ${comments.id} and v.user_id = ${userId})`;
  const [row] = await tx
    .select({
      total:
        matches === undefined ? sql<number>`count(*)::int` : sql<number>`(count(*) filter (where ${matches}))::int`,
      journal: sql<number>`(count(*) filter (where ${comments.type} = 'JOURNAL' and ${unread}))::int`,
      dealer: sql<number>`(count(*) filter (where ${comments.type} = 'DEALER' and ${unread}))::int`,
    })
    .from(comments)
    .where(eq(comments.applicationId, applicationId));
  return { total: row?.total ?? 0, unread: { JOURNAL: row?.journal ?? 0, DEALER: row?.dealer ?? 0 } };
};

export const findComment = async (tx: TenantTx, applicationId: number, commentId: number) => {
  const [row] = await tx
    .select()
    .from(comments)
    .where(and(eq(comments.applicationId, applicationId), eq(comments.id, commentId)))
    .for('update');
  return row;
};

/**
 * Serialises the comment writes of one application until the transaction ends (the per-application limits are
 * checked, then written, under it).
 */
export const lockApplicationComments = (tx: TenantTx, applicationId: number) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext('comments'), ${applicationId}::int)`);

/** An application's comments (deleted ones included) and the characters of those not deleted. */
export const commentTotals = async (tx: TenantTx, applicationId: number) => {
  const [row] = await tx
    .select({
      count: sql<number>`count(*)::int`,
      characters: sql<number>`coalesce(sum(char_length(${comments.message})) filter (where not ${comments.isDeleted}), 0)::int`,
    })
    .from(comments)
    .where(eq(comments.applicationId, applicationId));
  return { count: row?.count ?? 0, characters: row?.characters ?? 0 };
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
