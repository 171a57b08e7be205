import { isRight } from '@credence/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.ts';
import { lenders, sessions, userLenders, users } from '../../db/schema/index.ts';

export const findUser = async (db: DbExecutor, userId: number) => {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return user;
};

/** The lenders a user may work in (a membership lookup across tenants, made for the user themself). */
export const findUserLenders = (db: DbExecutor, userId: number) =>
  db
    .select({ id: lenders.id, name: lenders.name, timeZone: lenders.timeZone })
    .from(userLenders)
    .innerJoin(lenders, eq(lenders.id, userLenders.lenderId))
    .where(eq(userLenders.userId, userId))
    .orderBy(asc(lenders.name));

export const setSessionLender = (db: DbExecutor, sessionId: string, lenderId: number) =>
  db
    .update(sessions)
    .set({ currentLenderId: lenderId, lastSeenAt: sql`now()` })
    .where(eq(sessions.id, sessionId));

export const rightsInLender = async (db: DbExecutor, userId: number, lenderId: number) => {
  const result = await db.execute<{ right: string }>(sql`
    select rr.right from user_lenders ul join role_rights rr on rr.role_id = ul.role_id
     where ul.user_id = ${userId} and ul.lender_id = ${lenderId}`);
  return new Set(result.rows.map((r) => r.right).filter(isRight));
};
