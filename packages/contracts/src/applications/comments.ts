import { parseMentions } from '@credence/domain';
import { z } from 'zod';
import { messages } from '../messages.ts';
import { MAX_ID, textSchema } from '../primitives.ts';
import { pathIdSchema } from './common.ts';
import { commentTypeSchema } from './enums.ts';

export const MAX_COMMENT_LENGTH = 4000;

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

export const commentsQuerySchema = z.object({ includeDeleted: z.enum(['true', 'false']).optional() });
export const commentParamsSchema = z.object({
  id: pathIdSchema(),
  commentId: pathIdSchema(),
});
