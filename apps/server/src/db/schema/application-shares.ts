import { sql } from 'drizzle-orm';
import { check, foreignKey, index, integer, pgTable, uniqueIndex } from 'drizzle-orm/pg-core';
import { userGroups, userLenders } from './access.ts';
import { applicationChildColumns, belongsToApplication } from './applications.ts';
import { timestamptz } from './columns.ts';
import { users } from './users.ts';

/**
 * Who an application is shared with: a user or a user group, exactly one. Both keys include the lender, so a
 * share can only name a member of the application's lender or one of its groups (the database refuses
 * anything else), and goes away with the membership or the group.
 */
export const applicationShares = pgTable(
  'application_shares',
  {
    ...applicationChildColumns(),
    userId: integer('user_id'),
    userGroupId: integer('user_group_id'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    createdByUserId: integer('created_by_user_id').references(() => users.id),
  },
  (t) => [
    belongsToApplication('application_shares', t),
    foreignKey({
      name: 'application_shares_user_fk',
      columns: [t.userId, t.lenderId],
      foreignColumns: [userLenders.userId, userLenders.lenderId],
    }).onDelete('cascade'),
    foreignKey({
      name: 'application_shares_user_group_fk',
      columns: [t.userGroupId, t.lenderId],
      foreignColumns: [userGroups.id, userGroups.lenderId],
    }).onDelete('cascade'),
    check('application_shares_one_target_check', sql`(${t.userId} is null) <> (${t.userGroupId} is null)`),
    uniqueIndex('application_shares_user_key')
      .on(t.applicationId, t.userId)
      .where(sql`${t.userId} is not null`),
    uniqueIndex('application_shares_group_key')
      .on(t.applicationId, t.userGroupId)
      .where(sql`${t.userGroupId} is not null`),
    index('application_shares_user_idx').on(t.userId),
    index('application_shares_group_idx').on(t.userGroupId),
  ],
);
