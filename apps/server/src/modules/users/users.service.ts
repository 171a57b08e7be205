import type { CurrentUser } from '@credence/contracts';
import { messages } from '@credence/contracts';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../../platform/auth.ts';
import { AppError, unauthenticated } from '../../platform/errors.ts';
import * as repo from './users.repository.ts';

export const getCurrentUser = async (db: Db, auth: AuthContext): Promise<CurrentUser> => {
  const [user, rows] = await Promise.all([repo.findUser(db, auth.userId), repo.findUserLenders(db, auth.userId)]);
  if (!user) throw unauthenticated();
  const lenders = rows.map(({ id, name }) => ({ id, name }));
  const lenderName = (id: number) => lenders.find((l) => l.id === id)?.name ?? '';
  // Every time on screen is shown in the current lender's zone (issue 29, item 10).
  const timeZone = rows.find((l) => l.id === auth.lenderId)?.timeZone ?? 'UTC';
  return {
    id: user.id,
    username: user.username,
    name: user.name,
    fullName: user.fullName,
    email: user.email,
    jobTitle: user.jobTitle,
    avatar: user.avatar,
    homeLender: { id: user.homeLenderId, name: lenderName(user.homeLenderId) },
    currentLender: { id: auth.lenderId, name: lenderName(auth.lenderId), timeZone },
    impersonating: auth.lenderId !== user.homeLenderId,
    lenders,
    rights: [...auth.rights].sort(),
    passwordExpirationDate: user.passwordExpiresAt.toISOString(),
    passwordExpired: auth.passwordExpired,
  };
};

export const listLenders = async (db: Db, auth: AuthContext) =>
  (await repo.findUserLenders(db, auth.userId)).map(({ id, name }) => ({ id, name }));

/**
 * Works in another lender: the session's current lender changes (impersonation); choosing the home lender
 * clears it. Only lenders the user belongs to may be chosen.
 */
export const switchLender = async (db: Db, auth: AuthContext, lenderId: number): Promise<CurrentUser> => {
  const lenders = await repo.findUserLenders(db, auth.userId);
  if (!lenders.some((l) => l.id === lenderId)) throw new AppError(403, 'FORBIDDEN', messages.errors.lenderNotAllowed);
  await repo.setSessionLender(db, auth.sessionId, lenderId);
  // Rights belong to the role in the new lender: read them again as the guard would on the next call.
  const rights = await repo.rightsInLender(db, auth.userId, lenderId);
  return getCurrentUser(db, { ...auth, lenderId, rights });
};
