import type { AdminUser, UserLender } from '@credence/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import type { TenantTx } from '../../db/tenancy.ts';
import type { ListColumns } from '../../platform/list-sql.ts';

/*
 * Queries of Administration › Users. `users` is a platform table; the user's membership (user_lenders), role,
 * branch and groups are tenant rows, so inside the tenant transaction every join below sees the current lender
 * only: a user without a membership here is not found.
 */

/** The current lender's membership of the listed user (row-level security keeps it to this lender). */
export const isMemberHere = sql`exists (select 1 from user_lenders ul where ul.user_id = ${users.id})`;

/** List fields that are not columns of `users` (sorted as lower-case text). */
export const listColumns: ListColumns = {
  branchName: sql`(select lower(b.name) from user_lenders ul join branches b on b.id = ul.branch_id
                    where ul.user_id = ${users.id})`,
  roleName: sql`(select lower(r.name) from user_lenders ul join roles r on r.id = ul.role_id
                  where ul.user_id = ${users.id})`,
  branchId: sql`(select ul.branch_id from user_lenders ul where ul.user_id = ${users.id})`,
  roleId: sql`(select ul.role_id from user_lenders ul where ul.user_id = ${users.id})`,
};

type ViewRow = {
  id: number;
  username: string;
  name: string;
  full_name: string;
  email: string;
  job_title: string | null;
  phone_number: string | null;
  enabled: boolean;
  home_lender_id: number;
  branch_id: number | null;
  branch_name: string | null;
  role_id: number;
  role_name: string;
  lender_id: number;
  lender_name: string;
  group_ids: number[];
};

/** The users with these ids as the current lender sees them, in the order given (missing ones left out). */
export const findViews = async (
  tx: TenantTx,
  ids: number[],
  lenderId: number,
  lendersOf: Map<number, UserLender[]>,
  lock = false,
): Promise<(AdminUser & { homeLenderId: number })[]> => {
  if (ids.length === 0) return [];
  const { rows } = await tx.execute<ViewRow>(sql`
    select u.id, u.username, u.name, u.full_name, u.email, u.job_title, u.phone_number, u.enabled, u.home_lender_id,
           ul.branch_id, b.name as branch_name, ul.role_id, r.name as role_name,
           ul.lender_id, (select l.name from lenders l where l.id = ul.lender_id) as lender_name,
           coalesce((select array_agg(m.user_group_id order by m.user_group_id) from user_group_members m
                      join user_groups g on g.id = m.user_group_id and g.enabled
                     where m.user_id = u.id), '{}') as group_ids
      from users u
      join user_lenders ul on ul.user_id = u.id
      join roles r on r.id = ul.role_id
      left join branches b on b.id = ul.branch_id
     where u.id = any(${sql.param(ids)}::int[])
     ${lock ? sql`for update of u, ul` : sql``}`);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    return [
      {
        id: r.id,
        username: r.username,
        name: r.name,
        fullName: r.full_name,
        email: r.email,
        jobTitle: r.job_title,
        phoneNumber: r.phone_number,
        branchId: r.branch_id,
        branchName: r.branch_name,
        roleId: r.role_id,
        roleName: r.role_name,
        userGroupIds: r.group_ids,
        homeLender: r.home_lender_id === lenderId,
        homeLenderId: r.home_lender_id,
        // This lender's membership as this transaction sees it (a new user's is not committed yet), the others'.
        lenders: [
          { lenderId: r.lender_id, lenderName: r.lender_name, roleName: r.role_name },
          ...(lendersOf.get(r.id) ?? []).filter((l) => l.lenderId !== r.lender_id),
        ].sort((a, b) => a.lenderName.localeCompare(b.lenderName)),
        enabled: r.enabled,
      },
    ];
  });
};

/**
 * The lenders these users work in, limited to lenders the caller also works in (a read across tenants, as the
 * owner: it shows another lender's name and role to someone who works there too, and nothing else).
 */
export const findLendersOf = async (db: Db, ids: number[], actorUserId: number) => {
  const result = new Map<number, UserLender[]>();
  if (ids.length === 0) return result;
  const { rows } = await db.execute<{ user_id: number; lender_id: number; lender_name: string; role_name: string }>(sql`
    select ul.user_id, l.id as lender_id, l.name as lender_name, r.name as role_name
      from user_lenders ul join lenders l on l.id = ul.lender_id join roles r on r.id = ul.role_id
     where ul.user_id = any(${sql.param(ids)}::int[])
       and ul.lender_id in (select mine.lender_id from user_lenders mine where mine.user_id = ${actorUserId})
     order by l.name`);
  for (const row of rows) {
    const list = result.get(row.user_id) ?? [];
    list.push({ lenderId: row.lender_id, lenderName: row.lender_name, roleName: row.role_name });
    result.set(row.user_id, list);
  }
  return result;
};

/** The rights of a role of the current lender (null: no such role here). */
export const roleRights = async (tx: TenantTx, roleId: number): Promise<string[] | null> => {
  const { rows } = await tx.execute<{ rights: string[] | null }>(sql`
    select (select array_agg(rr.right) from role_rights rr where rr.role_id = r.id) as rights
      from roles r where r.id = ${roleId}`);
  const row = rows[0];
  return row ? (row.rights ?? []) : null;
};

export const branchExists = async (tx: TenantTx, branchId: number) =>
  (await tx.execute(sql`select 1 from branches where id = ${branchId}`)).rows.length > 0;

/** Of these group ids, those that are enabled groups of the current lender. */
export const enabledGroupIds = async (tx: TenantTx, ids: number[]) =>
  ids.length === 0
    ? []
    : (
        await tx.execute<{ id: number }>(
          sql`select id from user_groups where enabled and id = any(${sql.param(ids)}::int[])`,
        )
      ).rows.map((r) => r.id);

/** Sets the user's membership of the lender's enabled groups to exactly `groupIds` (disabled groups kept). */
export const setGroups = async (tx: TenantTx, userId: number, lenderId: number, groupIds: number[]) => {
  await tx.execute(sql`
    delete from user_group_members m using user_groups g
     where g.id = m.user_group_id and g.enabled and m.user_id = ${userId}
       and not (m.user_group_id = any(${sql.param(groupIds)}::int[]))`);
  if (groupIds.length > 0) {
    await tx.execute(sql`
      insert into user_group_members (user_group_id, user_id, lender_id)
      select g, ${userId}, ${lenderId} from unnest(${sql.param(groupIds)}::int[]) as g
      on conflict do nothing`);
  }
};
