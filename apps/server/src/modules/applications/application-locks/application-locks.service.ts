import {
  historyActions,
  messages,
  type ApplicationLockSettings,
  type HeldLock,
  type LockStatus,
} from '@credence/contracts';
import type { Config } from '../../../config.ts';
import type { Db } from '../../../db/client.ts';
import { withTenant, type TenantTx } from '../../../db/tenancy.ts';
import type { AuthContext } from '../../../platform/auth.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { AppError, notFound } from '../../../platform/errors.ts';
import { recordHistory } from '../application-history/application-history.repository.ts';
import * as repo from './application-locks.repository.ts';

export type LockDeps = { db: Db; config: Pick<Config, 'applicationLockSeconds'> };

const lockedByOther = (lock: repo.LockRow) =>
  new AppError(
    409,
    'APPLICATION_LOCKED',
    messages.applications.lockedBy(lock.lockingUserName ?? ''),
    undefined,
    undefined,
    {
      lockingUserId: lock.lockedByUserId,
      lockingUser: lock.lockingUserName,
      lockExpiresUtcTime: lock.lockExpiresAt?.toISOString() ?? null,
    },
  );

export const lockStatusOf = (lock: repo.LockRow, userId: number): LockStatus => {
  const live = lock.isLive && lock.lockedByUserId !== null;
  return {
    isLocked: live,
    isLockedByMe: live && lock.lockedByUserId === userId,
    lockingUser:
      live && lock.lockedByUserId !== null ? { id: lock.lockedByUserId, name: lock.lockingUserName ?? '' } : null,
    lockedUtcTime: live ? (lock.lockedAt?.toISOString() ?? null) : null,
    lockExpiresUtcTime: live ? (lock.lockExpiresAt?.toISOString() ?? null) : null,
  };
};

/** Takes or refreshes the caller's lock; 409 with the holder when someone else holds a live lock. */
export const lockApplication = ({ db, config }: LockDeps, auth: AuthContext, applicationId: number) =>
  withTenant(db, auth.lenderId, async (tx) => {
    const taken = await repo.tryLock(tx, applicationId, auth.userId, config.applicationLockSeconds);
    const lock = await repo.findLock(tx, applicationId);
    if (!lock) throw notFound();
    if (!taken) throw lockedByOther(lock);
    return lockStatusOf(lock, auth.userId);
  });

/**
 * Removes the lock (anyone may, after the UI's confirmation). Removing someone else's live lock is recorded
 * in the history, and the holder's worksheet info then names who unlocked it.
 */
export const unlockApplication = ({ db }: LockDeps, auth: AuthContext, applicationId: number) =>
  withTenant(db, auth.lenderId, async (tx) => {
    const current = await repo.findForWrite(tx, applicationId, auth.userId);
    if (!current) throw notFound();
    const lock = await repo.findLock(tx, applicationId);
    const removedHolder =
      lock?.isLive && lock.lockedByUserId !== null && lock.lockedByUserId !== auth.userId ? lock.lockedByUserId : null;
    await repo.unlock(tx, applicationId, auth.userId, removedHolder);
    if (removedHolder !== null) {
      await recordHistory(tx, {
        lenderId: auth.lenderId,
        applicationId,
        userId: auth.userId,
        action: historyActions.unlocked,
        description: `Lock held by ${lock?.lockingUserName ?? ''} removed`,
        entity: 'Application',
        changes: [
          {
            entity: 'Application',
            entityId: applicationId,
            property: 'lockingUser',
            oldValue: lock?.lockingUserName ?? null,
            newValue: null,
          },
        ],
      });
    }
  });

/**
 * Releases the caller's own lock when leaving the worksheets (route change, tab close): a lock someone else
 * holds is left alone, so this needs no confirmation and is not recorded in the history. Idempotent: answers
 * the same whether or not the caller held the lock; 404 only for an unknown application.
 */
export const releaseOwnLock = ({ db }: Pick<LockDeps, 'db'>, auth: AuthContext, applicationId: number) =>
  withTenant(db, auth.lenderId, async (tx) => {
    if (await repo.releaseOwn(tx, applicationId, auth.userId)) return;
    if (!(await repo.findLock(tx, applicationId))) throw notFound();
  });

