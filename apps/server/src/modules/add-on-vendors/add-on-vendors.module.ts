import { addOnPriceCapsResource, addOnVendorsResource, salesPlanEndpoints } from '@credence/contracts';
import { addOnPriceCaps, addOnVendors } from '../../db/schema/index.ts';
import { crudModule } from '../../platform/crud.ts';
import { registerEndpoint } from '../../platform/endpoints.ts';
import { percentText, savePlans, toVendor } from './add-on-vendors.repository.ts';
import { offeredPlans } from './offered-plans.service.ts';

/**
 * Administration › Add-On Vendors (/admin/addOnVendors, issue 34 item 2): the kit's verbs on the lender's vendors,
 * each with its plans and their options saved in the same audited write (the audit row's changes show the plans
 * before and after). Also the call that lists the plans offered on an application (`offeredPlans`).
 */
export const addOnVendorsModule = crudModule(addOnVendorsResource, {
  table: addOnVendors,
  toRow: (row, { tx }) => toVendor(tx, row),
  toValues: ({ plans: _plans, ...input }) => ({ ...input, products: [...new Set(input.products)] }),
  afterWrite: ({ tx, auth }, row, input) => savePlans(tx, auth.lenderId, row.id, input.plans),
  extraRoutes: (app, deps) => {
    // A POST that only reads (it carries the answers): no Idempotency-Key kept.
    registerEndpoint(app, salesPlanEndpoints.offeredPlans, (r) => offeredPlans(deps.db, r.auth, r.params.id, r.body), {
      idempotency: false,
    });
  },
});

/** Administration › Add-On Price Caps (/admin/addOnPriceCaps): lender-editable rules, each for a state. */
export const addOnPriceCapsModule = crudModule(addOnPriceCapsResource, {
  table: addOnPriceCaps,
  toRow: (row) => ({
    id: row.id,
    name: row.name,
    state: row.state,
    products: row.products as never,
    percent: percentText(row.percent) ?? '0',
    minimumAmount: row.minimumAmount,
    enabled: row.enabled,
  }),
  toValues: (input) => ({ ...input, products: [...new Set(input.products)] }),
});
