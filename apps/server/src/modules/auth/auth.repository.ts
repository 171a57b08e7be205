import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { DbExecutor as Db } from '../../db/client.ts';
import { loginAttempts, passwordHistory, sessions, users } from '../../db/schema/index.ts';

export const findUserByUsername = async (db: Db, username: string) => {
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`)
    .limit(1);
  return user;
};

export const findUserById = async (db: Db, id: number) => {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user;
};

type FailureWindow = { failures: number; retryAfterSeconds: number };

const failureWindow = (condition: ReturnType<typeof sql>, windowSeconds: number) => sql`
    select count(*)::int as failures,
           coalesce(ceil(extract(epoch from min(created_at) + make_interval(secs => ${windowSeconds}) - now())), 0)::int as "retryAfterSeconds"
      from login_attempts
     where not succeeded and created_at > now() - make_interval(secs => ${windowSeconds}) and ${condition}`;

/**
 * Records an attempt as a failure before the password is checked, so that concurrent guesses all count: of 40
 * parallel attempts at most the limit are ever verified. A verified success turns the row into a success.
 */
export const recordAttempt = async (db: Db, usernameKey: string, ip: string) => {
  const [row] = await db
    .insert(loginAttempts)
    .values({ usernameKey, ip, succeeded: false })
    .returning({ id: loginAttempts.id });
  if (!row) throw new Error('login attempt not recorded');
  return row.id;
};

export const markAttemptSucceeded = (db: Db, id: number) =>
  db.update(loginAttempts).set({ succeeded: true }).where(eq(loginAttempts.id, id));

/** An attempt refused by the limit was never checked: it is not kept, so refused guesses do not extend the window. */
export const forgetAttempt = (db: Db, id: number) => db.delete(loginAttempts).where(eq(loginAttempts.id, id));

/** Whether the user has signed in from this address before (within the retention of attempts). */
export const isKnownAddress = async (db: Db, usernameKey: string, ip: string) => {
  const result = await db.execute<{ known: boolean }>(sql`
    select exists (select 1 from login_attempts where username_key = ${usernameKey} and ip = ${ip} and succeeded) as known`);
  return result.rows[0]?.known ?? false;
};

/** Failures of one username from one address since that pair's last success, inside the sliding window. */
export const pairFailures = async (db: Db, usernameKey: string, ip: string, windowSeconds: number) => {
  const result = await db.execute<FailureWindow>(
    failureWindow(
      sql`username_key = ${usernameKey} and ip = ${ip}
          and created_at > coalesce((select max(created_at) from login_attempts
                                      where username_key = ${usernameKey} and ip = ${ip} and succeeded), '-infinity')`,
      windowSeconds,
    ),
  );
  return result.rows[0] ?? { failures: 0, retryAfterSeconds: 0 };
};

/** Failures of one username from every address since its last success (password spraying across addresses). */
export const usernameFailures = async (db: Db, usernameKey: string, windowSeconds: number) => {
  const result = await db.execute<FailureWindow>(
    failureWindow(
      sql`username_key = ${usernameKey}
          and created_at > coalesce((select max(created_at) from login_attempts
                                      where username_key = ${usernameKey} and succeeded), '-infinity')`,
      windowSeconds,
    ),
  );
  return result.rows[0] ?? { failures: 0, retryAfterSeconds: 0 };
};

/** Failures from one address for any username (spraying many usernames from one place). */
export const addressFailures = async (db: Db, ip: string, windowSeconds: number) => {
  const result = await db.execute<FailureWindow>(failureWindow(sql`ip = ${ip}`, windowSeconds));
  return result.rows[0] ?? { failures: 0, retryAfterSeconds: 0 };
};

export const createSession = async (
  db: Db,
  userId: number,
  lenderId: number,
  expiresAt: Date,
  mfa?: { eventId: number; at: Date },
) => {
  const [row] = await db
    .insert(sessions)
    .values({ userId, currentLenderId: lenderId, expiresAt, mfaVerifiedAt: mfa?.at, mfaEventId: mfa?.eventId })
    .returning({ id: sessions.id });
  if (!row) throw new Error('session not created');
  return row.id;
};

/** The hashes of the user's latest earlier passwords, newest first (the current one is users.password_hash). */
export const recentPasswordHashes = async (db: Db, userId: number, count: number) =>
  (
    await db
      .select({ hash: passwordHistory.passwordHash })
      .from(passwordHistory)
      .where(eq(passwordHistory.userId, userId))
      .orderBy(desc(passwordHistory.replacedAt), desc(passwordHistory.id))
      .limit(count)
  ).map((r) => r.hash);

/**
 * Replaces the password: the one it replaces goes to the history (read under a row lock, so two changes at once
 * both keep theirs), and only the latest `keep` earlier ones are kept.
 */
export const updatePassword = async (db: Db, userId: number, passwordHash: string, expiresAt: Date, keep: number) => {
  await db.execute(sql`
    insert into password_history (user_id, password_hash)
    select id, password_hash from users where id = ${userId} for update`);
  await db
    .update(users)
    .set({ passwordHash, passwordChangedAt: sql`now()`, passwordExpiresAt: expiresAt })
    .where(eq(users.id, userId));
  await db.execute(sql`
    delete from password_history where user_id = ${userId} and id not in (
      select id from password_history where user_id = ${userId} order by replaced_at desc, id desc limit ${keep})`);
};

export const revokeOtherSessions = (db: Db, userId: number, keepSessionId: string) =>
  db
    .update(sessions)
    .set({ revokedAt: sql`now()`, revokedReason: 'password changed' })
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId), sql`${sessions.revokedAt} is null`));
