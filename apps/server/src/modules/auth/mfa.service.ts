import {
  mfaMessages,
  type MfaFactor,
  type MfaSettings,
  type MfaSignedIn,
  type MfaStatus,
  type LoginResponse,
} from '@credence/contracts';
import { sql } from 'drizzle-orm';
import { withTenant } from '../../db/tenancy.ts';
import { recordAudit } from '../../platform/audit.ts';
import { revokeSession, type AuthContext } from '../../platform/auth.ts';
import { AppError, fieldError, forbidden, notFound } from '../../platform/errors.ts';
import { enqueueEmail } from '../../platform/outbox.ts';
import { checkPasswordLimited, openSession } from './auth.service.ts';
import * as repo from './auth.repository.ts';
import {
  confirmPendingFactor,
  createPendingFactor,
  hasConfirmedFactor,
  markSessionVerified,
  mfaRequiredFor,
  readChallenge,
  replaceRecoveryCodes,
  requireStepUp,
  spendChallenge,
  verifyUserCode,
  type MfaDeps,
  type VerifiedFactor,
} from './mfa-core.service.ts';

/**
 * The second factor's calls (issue 36): the sign-in's second step and forced enrolment (public, on the challenge
 * only: no session exists before the factor is verified), the step-up, the caller's own factors (My Profile), an
 * administrator's reset of a user's factors and the lender's requirement.
 */

export type MfaServiceDeps = MfaDeps;

const codeInvalid = () => new AppError(401, 'INVALID_CREDENTIALS', mfaMessages.codeInvalid);
const DEFAULT_FACTOR_NAME = 'Authenticator app';

/** Runs a code check under the sign-in limits (wrong codes count as wrong passwords; 429 past them). */
const limited = async (
  deps: MfaDeps,
  username: string,
  ip: string,
  check: () => Promise<VerifiedFactor | null>,
): Promise<VerifiedFactor | null> => {
  let verified: VerifiedFactor | null = null;
  await checkPasswordLimited(deps, username, ip, async () => {
    verified = await check();
    return verified !== null;
  });
  return verified;
};

const challengeUser = async (deps: MfaDeps, challenge: string) => {
  const { challengeId, userId } = await readChallenge(deps, challenge);
  const user = await repo.findUserById(deps.db, userId);
  if (!user) throw new AppError(401, 'UNAUTHENTICATED', mfaMessages.challengeExpired);
  return { challengeId, user };
};

/** POST login/mfa/verify: a TOTP or recovery code for the challenge; then the same session as a password sign-in. */
export const verifySignIn = async (
  deps: MfaDeps,
  input: { challenge: string; code: string },
  ip: string,
): Promise<LoginResponse> => {
  const { challengeId, user } = await challengeUser(deps, input.challenge);
  const verified = await limited(deps, user.username, ip, () =>
    verifyUserCode(deps.db, deps.protector, user.id, input.code, 'signIn'),
  );
  if (!verified) throw codeInvalid();
  await spendChallenge(deps.db, challengeId);
  return openSession(deps, user, verified);
};

/** POST login/mfa/enrolment: a user who must set up a factor and has none gets a new secret for the challenge. */
export const startSignInEnrolment = async (deps: MfaDeps, input: { challenge: string }) => {
  const { user } = await challengeUser(deps, input.challenge);
  if (await hasConfirmedFactor(deps.db, user.id)) throw new AppError(409, 'CONFLICT', mfaMessages.alreadyEnrolled);
  return createPendingFactor(deps.db, deps, user.id, DEFAULT_FACTOR_NAME);
};

