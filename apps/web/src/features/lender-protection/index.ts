/** Lender protection on the worksheets (issue 35): the decision worksheet's action and its 'Insurance Application' dialog. */
export { LendProAction, lendProDialog } from './lend-pro-action.tsx';
export type { InsuranceDecision } from './insurance-application-dialog.tsx';
