import { loanAdditionsResource, loanAdditionTexts } from '@credence/contracts';
import { loanAdditions } from '../../db/schema/index.ts';
import { crudModule } from '../../platform/crud.ts';
import { fieldError } from '../../platform/errors.ts';
import { toLoanAddition, unknownLoanProductIds } from './loan-additions.repository.ts';

/**
 * Administration › Add-Ons (/admin/loanAdditions): the kit's verbs on the lender's add-ons catalogue, each write
 * audited by the kit. The name is unique per lender in any case (the unique index decides, also when two saves
 * race: a 422 on `name`). Only the price of the add-on's type is kept (the check constraint insists); the loan
 * products named must be the lender's.
 */
export const loanAdditionsModule = crudModule(loanAdditionsResource, {
  table: loanAdditions,
  toRow: toLoanAddition,
  toValues: (input) => ({
    ...input,
    flatAmount: input.feeType === 'flat' ? input.flatAmount : null,
    ratePer1000: input.feeType === 'per1000' ? input.ratePer1000 : null,
    loanProductIds: [...new Set(input.loanProductIds)],
  }),
  beforeWrite: async ({ tx }, values) => {
    const ids = values.loanProductIds ?? [];
    const unknown = await unknownLoanProductIds(tx, ids);
    if (unknown.length > 0)
      throw fieldError(`loanProductIds.${ids.indexOf(unknown[0]!)}`, loanAdditionTexts.unknownProduct);
  },
});
