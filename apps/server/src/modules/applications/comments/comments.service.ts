import {
  COMMENTS_PAGE_SIZE,
  historyActions,
  MAX_COMMENT_CHARACTERS_PER_APPLICATION,
  MAX_COMMENTS_PER_APPLICATION,
  messages,
  type Comment,
  type CommentPage,
  type CommentType,
} from '@credence/contracts';
import { displayMessage, parseMentions, type Mention } from '@credence/domain';
import { sql } from 'drizzle-orm';
import type { TenantTx } from '../../../db/tenancy.ts';
import type { AuthContext } from '../../../platform/auth.ts';
import { AppError, fieldError, notFound, validationError } from '../../../platform/errors.ts';
import { eventOf, notify, type NotificationTypeName } from '../../notifications/notify.service.ts';
import type { ApplicationContext } from '../application-context.ts';
import * as repo from './comments.repository.ts';

const splitName = (name: string | null, fullName: string | null) => {
  const first = name ?? '';
  const full = fullName ?? first;
  return { firstName: first, lastName: full.startsWith(`${first} `) ? full.slice(first.length + 1) : full };
};

/** A page of an application's comments, newest first, with the total and the caller's unread counts. */
export const listComments = (
  ctx: ApplicationContext,
  auth: AuthContext,
  applicationId: number,
  query: {
    includeDeleted: boolean;
    type?: CommentType | undefined;
    limit?: number | undefined;
    before?: number | undefined;
  },
): Promise<CommentPage> =>
  ctx.open(auth, applicationId, async (tx) => {
    const pageQuery = {
      includeDeleted: query.includeDeleted,
      type: query.type,
      limit: query.limit ?? COMMENTS_PAGE_SIZE,
      before: query.before,
    };
    const { rows, views, hasMore } = await repo.listCommentsPage(tx, applicationId, pageQuery);
    const { total, unread } = await repo.countComments(tx, applicationId, pageQuery, auth.userId);
    return { data: toCommentViews(auth, rows, views), total, hasMore, unread };
  });

type Loaded = Awaited<ReturnType<typeof repo.findCommentWithViews>>;

const toCommentViews = (auth: AuthContext, rows: Loaded['rows'], views: Loaded['views']): Comment[] =>
  rows.map(({ comment: c, authorName, authorFullName }) => {
    const viewedBy = views
      .filter((v) => v.commentId === c.id)
      .map((v) => ({ userId: v.userId, name: v.name, viewedUtcTime: v.viewedAt.toISOString() }));
    return {
      id: c.id,
      type: c.type as CommentType,
      message: c.message,
      displayMessage: displayMessage(c.message),
      mentions: parseMentions(c.message),
      user: c.userId === null ? null : { id: c.userId, ...splitName(authorName, authorFullName) },
      sender: c.sender,
      timestampUtc: c.createdAt.toISOString(),
      updatedUtcTime: c.updatedAt?.toISOString() ?? null,
      isDeleted: c.isDeleted,
      viewedBy,
      viewedByMe: viewedBy.some((v) => v.userId === auth.userId),
    };
  });

/** The one comment a write answers: read by its id alone, never the application's other comments. */
const commentView = async (tx: TenantTx, auth: AuthContext, applicationId: number, commentId: number) => {
  const { rows, views } = await repo.findCommentWithViews(tx, applicationId, commentId);
  return toCommentViews(auth, rows, views)[0]!;
};

/**
 * Mentions must name users of this lender (by e-mail) and its user groups (by id): a mention of anyone else
 * is a 422 on `message`. Answers the users to notify (mentioned users and members of mentioned groups).
 */
const resolveMentions = async (tx: TenantTx, mentions: Mention[]) => {
  const emails = [...new Set(mentions.flatMap((m) => (m.kind === 'user' ? [m.email.toLowerCase()] : [])))];
  const groupIds = [...new Set(mentions.flatMap((m) => (m.kind === 'usergroup' ? [m.id] : [])))];
  const found = await repo.findLenderUsersByEmail(tx, emails);
  const { groups, members } = await repo.findGroupsWithMembers(tx, groupIds);
  const errors = [
    ...emails
      .filter((e) => !found.some((u) => u.email === e))
      .map((e) => ({ field: 'message', message: messages.comments.mentionedUserNotFound(e) })),
    ...groupIds
      .filter((id) => !groups.some((g) => g.id === id))
      .map((id) => ({ field: 'message', message: messages.comments.mentionedGroupNotFound(id) })),
  ];
  if (errors.length > 0) throw validationError(errors);
  return new Set([...found.map((u) => u.id), ...members.map((m) => m.userId)]);
};

