/** Administration › Disbursements: the area (wired in the admin registry) and the product choices' query. */
export { disbursementsArea } from './disbursements-area.ts';
export { adminLoanProductsQuery, loadOrSay, productOptions } from './api.ts';
