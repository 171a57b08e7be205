import type { ChangePasswordRequest, LoginAnswer, LoginRequest, LoginResponse } from '@credence/contracts';
import { messages } from '@credence/contracts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../../platform/auth.ts';
import { revokeSession } from '../../platform/auth.ts';
import { AppError, validationError } from '../../platform/errors.ts';
import { hashPassword, verifyPassword } from '../../platform/passwords.ts';
import { signAccessToken } from '../../platform/tokens.ts';
import * as repo from './auth.repository.ts';
import { releaseLocksOnSignOut } from '../applications/application-locks/application-locks.service.ts';
import { signInChallengeFor, type VerifiedFactor } from './mfa-core.service.ts';

type Deps = { db: Db; config: Config };

const DAY_MS = 86_400_000;
/** A new password may not be any of the user's last five (the current one and the four before it). */
export const PASSWORD_HISTORY_COUNT = 5;

/**
 * The password history, one rule for every path that sets a password (change password, the enrollment and reset
 * links): the new password is neither the current one (`sameAsCurrent`) nor one of the
 * PASSWORD_HISTORY_COUNT - 1 before it (`reused`), both a 422 on `password`. Checked one by one (argon2id costs
 * 19 MiB each), stopping at the first match.
 */
export const checkPasswordHistory = async (db: Db, user: { id: number; passwordHash: string }, password: string) => {
  if (await verifyPassword(user.passwordHash, password)) {
    throw validationError([{ field: 'password', message: messages.password.sameAsCurrent }]);
  }
  for (const previous of await repo.recentPasswordHashes(db, user.id, PASSWORD_HISTORY_COUNT - 1)) {
    if (await verifyPassword(previous, password)) {
      throw validationError([{ field: 'password', message: messages.password.reused(PASSWORD_HISTORY_COUNT) }]);
    }
  }
};

const tooManyAttempts = (retryAfterSeconds: number) =>
  new AppError(429, 'RATE_LIMITED', messages.login.tooManyAttempts, undefined, {
    'Retry-After': String(Math.max(1, retryAfterSeconds)),
  });

/**
 * Checks a password under the sign-in limits. The attempt is recorded before the check, so parallel guesses
 * count too. Limits, in a sliding window: failures of this username from this address since their last
 * success; and — only from an address the user has never signed in from — failures of the username from any
 * address and failures from the address for any username. So the owner at a known address still gets in while
 * someone else guesses elsewhere, an office behind one address is not locked out by one person, and the window
 * always moves on: never a permanent lock.
 */
export const checkPasswordLimited = async (
  { db, config }: Deps,
  username: string,
  ip: string,
  verify: () => Promise<boolean>,
): Promise<boolean> => {
  const usernameKey = username.toLowerCase();
  const attemptId = await repo.recordAttempt(db, usernameKey, ip);
  const window = config.loginWindowSeconds;
  const [known, pair, byName, byAddress] = await Promise.all([
    repo.isKnownAddress(db, usernameKey, ip),
    repo.pairFailures(db, usernameKey, ip, window),
    repo.usernameFailures(db, usernameKey, window),
    repo.addressFailures(db, ip, window),
  ]);
  // Each count includes this attempt: over the limit means the limit's failures have already happened.
  const over =
    pair.failures > config.loginMaxFailures
      ? pair
      : !known && byName.failures > config.loginMaxFailuresPerUsername
        ? byName
        : !known && byAddress.failures > config.loginMaxFailuresPerIp
          ? byAddress
          : null;
  if (over) {
    await repo.forgetAttempt(db, attemptId);
    throw tooManyAttempts(over.retryAfterSeconds);
  }
  const valid = await verify();
  if (valid) await repo.markAttemptSucceeded(db, attemptId);
  return valid;
};

/**
 * Signs a user in, under the sign-in limits. A user whose lender requires a second factor gets no session here:
 * the answer is `mfaRequired` with a challenge for `login/mfa/verify` (issue 36, modules/auth/mfa*).
 */
