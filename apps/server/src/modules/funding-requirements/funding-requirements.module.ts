import { fundingRequirementDefinitionsResource, fundingRequirementDefinitionTexts } from '@credence/contracts';
import { fundingRequirements } from '../../db/schema/index.ts';
import { crudModule } from '../../platform/crud.ts';
import { fieldError } from '../../platform/errors.ts';
import { unknownLoanProductIds } from '../loan-additions/loan-additions.repository.ts';
import { unknownUserGroupIds } from './funding-requirements.repository.ts';

const texts = fundingRequirementDefinitionTexts;

/**
 * Administration › Funding Requirements (/admin/fundingRequirements): the kit's verbs on funding_requirements,
 * each write audited. The description is unique per lender in any case (the unique index decides: a 422 on
 * `description`); the loan products and the user groups allowed to clear must be the lender's (a 422 on the
 * first one that is not). The application's requirements are made from these (listForProduct).
 */
export const fundingRequirementsModule = crudModule(fundingRequirementDefinitionsResource, {
  table: fundingRequirements,
  uniqueConstraint: 'funding_requirements_lender_description_key',
  toValues: (input) => ({
    description: input.description,
    required: input.required,
    loanProductIds: [...new Set(input.loanProductIds)],
    clearUserGroupIds: [...new Set(input.clearUserGroupIds)],
    sortOrder: input.sortOrder,
    enabled: input.enabled,
  }),
  beforeWrite: async ({ tx }, values) => {
    const products = values.loanProductIds ?? [];
    const unknownProducts = await unknownLoanProductIds(tx, products);
    if (unknownProducts.length > 0)
      throw fieldError(`loanProductIds.${products.indexOf(unknownProducts[0]!)}`, texts.unknownProduct);
    const groups = values.clearUserGroupIds ?? [];
    const unknownGroups = await unknownUserGroupIds(tx, groups);
    if (unknownGroups.length > 0)
      throw fieldError(`clearUserGroupIds.${groups.indexOf(unknownGroups[0]!)}`, texts.unknownGroup);
  },
});
