import { useQuery } from '@tanstack/react-query';
import { decisionEndpoints, messages, type DecisionSubmit } from '@credence/contracts';
import { apiClient, fetchBlob, isApiError } from '../../../lib/api-client.ts';
import { callEndpoint } from '../../../lib/endpoint-client.ts';
import { toasts } from '../../../lib/toast.tsx';
import { decisionPageTexts } from './texts.ts';

export const decisionKeys = {
  worksheet: (id: number) => ['applications', id, 'decision'] as const,
  history: (id: number) => ['applications', id, 'decision', 'history'] as const,
  receipt: (id: number, decisionId: number) => ['applications', id, 'decision', 'receipt', decisionId] as const,
};

/** `GET ApplicationDecision/{id}`: the worksheet model. */
export const useDecisionWorksheet = (applicationId: number) =>
  useQuery({
    queryKey: decisionKeys.worksheet(applicationId),
    queryFn: ({ signal }) => callEndpoint(decisionEndpoints.worksheet, { params: { id: applicationId } }, { signal }),
    enabled: applicationId > 0,
    meta: { silentError: true },
  });

/** Every receipt version, newest first ('An error occurred retrieving Decision History from the api.'). */
export const useDecisionHistory = (applicationId: number) =>
  useQuery({
    queryKey: decisionKeys.history(applicationId),
    queryFn: ({ signal }) => callEndpoint(decisionEndpoints.history, { params: { id: applicationId } }, { signal }),
    enabled: applicationId > 0,
    meta: { silentError: true },
  });

export const useDecisionReceipt = (applicationId: number, decisionId: number | null) =>
  useQuery({
    queryKey: decisionKeys.receipt(applicationId, decisionId ?? 0),
    queryFn: ({ signal }) =>
      callEndpoint(decisionEndpoints.receipt, { params: { id: applicationId, decisionId: decisionId! } }, { signal }),
    enabled: decisionId !== null,
    meta: { silentError: true },
  });

export const submitDecision = (applicationId: number, body: DecisionSubmit) =>
  callEndpoint(decisionEndpoints.submit, { params: { applicationId }, body });

/** `POST applications/{id}/decisions/retract` (the retraction module's call). */
export const retractDecision = (applicationId: number, reason: string | null) =>
  apiClient.post(`/api/applications/${applicationId}/decisions/retract`, reason ? { reason } : {});

const query = (values: Record<string, string | number | undefined>) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if (value !== undefined) params.set(key, String(value));
  return params.toString();
};

export type LetterKind = 'adverse' | 'facta';

/**
 * Opens a letter PDF in a new tab (fetched with the bearer header; ids only in the address). Spec 3 §5: the
 * adverse action letter needs the decline's id ('Decline Id is not supplied'); spec 3 §8: a 404 means no
 * template is uploaded or enabled.
 */
export const openLetter = async (
  kind: LetterKind,
  args: { applicationId: number; applicantId: number; declineId: number | null; letterState?: string },
) => {
  if (kind === 'adverse' && args.declineId === null) {
    toasts.error(messages.errors.title, decisionPageTexts.declineIdNotSupplied);
    return;
  }
  const path =
    kind === 'adverse'
      ? `/api/applications/adverse?${query({ declineId: args.declineId!, applicantId: args.applicantId, letterState: args.letterState })}`
      : `/api/applications/${args.applicationId}/facta?${query({ applicantId: args.applicantId, letterState: args.letterState })}`;
  const tab = window.open('', '_blank');
  try {
    const blob = await fetchBlob(path, 'application/pdf');
    const url = URL.createObjectURL(blob);
    if (tab) tab.location.href = url;
    else window.location.assign(url);
    window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (error) {
    tab?.close();
    if (isApiError(error) && error.status === 404) toasts.error(messages.errors.title, decisionPageTexts.letterMissing);
    else if (isApiError(error) && error.serverMessage) toasts.error(messages.errors.title, error.serverMessage);
    else toasts.error(messages.errors.title, decisionPageTexts.letterFailed);
  }
};
