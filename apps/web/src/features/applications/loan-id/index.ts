/** The Loan Id dialog (spec 3 §2): opened from the funding worksheet. */
export { LoanIdDialog, type LoanIdDialogProps } from './loan-id-dialog.tsx';
