import { and, asc, eq, sql } from 'drizzle-orm';
import type { TenantTx } from '../../db/tenancy.ts';
import { lenderVendors, userGroupMembers, userGroups, users, userVendors } from '../../db/schema/index.ts';

/** The user's row, locked for the profile write (two saves at once: one waits for the other). */
export const findUserForUpdate = async (tx: TenantTx, userId: number) => {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update').limit(1);
  return user;
};

export const findUser = async (tx: TenantTx, userId: number) => {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).limit(1);
  return user;
};

/** The names of the user's groups in the transaction's lender (row-level security keeps it to that lender). */
export const userGroupNames = async (tx: TenantTx, userId: number) =>
  (
    await tx
      .select({ name: userGroups.name })
      .from(userGroupMembers)
      .innerJoin(userGroups, eq(userGroups.id, userGroupMembers.userGroupId))
      .where(eq(userGroupMembers.userId, userId))
      .orderBy(asc(userGroups.name))
  ).map((r) => r.name);

/** The user's vendor rows with their vendor's name (enabled vendors only), in name order. */
export const findUserVendors = (tx: TenantTx, userId: number) =>
  tx
    .select({
      id: userVendors.id,
      userId: userVendors.userId,
      vendorId: userVendors.vendorId,
      vendorName: lenderVendors.name,
      username: userVendors.username,
      passwordEncrypted: userVendors.passwordEncrypted,
      code: userVendors.code,
    })
    .from(userVendors)
    .innerJoin(lenderVendors, eq(lenderVendors.id, userVendors.vendorId))
    .where(and(eq(userVendors.userId, userId), eq(lenderVendors.enabled, true)))
    .orderBy(asc(lenderVendors.name), asc(userVendors.id));

export const enabledVendors = (tx: TenantTx) =>
  tx
    .select({ id: lenderVendors.id, name: lenderVendors.name })
    .from(lenderVendors)
    .where(eq(lenderVendors.enabled, true))
    .orderBy(asc(lenderVendors.name));

export type ProfileColumns = {
  phoneNumber: string | null;
  corePasswordEncrypted: string | null;
  edocsUsername: string | null;
  edocsPasswordEncrypted: string | null;
};

export const updateProfileColumns = (tx: TenantTx, userId: number, values: ProfileColumns) =>
  tx.update(users).set(values).where(eq(users.id, userId));

export const updateUserVendor = (
  tx: TenantTx,
  id: number,
  values: { username: string | null; passwordEncrypted: string | null; code: string | null },
) =>
  tx
    .update(userVendors)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(userVendors.id, id));

export const setAvatar = (tx: TenantTx, userId: number, avatar: string) =>
  tx.update(users).set({ avatar }).where(eq(users.id, userId));
