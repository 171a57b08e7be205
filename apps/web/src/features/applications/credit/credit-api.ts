import { useQuery } from '@tanstack/react-query';
import { creditEndpoints, printCreditReportPath } from '@credence/contracts';
import { fetchBlob, isApiError } from '../../../lib/api-client.ts';
import { confirm } from '../../../lib/confirm.tsx';
import { callEndpoint } from '../../../lib/endpoint-client.ts';
import { messages } from '@credence/contracts';

export const creditKeys = {
  credit: (id: number) => ['applications', id, 'credit'] as const,
  previous: (id: number) => ['applications', id, 'credit', 'previous'] as const,
};

/** `GET applicationcreditreport/{id}`: the applicants with their active reports, the review and the bureaus. */
export const useApplicationCredit = (applicationId: number) =>
  useQuery({
    queryKey: creditKeys.credit(applicationId),
    queryFn: ({ signal }) => callEndpoint(creditEndpoints.get, { params: { applicationId } }, { signal }),
  });

/** Every report pulled for the application, newest first. */
export const usePreviousReports = (applicationId: number) =>
  useQuery({
    queryKey: creditKeys.previous(applicationId),
    queryFn: ({ signal }) => callEndpoint(creditEndpoints.previous, { params: { applicationId } }, { signal }),
  });

/**
 * Runs a credit change; when the server answers that it would retract an approved or counteroffer decision, asks
 * 'Updating the credit report may retract the decision. Are you sure you want to continue?' and, on Yes, runs it
 * again confirmed. Answers null when the user said No.
 */
export const withRetractionConfirmed = async <T>(
  run: (confirmRetraction: boolean) => Promise<T>,
): Promise<T | null> => {
  try {
    return await run(false);
  } catch (error) {
    if (!isApiError(error) || error.code !== 'RETRACTION_CONFIRMATION_REQUIRED') throw error;
    const yes = await confirm({
      title: messages.credit.retractSuccess,
      message: messages.credit.retractionConfirm,
      confirmText: 'Yes',
      cancelText: 'No',
    });
    return yes ? run(true) : null;
  }
};

/** Opens the printed report in a new tab: fetched with the bearer header, shown from a blob (no token in a URL). */
export const openCreditReportPdf = async (creditReportId: number, applicationId: number) => {
  // The tab is opened at the click, so no pop-up blocker stops it; the PDF fills it once built.
  const tab = window.open('', '_blank');
  try {
    const blob = await fetchBlob(printCreditReportPath(creditReportId, applicationId), 'application/pdf');
    const url = URL.createObjectURL(blob);
    if (tab) tab.location.href = url;
    else window.location.assign(url);
    window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (error) {
    tab?.close();
    throw error;
  }
};
