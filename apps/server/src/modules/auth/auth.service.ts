import type { ChangePasswordRequest, LoginRequest, LoginResponse } from '@credence/contracts';
import { messages } from '@credence/contracts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../../platform/auth.ts';
import { revokeSession } from '../../platform/auth.ts';
import { AppError, validationError } from '../../platform/errors.ts';
import { hashPassword, verifyPassword } from '../../platform/passwords.ts';
import { signAccessToken } from '../../platform/tokens.ts';
import * as repo from './auth.repository.ts';

type Deps = { db: Db; config: Config };

const DAY_MS = 86_400_000;

const tooManyAttempts = (retryAfterSeconds: number) =>
  new AppError(429, 'RATE_LIMITED', messages.login.tooManyAttempts, undefined, {
    'Retry-After': String(Math.max(1, retryAfterSeconds)),
  });

/**
 * Signs a user in. Failed attempts are counted per username (since its last success) and per address in a
 * sliding window; past the limit the answer is 429 until the window moves on, so nobody is locked out for good.
 */
export const login = async ({ db, config }: Deps, input: LoginRequest, ip: string): Promise<LoginResponse> => {
  const usernameKey = input.username.toLowerCase();
  const [byName, byAddress] = await Promise.all([
    repo.recentUsernameFailures(db, usernameKey, config.loginWindowSeconds),
    repo.recentAddressFailures(db, ip, config.loginWindowSeconds),
  ]);
  if (byName.failures >= config.loginMaxFailures) throw tooManyAttempts(byName.retryAfterSeconds);
  if (byAddress.failures >= config.loginMaxFailuresPerIp) throw tooManyAttempts(byAddress.retryAfterSeconds);

  const user = await repo.findUserByUsername(db, input.username);
  const valid = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !valid || !user.enabled) {
    await repo.recordLoginAttempt(db, usernameKey, ip, false);
    throw new AppError(401, 'INVALID_CREDENTIALS', messages.login.unauthorized);
  }
  await repo.recordLoginAttempt(db, usernameKey, ip, true);
  const expiresAt = new Date(Date.now() + config.sessionAbsoluteHours * 3_600_000);
  const sessionId = await repo.createSession(db, user.id, user.homeLenderId, expiresAt);
  const accessToken = await signAccessToken(config.jwtSecret, { userId: user.id, sessionId }, expiresAt);
  return {
    access_token: accessToken,
    password_expiration_date: user.passwordExpiresAt.toISOString(),
    user_id: user.id,
  };
};

export const logout = ({ db }: Deps, auth: AuthContext) => revokeSession(db, auth.sessionId, 'logout');

/** Changes the caller's password; other sessions of the user end, this one goes on. */
export const changePassword = async ({ db, config }: Deps, auth: AuthContext, input: ChangePasswordRequest) => {
  const user = await repo.findUserById(db, auth.userId);
  if (!user) throw new AppError(401, 'UNAUTHENTICATED', messages.errors.unauthenticated);
  if (!(await verifyPassword(user.passwordHash, input.oldPassword))) {
    throw validationError([{ field: 'oldPassword', message: messages.password.currentIncorrect }]);
  }
  if (input.password === input.oldPassword) {
    throw validationError([{ field: 'password', message: messages.password.sameAsCurrent }]);
  }
  const expiresAt = new Date(Date.now() + config.passwordLifetimeDays * DAY_MS);
  const hash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    await repo.updatePassword(tx, user.id, hash, expiresAt);
    await repo.revokeOtherSessions(tx, user.id, auth.sessionId);
  });
  return { password_expiration_date: expiresAt.toISOString() };
};