type CommentNotificationType = Extract<
  NotificationTypeName,
  'DealerComment' | 'JournalComment' | 'JournalCommentUpdated' | 'JournalCommentDeleted' | 'JournalCommentUndoDeleted'
>;

/** The notification of each comment event by comment type (spec 1 §3): a dealer comment's only when added. */
const commentNotifications = {
  added: { DEALER: 'DealerComment', JOURNAL: 'JournalComment' },
  edited: { JOURNAL: 'JournalCommentUpdated' },
  deleted: { JOURNAL: 'JournalCommentDeleted' },
  restored: { JOURNAL: 'JournalCommentUndoDeleted' },
} as const satisfies Record<string, Partial<Record<CommentType, CommentNotificationType>>>;

/**
 * Tells the application's people of a comment event, never its author: those newly mentioned in a journal
 * comment get the mention (301) and nothing else for it; the owner, the sharers and the others who commented
 * on the application get the event's own notification (200–204), when its comment type has one.
 */
const notifyComment = async (
  tx: TenantTx,
  auth: AuthContext,
  applicationId: number,
  event: keyof typeof commentNotifications,
  comment: { type: CommentType; mentioned?: ReadonlySet<number> },
) => {
  const mentioned = comment.type === 'JOURNAL' ? [...(comment.mentioned ?? [])] : [];
  const base = eventOf(auth, applicationId);
  if (mentioned.length > 0) {
    await notify(tx, {
      ...base,
      type: 'JournalCommentMention',
      audience: { kind: 'users', userIds: mentioned },
      values: { applicationId: String(applicationId) },
    });
  }
  const type = (commentNotifications[event] as Partial<Record<CommentType, CommentNotificationType>>)[comment.type];
  if (type === undefined) return;
  await notify(tx, { ...base, type, audience: { kind: 'followersAndCommenters' }, except: mentioned });
};

/** Characters as PostgreSQL's char_length counts them (code points). */
const characters = (text: string) => [...text].length;

/**
 * The per-application limits (contracts comments.ts: 500 comments, 200 000 characters not deleted), checked under
 * the application's comment lock: 422 on `message` with the bound's text. `replacing` is the edited comment's text.
 */
const withinLimits = async (tx: TenantTx, applicationId: number, message: string, replacing?: string) => {
  await repo.lockApplicationComments(tx, applicationId);
  const totals = await repo.commentTotals(tx, applicationId);
  if (replacing === undefined && totals.count >= MAX_COMMENTS_PER_APPLICATION) {
    throw fieldError('message', messages.comments.tooMany(MAX_COMMENTS_PER_APPLICATION));
  }
  const after = totals.characters - (replacing === undefined ? 0 : characters(replacing)) + characters(message);
  if (after > MAX_COMMENT_CHARACTERS_PER_APPLICATION) {
    throw fieldError('message', messages.comments.tooLong(MAX_COMMENT_CHARACTERS_PER_APPLICATION));
  }
};

export const addComment = (
  ctx: ApplicationContext,
  auth: AuthContext,
  applicationId: number,
  body: { type: CommentType; message: string },
) =>
  ctx.open(auth, applicationId, async (tx, history) => {
    await withinLimits(tx, applicationId, body.message);
    const recipients = await resolveMentions(tx, parseMentions(body.message));
    const id = await repo.insertComment(tx, {
      lenderId: auth.lenderId,
      applicationId,
      type: body.type,
      message: body.message,
      userId: auth.userId,
    });
    await repo.markViewed(tx, auth.lenderId, id, auth.userId);
    await notifyComment(tx, auth, applicationId, 'added', { type: body.type, mentioned: recipients });
    await history({
      action: historyActions.commentAdded,
      description: `${body.type === 'DEALER' ? 'Dealer' : 'Journal'} comment added`,
      entity: 'Comment',
      changes: [
        {
          entity: 'Comment',
          entityId: id,
          property: 'message',
          oldValue: null,
          newValue: displayMessage(body.message),
        },
      ],
    });
    return commentView(tx, auth, applicationId, id);
  });

/**
 * A comment may be edited, deleted or restored by its author only; edited or deleted while not deleted, restored
 * (undo delete) once deleted.
 */
