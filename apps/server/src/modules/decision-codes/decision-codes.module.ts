import { decisionCodesEndpoints, decisionCodesResource } from '@credence/contracts';
import { decisionCodes } from '../../db/schema/index.ts';
import { withTenant } from '../../db/tenancy.ts';
import { crudModule } from '../../platform/crud.ts';
import { registerEndpoint } from '../../platform/endpoints.ts';
import { isDecisionCodeTaken, listEnabledDecisionCodes, toDecisionCode } from './decision-codes.repository.ts';

/**
 * Administration › Decision Codes (/admin/decisionCodes): the kit's verbs on decision_codes — decline reasons,
 * approval conditions, counter-offer reasons and cancel reasons — each write audited by the kit. A code is unique
 * per lender and type in any case: the unique index decides, also when two saves race, and answers the 422 on
 * `code`. Plus the worksheet's read of one type's enabled codes (canDecisionALoan) and the per-type isUnique.
 */
export const decisionCodesModule = crudModule(decisionCodesResource, {
  table: decisionCodes,
  uniqueConstraint: 'decision_codes_lender_type_code_key',
  toRow: toDecisionCode,
  extraRoutes: (app, { db }) => {
    registerEndpoint(app, decisionCodesEndpoints.byType, (r) =>
      withTenant(db, r.auth.lenderId, (tx) => listEnabledDecisionCodes(tx, r.params.codeType)),
    );
    registerEndpoint(app, decisionCodesEndpoints.isUnique, (r) =>
      withTenant(db, r.auth.lenderId, async (tx) => ({
        isUnique: !(await isDecisionCodeTaken(tx, r.query.codeType, r.query.code, r.query.id)),
      })),
    );
  },
});