/** POST login/mfa/enrolment/confirm: the new factor's first code signs the user in; recovery codes shown once. */
export const confirmSignInEnrolment = async (
  deps: MfaDeps,
  input: { challenge: string; code: string },
  ip: string,
): Promise<MfaSignedIn> => {
  const { challengeId, user } = await challengeUser(deps, input.challenge);
  if (await hasConfirmedFactor(deps.db, user.id)) throw new AppError(409, 'CONFLICT', mfaMessages.alreadyEnrolled);
  const pending = await deps.db.execute<{ id: number }>(sql`
    select id from mfa_factors where user_id = ${user.id} and confirmed_at is null order by id desc limit 1`);
  const factorId = pending.rows[0]?.id;
  if (factorId === undefined) throw fieldError('code', mfaMessages.codeInvalid);
  const verified = await limited(deps, user.username, ip, () =>
    confirmPendingFactor(deps.db, deps.protector, user.id, factorId, input.code),
  );
  if (!verified) throw codeInvalid();
  await spendChallenge(deps.db, challengeId);
  const recoveryCodes = await replaceRecoveryCodes(deps.db, user.id);
  // The new session's user, in their home lender (the audit row's actor; no session exists yet).
  const actor = { sessionId: '', userId: user.id, homeLenderId: user.homeLenderId, lenderId: user.homeLenderId };
  await withTenant(deps.db, user.homeLenderId, (tx) =>
    recordAudit(
      tx,
      { ...actor, rights: new Set(), passwordExpired: false },
      {
        area: 'mfa',
        action: 'factorAdded',
        recordId: user.id,
        details: {
          label: DEFAULT_FACTOR_NAME,
          factorId,
          authentication: { eventId: verified.eventId, method: 'totp' },
        },
      },
    ),
  );
  return { ...(await openSession(deps, user, verified)), recoveryCodes };
};

// ---------- signed in ----------

const factorOf = (row: { id: number; name: string; created_at: Date; last_used_at: Date | null }): MfaFactor => ({
  id: row.id,
  kind: 'totp',
  name: row.name,
  createdAt: new Date(row.created_at).toISOString(),
  lastUsedAt: row.last_used_at ? new Date(row.last_used_at).toISOString() : null,
});

const audit = (deps: MfaDeps, auth: AuthContext, action: string, details: Record<string, unknown>, recordId?: number) =>
  withTenant(deps.db, auth.lenderId, (tx) =>
    recordAudit(tx, auth, { area: 'mfa', action, recordId: recordId ?? auth.userId, details }),
  );

export const status = async (deps: MfaDeps, auth: AuthContext): Promise<MfaStatus> => {
  const factors = await deps.db.execute<{ id: number; name: string; created_at: Date; last_used_at: Date | null }>(sql`
    select id, name, created_at, last_used_at from mfa_factors
     where user_id = ${auth.userId} and confirmed_at is not null order by id`);
  const codes = await deps.db.execute<{ n: number }>(sql`
    select count(*)::int as n from mfa_recovery_codes where user_id = ${auth.userId} and used_at is null`);
  const session = await deps.db.execute<{ at: Date | null }>(sql`
    select mfa_verified_at as at from sessions where id = ${auth.sessionId}`);
  const at = session.rows[0]?.at;
  return {
    factors: factors.rows.map(factorOf),
    recoveryCodesLeft: factors.rows.length > 0 ? (codes.rows[0]?.n ?? 0) : 0,
    required: await mfaRequiredFor(deps.db, auth.userId),
    verifiedAt: at ? new Date(at).toISOString() : null,
  };
};

/** POST user/mfa/stepUp: a code verified in this session (under the sign-in limits; past them the session ends). */
export const stepUp = async (deps: MfaDeps, auth: AuthContext, code: string, ip: string) => {
  const user = await repo.findUserById(deps.db, auth.userId);
  if (!user) throw forbidden();
  // Without a factor there is nothing to verify: no attempt is counted (and the session never ends for it).
  if (!(await hasConfirmedFactor(deps.db, user.id))) throw notFound(mfaMessages.factorNotFound);
  let verified: VerifiedFactor | null;
  try {
    verified = await limited(deps, user.username, ip, () =>
      verifyUserCode(deps.db, deps.protector, user.id, code, 'stepUp'),
    );
  } catch (error) {
    if (error instanceof AppError && error.status === 429) await revokeSession(deps.db, auth.sessionId, 'code guesses');
    throw error;
  }
  // A wrong code is a 422 on the dialog's field: a 401 would end the signed-in page.
  if (!verified) throw fieldError('code', mfaMessages.codeInvalid);
  await markSessionVerified(deps.db, auth.sessionId, verified);
  return { verifiedAt: verified.at.toISOString() };
};