const ownComment = async (
  tx: TenantTx,
  auth: AuthContext,
  applicationId: number,
  commentId: number,
  deleted = false,
) => {
  const comment = await repo.findComment(tx, applicationId, commentId);
  if (!comment) throw notFound();
  if (comment.userId !== auth.userId) throw new AppError(403, 'FORBIDDEN', messages.comments.notAuthor);
  if (comment.isDeleted !== deleted) {
    throw new AppError(409, 'CONFLICT', deleted ? messages.comments.notDeleted : messages.comments.deleted);
  }
  return comment;
};

export const editComment = (
  ctx: ApplicationContext,
  auth: AuthContext,
  applicationId: number,
  commentId: number,
  body: { message: string },
) =>
  ctx.open(auth, applicationId, async (tx, history) => {
    await repo.lockApplicationComments(tx, applicationId);
    const comment = await ownComment(tx, auth, applicationId, commentId);
    await withinLimits(tx, applicationId, body.message, comment.message);
    const before = new Set(parseMentions(comment.message).map((m) => JSON.stringify(m)));
    const added = parseMentions(body.message).filter((m) => !before.has(JSON.stringify(m)));
    // Every mention must name someone of this lender; only the newly mentioned are notified.
    await resolveMentions(tx, parseMentions(body.message));
    const newlyMentioned = await resolveMentions(tx, added);
    await repo.updateComment(tx, commentId, { message: body.message, updatedAt: sql`now()` });
    await notifyComment(tx, auth, applicationId, 'edited', {
      type: comment.type as CommentType,
      mentioned: newlyMentioned,
    });
    await history({
      action: historyActions.commentEdited,
      description: `${comment.type === 'DEALER' ? 'Dealer' : 'Journal'} comment edited`,
      entity: 'Comment',
      changes: [
        {
          entity: 'Comment',
          entityId: commentId,
          property: 'message',
          oldValue: displayMessage(comment.message),
          newValue: displayMessage(body.message),
        },
      ],
    });
    return commentView(tx, auth, applicationId, commentId);
  });

export const deleteComment = (ctx: ApplicationContext, auth: AuthContext, applicationId: number, commentId: number) =>
  ctx.open(auth, applicationId, async (tx, history) => {
    const comment = await ownComment(tx, auth, applicationId, commentId);
    await repo.updateComment(tx, commentId, {
      isDeleted: true,
      deletedAt: sql`now()`,
      deletedByUserId: auth.userId,
    });
    await history({
      action: historyActions.commentDeleted,
      description: `${comment.type === 'DEALER' ? 'Dealer' : 'Journal'} comment deleted`,
      entity: 'Comment',
      changes: [{ entity: 'Comment', entityId: commentId, property: 'isDeleted', oldValue: 'false', newValue: 'true' }],
    });
    await notifyComment(tx, auth, applicationId, 'deleted', { type: comment.type as CommentType });
  });

/**
 * Undoes a delete (the author only): the comment shows again, within the application's character limit as any
 * comment. Answers the restored comment.
 */
export const restoreComment = (ctx: ApplicationContext, auth: AuthContext, applicationId: number, commentId: number) =>
  ctx.open(auth, applicationId, async (tx, history) => {
    await repo.lockApplicationComments(tx, applicationId);
    const comment = await ownComment(tx, auth, applicationId, commentId, true);
    // Replacing nothing: the comment is already counted, only its characters come back.
    await withinLimits(tx, applicationId, comment.message, '');
    await repo.updateComment(tx, commentId, { isDeleted: false, deletedAt: null, deletedByUserId: null });
    await history({
      action: historyActions.commentRestored,
      description: `${comment.type === 'DEALER' ? 'Dealer' : 'Journal'} comment restored`,
      entity: 'Comment',
      changes: [{ entity: 'Comment', entityId: commentId, property: 'isDeleted', oldValue: 'true', newValue: 'false' }],
    });
    await notifyComment(tx, auth, applicationId, 'restored', { type: comment.type as CommentType });
    return commentView(tx, auth, applicationId, commentId);
  });

export const markCommentViewed = (
  ctx: ApplicationContext,
  auth: AuthContext,
  applicationId: number,
  commentId: number,
) =>
  ctx.open(auth, applicationId, async (tx) => {
    if (!(await repo.findComment(tx, applicationId, commentId))) throw notFound();
    await repo.markViewed(tx, auth.lenderId, commentId, auth.userId);
  });
