import { searchFilterTypes } from '@credence/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { userGroups, userLenders } from './access.ts';
import { oneOf, timestamptz } from './columns.ts';
import { lenders } from './lenders.ts';

/**
 * A saved search filter or custom queue (spec 1 §3): its owner, the queue criteria as JSON text, whether it
 * shows on the side menu, whether it is enabled, and its place in the owner's list. Names are unique per
 * owner and type, ignoring case.
 */
export const searchFilters = pgTable(
  'search_filters',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    lenderId: integer('lender_id')
      .notNull()
      .references(() => lenders.id),
    createdByUserId: integer('created_by_user_id').notNull(),
    name: text('name').notNull(),
    type: text('type').notNull(),
    filter: text('filter').notNull(),
    showOnSideMenu: boolean('show_on_side_menu').notNull().default(false),
    enabled: boolean('enabled').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    unique('search_filters_id_lender_key').on(t.id, t.lenderId),
    foreignKey({
      name: 'search_filters_owner_fk',
      columns: [t.createdByUserId, t.lenderId],
      foreignColumns: [userLenders.userId, userLenders.lenderId],
    }).onDelete('cascade'),
    uniqueIndex('search_filters_owner_type_name_key').on(t.lenderId, t.createdByUserId, t.type, sql`lower(${t.name})`),
    index('search_filters_owner_idx').on(t.lenderId, t.createdByUserId, t.sortOrder),
    check('search_filters_type_check', oneOf(t.type, searchFilterTypes)),
    check('search_filters_name_length_check', sql`char_length(${t.name}) between 1 and 50`),
  ],
);

/** The user groups a filter or queue is published to; both keys include the lender. */
export const searchFilterUserGroups = pgTable(
  'search_filter_user_groups',
  {
    lenderId: integer('lender_id')
      .notNull()
      .references(() => lenders.id),
    searchFilterId: integer('search_filter_id').notNull(),
    userGroupId: integer('user_group_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.searchFilterId, t.userGroupId] }),
    foreignKey({
      name: 'search_filter_user_groups_filter_fk',
      columns: [t.searchFilterId, t.lenderId],
      foreignColumns: [searchFilters.id, searchFilters.lenderId],
    }).onDelete('cascade'),
    foreignKey({
      name: 'search_filter_user_groups_group_fk',
      columns: [t.userGroupId, t.lenderId],
      foreignColumns: [userGroups.id, userGroups.lenderId],
    }).onDelete('cascade'),
    index('search_filter_user_groups_group_idx').on(t.userGroupId),
  ],
);
