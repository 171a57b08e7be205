import { messages, userGroupsEndpoints, userGroupsResource } from '@credence/contracts';
import { eq, sql } from 'drizzle-orm';
import { userGroupMembers, userGroups } from '../../db/schema/index.ts';
import { withTenant } from '../../db/tenancy.ts';
import { crudModule } from '../../platform/crud.ts';
import { registerEndpoint } from '../../platform/endpoints.ts';
import { fieldError } from '../../platform/errors.ts';

/**
 * Administration › User Groups (/admin/userGroups; spec 2 §7: list, lookup, save): the kit's verbs on the
 * user_groups table, plus the members — saved in the same transaction as the group and audited with it (the row's
 * memberIds, old → new). Members are users of the current lender (row-level security shows no other).
 */
export const userGroupsModule = crudModule(userGroupsResource, {
  table: userGroups,
  toValues: (input) => ({ name: input.name, enabled: input.enabled }),
  columns: {
    memberCount: sql`(select count(*) from user_group_members m where m.user_group_id = ${userGroups.id})`,
  },
  toRow: async (row, { tx }) => {
    const members = await tx
      .select({ userId: userGroupMembers.userId })
      .from(userGroupMembers)
      .where(eq(userGroupMembers.userGroupId, row.id))
      .orderBy(userGroupMembers.userId);
    return {
      id: row.id,
      name: row.name,
      enabled: row.enabled,
      memberIds: members.map((m) => m.userId),
      memberCount: members.length,
    };
  },
  afterWrite: async ({ tx, auth }, row, input) => {
    const ids = input.memberIds;
    if (ids.length > 0) {
      const { rows } = await tx.execute<{ user_id: number }>(
        sql`select user_id from user_lenders where user_id = any(${sql.param(ids)}::int[])`,
      );
      if (rows.length !== ids.length) throw fieldError('memberIds', messages.shares.userNotFound);
    }
    await tx.execute(sql`delete from user_group_members
                          where user_group_id = ${row.id} and not (user_id = any(${sql.param(ids)}::int[]))`);
    if (ids.length > 0) {
      await tx.execute(sql`
        insert into user_group_members (user_group_id, user_id, lender_id)
        select ${row.id}, u, ${auth.lenderId} from unnest(${sql.param(ids)}::int[]) as u
        on conflict do nothing`);
    }
  },
  extraRoutes: (app, { db }) => {
    registerEndpoint(app, userGroupsEndpoints.lookup, (r) =>
      withTenant(db, r.auth.lenderId, (tx) =>
        tx
          .select({ id: userGroups.id, name: userGroups.name })
          .from(userGroups)
          .where(eq(userGroups.enabled, true))
          .orderBy(sql`lower(${userGroups.name})`, userGroups.id),
      ),
    );
  },
});
