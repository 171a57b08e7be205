import { createHash, randomInt } from 'node:crypto';
import {
  MFA_CHALLENGE_MINUTES,
  MFA_RECOVERY_CODE_COUNT,
  MFA_STEP_UP_MINUTES,
  MFA_STEP_UP_REQUIRED,
  mfaMessages,
  mfaPrivilegedRights,
  type LoginAnswer,
} from '@credence/contracts';
import { sql } from 'drizzle-orm';
import { jwtVerify, SignJWT } from 'jose';
import { authenticator } from 'otplib';
import QRCode from 'qrcode';
import type { Config } from '../../config.ts';
import type { Db, DbExecutor } from '../../db/client.ts';
import type { AuthContext } from '../../platform/auth.ts';
import { protectedPurposes, type DataProtector } from '../../platform/crypto.ts';
import { AppError } from '../../platform/errors.ts';

/**
 * Multi-factor authentication's core (issue 36): TOTP (RFC 6238 by otplib: 30-second steps, 6 digits, one step
 * either side accepted, a step never accepted twice per factor), recovery codes, the lender's requirement, the
 * sign-in challenge and the step-up check. No import of auth.service (which calls it at sign-in).
 */

/** The clock of every MFA time decision (codes, challenges, step-up); tests fix it and put it back. */
export const mfaClock = { now: (): number => Date.now() };

export const TOTP_SECRET_PURPOSE = protectedPurposes.mfaTotpSecret;
const STEP_MS = 30_000;
const ISSUER = 'Credence';
const CHALLENGE_ISSUER = 'credence-mfa';
const CHALLENGE_AUDIENCE = 'credence-mfa-challenge';

/** The challenge's key is derived from the JWT secret: a challenge is never an access token (issuer, claims, key). */
const challengeKeys = new WeakMap<Uint8Array, Uint8Array>();
const challengeKey = (secret: Uint8Array) => {
  let key = challengeKeys.get(secret);
  if (!key) {
    key = new Uint8Array(createHash('sha256').update('credence/mfa-challenge\u0000').update(secret).digest());
    challengeKeys.set(secret, key);
  }
  return key;
};

export type MfaDeps = { db: Db; config: Config; protector: DataProtector };

// ---------- TOTP ----------

export const newTotpSecret = () => authenticator.generateSecret(20);

/** The time step a code is valid for at `now` (one step either side), or null. */
export const totpStepOf = (secret: string, code: string, now: number): number | null => {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = authenticator.clone({ epoch: now, window: 1 }).checkDelta(code, secret);
  return delta === null ? null : Math.floor(now / STEP_MS) + delta;
};

