import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { lenders } from './lenders.ts';
import { users } from './users.ts';

/**
 * A user's dashboard widgets (spec 1 §3 Widget; issue 32): one row per user, lender and widget name, with its
 * settings (contracts `WidgetSettings`) and the latest snapshot the job computed (contracts `FundingSnapshot`,
 * `AddonSnapshot`) with its as-of time and the period it covers. `snapshot_requested_at` is set when a newer
 * snapshot is wanted (new settings, a funding or reversal of the lender's loans, new add-on preferences) and
 * cleared by the job only if no newer request came while it computed.
 */
export const userWidgets = pgTable(
  'user_widgets',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    lenderId: integer('lender_id')
      .notNull()
      .references(() => lenders.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull(),
    latestSnapshot: jsonb('latest_snapshot').$type<Record<string, unknown>>(),
    snapshotAsOf: timestamp('snapshot_as_of', { withTimezone: true }),
    periodStart: text('period_start'),
    periodEnd: text('period_end'),
    snapshotRequestedAt: timestamp('snapshot_requested_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('user_widgets_user_name_key').on(t.lenderId, t.userId, t.name),
    index('user_widgets_requested_idx')
      .on(t.snapshotRequestedAt)
      .where(sql`snapshot_requested_at is not null`),
    index('user_widgets_as_of_idx').on(t.snapshotAsOf),
  ],
);

/** The add-ons a user's Add On Sales widget tracks (spec 1 §3 "Add-on preferences"): ids of `loan_additions`. */
export const userAddonPreferences = pgTable(
  'user_addon_preferences',
  {
    lenderId: integer('lender_id')
      .notNull()
      .references(() => lenders.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    additionIds: integer('addition_ids').array().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('user_addon_preferences_user_key').on(t.lenderId, t.userId)],
);

/**
 * "The lender's loans changed" (a loan funded or reversed): inserted by that transaction (insert-only, so fundings
 * never wait on each other), consumed by the widgets job, which then asks for new snapshots of the lender's
 * funding and add-on widgets. A row is visible only once its funding committed, so no change is missed.
 */
export const widgetRefreshRequests = pgTable('widget_refresh_requests', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  lenderId: integer('lender_id')
    .notNull()
    .references(() => lenders.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
