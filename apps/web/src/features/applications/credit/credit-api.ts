import { useQuery } from '@tanstack/react-query';
import { creditEndpoints, decisionRetractionEndpoints, hasRetractableDecision, messages } from '@credence/contracts';
import { isApiError } from '../../../lib/api-client.ts';
import { confirm } from '../../../lib/confirm.tsx';
import { callEndpoint, fetchEndpointBlob } from '../../../lib/endpoint-client.ts';

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

const askToRetract = () =>
  confirm({
    title: messages.credit.retractSuccess,
    message: messages.credit.retractionConfirm,
    confirmText: 'Yes',
    cancelText: 'No',
  });

/**
 * Runs a credit change (a pull, re-marked tradelines) of an application in `state`. When it has an approved or
 * counteroffer decision, first asks the server whether the change would retract it under the lender's
 * decision-retraction rule set (`POST applications/{id}/creditreport/retractions`, a dry run) and, only when it
 * would, 'Updating the credit report may retract the decision. Are you sure you want to continue?' — No runs
 * nothing (answers null), Yes runs it confirmed. Should the decision have changed since the page read the state,
 * the server's refusal (409) asks the same question. `changesCredit` false: the change cannot retract (the review
 * text alone), nothing is asked.
 */
export const withRetractionConfirmed = async <T>(
  applicationId: number,
  state: string | undefined,
  run: (confirmRetraction: boolean) => Promise<T>,
  changesCredit = true,
): Promise<T | null> => {
  const retracts =
    changesCredit &&
    hasRetractableDecision(state) &&
    (await callEndpoint(decisionRetractionEndpoints.checkCreditReport, { params: { applicationId } })).retracts;
  if (retracts && !(await askToRetract())) return null;
  try {
    return await run(retracts);
  } catch (error) {
    if (retracts || !isApiError(error) || error.code !== 'RETRACTION_CONFIRMATION_REQUIRED') throw error;
    return (await askToRetract()) ? run(true) : null;
  }
};

/** Opens the printed report in a new tab: fetched with the bearer header, shown from a blob (no token in a URL). */
export const openCreditReportPdf = async (creditReportId: number, applicationId: number) => {
  // The tab is opened at the click, so no pop-up blocker stops it; the PDF fills it once built.
  const tab = window.open('', '_blank');
  try {
    const blob = await fetchEndpointBlob(
      creditEndpoints.print,
      { params: { id: creditReportId }, query: { applicationId: String(applicationId) } },
      'application/pdf',
    );
    const url = URL.createObjectURL(blob);
    if (tab) tab.location.href = url;
    else window.location.assign(url);
    window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (error) {
    tab?.close();
    throw error;
  }
};
