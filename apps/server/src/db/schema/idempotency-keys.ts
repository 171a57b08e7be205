import { index, integer, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * The answers of requests sent with an `Idempotency-Key` (platform/idempotency.ts): one row per caller and key,
 * written in the same transaction as the request's own writes, so a retry gets the stored answer instead of a
 * second write. Expires after a day. Platform table: tenant work never reads it.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** SHA-256 of method, route pattern, lender, params, query and the parsed body. */
    fingerprint: text('fingerprint').notNull(),
    status: smallint('status').notNull(),
    contentType: text('content_type'),
    body: text('body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_expires_idx').on(t.expiresAt)],
);
