import type { CurrentUser } from '@credence/contracts';
import { messages } from '@credence/contracts';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../../platform/auth.ts';
import { AppError, unauthenticated } from '../../platform/errors.ts';
import * as repo from './users.repository.ts';

export const getCurrentUser = async (db: Db, auth: AuthContext): Promise<CurrentUser> => {
  const [user, lenders] = await Promise.all([repo.findUser(db, auth.userId), repo.findUserLenders(db, auth.userId)]);
  if (!user) throw unauthenticated();
  const lenderName = (id: number) => lenders.find((l) => l.id === id)?.name ?? '';
  return {
    id: user.id,
    username: user.username,
    name: user.name,
    fullName: user.fullName,
    email: user.email,
    jobTitle: user.jobTitle,
    avatar: user.avatar,
    homeLender: { id: user.homeLenderId, name: lenderName(user.homeLenderId) },
    currentLender: { id: auth.lenderId, name: lenderName(auth.lenderId) },
    impersonating: auth.lenderId !== user.homeLenderId,
    lenders,
    rights: [...auth.rights].sort(),
    passwordExpirationDate: user.passwordExpiresAt.toISOString(),
    passwordExpired: auth.passwordExpired,
  };
};

export const listLenders = (db: Db, auth: AuthContext) => repo.findUserLenders(db, auth.userId);

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
