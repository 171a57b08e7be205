import { matrixColumnDefinitions, policyLookupEndpoints, policyReferenceEndpoints } from '@credence/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { policyObjects } from '../../db/schema/index.ts';
import { withTenant, type TenantTx } from '../../db/tenancy.ts';
import type { App, AppDeps } from '../../platform/app-types.ts';
import { registerEndpoint } from '../../platform/endpoints.ts';
import * as repo from './policy.repository.ts';
import { attributeDefinitions, rateTables } from './policy-reference.service.ts';
import { policyObjectRow } from './policy.service.ts';

/**
 * Spec 2 §7: a matrix type's column definitions, matrices by type and tier set, retraction rules by type, the
 * auto-approval attribute definitions and the rate tables.
 */
export const registerPolicyRoutes = (app: App, { db }: AppDeps) => {
  registerEndpoint(app, policyLookupEndpoints.columnDefinitions, (r) => matrixColumnDefinitions[r.query.matrixType]);
  registerEndpoint(app, policyReferenceEndpoints.attributeDefinitions, () => attributeDefinitions());
  registerEndpoint(app, policyReferenceEndpoints.rateTables, ({ auth }) => withTenant(db, auth.lenderId, rateTables));

  const rows = (tx: TenantTx, objects: repo.PolicyObjectRow[]) =>
    Promise.all(objects.map((o) => policyObjectRow(tx, o)));

  registerEndpoint(app, policyLookupEndpoints.typeAndCreditTiers, (r) =>
    withTenant(db, r.auth.lenderId, async (tx) => {
      const objects = await tx
        .select()
        .from(policyObjects)
        .where(and(eq(policyObjects.kind, 'matrix'), eq(policyObjects.matrixType, r.query.matrixType)))
        .orderBy(asc(policyObjects.name));
      const all = await rows(tx, objects);
      return all.filter((m) => m.config.creditTierSetId === String(r.query.creditTierSetId)) as never;
    }),
  );

  registerEndpoint(app, policyLookupEndpoints.retractionRules, (r) =>
    withTenant(db, r.auth.lenderId, async (tx) => {
      const inEffect = new Set(
        (await repo.listInEffect(tx)).filter((e) => e.kind === 'decisionRetractionRuleSet').map((e) => e.objectId),
      );
      const objects = await tx
        .select()
        .from(policyObjects)
        .where(and(eq(policyObjects.kind, 'decisionRetractionRuleSet'), eq(policyObjects.enabled, true)))
        .orderBy(asc(policyObjects.name));
      return (await rows(
        tx,
        objects.filter((o) => inEffect.has(o.id)),
      )) as never;
    }),
  );
};
