import { bigint, boolean, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';
import { lenders } from './lenders.ts';
import { users } from './users.ts';

/**
 * The append-only audit: who did what to which record of which lender, and what changed (old → new). The
 * application's database role may insert and read it, never update or delete it (migration 0013). SSN lookups
 * are written here (never the SSN itself); configuration writes of the administration areas will be too.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    occurredAt: timestamptz('occurred_at').notNull().defaultNow(),
    lenderId: integer('lender_id')
      .notNull()
      .references(() => lenders.id),
    actorUserId: integer('actor_user_id').references(() => users.id),
    /** The actor was working in a lender other than their home lender. */
    impersonating: boolean('impersonating').notNull().default(false),
    area: text('area').notNull(),
    recordId: text('record_id'),
    action: text('action').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    index('audit_events_lender_time_idx').on(t.lenderId, t.occurredAt),
    index('audit_events_actor_action_time_idx').on(t.actorUserId, t.action, t.occurredAt),
  ],
);
