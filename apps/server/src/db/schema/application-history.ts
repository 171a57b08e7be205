import type { HistoryChange } from '@credence/contracts';
import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { applicationChildColumns, belongsToApplication } from './applications.ts';
import { timestamptz } from './columns.ts';
import { users } from './users.ts';

/** What happened to an application, by whom and when, with the changed properties (old → new). */
export const applicationHistory = pgTable(
  'application_history',
  {
    ...applicationChildColumns(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    userId: integer('user_id').references(() => users.id),
    action: text('action').notNull(),
    description: text('description').notNull(),
    entity: text('entity'),
    changes: jsonb('changes').$type<HistoryChange[]>().notNull().default([]),
  },
  (t) => [
    belongsToApplication('application_history', t),
    index('application_history_application_idx').on(t.applicationId, t.createdAt),
  ],
);
