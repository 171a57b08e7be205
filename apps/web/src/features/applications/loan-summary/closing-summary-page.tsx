import { useMemo } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { loanSummarySections, loanSummaryTexts, messages, type LoanSummaryApplication } from '@credence/contracts';
import { buildSummaryDocument } from '@credence/domain';
import { isApiError } from '../../../lib/api-client.ts';
import { NotFoundPage } from '../../../components/not-found-page.tsx';
import { useWorksheet } from '../worksheet/worksheet-context.ts';
import { useLoanSummary } from './api.ts';
import { SummaryView } from './summary-view.tsx';

/** The page's sections in the page's order (spec 3 §2): Sales after Funding, and only when the lender uses it. */
export const closingSummarySections = (app: Pick<LoanSummaryApplication, 'lenderSettings'>) =>
  loanSummarySections.filter((s) => s !== 'sales' || app.lenderSettings.salesWorksheetEnabled);

/**
 * The closing summary `/closingSummary/{id}` (spec 3 §2, read-only, inside the worksheet frame): GetLoanSummary
 * made into the summary document — the same document the server prints as the Loan Summary PDF — and rendered.
 */
export const ClosingSummaryPage = () => {
  const { applicationId } = useWorksheet();
  const summary = useLoanSummary(applicationId);
  const document = useMemo(
    () =>
      summary.data
        ? buildSummaryDocument(summary.data, closingSummarySections(summary.data), {
            title: loanSummaryTexts.closingSummaryTitle,
            // The lender's zone, as the PDF prints them: the page and the file never differ near midnight.
            timeZone: summary.data.lenderSettings.timeZone,
          })
        : null,
    [summary.data],
  );

  if (summary.isError && isApiError(summary.error) && summary.error.status === 404) return <NotFoundPage />;
  if (summary.isError && !document) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void summary.refetch()}>
            Retry
          </Button>
        }
      >
        {messages.applications.retrieveFailed('loan summary')}
      </Alert>
    );
  }
  if (!document) {
    return (
      <Stack spacing={2} aria-busy="true" data-testid="closing-summary-loading">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} variant="rounded" height={140} />
        ))}
      </Stack>
    );
  }
  return (
    <Box data-testid="closing-summary" sx={{ maxWidth: 1600 }}>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1.5, displayPrint: 'none' }}>
        <Button variant="outlined" size="small" onClick={() => window.print()}>
          Print
        </Button>
      </Box>
      <SummaryView document={document} />
    </Box>
  );
};
