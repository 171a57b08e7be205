import {
  disbursementPayeeTypeLabels,
  disbursementsResource,
  disbursementTexts,
  type Disbursement,
} from '@credence/contracts';
import { resourceArea } from '../kit/areas.ts';

/**
 * Administration › Disbursements (spec 2 §2 /admin/disbursements, §7, §8): the payouts a funding can make — to
 * the dealer, a lienholder, the member or another payee — each with its default disbursal method and the loan
 * products it applies to. The kit's list ('Failed to load Disbursements'); an editor of its own that loads the
 * methods and products; the editor has its own route (/admin/disbursements/edit/{id}) and closing it returns to
 * /admin/disbursements.
 */
export const disbursementsArea = resourceArea({
  key: 'disbursements',
  resource: disbursementsResource,
  editRoute: true,
  columns: [
    { field: 'name', header: 'Name', flex: 1.6 },
    {
      field: 'payeeType',
      header: 'Payee Type',
      flex: 0.8,
      text: (d: Disbursement) => disbursementPayeeTypeLabels[d.payeeType],
    },
    { field: 'disbursalMethodName', header: 'Disbursal Method', flex: 1 },
    {
      field: 'loanProductIds',
      header: 'Loan Products',
      flex: 0.8,
      sortable: false,
      text: (d: Disbursement) => (d.loanProductIds.length === 0 ? 'All' : String(d.loanProductIds.length)),
    },
    { field: 'sortOrder', header: 'Sort Order', flex: 0.6 },
  ],
  fields: [],
  texts: {
    created: disbursementTexts.saved,
    updated: disbursementTexts.saved,
    saveFailed: disbursementTexts.saveFailed,
    loadFailed: disbursementTexts.loadFailed,
  },
  editor: async () => (await import('./disbursement-editor.tsx')).DisbursementEditor,
});
