import { and, eq, ne, sql } from 'drizzle-orm';
import type { DbExecutor as Db } from '../../db/client.ts';
import { loginAttempts, sessions, users } from '../../db/schema/index.ts';

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

export const recordLoginAttempt = (db: Db, usernameKey: string, ip: string, succeeded: boolean) =>
  db.insert(loginAttempts).values({ usernameKey, ip, succeeded });

type FailureWindow = { failures: number; retryAfterSeconds: number };

/** Failures for a username since its last success, inside the sliding window, and when the oldest leaves it. */
export const recentUsernameFailures = async (db: Db, usernameKey: string, windowSeconds: number) => {
  const result = await db.execute<FailureWindow>(sql`
    select count(*)::int as failures,
           coalesce(ceil(extract(epoch from min(created_at) + make_interval(secs => ${windowSeconds}) - now())), 0)::int as "retryAfterSeconds"
      from login_attempts
     where username_key = ${usernameKey} and not succeeded
       and created_at > now() - make_interval(secs => ${windowSeconds})
       and created_at > coalesce((select max(created_at) from login_attempts
                                   where username_key = ${usernameKey} and succeeded), '-infinity')`);
  return result.rows[0] ?? { failures: 0, retryAfterSeconds: 0 };
};

export const recentAddressFailures = async (db: Db, ip: string, windowSeconds: number) => {
  const result = await db.execute<FailureWindow>(sql`
    select count(*)::int as failures,
           coalesce(ceil(extract(epoch from min(created_at) + make_interval(secs => ${windowSeconds}) - now())), 0)::int as "retryAfterSeconds"
      from login_attempts
     where ip = ${ip} and not succeeded and created_at > now() - make_interval(secs => ${windowSeconds})`);
  return result.rows[0] ?? { failures: 0, retryAfterSeconds: 0 };
};

export const createSession = async (db: Db, userId: number, lenderId: number, expiresAt: Date) => {
  const [row] = await db
    .insert(sessions)
    .values({ userId, currentLenderId: lenderId, expiresAt })
    .returning({ id: sessions.id });
  if (!row) throw new Error('session not created');
  return row.id;
};

export const updatePassword = (db: Db, userId: number, passwordHash: string, expiresAt: Date) =>
  db
    .update(users)
    .set({ passwordHash, passwordChangedAt: sql`now()`, passwordExpiresAt: expiresAt })
    .where(eq(users.id, userId));

export const revokeOtherSessions = (db: Db, userId: number, keepSessionId: string) =>
  db
    .update(sessions)
    .set({ revokedAt: sql`now()`, revokedReason: 'password changed' })
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId), sql`${sessions.revokedAt} is null`));
