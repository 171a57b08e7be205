import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';
import { users } from './users.ts';

/**
 * The single-use links of the enrollment and password reset e-mails (Administration › Users). Only the token's
 * SHA-256 is stored; the link expires and is spent by setting a password (every open link of the user is spent
 * with it). Platform table: tenant work may only add rows (the e-mail's transaction), never read them.
 */
export const userTokens = pgTable(
  'user_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'enrollment' | 'passwordReset'. */
    purpose: text('purpose').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
  },
  (t) => [index('user_tokens_user_idx').on(t.userId)],
);
