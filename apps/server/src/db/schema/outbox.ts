import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';
import { lenders } from './lenders.ts';

/**
 * Side effects written by a business transaction (DESIGN.md rule 14): a row exists exactly when the work that
 * asked for it committed; a pg-boss job delivers it (e-mail, …) with retries and marks it delivered.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    lenderId: integer('lender_id')
      .notNull()
      .references(() => lenders.id),
    /** What to do: 'email', … */
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    deliveredAt: timestamptz('delivered_at'),
  },
  (t) => [
    index('outbox_undelivered_idx')
      .on(t.id)
      .where(sql`delivered_at is null`),
  ],
);
