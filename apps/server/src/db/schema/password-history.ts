import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * The argon2id hashes of a user's earlier passwords (the current one is users.password_hash): a new password
 * may not be any of the last five. Only the latest few are kept. Platform table: tenant work never reads it.
 */
export const passwordHistory = pgTable(
  'password_history',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    passwordHash: text('password_hash').notNull(),
    /** When this password stopped being the current one. */
    replacedAt: timestamp('replaced_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('password_history_user_idx').on(t.userId, t.replacedAt)],
);
