import { commentTypes } from '@credence/contracts';
import { boolean, check, foreignKey, index, integer, pgTable, primaryKey, text, unique } from 'drizzle-orm/pg-core';
import { applicationChildColumns, belongsToApplication } from './applications.ts';
import { oneOf, timestamptz } from './columns.ts';
import { lenders } from './lenders.ts';
import { users } from './users.ts';

/** Dealer and journal comments; mentions are kept in the message as @user:{email}[name] / @usergroup:{id}[name]. */
export const comments = pgTable(
  'comments',
  {
    ...applicationChildColumns(),
    type: text('type').notNull(),
    message: text('message').notNull(),
    userId: integer('user_id').references(() => users.id),
    sender: text('sender'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at'),
    isDeleted: boolean('is_deleted').notNull().default(false),
    deletedAt: timestamptz('deleted_at'),
    deletedByUserId: integer('deleted_by_user_id').references(() => users.id),
  },
  (t) => [
    belongsToApplication('comments', t),
    unique('comments_id_lender_key').on(t.id, t.lenderId),
    index('comments_application_idx').on(t.applicationId, t.createdAt),
    check('comments_type_check', oneOf(t.type, commentTypes)),
  ],
);

/** Who has seen a comment, and when first. */
export const commentViews = pgTable(
  'comment_views',
  {
    commentId: integer('comment_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lenderId: integer('lender_id')
      .notNull()
      .references(() => lenders.id),
    viewedAt: timestamptz('viewed_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.commentId, t.userId] }),
    foreignKey({
      name: 'comment_views_comment_fk',
      columns: [t.commentId, t.lenderId],
      foreignColumns: [comments.id, comments.lenderId],
    }).onDelete('cascade'),
  ],
);
