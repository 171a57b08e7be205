import { disbursementsEndpoints, disbursementsResource, disbursementTexts } from '@credence/contracts';
import { disbursements } from '../../db/schema/index.ts';
import { withTenant } from '../../db/tenancy.ts';
import { crudModule } from '../../platform/crud.ts';
import { registerEndpoint } from '../../platform/endpoints.ts';
import { fieldError } from '../../platform/errors.ts';
import { findDisbursalMethod, findEnabledDisbursalMethod } from '../disbursal-methods/disbursal-methods.repository.ts';
import { unknownLoanProductIds } from '../loan-additions/loan-additions.repository.ts';
import { disbursalMethodNameColumn, listAdminLoanProducts, toDisbursement } from './disbursements.repository.ts';

// Spec 2 §7 "POST disbursements (save)": the kit's create path saves — a body with an id updates that one.
const { create: saveEndpoint, ...kitEndpoints } = disbursementsResource.endpoints;

/**
 * Administration › Disbursements (/admin/disbursements; spec 2 §7): the kit's list, get, update (PUT), enable,
 * disable and isUnique, and POST disbursements that creates, or saves the one its body's id names. Each write is
 * audited by the kit. The name is unique per lender in any case (a 422 on `name`); the disbursal method must be
 * one of the lender's enabled methods (one disabled since it was chosen may stay); the loan products must be the
 * lender's. Plus spec 2 §7 `GET loanProduct` for the product choices.
 */
export const disbursementsModule = crudModule(
  { ...disbursementsResource, endpoints: kitEndpoints },
  {
    table: disbursements,
    columns: { disbursalMethodName: disbursalMethodNameColumn },
    toRow: (row, { tx }) => toDisbursement(tx, row),
    toValues: (input) => ({
      name: input.name,
      payeeType: input.payeeType,
      disbursalMethodId: input.disbursalMethodId,
      loanProductIds: [...new Set(input.loanProductIds)],
      sortOrder: input.sortOrder,
      enabled: input.enabled,
    }),
    beforeWrite: async ({ tx }, values, existing) => {
      const methodId = values.disbursalMethodId;
      if (methodId !== undefined) {
        const kept = methodId === existing?.disbursalMethodId && (await findDisbursalMethod(tx, methodId));
        if (!kept && !(await findEnabledDisbursalMethod(tx, methodId)))
          throw fieldError('disbursalMethodId', disbursementTexts.unknownMethod);
      }
      const ids = values.loanProductIds ?? [];
      const unknown = await unknownLoanProductIds(tx, ids);
      if (unknown.length > 0)
        throw fieldError(`loanProductIds.${ids.indexOf(unknown[0]!)}`, disbursementTexts.unknownProduct);
    },
    extraRoutes: (app, { db }, service) => {
      registerEndpoint(app, saveEndpoint, (r) =>
        r.body.id === undefined ? service.create(r.auth, r.body) : service.update(r.auth, r.body.id, r.body),
      );
      registerEndpoint(app, disbursementsEndpoints.loanProducts, (r) =>
        withTenant(db, r.auth.lenderId, (tx) => listAdminLoanProducts(tx)),
      );
    },
  },
);