/** POST user/mfa/factors: a new pending factor (step-up when the caller already has one). */
export const addFactor = async (deps: MfaDeps, auth: AuthContext, name: string) => {
  if (await hasConfirmedFactor(deps.db, auth.userId)) await requireStepUp(deps.db, auth);
  return createPendingFactor(deps.db, deps, auth.userId, name);
};

/** POST user/mfa/factors/{id}/confirm: the first factor also gets the recovery codes, shown once. */
export const confirmFactor = async (deps: MfaDeps, auth: AuthContext, factorId: number, code: string, ip: string) => {
  const user = await repo.findUserById(deps.db, auth.userId);
  if (!user) throw forbidden();
  const pending = await deps.db.execute(sql`
    select 1 from mfa_factors where id = ${factorId} and user_id = ${auth.userId} and confirmed_at is null`);
  if (pending.rowCount === 0) throw notFound(mfaMessages.factorNotFound);
  const first = !(await hasConfirmedFactor(deps.db, auth.userId));
  const verified = await limited(deps, user.username, ip, () =>
    confirmPendingFactor(deps.db, deps.protector, user.id, factorId, code),
  );
  if (!verified) throw fieldError('code', mfaMessages.codeInvalid);
  const recoveryCodes = first ? await replaceRecoveryCodes(deps.db, user.id) : [];
  const name = await deps.db.execute<{ name: string }>(sql`select name from mfa_factors where id = ${factorId}`);
  await audit(deps, auth, 'factorAdded', { label: name.rows[0]?.name, factorId });
  return { recoveryCodes };
};

const ownFactor = async (deps: MfaDeps, auth: AuthContext, factorId: number) => {
  const rows = await deps.db.execute<{ id: number; name: string; created_at: Date; last_used_at: Date | null }>(sql`
    select id, name, created_at, last_used_at from mfa_factors
     where id = ${factorId} and user_id = ${auth.userId} and confirmed_at is not null`);
  const row = rows.rows[0];
  if (!row) throw notFound(mfaMessages.factorNotFound);
  return row;
};

export const renameFactor = async (deps: MfaDeps, auth: AuthContext, factorId: number, name: string) => {
  const before = await ownFactor(deps, auth, factorId);
  await deps.db.execute(sql`update mfa_factors set name = ${name} where id = ${factorId}`);
  await audit(deps, auth, 'factorRenamed', {
    label: name,
    factorId,
    changes: { name: { old: before.name, new: name } },
  });
  return factorOf({ ...before, name });
};

/** DELETE user/mfa/factors/{id}: step-up; the last factor of a user who must have one stays. */
export const removeFactor = async (deps: MfaDeps, auth: AuthContext, factorId: number) => {
  const factor = await ownFactor(deps, auth, factorId);
  const authentication = await requireStepUp(deps.db, auth);
  const others = await deps.db.execute<{ n: number }>(sql`
    select count(*)::int as n from mfa_factors where user_id = ${auth.userId} and confirmed_at is not null and id <> ${factorId}`);
  const last = (others.rows[0]?.n ?? 0) === 0;
  if (last && (await mfaRequiredFor(deps.db, auth.userId))) {
    throw new AppError(422, 'VALIDATION', mfaMessages.lastFactorRequired);
  }
  await deps.db.execute(sql`delete from mfa_factors where id = ${factorId}`);
  if (last) await deps.db.execute(sql`delete from mfa_recovery_codes where user_id = ${auth.userId}`);
  await audit(deps, auth, 'factorRemoved', { label: factor.name, factorId, authentication });
  return null;
};

