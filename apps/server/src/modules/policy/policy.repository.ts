import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import { policyObjects, policyVersions, users } from '../../db/schema/index.ts';
import type { TenantTx } from '../../db/tenancy.ts';

export type PolicyObjectRow = typeof policyObjects.$inferSelect;
export type PolicyVersionRow = typeof policyVersions.$inferSelect;

/** The versions of one object, newest first. */
export const listVersions = (tx: TenantTx, objectId: number) =>
  tx
    .select({ version: policyVersions, publishedBy: users.fullName })
    .from(policyVersions)
    .leftJoin(users, eq(users.id, policyVersions.publishedByUserId))
    .where(eq(policyVersions.policyObjectId, objectId))
    .orderBy(desc(policyVersions.version));

export const findDraft = async (tx: TenantTx, objectId: number) => {
  const [row] = await tx
    .select()
    .from(policyVersions)
    .where(and(eq(policyVersions.policyObjectId, objectId), eq(policyVersions.status, 'draft')))
    .for('update');
  return row;
};

/** Writes the object's draft: the one draft is changed, or a new version number is opened. */
export const saveDraft = async (
  tx: TenantTx,
  object: PolicyObjectRow,
  config: Record<string, unknown>,
  userId: number,
): Promise<PolicyVersionRow> => {
  const draft = await findDraft(tx, object.id);
  if (draft) {
    const [row] = await tx
      .update(policyVersions)
      .set({ config, updatedAt: new Date() })
      .where(eq(policyVersions.id, draft.id))
      .returning();
    return row!;
  }
  const [row] = await tx
    .insert(policyVersions)
    .values({
      lenderId: object.lenderId,
      policyObjectId: object.id,
      version: sql`(select coalesce(max(${policyVersions.version}), 0) + 1 from ${policyVersions} where ${policyVersions.policyObjectId} = ${object.id})`,
      status: 'draft',
      config,
      createdByUserId: userId,
    })
    .returning();
  return row!;
};

/** Publishes the draft (it becomes the version in effect from `effectiveAt`); undefined when there is none. */
export const publishDraft = async (tx: TenantTx, objectId: number, effectiveAt: Date, userId: number) => {
  const draft = await findDraft(tx, objectId);
  if (!draft) return undefined;
  const [row] = await tx
    .update(policyVersions)
    .set({
      status: 'published',
      effectiveAt,
      publishedAt: new Date(),
      publishedByUserId: userId,
      updatedAt: new Date(),
    })
    .where(eq(policyVersions.id, draft.id))
    .returning();
  return row;
};

export type InEffect = { objectId: number; kind: string; versionId: number; version: number; name: string };
/** With the version's creation time: an id names one version of one database only (the cache key needs both). */
export type InEffectVersion = InEffect & { createdAt: Date };

/**
 * The version in effect of every enabled object (of the given kinds): the newest published one whose effective
 * time has come. Without configurations (cheap: what the compiled-policy cache is keyed by).
 */
export const listInEffect = (tx: TenantTx, at: Date = new Date()): Promise<InEffectVersion[]> =>
  tx
    .selectDistinctOn([policyVersions.policyObjectId], {
      objectId: policyVersions.policyObjectId,
      kind: policyObjects.kind,
      versionId: policyVersions.id,
      version: policyVersions.version,
      name: policyObjects.name,
      createdAt: policyVersions.createdAt,
    })
    .from(policyVersions)
    .innerJoin(policyObjects, eq(policyObjects.id, policyVersions.policyObjectId))
    .where(
      and(eq(policyObjects.enabled, true), eq(policyVersions.status, 'published'), lte(policyVersions.effectiveAt, at)),
    )
    .orderBy(asc(policyVersions.policyObjectId), desc(policyVersions.effectiveAt), desc(policyVersions.version));

export const loadConfigs = async (tx: TenantTx, versionIds: number[]) =>
  versionIds.length === 0
    ? []
    : tx
        .select({ versionId: policyVersions.id, config: policyVersions.config })
        .from(policyVersions)
        .where(inArray(policyVersions.id, versionIds));

/** The newest configuration of every object (its draft, else its newest published version): save-time checks. */
export const listLatestConfigs = (tx: TenantTx) =>
  tx
    .selectDistinctOn([policyVersions.policyObjectId], {
      objectId: policyVersions.policyObjectId,
      kind: policyObjects.kind,
      config: policyVersions.config,
    })
    .from(policyVersions)
    .innerJoin(policyObjects, eq(policyObjects.id, policyVersions.policyObjectId))
    .orderBy(asc(policyVersions.policyObjectId), desc(policyVersions.version));

export const findObject = async (tx: TenantTx, id: number) => {
  const [row] = await tx.select().from(policyObjects).where(eq(policyObjects.id, id));
  return row;
};

export const findVersion = async (tx: TenantTx, id: number) => {
  const [row] = await tx.select().from(policyVersions).where(eq(policyVersions.id, id));
  return row;
};

/** Enabled workflows of a kind that serve a product. */
export const listWorkflowsForProduct = (tx: TenantTx, kind: string, productId: number) =>
  tx
    .select()
    .from(policyObjects)
    .where(
      and(
        eq(policyObjects.kind, kind),
        eq(policyObjects.enabled, true),
        sql`${productId} = any(${policyObjects.loanProductIds})`,
      ),
    )
    .orderBy(asc(policyObjects.id));
