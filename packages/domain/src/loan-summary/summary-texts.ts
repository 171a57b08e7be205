/*
 * The loan summary's sections, their labels and orders, and its user-visible texts (spec 3 §2; quoted exactly,
 * spelling included). Defined here, in the domain, because the document builder needs them at run time and
 * `@credence/contracts` (which imports the domain) re-exports them: one definition for the server, the web and
 * the builder.
 */

/** The sections of the summary, in the page's order (spec 3 §2: Sales sits after Funding on the page). */
export const loanSummarySections = [
  'channelAndProduct',
  'request',
  'applicants',
  'creditReview',
  'decision',
  'requirements',
  'funding',
  'sales',
  'comments',
  'applicationHistory',
] as const;
export type LoanSummarySection = (typeof loanSummarySections)[number];

/** The dialog's labels (spec 3 §2 Loan Summary dialog). */
export const loanSummarySectionLabels: Record<LoanSummarySection, string> = {
  channelAndProduct: 'Channel And Product',
  request: 'Request',
  applicants: 'Applicants',
  creditReview: 'Credit Review',
  decision: 'Decision',
  requirements: 'Requirements',
  funding: 'Funding',
  sales: 'Sales',
  comments: 'Comments',
  applicationHistory: 'Application History',
};

export const salesDisplayOptions = ['beforeDecision', 'afterDecision'] as const;
export type SalesDisplayOption = (typeof salesDisplayOptions)[number];

/**
 * The sections the print dialog offers, in its order: Sales only when the sales worksheet is enabled, before or
 * after Decision by its display option (spec 3 §2, §5: the default selection is every offered section).
 */
export const printableSections = (sales: { enabled: boolean; displayOption: SalesDisplayOption }) => {
  const base = loanSummarySections.filter((s) => s !== 'sales');
  if (!sales.enabled) return base;
  const at = base.indexOf('decision') + (sales.displayOption === 'afterDecision' ? 1 : 0);
  return [...base.slice(0, at), 'sales' as const, ...base.slice(at)];
};

/** User-visible texts of the summary (spec 3 §2; quoted exactly, spelling included). */
export const loanSummaryTexts = {
  dialogTitle: 'Loan Summary',
  sectionsLabel: 'Sections to print',
  preview: 'Preview',
  close: 'Close',
  attach: 'Attach',
  atLeastOneSection: 'Choose at least one section to print.',
  exporting: 'Exporting Loan Summary',
  exported: 'Loan Summary attached',
  exportFailed: 'The loan summary could not be exported; it will be retried.',
  attached: 'Loan Summary attached',
  noData: 'No Data Found',
  noApplicantData: 'No Applicant Data Found',
  noDecisionData: 'No Decision Data Found',
  noFundingData: 'No Funding Data Found',
  noSalesQuoteData: 'No Sales Quote Data Found',
  noActiveCreditReport: 'No Active Credit Report',
  noCommentData: 'No Comment Data Found',
  hideUnselectedAccessories: 'Hide unselected accesories',
  balloonAmount: 'Ballon Amount',
  historyAction: 'Loan Summary printed',
  closingSummaryTitle: 'Closing Summary',
} as const;