/** Sign-out releases the locks the user holds at the session's lender (their colleagues need not force-unlock). */
export const releaseLocksOnSignOut = (db: Db, auth: Pick<AuthContext, 'lenderId' | 'userId'>) =>
  withTenant(db, auth.lenderId, (tx) => repo.releaseAllOf(tx, auth.lenderId, auth.userId));

/**
 * Runs a change to an application: the row is locked for the transaction, the caller must hold the
 * application's lock (409 otherwise), and a funded application needs `confirmFunded` (the UI's "This
 * application has been funded.  Are you sure you want to make changes?"). The lock is extended afterwards.
 */
export const writeApplication = <T>(
  { db, config }: LockDeps,
  auth: AuthContext,
  applicationId: number,
  confirmFunded: boolean | undefined,
  work: (tx: TenantTx, application: repo.WritableApplication) => Promise<T>,
): Promise<T> =>
  withTenant(db, auth.lenderId, async (tx) => {
    const application = await repo.findForWrite(tx, applicationId, auth.userId);
    if (!application) throw notFound();
    if (!application.holdsLock) {
      const lock = await repo.findLock(tx, applicationId);
      if (lock?.isLive && lock.lockedByUserId !== auth.userId) throw lockedByOther(lock);
      throw new AppError(409, 'LOCK_REQUIRED', messages.applications.lockRequired);
    }
    if (application.state === 'funded' && confirmFunded !== true) {
      throw new AppError(409, 'FUNDED_CONFIRMATION_REQUIRED', messages.applications.fundedConfirmation);
    }
    const result = await work(tx, application);
    await repo.touchAfterWrite(tx, applicationId, config.applicationLockSeconds);
    return result;
  });

/**
 * Runs a change to what staff record around an application rather than to the loan record itself (follow-up
 * items, the dealer packet, shares). Like comments, it needs neither the edit lock nor the funded
 * confirmation: the spec asks that confirmation only for applicants and the request, these dialogs are used
 * by whoever works the file (a dealer packet typically arrives after funding), and they never change what was
 * decided or funded. The application row is still locked for the transaction, so that two saves of a
 * replaced list are serialised. 404 for an unknown application or another lender's.
 */
export const annotateApplication = <T>(
  db: Db,
  auth: AuthContext,
  applicationId: number,
  work: (tx: TenantTx, application: repo.WritableApplication) => Promise<T>,
): Promise<T> =>
  withTenant(db, auth.lenderId, async (tx) => {
    const application = await repo.findForWrite(tx, applicationId, auth.userId);
    if (!application) throw notFound();
    return work(tx, application);
  });

/** Administration › Application Locks: at most this many held locks are listed. */
const HELD_LOCKS_LIMIT = 500;

export const getLockSettings = (db: Db, auth: AuthContext): Promise<ApplicationLockSettings> =>
  withTenant(db, auth.lenderId, async (tx) => ({ lockOnOpen: await repo.findLockOnOpen(tx, auth.lenderId) }));

/** Saves the lender's lock-on-open setting; a change is audited (area applicationLocks, old → new). */
export const saveLockSettings = (db: Db, auth: AuthContext, body: ApplicationLockSettings) =>
  withTenant(db, auth.lenderId, async (tx) => {
    const before = await repo.findLockOnOpen(tx, auth.lenderId);
    if (before !== body.lockOnOpen) {
      await repo.saveLockOnOpen(tx, auth.lenderId, body.lockOnOpen);
      await recordAudit(tx, auth, {
        area: 'applicationLocks',
        action: 'update',
        recordId: auth.lenderId,
        details: { label: 'Application Locks', changes: { lockOnOpen: { old: before, new: body.lockOnOpen } } },
      });
    }
    return { lockOnOpen: body.lockOnOpen };
  });

export const listHeldLocks = (db: Db, auth: AuthContext): Promise<HeldLock[]> =>
  withTenant(db, auth.lenderId, async (tx) =>
    (await repo.listHeldLocks(tx, HELD_LOCKS_LIMIT)).map((row) => ({
      applicationId: row.applicationId,
      primaryApplicantName: row.primaryApplicantName,
      loanProductName: row.loanProductName,
      lockingUser: { id: row.lockedByUserId!, name: row.lockingUserName },
      lockedUtcTime: row.lockedAt!.toISOString(),
      lockExpiresUtcTime: row.lockExpiresAt!.toISOString(),
    })),
  );
