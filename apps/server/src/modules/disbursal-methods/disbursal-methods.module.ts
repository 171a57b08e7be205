import { disbursalMethodsEndpoints, disbursalMethodsResource } from '@credence/contracts';
import { lenderDisbursalMethods } from '../../db/schema/index.ts';
import { withTenant } from '../../db/tenancy.ts';
import { crudModule } from '../../platform/crud.ts';
import { registerEndpoint } from '../../platform/endpoints.ts';
import { listEnabledDisbursalMethods } from './disbursal-methods.repository.ts';

/**
 * Administration › Disbursal Methods (/admin/disbursalMethods): the kit's verbs on lender_disbursal_methods, each
 * write audited by the kit; the name is unique per lender in any case (the unique index decides, a 422 on
 * `name`). Plus spec 2 §7 `GET lender/disbursalmethods`: the enabled ones, for the disbursement form and the
 * funding worksheet.
 */
export const disbursalMethodsModule = crudModule(disbursalMethodsResource, {
  table: lenderDisbursalMethods,
  extraRoutes: (app, { db }) => {
    registerEndpoint(app, disbursalMethodsEndpoints.lenderDisbursalMethods, (r) =>
      withTenant(db, r.auth.lenderId, (tx) => listEnabledDisbursalMethods(tx)),
    );
  },
});