export const newRecoveryCodes = async (deps: MfaDeps, auth: AuthContext) => {
  if (!(await hasConfirmedFactor(deps.db, auth.userId))) throw notFound(mfaMessages.factorNotFound);
  const authentication = await requireStepUp(deps.db, auth);
  const recoveryCodes = await replaceRecoveryCodes(deps.db, auth.userId);
  await audit(deps, auth, 'recoveryCodesReplaced', { authentication });
  return { recoveryCodes };
};

// ---------- administration ----------

/**
 * POST users/{id}/mfa/reset: removes another user's factors and recovery codes and ends their sessions (they set
 * up a new factor at their next sign-in). Like editing a user: only a member of the caller's lender, whose role
 * there holds no right the caller lacks (403). Audited; the user is told by e-mail through the outbox.
 */
export const resetUser = async (deps: MfaDeps, auth: AuthContext, userId: number) => {
  if (userId === auth.userId) throw forbidden();
  const target = await deps.db.execute<{
    email: string;
    full_name: string;
    username: string;
    rights: string[] | null;
  }>(sql`
    select u.email, u.full_name, u.username,
           (select array_agg(rr.right) from role_rights rr where rr.role_id = ul.role_id) as rights
      from user_lenders ul join users u on u.id = ul.user_id
     where ul.user_id = ${userId} and ul.lender_id = ${auth.lenderId}`);
  const user = target.rows[0];
  if (!user) throw notFound();
  if ((user.rights ?? []).some((right) => !auth.rights.has(right as never))) throw forbidden();
  const removed = await deps.db.execute<{ n: number }>(sql`
    with gone as (delete from mfa_factors where user_id = ${userId} returning id) select count(*)::int as n from gone`);
  await deps.db.execute(sql`delete from mfa_recovery_codes where user_id = ${userId}`);
  await deps.db.execute(sql`update sessions set revoked_at = now(), revoked_reason = 'mfa reset'
                             where user_id = ${userId} and revoked_at is null`);
  await withTenant(deps.db, auth.lenderId, async (tx) => {
    await recordAudit(tx, auth, {
      area: 'mfa',
      action: 'reset',
      recordId: userId,
      details: { label: user.username, factorsRemoved: removed.rows[0]?.n ?? 0 },
    });
    await enqueueEmail(tx, auth.lenderId, {
      to: user.email,
      subject: 'Credence: your sign-in authenticator was reset',
      text: [
        `Hello ${user.full_name},`,
        '',
        `An administrator removed the authenticator app and recovery codes of your Credence account (${user.username}).`,
        'At your next sign-in you will set up an authenticator app again.',
        '',
        'If you did not ask for this, tell your administrator at once.',
      ].join('\n'),
    });
  });
  return null;
};

const requirementOf = async (deps: MfaDeps, lenderId: number) => {
  const rows = await deps.db.execute<{ r: MfaSettings['mfaRequirement'] }>(sql`
    select mfa_requirement as r from lenders where id = ${lenderId}`);
  return rows.rows[0]?.r ?? 'privileged';
};

export const settings = async (deps: MfaDeps, auth: AuthContext): Promise<MfaSettings> => ({
  mfaRequirement: await requirementOf(deps, auth.lenderId),
});

export const saveSettings = async (deps: MfaDeps, auth: AuthContext, input: MfaSettings): Promise<MfaSettings> => {
  const before = await requirementOf(deps, auth.lenderId);
  if (before !== input.mfaRequirement) {
    await withTenant(deps.db, auth.lenderId, async (tx) => {
      await tx.execute(sql`update lenders set mfa_requirement = ${input.mfaRequirement} where id = ${auth.lenderId}`);
      await recordAudit(tx, auth, {
        area: 'mfa',
        action: 'update',
        recordId: auth.lenderId,
        details: { label: 'MFA requirement', changes: { mfaRequirement: { old: before, new: input.mfaRequirement } } },
      });
    });
  }
  return { mfaRequirement: input.mfaRequirement };
};
