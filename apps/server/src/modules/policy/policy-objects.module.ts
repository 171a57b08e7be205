import { adminMessages, policyResources, policyVersionEndpoints, type PolicyObjectKind } from '@credence/contracts';
import { and, eq, ne, sql } from 'drizzle-orm';
import { policyObjects } from '../../db/schema/index.ts';
import { withTenant } from '../../db/tenancy.ts';
import { recordAudit } from '../../platform/audit.ts';
import { crudModule, changedFields, type WriteContext } from '../../platform/crud.ts';
import { registerEndpoint } from '../../platform/endpoints.ts';
import { fieldError, notFound } from '../../platform/errors.ts';
import { findLoanProduct } from '../loan-products/loan-products.repository.ts';
import * as repo from './policy.repository.ts';
import { checkObject, effectiveTimeOf, listVersionHistory, noDraft, policyObjectRow } from './policy.service.ts';

type Stored = typeof policyObjects.$inferSelect;
type Input = {
  name: string;
  enabled: boolean;
  loanProductIds: number[];
  config: Record<string, unknown>;
  publish?: boolean | undefined;
  effectiveAt?: string | null | undefined;
};

const isWorkflow = (kind: PolicyObjectKind) => kind === 'loanPolicyWorkflow' || kind === 'autoApprovalWorkflow';

/** The stored configuration: the object's id and name in it, a workflow's kind and products. */
const normalise = (kind: PolicyObjectKind, row: Stored, config: Record<string, unknown>) => ({
  ...config,
  id: String(row.id),
  name: row.name,
  ...(isWorkflow(kind)
    ? { kind: kind === 'loanPolicyWorkflow' ? 'loanPolicy' : 'autoApproval', loanProductIds: row.loanProductIds }
    : {}),
});

/** One workflow of a kind per product: another enabled workflow serving one of these products is refused. */
const checkProducts = async ({ tx }: WriteContext, kind: PolicyObjectKind, row: Stored) => {
  if (!isWorkflow(kind) || !row.enabled) return;
  for (const productId of row.loanProductIds) {
    const product = await findLoanProduct(tx, productId);
    if (!product) throw fieldError('loanProductIds', adminMessages.crossSell.productUnavailable);
    const [other] = await tx
      .select({ name: policyObjects.name })
      .from(policyObjects)
      .where(
        and(
          eq(policyObjects.kind, kind),
          eq(policyObjects.enabled, true),
          ne(policyObjects.id, row.id),
          sql`${productId} = any(${policyObjects.loanProductIds})`,
        ),
      );
    if (other) throw fieldError('loanProductIds', adminMessages.policy.productTaken(product.name, other.name));
  }
};

/**
 * One administration resource per kind of policy object (the kit's list, get, save, enable, disable and
 * isUnique over `policy_objects`, kept to its kind), plus publish and the version history. A save writes the
 * draft after the save-time check; `publish` (or the publish call) makes it the version in effect.
 */
const policyObjectsModule = (kind: PolicyObjectKind) => {
  const resource = policyResources[kind];
  const versions = policyVersionEndpoints[kind];
  const toRow = (row: Stored, { tx }: WriteContext) => policyObjectRow(tx, row);
  return crudModule(resource as never, {
    table: policyObjects,
    scope: sql`${policyObjects.kind} = ${kind}`,
    uniqueConstraint: 'policy_objects_lender_kind_name_key',
    toRow: toRow as never,
    toValues: (input: Input) => ({
      kind,
      name: input.name,
      enabled: input.enabled,
      matrixType: kind === 'matrix' ? (input.config.matrixType as string) : null,
      loanProductIds: isWorkflow(kind) ? input.loanProductIds : [],
    }),
    afterWrite: async (ctx, row, input: Input) => {
      await checkProducts(ctx, kind, row);
      const config = normalise(kind, row, input.config);
      await checkObject(ctx.tx, row.id, kind, config);
      await repo.saveDraft(ctx.tx, row, config, ctx.auth.userId);
      if (input.publish) {
        await repo.publishDraft(ctx.tx, row.id, effectiveTimeOf(input.effectiveAt), ctx.auth.userId);
      }
    },
    extraRoutes: (app, { db }) => {
      registerEndpoint(app, versions.publish, (r) =>
        withTenant(db, r.auth.lenderId, async (tx) => {
          const ctx = { tx, auth: r.auth };
          const [row] = await tx
            .select()
            .from(policyObjects)
            .where(and(eq(policyObjects.id, r.params.id), eq(policyObjects.kind, kind)))
            .for('update');
          if (!row) throw notFound();
          const before = await toRow(row, ctx);
          const at = effectiveTimeOf(r.body.effectiveAt);
          const published = await repo.publishDraft(tx, row.id, at, r.auth.userId);
          if (!published) throw noDraft();
          const after = await toRow(row, ctx);
          await recordAudit(tx, r.auth, {
            area: resource.name,
            action: 'publish',
            recordId: row.id,
            details: {
              label: row.name,
              version: published.version,
              effectiveAt: at.toISOString(),
              changes: changedFields(before, after),
            },
          });
          return after as never;
        }),
      );
      registerEndpoint(app, versions.versions, (r) =>
        withTenant(db, r.auth.lenderId, async (tx) => {
          const object = await repo.findObject(tx, r.params.id);
          if (!object || object.kind !== kind) throw notFound();
          return listVersionHistory(tx, object.id);
        }),
      );
    },
  });
};

export const policyObjectModules = (Object.keys(policyResources) as PolicyObjectKind[]).map(policyObjectsModule);