export const login = async (deps: Deps, input: LoginRequest, ip: string): Promise<LoginAnswer> => {
  const { db } = deps;
  const user = await repo.findUserByUsername(db, input.username);
  const valid = await checkPasswordLimited(
    deps,
    input.username,
    ip,
    async () => (await verifyPassword(user?.passwordHash, input.password)) && !!user?.enabled,
  );
  if (!user || !valid) throw new AppError(401, 'INVALID_CREDENTIALS', messages.login.unauthorized);
  return (await signInChallengeFor(deps, user.id)) ?? openSession(deps, user);
};

/** Creates the server session of a signed-in user (after the password, and the second factor when one was asked). */
export const openSession = async (
  { db, config }: Deps,
  user: { id: number; homeLenderId: number; passwordExpiresAt: Date },
  verified?: VerifiedFactor,
): Promise<LoginResponse> => {
  const expiresAt = new Date(Date.now() + config.sessionAbsoluteHours * 3_600_000);
  const sessionId = await repo.createSession(db, user.id, user.homeLenderId, expiresAt, verified);
  const accessToken = await signAccessToken(config.jwtSecret, { userId: user.id, sessionId }, expiresAt);
  return {
    access_token: accessToken,
    password_expiration_date: user.passwordExpiresAt.toISOString(),
    user_id: user.id,
  };
};

/** Ends the session and releases the application locks the user holds (spec 3 §4: colleagues need not unlock). */
export const logout = async ({ db }: Deps, auth: AuthContext) => {
  await revokeSession(db, auth.sessionId, 'logout');
  await releaseLocksOnSignOut(db, auth);
};

/** A password change checked and hashed, not yet written (`preparePasswordChange` -> `applyPasswordChange`). */
export type PreparedPasswordChange = { userId: number; hash: string; expiresAt: Date };

/**
 * Checks a password change of the caller and hashes the new password; nothing is written but the sign-in attempt.
 * The current password is checked under the sign-in limits (it is as good a guess as a sign-in): past them the
 * session ends, so a stolen session cannot be used to guess the password. Then the history (422 on `password`).
 * Errors name the fields `oldPassword` and `password` (a caller nesting them prefixes its own path).
 */
export const preparePasswordChange = async (
  deps: Deps,
  auth: AuthContext,
  input: ChangePasswordRequest,
  ip: string,
): Promise<PreparedPasswordChange> => {
  const { db, config } = deps;
  const user = await repo.findUserById(db, auth.userId);
  if (!user) throw new AppError(401, 'UNAUTHENTICATED', messages.errors.unauthenticated);
  let valid: boolean;
  try {
    valid = await checkPasswordLimited(deps, user.username, ip, () =>
      verifyPassword(user.passwordHash, input.oldPassword),
    );
  } catch (error) {
    if (error instanceof AppError && error.status === 429) await revokeSession(db, auth.sessionId, 'password guesses');
    throw error;
  }
  if (!valid) {
    throw validationError([{ field: 'oldPassword', message: messages.password.currentIncorrect }]);
  }
  await checkPasswordHistory(db, user, input.password);
  const expiresAt = new Date(Date.now() + config.passwordLifetimeDays * DAY_MS);
  return { userId: user.id, hash: await hashPassword(input.password), expiresAt };
};

/**
 * Writes a prepared password change in the caller's transaction (so it commits with whatever else the caller
 * writes, or not at all): the replaced password goes to the history, the user's other sessions end.
 */
export const applyPasswordChange = async (tx: Db, auth: AuthContext, prepared: PreparedPasswordChange) => {
  await repo.updatePassword(tx, prepared.userId, prepared.hash, prepared.expiresAt, PASSWORD_HISTORY_COUNT - 1);
  await repo.revokeOtherSessions(tx, prepared.userId, auth.sessionId);
};

/** Changes the caller's password; other sessions of the user end, this one goes on. */
export const changePassword = async (deps: Deps, auth: AuthContext, input: ChangePasswordRequest, ip: string) => {
  const prepared = await preparePasswordChange(deps, auth, input, ip);
  await deps.db.transaction((tx) => applyPasswordChange(tx, auth, prepared));
  return { password_expiration_date: prepared.expiresAt.toISOString() };
};
