import { sql } from 'drizzle-orm';
import {
  boolean,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { branches } from './branches.ts';
import { lenders } from './lenders.ts';
import { users } from './users.ts';

/** A role is a named set of rights, defined per lender. */
export const roles = pgTable(
  'roles',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    lenderId: integer('lender_id')
      .notNull()
      .references(() => lenders.id),
    name: text('name').notNull(),
  },
  (t) => [unique('roles_lender_name_key').on(t.lenderId, t.name)],
);

export const roleRights = pgTable(
  'role_rights',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    lenderId: integer('lender_id')
      .notNull()
      .references(() => lenders.id),
    right: text('right').notNull(),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.right] })],
);

/** Which lenders a user may work in, and with which role there. */
export const userLenders = pgTable(
  'user_lenders',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lenderId: integer('lender_id')
      .notNull()
      .references(() => lenders.id),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
    /** The user's branch at this lender (Administration › Users). */
    branchId: integer('branch_id'),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.lenderId] }),
    // A branch of the same lender only.
    foreignKey({
      name: 'user_lenders_branch_fk',
      columns: [t.branchId, t.lenderId],
      foreignColumns: [branches.id, branches.lenderId],
    }),
    index('user_lenders_lender_idx').on(t.lenderId),
  ],
);

export const userGroups = pgTable(
  'user_groups',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    lenderId: integer('lender_id')
      .notNull()
      .references(() => lenders.id),
    name: text('name').notNull(),
    enabled: boolean('enabled').notNull().default(true),
  },
  (t) => [
    // A name is taken in any case ('underwriters' = 'Underwriters'), as the area's isUnique answers.
    uniqueIndex('user_groups_lender_name_key').on(t.lenderId, sql`lower(${t.name})`),
    // Lets a share name a group of its own lender only (application_shares).
    unique('user_groups_id_lender_key').on(t.id, t.lenderId),
  ],
);

export const userGroupMembers = pgTable(
  'user_group_members',
  {
    userGroupId: integer('user_group_id')
      .notNull()
      .references(() => userGroups.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lenderId: integer('lender_id')
      .notNull()
      .references(() => lenders.id),
  },
  (t) => [primaryKey({ columns: [t.userGroupId, t.userId] }), index('user_group_members_user_idx').on(t.userId)],
);
