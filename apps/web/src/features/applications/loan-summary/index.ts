/** The loan summary (spec 3 §2): the Loan Summary dialog, the closing summary page, the export progress. */
export { LoanSummaryDialog } from './loan-summary-dialog.tsx';
export { LoanSummaryButton } from './loan-summary-button.tsx';
export { ClosingSummaryPage } from './closing-summary-page.tsx';
export { SummaryView } from './summary-view.tsx';
export { useLoanSummaryExportProgress } from './export-progress.tsx';
export { useLoanInfo, useLoanSummary } from './api.ts';
