import { bigint, foreignKey, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { userLenders } from './access.ts';
import { applications } from './applications.ts';
import { timestamptz } from './columns.ts';
import { lenders } from './lenders.ts';
import { users } from './users.ts';

/**
 * How many applications each lender has in each built-in queue ('closed' for declined, cancelled and funded),
 * kept by statement triggers on applications (0007) so the side-menu counts and unfiltered totals are a
 * lookup instead of a count over a million rows.
 */
export const applicationQueueCounts = pgTable(
  'application_queue_counts',
  {
    lenderId: integer('lender_id')
      .notNull()
      .references(() => lenders.id),
    queue: text('queue').notNull(),
    count: bigint('count', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.lenderId, t.queue] })],
);

/** The applications a user opened lately, per lender (the side-menu search popup). */
export const recentApplications = pgTable(
  'recent_applications',
  {
    lenderId: integer('lender_id')
      .notNull()
      .references(() => lenders.id),
    userId: integer('user_id').notNull(),
    applicationId: integer('application_id').notNull(),
    viewedAt: timestamptz('viewed_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.lenderId, t.applicationId] }),
    foreignKey({
      name: 'recent_applications_application_fk',
      columns: [t.applicationId, t.lenderId],
      foreignColumns: [applications.id, applications.lenderId],
    }).onDelete('cascade'),
    foreignKey({
      name: 'recent_applications_user_fk',
      columns: [t.userId, t.lenderId],
      foreignColumns: [userLenders.userId, userLenders.lenderId],
    }).onDelete('cascade'),
    index('recent_applications_user_viewed_idx').on(t.userId, t.lenderId, t.viewedAt),
    index('recent_applications_application_idx').on(t.applicationId),
  ],
);

/** A user's settings of one grid (visible columns, widths), as a serialized string (spec 3 grid settings). */
export const userGridSettings = pgTable(
  'user_grid_settings',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    gridName: text('grid_name').notNull(),
    setting: text('setting').notNull(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.gridName] })],
);
