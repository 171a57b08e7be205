import type { LoanSummarySection } from '@credence/contracts';

/*
 * Mirrors of the pinned loan summary constants of `@credence/contracts` (applications/loan-summary.ts) that the
 * document builder needs at run time. The contracts package imports `@credence/domain`, so the domain may import
 * only its types; `summary-texts.test.ts` checks these equal the pinned ones, so they cannot drift apart.
 */

/** The summary's empty-state and label texts (spec 3 §2; spelling included). */
export const summaryTexts = {
  noData: 'No Data Found',
  noApplicantData: 'No Applicant Data Found',
  noDecisionData: 'No Decision Data Found',
  noFundingData: 'No Funding Data Found',
  noSalesQuoteData: 'No Sales Quote Data Found',
  noActiveCreditReport: 'No Active Credit Report',
  noCommentData: 'No Comment Data Found',
  balloonAmount: 'Ballon Amount',
} as const;

/** The section titles (the dialog's labels). */
export const summarySectionLabels: Record<LoanSummarySection, string> = {
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

const page: readonly LoanSummarySection[] = [
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
];
const withSalesAt = (at: 'before' | 'after'): readonly LoanSummarySection[] => {
  const base = page.filter((s) => s !== 'sales');
  const i = base.indexOf('decision') + (at === 'after' ? 1 : 0);
  return [...base.slice(0, i), 'sales', ...base.slice(i)];
};

/** The page's order (`loanSummarySections`) and the print dialog's two (`printableSections` with Sales enabled). */
export const summarySectionOrders = {
  page,
  salesBeforeDecision: withSalesAt('before'),
  salesAfterDecision: withSalesAt('after'),
} as const;
