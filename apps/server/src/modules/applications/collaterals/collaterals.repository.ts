import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import {
  applicationInsurance,
  collateralAccessories,
  collateralGrantors,
  collateralLiens,
  collaterals,
} from '../../../db/schema/index.ts';
import type { TenantTx } from '../../../db/tenancy.ts';

export type CollateralRow = typeof collaterals.$inferSelect;
export type CollateralValues = Omit<typeof collaterals.$inferInsert, 'id' | 'lenderId' | 'applicationId'>;
type Child<T extends { $inferInsert: object }> = Omit<
  T['$inferInsert'],
  'id' | 'lenderId' | 'collateralId' | 'sortOrder'
>;
export type CollateralChildren = {
  liens: Child<typeof collateralLiens>[];
  grantors: Child<typeof collateralGrantors>[];
  accessories: Child<typeof collateralAccessories>[];
};
export type LoadedCollateral = {
  row: CollateralRow;
  liens: (typeof collateralLiens.$inferSelect)[];
  grantors: (typeof collateralGrantors.$inferSelect)[];
  accessories: (typeof collateralAccessories.$inferSelect)[];
};
export type InsuranceRow = typeof applicationInsurance.$inferSelect;
export type InsuranceValues = Omit<typeof applicationInsurance.$inferInsert, 'id' | 'lenderId' | 'applicationId'>;

const groupBy = <T extends { collateralId: number }>(rows: T[]) => {
  const map = new Map<number, T[]>();
  for (const row of rows) map.set(row.collateralId, [...(map.get(row.collateralId) ?? []), row]);
  return map;
};

export const loadCollaterals = async (tx: TenantTx, applicationId: number): Promise<LoadedCollateral[]> => {
  const rows = await tx
    .select()
    .from(collaterals)
    .where(eq(collaterals.applicationId, applicationId))
    .orderBy(asc(collaterals.sortOrder), asc(collaterals.id));
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const liens = groupBy(
    await tx
      .select()
      .from(collateralLiens)
      .where(inArray(collateralLiens.collateralId, ids))
      .orderBy(asc(collateralLiens.sortOrder)),
  );
  const grantors = groupBy(
    await tx
      .select()
      .from(collateralGrantors)
      .where(inArray(collateralGrantors.collateralId, ids))
      .orderBy(asc(collateralGrantors.sortOrder)),
  );
  const accessories = groupBy(
    await tx
      .select()
      .from(collateralAccessories)
      .where(inArray(collateralAccessories.collateralId, ids))
      .orderBy(asc(collateralAccessories.sortOrder)),
  );
  return rows.map((row) => ({
    row,
    liens: liens.get(row.id) ?? [],
    grantors: grantors.get(row.id) ?? [],
    accessories: accessories.get(row.id) ?? [],
  }));
};

export const loadInsurance = async (tx: TenantTx, applicationId: number): Promise<InsuranceRow | undefined> => {
  const [row] = await tx
    .select()
    .from(applicationInsurance)
    .where(eq(applicationInsurance.applicationId, applicationId));
  return row;
};

export type CollateralWrite = { id: number | undefined; values: CollateralValues; children: CollateralChildren };

/** Replaces an application's collaterals: left-out ones removed, ones with an id updated, others added. */
export const replaceCollaterals = async (
  tx: TenantTx,
  lenderId: number,
  applicationId: number,
  writes: CollateralWrite[],
) => {
  const keep = writes.flatMap((w) => (w.id === undefined ? [] : [w.id]));
  await tx
    .delete(collaterals)
    .where(
      keep.length > 0
        ? and(eq(collaterals.applicationId, applicationId), notInArray(collaterals.id, keep))
        : eq(collaterals.applicationId, applicationId),
    );
  const ids: number[] = [];
  for (const write of writes) {
    if (write.id === undefined) {
      const [row] = await tx
        .insert(collaterals)
        .values({ ...write.values, lenderId, applicationId })
        .returning({ id: collaterals.id });
      ids.push(row!.id);
    } else {
      await tx.update(collaterals).set(write.values).where(eq(collaterals.id, write.id));
      ids.push(write.id);
    }
  }
  if (keep.length > 0) {
    await tx.delete(collateralLiens).where(inArray(collateralLiens.collateralId, keep));
    await tx.delete(collateralGrantors).where(inArray(collateralGrantors.collateralId, keep));
    await tx.delete(collateralAccessories).where(inArray(collateralAccessories.collateralId, keep));
  }
  const withKeys = <T extends object>(pick: (children: CollateralChildren) => T[]) =>
    writes.flatMap((w, i) =>
      pick(w.children).map((item, sortOrder) => ({ ...item, lenderId, collateralId: ids[i]!, sortOrder })),
    );
  const liens = withKeys((c) => c.liens);
  if (liens.length > 0) await tx.insert(collateralLiens).values(liens);
  const grantors = withKeys((c) => c.grantors);
  if (grantors.length > 0) await tx.insert(collateralGrantors).values(grantors);
  const accessories = withKeys((c) => c.accessories);
  if (accessories.length > 0) await tx.insert(collateralAccessories).values(accessories);
  return ids;
};

/** Keeps the insurance record given, or removes it (null). */
export const replaceInsurance = async (
  tx: TenantTx,
  lenderId: number,
  applicationId: number,
  values: InsuranceValues | null,
) => {
  await tx.delete(applicationInsurance).where(eq(applicationInsurance.applicationId, applicationId));
  if (values) await tx.insert(applicationInsurance).values({ ...values, lenderId, applicationId });
};
