import { z } from 'zod';
import { pathIdSchema } from './common.ts';
import { commentTypeSchema } from './enums.ts';

export const MAX_COMMENT_LENGTH = 4000;

/** A comment; mentions are written as @user:{email}[name] or @usergroup:{id}[name] inside the message. */
export const commentInputSchema = z.object({
  type: commentTypeSchema,
  message: z.string().trim().min(1).max(MAX_COMMENT_LENGTH),
});
export const commentUpdateSchema = z.object({ message: z.string().trim().min(1).max(MAX_COMMENT_LENGTH) });

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
