import type { GridSetting } from '@credence/contracts';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../../platform/auth.ts';
import * as repo from './grid-settings.repository.ts';

export const getGridSetting = async (db: Db, auth: AuthContext, gridName: string): Promise<GridSetting> => ({
  gridName,
  setting: await repo.findGridSetting(db, auth.userId, gridName),
});

export const saveGridSetting = async (
  db: Db,
  auth: AuthContext,
  gridName: string,
  setting: string,
): Promise<GridSetting> => {
  await repo.saveGridSetting(db, auth.userId, gridName, setting);
  return { gridName, setting };
};
