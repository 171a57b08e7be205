import {
  creditBureaus,
  creditBureauSettingsEndpoints,
  type CreditBureau,
  type CreditBureauSettings,
  type CreditScoreModel,
} from '@credence/contracts';
import { eq } from 'drizzle-orm';
import { lenders } from '../../db/schema/index.ts';
import { withTenant, type TenantTx } from '../../db/tenancy.ts';
import type { App, AppDeps } from '../../platform/app-types.ts';
import { recordAudit } from '../../platform/audit.ts';
import { changedFields } from '../../platform/crud.ts';
import { registerEndpoint } from '../../platform/endpoints.ts';
import {
  findLenderCreditSettings,
  listLenderBureaus,
  upsertLenderBureau,
} from '../applications/credit/credit.repository.ts';

/** A bureau the lender has no row for yet: off, scored with FICO Auto 8. */
const unset = (creditBureau: CreditBureau) => ({
  creditBureau,
  enabled: false,
  scoreModels: ['FICO Auto 8'] as CreditScoreModel[],
  defaultScoreModel: 'FICO Auto 8' as CreditScoreModel,
});

const read = async (tx: TenantTx, lenderId: number): Promise<CreditBureauSettings> => {
  const settings = await findLenderCreditSettings(tx, lenderId);
  const rows = await listLenderBureaus(tx);
  return {
    requireCommentOnAlerts: settings?.requireCommentOnAlerts ?? true,
    internalCrossSellEnabled: settings?.internalCrossSellEnabled ?? true,
    bureaus: creditBureaus.map((bureau) => {
      const row = rows.find((r) => r.bureau === bureau);
      return row
        ? {
            creditBureau: bureau,
            enabled: row.enabled,
            scoreModels: row.scoreModels as CreditScoreModel[],
            defaultScoreModel: row.defaultScoreModel as CreditScoreModel,
          }
        : unset(bureau);
    }),
  };
};

/**
 * Administration › Credit Bureaus: the lender's bureaus with their score models and default model, and the
 * lender's credit switches (a review comment on reports with alerts; internal cross-sell), saved whole and audited
 * as one record per lender (old → new per changed part).
 */
export const registerCreditBureauRoutes = (app: App, { db }: AppDeps) => {
  registerEndpoint(app, creditBureauSettingsEndpoints.get, ({ auth }) =>
    withTenant(db, auth.lenderId, (tx) => read(tx, auth.lenderId)),
  );

  registerEndpoint(app, creditBureauSettingsEndpoints.save, ({ auth, body }) =>
    withTenant(db, auth.lenderId, async (tx) => {
      const before = await read(tx, auth.lenderId);
      await tx
        .update(lenders)
        .set({
          requireCommentOnAlerts: body.requireCommentOnAlerts,
          internalCrossSellEnabled: body.internalCrossSellEnabled,
        })
        .where(eq(lenders.id, auth.lenderId));
      for (const b of body.bureaus) {
        await upsertLenderBureau(tx, {
          lenderId: auth.lenderId,
          bureau: b.creditBureau,
          enabled: b.enabled,
          scoreModels: b.scoreModels,
          defaultScoreModel: b.defaultScoreModel,
        });
      }
      const after = await read(tx, auth.lenderId);
      const changes = changedFields(before, after);
      if (Object.keys(changes).length > 0) {
        await recordAudit(tx, auth, {
          area: 'creditBureaus',
          action: 'update',
          recordId: auth.lenderId,
          details: { label: 'Credit Bureaus', changes },
        });
      }
      return after;
    }),
  );
};
