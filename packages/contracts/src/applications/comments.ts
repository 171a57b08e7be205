import { parseMentions } from '@credence/domain';
import { z } from 'zod';
import { endpoint } from '../kit/endpoint.ts';
import { messages } from '../messages.ts';
import { MAX_ID, textSchema } from '../primitives.ts';
import { idParamsSchema, pathIdSchema } from './common.ts';
import { commentTypeSchema } from './enums.ts';

export const MAX_COMMENT_LENGTH = 4000;
/**
 * Per application (issue 30, item 4): at most 500 comments, deleted ones included (they stay on file and in the
 * history), and at most 200 000 characters in the comments not deleted (what the loan summary prints: at these
 * bounds its PDF lays out in ~3 s, within the PDF budgets of platform/pdf.ts). A loan file rarely holds more than a
 * few dozen notes of a few hundred characters: both bounds are ten times that and more.
 */
export const MAX_COMMENTS_PER_APPLICATION = 500;
export const MAX_COMMENT_CHARACTERS_PER_APPLICATION = 200_000;

/** Multi-line text; a user group mention's id beyond a PostgreSQL integer names no group (issue 10, item 7). */
const commentMessageSchema = textSchema({ multiline: true })
  .trim()
  .min(1)
  .max(MAX_COMMENT_LENGTH)
  .superRefine((message, ctx) => {
    for (const mention of parseMentions(message))
      if (mention.kind === 'usergroup' && mention.id > MAX_ID)
        ctx.addIssue({ code: 'custom', message: messages.comments.mentionedGroupNotFound(mention.id) });
  });
/** A comment; mentions are written as @user:{email}[name] or @usergroup:{id}[name] inside the message. */
export const commentInputSchema = z.object({
  type: commentTypeSchema,
  message: commentMessageSchema,
});
export const commentUpdateSchema = z.object({ message: commentMessageSchema });

export const mentionSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('user'), email: z.string(), name: z.string() }),
  z.object({ kind: z.literal('usergroup'), id: z.number().int(), name: z.string() }),
]);

export const commentSchema = z.object({
  id: z.number().int(),
  type: commentTypeSchema,
  /** As stored, with the mention markup. */
  message: z.string(),
  /** As shown: mentions replaced by the bare names. */
  displayMessage: z.string(),
  mentions: z.array(mentionSchema),
  user: z.object({ id: z.number().int(), firstName: z.string(), lastName: z.string() }).nullable(),
  /** The sender of a comment that did not come from a user (a dealer system). */
  sender: z.string().nullable(),
  timestampUtc: z.string(),
  updatedUtcTime: z.string().nullable(),
  isDeleted: z.boolean(),
  viewedBy: z.array(z.object({ userId: z.number().int(), name: z.string(), viewedUtcTime: z.string() })),
  viewedByMe: z.boolean(),
});
export type Comment = z.infer<typeof commentSchema>;

export const COMMENTS_PAGE_SIZE = 50;
export const COMMENTS_MAX_PAGE_SIZE = 200;
/**
 * A page of an application's comments, newest first: at most `limit` (default COMMENTS_PAGE_SIZE), of one `type`
 * or both, older than comment `before` (the last one of the previous page; keyset paging, so a comment added
 * meanwhile neither repeats nor hides one).
 */
export const commentsQuerySchema = z.object({
  includeDeleted: z.enum(['true', 'false']).optional(),
  type: commentTypeSchema.optional(),
  limit: z
    .string()
    .regex(/^[1-9][0-9]{0,2}$/)
    .transform(Number)
    .pipe(z.number().max(COMMENTS_MAX_PAGE_SIZE))
    .optional(),
  before: pathIdSchema().optional(),
});
/** `total`: comments matching the query (all pages); `unread`: per type, not deleted, not mine, not yet viewed by me. */
export const commentPageSchema = z.object({
  data: z.array(commentSchema),
  total: z.number().int(),
  hasMore: z.boolean(),
  unread: z.object({ JOURNAL: z.number().int(), DEALER: z.number().int() }),
});
export type CommentPage = z.infer<typeof commentPageSchema>;
export const commentParamsSchema = z.object({
  id: pathIdSchema(),
  commentId: pathIdSchema(),
});

export const commentEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/applications/:id/comments',
    access: 'signedIn',
    tag: 'comments',
    summary:
      "A page of an application's dealer and journal comments, newest first: ?type=, ?limit= (50, at most 200), ?before=<id of the last comment of the previous page>; deleted ones with includeDeleted=true. Answers {data, total, hasMore, unread: {JOURNAL, DEALER}}",
    params: idParamsSchema,
    query: commentsQuerySchema,
    response: commentPageSchema,
  }),
  add: endpoint({
    method: 'POST',
    path: '/api/applications/:id/comments',
    access: 'signedIn',
    tag: 'comments',
    summary:
      'Add a comment; mentions as @user:{email}[name] or @usergroup:{id}[name] notify those named. Answers the new comment alone',
    params: idParamsSchema,
    body: commentInputSchema,
    response: commentSchema,
    status: 201,
  }),
  edit: endpoint({
    method: 'PUT',
    path: '/api/applications/:id/comments/:commentId',
    access: 'signedIn',
    tag: 'comments',
    summary: 'Edit a comment (its author only)',
    params: commentParamsSchema,
    body: commentUpdateSchema,
    response: commentSchema,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/applications/:id/comments/:commentId',
    access: 'signedIn',
    tag: 'comments',
    summary: 'Delete a comment (its author only; kept, marked deleted)',
    params: commentParamsSchema,
    response: z.null().optional(),
    status: 204,
  }),
  restore: endpoint({
    method: 'POST',
    path: '/api/applications/:id/comments/:commentId/restore',
    access: 'signedIn',
    tag: 'comments',
    summary: 'Undo the delete of a comment (its author only). Answers the restored comment',
    params: commentParamsSchema,
    response: commentSchema,
  }),
  markViewed: endpoint({
    method: 'POST',
    path: '/api/applications/:id/comments/:commentId/viewed',
    access: 'signedIn',
    tag: 'comments',
    summary: 'Mark a comment seen by the caller',
    params: commentParamsSchema,
    response: z.null().optional(),
    status: 204,
  }),
};
