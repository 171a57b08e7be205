import { crossSellsResource, crossSellTypeLabels, adminMessages, type CrossSellSetting } from '@credence/contracts';
import { showMoney } from '../../../components/form/values.ts';
import { resourceArea } from '../kit/areas.ts';

/** What a setting offers, in a list cell: its terms, or the amount. */
const offerText = (s: CrossSellSetting) =>
  s.crossSellType === 'InternalCrossSell'
    ? showMoney(s.offerAmount)
    : s.termOptions.map((o) => `${o.termMonths} mo`).join(', ');

/**
 * Administration › Cross Sell Settings (spec 2 §2 /admin/crossSells, §7 crosssell/, §8 'Cross Sell Setting Enable
 * Failed', 'Cross Sell Settings Save Failed'): the kit's list; an editor of its own for the loan product and the
 * term rows.
 */
export const crossSellsArea = resourceArea({
  key: 'crossSells',
  resource: crossSellsResource,
  columns: [
    { field: 'name', header: 'Name', flex: 1.4 },
    {
      field: 'crossSellType',
      header: 'Type',
      flex: 0.8,
      text: (s: CrossSellSetting) => crossSellTypeLabels[s.crossSellType],
    },
    { field: 'loanProductName', header: 'Loan Product' },
    {
      field: 'baseRatePercent',
      header: 'Base Rate',
      flex: 0.6,
      text: (s: CrossSellSetting) => `${s.baseRatePercent}%`,
    },
    { field: 'termOptions', header: 'Offers', flex: 1.2, sortable: false, text: offerText },
  ],
  fields: [],
  texts: {
    saveFailed: adminMessages.crossSell.saveFailed,
    enableFailed: adminMessages.crossSell.enableFailed,
    disableFailed: adminMessages.crossSell.enableFailed,
  },
  editor: async () => (await import('./cross-sell-editor.tsx')).CrossSellEditor,
});