export const enrolmentOf = async (factorId: number, username: string, secret: string) => {
  const otpauthUri = authenticator.keyuri(username, ISSUER, secret);
  const svg = await QRCode.toString(otpauthUri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return {
    factorId,
    secret,
    otpauthUri,
    qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
  };
};

// ---------- recovery codes ----------

const CODE_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
const normaliseRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');
const recoveryHash = (code: string) => createHash('sha256').update(normaliseRecoveryCode(code)).digest('hex');

/** Ten new codes of 50 random bits ('k3m9q-x2b7d'), replacing the user's earlier ones; only hashes are stored. */
export const replaceRecoveryCodes = async (db: DbExecutor, userId: number): Promise<string[]> => {
  const codes = Array.from({ length: MFA_RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => CODE_ALPHABET[randomInt(32)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
  await db.execute(sql`delete from mfa_recovery_codes where user_id = ${userId}`);
  for (const code of codes) {
    await db.execute(
      sql`insert into mfa_recovery_codes (user_id, code_hash) values (${userId}, ${recoveryHash(code)})`,
    );
  }
  return codes;
};

// ---------- factors ----------

export type VerifiedFactor = { eventId: number; method: 'totp' | 'recovery'; factorId: number | null; at: Date };

const recordEvent = async (
  db: DbExecutor,
  userId: number,
  factorId: number | null,
  method: VerifiedFactor['method'],
  purpose: 'signIn' | 'enrolment' | 'stepUp',
): Promise<VerifiedFactor> => {
  const at = new Date(mfaClock.now());
  const result = await db.execute<{ id: number }>(sql`
    insert into mfa_events (user_id, factor_id, method, purpose, created_at)
    values (${userId}, ${factorId}, ${method}, ${purpose}, ${at.toISOString()}) returning id`);
  return { eventId: result.rows[0]!.id, method, factorId, at };
};

/**
 * Accepts a TOTP code of one factor: the step it is valid for must be later than the factor's last accepted one
 * (one conditional update, so of two requests with one code exactly one wins).
 */
const acceptTotp = async (db: DbExecutor, protector: DataProtector, factorId: number, stored: string, code: string) => {
  const step = totpStepOf(protector.decrypt(stored, TOTP_SECRET_PURPOSE), code, mfaClock.now());
  if (step === null) return false;
  const result = await db.execute(sql`
    update mfa_factors set last_used_step = ${step}, last_used_at = ${new Date(mfaClock.now()).toISOString()}
     where id = ${factorId} and (last_used_step is null or last_used_step < ${step})`);
  return (result.rowCount ?? 0) > 0;
};

/** Verifies a code of the user: a TOTP code of a confirmed factor, or an unused recovery code (spent here). */
export const verifyUserCode = async (
  db: DbExecutor,
  protector: DataProtector,
  userId: number,
  code: string,
  purpose: 'signIn' | 'stepUp',
): Promise<VerifiedFactor | null> => {
  if (/^\d{6}$/.test(code)) {
    const factors = await db.execute<{ id: number; secret_encrypted: string }>(sql`
      select id, secret_encrypted from mfa_factors where user_id = ${userId} and confirmed_at is not null order by id`);
    for (const factor of factors.rows) {
      if (await acceptTotp(db, protector, factor.id, factor.secret_encrypted, code)) {
        return recordEvent(db, userId, factor.id, 'totp', purpose);
      }
    }
    return null;
  }
  const spent = await db.execute(sql`
    update mfa_recovery_codes set used_at = now()
     where user_id = ${userId} and code_hash = ${recoveryHash(code)} and used_at is null
       and exists (select 1 from mfa_factors where user_id = ${userId} and confirmed_at is not null)`);
  return (spent.rowCount ?? 0) > 0 ? recordEvent(db, userId, null, 'recovery', purpose) : null;
};

/** Confirms a pending factor with a code of its own secret; answers the verification, or null. */
export const confirmPendingFactor = async (
  db: DbExecutor,
  protector: DataProtector,
  userId: number,
  factorId: number,
  code: string,
): Promise<VerifiedFactor | null> => {
  const rows = await db.execute<{ secret_encrypted: string }>(sql`
    select secret_encrypted from mfa_factors where id = ${factorId} and user_id = ${userId} and confirmed_at is null`);
  const row = rows.rows[0];
  if (!row || !(await acceptTotp(db, protector, factorId, row.secret_encrypted, code))) return null;
  await db.execute(sql`update mfa_factors set confirmed_at = now() where id = ${factorId}`);
  return recordEvent(db, userId, factorId, 'totp', 'enrolment');
};

/** A new pending (unconfirmed) TOTP factor; the user's earlier pending ones are dropped. */
export const createPendingFactor = async (db: DbExecutor, deps: MfaDeps, userId: number, name: string) => {
  await db.execute(sql`delete from mfa_factors where user_id = ${userId} and confirmed_at is null`);
  const secret = newTotpSecret();
  const result = await db.execute<{ id: number; username: string }>(sql`
    insert into mfa_factors (user_id, kind, name, secret_encrypted)
    values (${userId}, 'totp', ${name}, ${deps.protector.encrypt(secret, TOTP_SECRET_PURPOSE)})
    returning id, (select username from users where id = ${userId}) as username`);
  const row = result.rows[0]!;
  return enrolmentOf(row.id, row.username, secret);
};

export const hasConfirmedFactor = async (db: DbExecutor, userId: number) => {
  const result = await db.execute<{ has: boolean }>(sql`
    select exists (select 1 from mfa_factors where user_id = ${userId} and confirmed_at is not null) as has`);
  return result.rows[0]?.has ?? false;
};

// ---------- the requirement ----------

/**
 * Whether a lender of the user requires a second factor of them: a lender requiring it of everyone, or of the
 * privileged and the user's role there holds an administration right, canRevealSensitiveData or canFundALoan.
 * Every lender the user may work in counts (switching lenders never skips it).
 */
export const mfaRequiredFor = async (db: DbExecutor, userId: number) => {
  const privileged = sql.join(
    mfaPrivilegedRights.map((right) => sql`${right}`),
    sql`, `,
  );
  const result = await db.execute<{ required: boolean }>(sql`
    select exists (
      select 1 from user_lenders ul join lenders l on l.id = ul.lender_id
       where ul.user_id = ${userId}
         and (l.mfa_requirement = 'everyone'
              or (l.mfa_requirement = 'privileged'
                  and exists (select 1 from role_rights rr where rr.role_id = ul.role_id and rr.right in (${privileged}))))
    ) as required`);
  return result.rows[0]?.required ?? false;
};

// ---------- the sign-in challenge ----------

/**
 * The answer of a password sign-in that needs a second factor, or null when none is needed: no session, a signed
 * challenge naming a single-use row that lives MFA_CHALLENGE_MINUTES.
 */
export const signInChallengeFor = async (
  deps: Pick<MfaDeps, 'db' | 'config'>,
  userId: number,
): Promise<LoginAnswer | null> => {
  if (!(await mfaRequiredFor(deps.db, userId))) return null;
  const enrolled = await hasConfirmedFactor(deps.db, userId);
  const expiresAt = new Date(mfaClock.now() + MFA_CHALLENGE_MINUTES * 60_000);
  const result = await deps.db.execute<{ id: string }>(sql`
    insert into mfa_challenges (user_id, expires_at) values (${userId}, ${expiresAt.toISOString()}) returning id`);
  const challengeId = result.rows[0]!.id;
  const token = await new SignJWT({ cid: challengeId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(userId))
    .setIssuer(CHALLENGE_ISSUER)
    .setAudience(CHALLENGE_AUDIENCE)
    .setIssuedAt(Math.floor(mfaClock.now() / 1000))
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(challengeKey(deps.config.jwtSecret));
  await deps.db.execute(sql`delete from mfa_challenges where expires_at < now() - interval '1 day'`);
  return { mfaRequired: true, enrolmentRequired: !enrolled, mfaChallenge: token };
};

const challengeExpired = () => new AppError(401, 'UNAUTHENTICATED', mfaMessages.challengeExpired);

/** The challenge's user, when the token is genuine, unexpired and its row unspent (401 otherwise). */
export const readChallenge = async (deps: MfaDeps, token: string) => {
  let claims: { cid?: unknown; sub?: string };
  try {
    ({ payload: claims } = await jwtVerify(token, challengeKey(deps.config.jwtSecret), {
      issuer: CHALLENGE_ISSUER,
      audience: CHALLENGE_AUDIENCE,
      algorithms: ['HS256'],
      currentDate: new Date(mfaClock.now()),
    }));
  } catch {
    throw challengeExpired();
  }
  const userId = Number(claims.sub);
  if (typeof claims.cid !== 'string' || !Number.isInteger(userId)) throw challengeExpired();
  const result = await deps.db.execute<{ id: string }>(sql`
    select c.id from mfa_challenges c join users u on u.id = c.user_id
     where c.id = ${claims.cid} and c.user_id = ${userId} and c.used_at is null
       and c.expires_at > ${new Date(mfaClock.now()).toISOString()} and u.enabled`);
  if (!result.rows[0]) throw challengeExpired();
  return { challengeId: claims.cid, userId };
};

/** Spends the challenge (once: of two requests exactly one spends it). */
export const spendChallenge = async (db: DbExecutor, challengeId: string) => {
  const result = await db.execute(sql`
    update mfa_challenges set used_at = now() where id = ${challengeId} and used_at is null`);
  if ((result.rowCount ?? 0) === 0) throw challengeExpired();
};

// ---------- step-up ----------

export type StepUpAuthentication = {
  /** 'password': the user has no factor; otherwise the verification that covers the action. */
  method: 'password' | 'totp' | 'recovery';
  eventId: number | null;
  verifiedAt: string | null;
};

/**
 * A risky action (revealing an SSN, funding or reversing a loan, changing a user's role or groups, managing factors)
 * of a user who has a factor needs one verified in this session within MFA_STEP_UP_MINUTES: otherwise 403
 * MFA_STEP_UP_REQUIRED, which the web answers with its step-up dialog. A user without a factor (only where no
 * lender of theirs requires one) passes as 'password'. Answers what the action's audit row names as its
 * authentication.
 */
export const requireStepUp = async (db: DbExecutor, auth: AuthContext): Promise<StepUpAuthentication> => {
  const result = await db.execute<{
    verified_at: Date | null;
    event_id: number | null;
    method: string | null;
    has: boolean;
  }>(sql`
    select s.mfa_verified_at as verified_at, s.mfa_event_id as event_id, e.method,
           exists (select 1 from mfa_factors f where f.user_id = s.user_id and f.confirmed_at is not null) as has
      from sessions s left join mfa_events e on e.id = s.mfa_event_id
     where s.id = ${auth.sessionId}`);
  const row = result.rows[0];
  if (!row?.has) return { method: 'password', eventId: null, verifiedAt: null };
  const verifiedAt = row.verified_at ? new Date(row.verified_at) : null;
  if (!verifiedAt || mfaClock.now() - verifiedAt.getTime() > MFA_STEP_UP_MINUTES * 60_000) {
    throw new AppError(403, MFA_STEP_UP_REQUIRED, mfaMessages.stepUpRequired);
  }
  return {
    method: row.method === 'recovery' ? 'recovery' : 'totp',
    eventId: row.event_id,
    verifiedAt: verifiedAt.toISOString(),
  };
};

/** Marks the session as verified now by this event. */
export const markSessionVerified = (db: DbExecutor, sessionId: string, verified: VerifiedFactor) =>
  db.execute(sql`update sessions set mfa_verified_at = ${verified.at.toISOString()}, mfa_event_id = ${verified.eventId}
                  where id = ${sessionId}`);
