import { pageArea } from '../kit/areas.ts';

/** Administration › Credit Bureaus: the lender's bureaus, score models and credit switches (a page of its own). */
export const creditBureausArea = pageArea({
  key: 'creditBureaus',
  title: 'Credit Bureaus',
  right: 'canManageCreditBureaus',
  page: async () => (await import('./credit-bureaus-page.tsx')).CreditBureausPage,
});
