import { and, eq } from 'drizzle-orm';
import { policyObjects, userGroups } from '../../db/schema/index.ts';
import type { TenantTx } from '../../db/tenancy.ts';

/** The settings are one policy object of their own kind per lender (versioned like the rest of the policy). */
export const CONFIG_KIND = 'decisionEngineConfig';
export const CONFIG_NAME = 'Decision Engine';

export const findConfigObject = async (tx: TenantTx, lock = false) => {
  const query = tx.select().from(policyObjects).where(eq(policyObjects.kind, CONFIG_KIND)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
};

/** The lender's settings object, made on the first save (two first saves at once: the second finds the first). */
export const findOrCreateConfigObject = async (tx: TenantTx, lenderId: number) => {
  await tx
    .insert(policyObjects)
    .values({ lenderId, kind: CONFIG_KIND, name: CONFIG_NAME, enabled: true })
    .onConflictDoNothing();
  return (await findConfigObject(tx, true))!;
};

export const findPolicyObjectOfKind = async (tx: TenantTx, id: number, kind: string) => {
  const [row] = await tx
    .select()
    .from(policyObjects)
    .where(and(eq(policyObjects.id, id), eq(policyObjects.kind, kind)));
  return row;
};

export const findEnabledUserGroup = async (tx: TenantTx, id: number) => {
  const [row] = await tx
    .select()
    .from(userGroups)
    .where(and(eq(userGroups.id, id), eq(userGroups.enabled, true)));
  return row;
};
