import { historyActions, messages, type ApplicationPromotions, type Promotion } from '@credence/contracts';
import { withTenant, type TenantTx } from '../../../db/tenancy.ts';
import type { AuthContext } from '../../../platform/auth.ts';
import { notFound, validationError } from '../../../platform/errors.ts';
import type { ApplicationContext } from '../application-context.ts';
import { findApplicationProduct } from '../custom-fields/custom-fields.repository.ts';
import * as repo from './promotions.repository.ts';

const toPromotion = (p: repo.PromotionRow): Promotion => ({
  id: p.id,
  loanProductId: p.loanProductId,
  name: p.name,
  description: p.description,
  rateDiscount: p.rateDiscount,
  startDate: p.startDate,
  endDate: p.endDate,
  autoSelect: p.autoSelect,
});

const loadView = async (
  tx: TenantTx,
  applicationId: number,
  loanProductId: number,
): Promise<ApplicationPromotions> => ({
  applicationId,
  loanProductId,
  promotions: (await repo.listCurrentPromotions(tx, loanProductId)).map(toPromotion),
  promotionIds: await repo.listChosenPromotionIds(tx, applicationId, loanProductId),
});

/**
 * Promotions Summary: the current promotions of the application's product and the chosen ids. The dialog
 * ticks the auto-select ones when none is chosen yet ("Loan Promo autoselected") and says "Additional Loan
 * Promos found" when the product has promotions beyond the chosen ones.
 */
export const getApplicationPromotions = (ctx: ApplicationContext, auth: AuthContext, applicationId: number) =>
  withTenant(ctx.db, auth.lenderId, async (tx) => {
    const application = await findApplicationProduct(tx, applicationId);
    if (!application) throw notFound();
    return loadView(tx, applicationId, application.loanProductId);
  });

/**
 * PATCH application (replace /promotionIds): the chosen promotions become these. Each must be a current
 * promotion of the application's product, or one already chosen (a promotion that has ended since stays
 * choosable for the application that has it). Needs the lock, and confirmFunded when funded.
 */
export const replacePromotions = (
  ctx: ApplicationContext,
  auth: AuthContext,
  applicationId: number,
  promotionIds: number[],
  confirmFunded: boolean,
) =>
  ctx.write(auth, applicationId, confirmFunded, async (tx, application, history) => {
    const before = await loadView(tx, applicationId, application.loanProductId);
    const allowed = new Set([...before.promotions.map((p) => p.id), ...before.promotionIds]);
    const errors = promotionIds.flatMap((id, i) =>
      allowed.has(id) ? [] : [{ field: `promotionIds.${i}`, message: messages.promotions.notFound }],
    );
    if (errors.length > 0) throw validationError(errors);
    await repo.replaceChosenPromotions(tx, { lenderId: auth.lenderId, applicationId }, promotionIds);
    const after = await loadView(tx, applicationId, application.loanProductId);
    const text = (ids: number[]) => (ids.length === 0 ? null : ids.join(', '));
    if (text(before.promotionIds) !== text(after.promotionIds)) {
      await history({
        action: historyActions.promotionsUpdated,
        description: `${after.promotionIds.length} promotion(s) chosen`,
        entity: 'Application',
        changes: [
          {
            entity: 'Application',
            entityId: applicationId,
            property: 'promotionIds',
            oldValue: text(before.promotionIds),
            newValue: text(after.promotionIds),
          },
        ],
      });
    }
    return after;
  });
