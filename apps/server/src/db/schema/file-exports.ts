import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { lenders } from './lenders.ts';
import { users } from './users.ts';

/**
 * An export job of the File Export area (issue 33, items 8–10; contracts file-export.ts): who asked for it and when,
 * what (kind, format, filters as JSON, columns included), its state (queued → running → done | failed | cancelled),
 * its progress (rows done of the total counted at the start, written at least every second while it runs; the
 * heartbeat `updated_at` tells a live run from one whose process died), and its result: the row count, the file
 * (`file_ref`, the file store's id) until `expires_at`, then the retention job deletes the file and clears the
 * reference; or the error, or the records a kind's checks found to fix (`problems`).
 */
export const fileExports = pgTable(
  'file_exports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    lenderId: integer('lender_id')
      .notNull()
      .references(() => lenders.id),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    format: text('format').notNull(),
    filters: jsonb('filters').$type<Record<string, unknown>>().notNull(),
    state: text('state').notNull().default('queued'),
    rowsDone: integer('rows_done').notNull().default(0),
    rowsTotal: integer('rows_total'),
    rowCount: integer('row_count'),
    fileRef: text('file_ref'),
    fileName: text('file_name'),
    fileSize: bigint('file_size', { mode: 'number' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    error: text('error'),
    problems: jsonb('problems').$type<Record<string, unknown>[]>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('file_exports_lender_created_idx').on(t.lenderId, t.createdAt),
    index('file_exports_waiting_idx')
      .on(t.id)
      .where(sql`state in ('queued', 'running')`),
    index('file_exports_expires_idx')
      .on(t.expiresAt)
      .where(sql`file_ref is not null`),
    check('file_exports_state_check', sql`${t.state} in ('queued', 'running', 'done', 'failed', 'cancelled')`),
  ],
);
