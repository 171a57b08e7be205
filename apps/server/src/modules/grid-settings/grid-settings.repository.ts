import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { userGridSettings } from '../../db/schema/index.ts';

/** Grid settings belong to the user (the users table is global), not to a lender. */
export const findGridSetting = async (db: Db, userId: number, gridName: string) => {
  const [row] = await db
    .select({ setting: userGridSettings.setting })
    .from(userGridSettings)
    .where(and(eq(userGridSettings.userId, userId), eq(userGridSettings.gridName, gridName)));
  return row?.setting ?? null;
};

export const saveGridSetting = async (db: Db, userId: number, gridName: string, setting: string) => {
  await db
    .insert(userGridSettings)
    .values({ userId, gridName, setting })
    .onConflictDoUpdate({
      target: [userGridSettings.userId, userGridSettings.gridName],
      set: { setting, updatedAt: sql`now()` },
    });
};
