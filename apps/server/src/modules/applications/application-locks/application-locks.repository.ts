import { and, eq, sql } from 'drizzle-orm';
import { applications, lenders, loanProducts, users } from '../../../db/schema/index.ts';
import type { TenantTx } from '../../../db/tenancy.ts';

export type ApplicationRow = typeof applications.$inferSelect;
export type WritableApplication = ApplicationRow & { holdsLock: boolean };

/** The application row, locked for this transaction, and whether `userId` holds its edit lock now. */
export const findForWrite = async (
  tx: TenantTx,
  applicationId: number,
  userId: number,
): Promise<WritableApplication | undefined> => {
  const [row] = await tx
    .select({
      application: applications,
      holdsLock: sql<boolean>`(${applications.lockedByUserId} = ${userId} and ${applications.lockExpiresAt} > now())`,
    })
    .from(applications)
    .where(eq(applications.id, applicationId))
    .for('update');
  return row ? { ...row.application, holdsLock: row.holdsLock } : undefined;
};

/** After a write: the application changed now, and the writer's lock runs for another period. */
export const touchAfterWrite = (tx: TenantTx, applicationId: number, lockSeconds: number) =>
  tx
    .update(applications)
    .set({ updatedAt: sql`now()`, lockExpiresAt: sql`now() + make_interval(secs => ${lockSeconds})` })
    .where(eq(applications.id, applicationId));

export type LockRow = {
  lockedByUserId: number | null;
  lockingUserName: string | null;
  lockedAt: Date | null;
  lockExpiresAt: Date | null;
  isLive: boolean;
};

/**
 * Takes or refreshes the lock in one conditional UPDATE: it succeeds only when the application is unlocked,
 * already locked by the caller, or its lock has expired. Two users racing: the second UPDATE waits for the
 * first and then re-checks the condition against the committed row, so exactly one of them wins.
 * Re-locking clears the "unlocked by" notice meant for the caller.
 */
export const tryLock = async (tx: TenantTx, applicationId: number, userId: number, lockSeconds: number) => {
  const result = await tx.execute<{ locked_at: Date; lock_expires_at: Date }>(sql`
    update applications set
      locked_at = case when locked_by_user_id = ${userId} and lock_expires_at > now() then locked_at else now() end,
      locked_by_user_id = ${userId},
      lock_expires_at = now() + make_interval(secs => ${lockSeconds}),
      unlocked_by_user_id = case when unlocked_holder_user_id = ${userId} then null else unlocked_by_user_id end,
      unlocked_at = case when unlocked_holder_user_id = ${userId} then null else unlocked_at end,
      unlocked_holder_user_id = case when unlocked_holder_user_id = ${userId} then null else unlocked_holder_user_id end
    where id = ${applicationId}
      and (locked_by_user_id is null or locked_by_user_id = ${userId} or lock_expires_at <= now())
    returning locked_at, lock_expires_at`);
  return result.rows[0];
};

export const findLock = async (tx: TenantTx, applicationId: number): Promise<LockRow | undefined> => {
  const [row] = await tx
    .select({
      lockedByUserId: applications.lockedByUserId,
      lockingUserName: users.fullName,
      lockedAt: applications.lockedAt,
      lockExpiresAt: applications.lockExpiresAt,
      isLive: sql<boolean>`coalesce(${applications.lockExpiresAt} > now(), false)`,
    })
    .from(applications)
    .leftJoin(users, eq(users.id, applications.lockedByUserId))
    .where(eq(applications.id, applicationId));
  return row;
};

/** Removes the lock; when it was someone else's live lock, records who removed it, for the holder to see. */
export const unlock = (tx: TenantTx, applicationId: number, byUserId: number, removedHolder: number | null) =>
  tx
    .update(applications)
    .set({
      lockedByUserId: null,
      lockedAt: null,
      lockExpiresAt: null,
      ...(removedHolder === null
        ? {}
        : { unlockedByUserId: byUserId, unlockedHolderUserId: removedHolder, unlockedAt: sql`now()` }),
    })
    .where(eq(applications.id, applicationId));

/**
 * Releases the caller's own lock (one conditional UPDATE: a lock someone else holds stays); answers whether one
 * was released. Leaving a worksheet uses it, so a late release never removes a colleague's fresh lock.
 */
export const releaseOwn = async (tx: TenantTx, applicationId: number, userId: number) => {
  const rows = await tx
    .update(applications)
    .set({ lockedByUserId: null, lockedAt: null, lockExpiresAt: null })
    .where(and(eq(applications.id, applicationId), eq(applications.lockedByUserId, userId)))
    .returning({ id: applications.id });
  return rows.length > 0;
};

/** Releases every lock the user holds at the lender (sign-out). */
export const releaseAllOf = (tx: TenantTx, lenderId: number, userId: number) =>
  tx
    .update(applications)
    .set({ lockedByUserId: null, lockedAt: null, lockExpiresAt: null })
    .where(and(eq(applications.lenderId, lenderId), eq(applications.lockedByUserId, userId)));

export const findUserName = async (tx: TenantTx, userId: number) => {
  const [row] = await tx.select({ name: users.fullName }).from(users).where(eq(users.id, userId));
  return row?.name ?? '';
};

/** The edit locks held now at the tenant's lender, oldest first (Administration › Application Locks). */
export const listHeldLocks = (tx: TenantTx, limit: number) =>
  tx
    .select({
      applicationId: applications.id,
      primaryApplicantName: applications.primaryApplicantName,
      loanProductName: loanProducts.name,
      lockedByUserId: applications.lockedByUserId,
      lockingUserName: users.fullName,
      lockedAt: applications.lockedAt,
      lockExpiresAt: applications.lockExpiresAt,
    })
    .from(applications)
    .innerJoin(users, eq(users.id, applications.lockedByUserId))
    .innerJoin(loanProducts, eq(loanProducts.id, applications.loanProductId))
    .where(sql`${applications.lockedByUserId} is not null and ${applications.lockExpiresAt} > now()`)
    .orderBy(applications.lockedAt, applications.id)
    .limit(limit);

/** The lender's lock-on-open setting. */
export const findLockOnOpen = async (tx: TenantTx, lenderId: number): Promise<boolean> => {
  const [row] = await tx.select({ lockOnOpen: lenders.lockOnOpen }).from(lenders).where(eq(lenders.id, lenderId));
  return row?.lockOnOpen ?? false;
};

export const saveLockOnOpen = (tx: TenantTx, lenderId: number, lockOnOpen: boolean) =>
  tx.update(lenders).set({ lockOnOpen }).where(eq(lenders.id, lenderId));
