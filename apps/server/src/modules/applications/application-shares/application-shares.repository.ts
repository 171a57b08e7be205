import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import {
  applicants,
  applicationShares,
  applications,
  loanProducts,
  userGroupMembers,
  userGroups,
  userLenders,
  users,
} from '../../../db/schema/index.ts';
import type { TenantTx } from '../../../db/tenancy.ts';

export const listShares = async (tx: TenantTx, applicationId: number) =>
  tx
    .select({
      id: applicationShares.id,
      userId: applicationShares.userId,
      userGroupId: applicationShares.userGroupId,
      userName: users.fullName,
      groupName: userGroups.name,
    })
    .from(applicationShares)
    .leftJoin(users, eq(users.id, applicationShares.userId))
    .leftJoin(userGroups, eq(userGroups.id, applicationShares.userGroupId))
    .where(eq(applicationShares.applicationId, applicationId))
    .orderBy(asc(applicationShares.id));

/** Enabled users working for the transaction's lender (user_lenders is limited to it by row-level security). */
export const listLenderUsers = (tx: TenantTx, ids?: number[]) =>
  tx
    .select({ id: users.id, name: users.fullName, email: users.email })
    .from(users)
    .innerJoin(userLenders, eq(userLenders.userId, users.id))
    .where(and(eq(users.enabled, true), ids ? inArray(users.id, ids) : undefined))
    .orderBy(asc(users.fullName));

/** Enabled user groups of the transaction's lender. */
export const listEnabledGroups = (tx: TenantTx, ids?: number[]) =>
  tx
    .select({ id: userGroups.id, name: userGroups.name })
    .from(userGroups)
    .where(and(eq(userGroups.enabled, true), ids ? inArray(userGroups.id, ids) : undefined))
    .orderBy(asc(userGroups.name));

export const deleteShares = (tx: TenantTx, ids: number[]) =>
  ids.length === 0 ? Promise.resolve() : tx.delete(applicationShares).where(inArray(applicationShares.id, ids));

export const insertShares = (
  tx: TenantTx,
  keys: { lenderId: number; applicationId: number; userId: number },
  targets: { userId: number | null; userGroupId: number | null }[],
) =>
  targets.length === 0
    ? Promise.resolve()
    : tx.insert(applicationShares).values(
        targets.map((target) => ({
          ...target,
          lenderId: keys.lenderId,
          applicationId: keys.applicationId,
          createdByUserId: keys.userId,
        })),
      );

const sharer = sql<string | null>`(select u.full_name from users u where u.id = ${applicationShares.createdByUserId})`;
const primaryName = sql<string | null>`(select nullif(concat_ws(' ', p.first_name, p.last_name), '')
   from ${applicants} p where p.application_id = ${applications.id} and p.role = 'PRIMARY' limit 1)`;

/**
 * Applications shared with a user, directly or through an enabled group they belong to, newest share first
 * (one row per share; the service keeps one per application).
 */
export const listSharedWithUser = (tx: TenantTx, userId: number) =>
  tx
    .select({
      applicationId: applications.id,
      state: applications.state,
      loanProductName: loanProducts.name,
      primaryApplicantName: primaryName,
      sharedAt: applicationShares.createdAt,
      sharedByUserId: applicationShares.createdByUserId,
      sharedByName: sharer,
      userGroupId: userGroups.id,
      userGroupName: userGroups.name,
    })
    .from(applicationShares)
    .innerJoin(applications, eq(applications.id, applicationShares.applicationId))
    .innerJoin(loanProducts, eq(loanProducts.id, applications.loanProductId))
    .leftJoin(userGroups, eq(userGroups.id, applicationShares.userGroupId))
    .where(
      or(
        eq(applicationShares.userId, userId),
        and(
          eq(userGroups.enabled, true),
          inArray(
            applicationShares.userGroupId,
            tx
              .select({ id: userGroupMembers.userGroupId })
              .from(userGroupMembers)
              .where(eq(userGroupMembers.userId, userId)),
          ),
        ),
      ),
    )
    .orderBy(sql`${applicationShares.createdAt} desc`, sql`${applicationShares.id} desc`)
    .limit(1000);
