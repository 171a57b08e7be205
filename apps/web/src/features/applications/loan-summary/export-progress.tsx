import { useCallback } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { toast, type Id } from 'react-toastify';
import CircularProgress from '@mui/material/CircularProgress';
import { loanSummaryTexts } from '@credence/contracts';
import { isSessionError } from '../../../lib/api-client.ts';
import { toasts } from '../../../lib/toast.tsx';
import { applicationKeys } from '../api.ts';
import { exportOfFunding, fetchLoanSummaryExports } from './api.ts';

/*
 * 'Exporting Loan Summary' (spec 3 §2): after a funding while the lender's 'export loan summary on funding' setting
 * is on, the server's job builds the summary PDF and attaches it. The user who funded sees its progress in a toast
 * that lives outside the Funding worksheet (the page moves on to the Funding queue): the export of this funding is
 * polled until it is done ('Loan Summary attached') or has failed (the job retries; the toast says so).
 */

export const EXPORT_POLL_MS = 2_000;
/** After this long without an answer the toast stops watching (the export still happens on the server). */
export const EXPORT_WATCH_MS = 5 * 60_000;

const ProgressBody = ({ text }: { text: string }) => (
  <div data-testid="toast" style={{ display: 'flex', alignItems: 'center', gap: 10 }}>
    <CircularProgress size={16} aria-hidden />
    <div style={{ fontWeight: 600 }}>{text}</div>
  </div>
);

const watching = new Map<number, Id>();

const track = (queryClient: QueryClient, applicationId: number, fundedAt: string | null) => {
  if (watching.has(applicationId)) return;
  const toastId: Id = `loan-summary-export-${applicationId}`;
  watching.set(applicationId, toastId);
  toast.info(<ProgressBody text={loanSummaryTexts.exporting} />, {
    toastId,
    autoClose: false,
    closeOnClick: false,
    icon: false,
  });
  const started = Date.now();
  let failedShown = false;

  const stop = () => {
    watching.delete(applicationId);
    toast.dismiss(toastId);
  };

  const poll = async () => {
    try {
      const current = exportOfFunding(await fetchLoanSummaryExports(applicationId), fundedAt);
      if (current?.status === 'done') {
        stop();
        toasts.success(loanSummaryTexts.exported, current.fileName ?? undefined);
        void queryClient.invalidateQueries({ queryKey: applicationKeys.files(applicationId) });
        return;
      }
      if (current?.status === 'failed' && !failedShown) {
        // The job tries again with backoff: the failure is said once, and the watch goes on.
        failedShown = true;
        toast.dismiss(toastId);
        toasts.warning(loanSummaryTexts.exporting, loanSummaryTexts.exportFailed);
      }
    } catch (error) {
      if (isSessionError(error)) {
        stop();
        return;
      }
      // A failed poll (network, 503) is tried again at the next tick.
    }
    if (Date.now() - started > EXPORT_WATCH_MS) {
      stop();
      return;
    }
    setTimeout(() => void poll(), EXPORT_POLL_MS);
  };
  setTimeout(() => void poll(), EXPORT_POLL_MS / 2);
};

/**
 * Starts watching the automatic export of a funding: `(applicationId, fundedAt)` with the funded loan's time.
 * Safe to call from a page that unmounts right after: the watch and its toast live at the app level.
 */
export const useLoanSummaryExportProgress = () => {
  const queryClient = useQueryClient();
  return useCallback(
    (applicationId: number, fundedAt: string | null) => track(queryClient, applicationId, fundedAt),
    [queryClient],
  );
};
