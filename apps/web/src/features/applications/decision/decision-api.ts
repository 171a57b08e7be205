import { useMemo } from 'react';
import { useQueries, useQuery } from '@tanstack/react-query';
import {
  decisionCodesEndpoints,
  decisionCodesResource,
  decisionCodeTypes,
  decisionEndpoints,
  messages,
  type DecisionCodeOption,
  type DecisionSubmit,
  type DecisionWorksheet,
} from '@credence/contracts';
import { apiClient, isApiError, isSessionError } from '../../../lib/api-client.ts';
import { letterErrorText, openAdverseLetter, openFactaLetter } from '../../letters/index.ts';
import { callEndpoint } from '../../../lib/endpoint-client.ts';
import { resourceKeys } from '../../../lib/resource-api.ts';
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

/**
 * The pickers' codes (spec 3 §7 codes by type): the lender's enabled codes of each type
 * (`GET decisionCodes/byType/{codeType}`, kept under the Decision Codes resource's keys so an edit there reads them
 * again); until they answer, the ones the worksheet came with.
 */
export const useDecisionCodes = (worksheet: DecisionWorksheet, enabled: boolean): DecisionCodeOption[] => {
  const lists = useQueries({
    queries: decisionCodeTypes.map((codeType) => ({
      queryKey: [...resourceKeys(decisionCodesResource).all, 'byType', codeType],
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        callEndpoint(decisionCodesEndpoints.byType, { params: { codeType } }, { signal }),
      enabled,
      staleTime: 60_000,
      meta: { silentError: true },
    })),
    combine: (answers) => (answers.every((a) => a.data !== undefined) ? answers.flatMap((a) => a.data ?? []) : null),
  });
  return useMemo(() => lists ?? worksheet.codes, [lists, worksheet.codes]);
};

export const submitDecision = (applicationId: number, body: DecisionSubmit) =>
  callEndpoint(decisionEndpoints.submit, { params: { applicationId }, body });

/** `POST applications/{id}/decisions/retract` (the retraction module's call). */
export const retractDecision = (applicationId: number, reason: string | null) =>
  apiClient.post(`/api/applications/${applicationId}/decisions/retract`, reason ? { reason } : {});

export type LetterKind = 'adverse' | 'facta';

/**
 * Opens a letter PDF in a new tab (the Letters feature's calls; ids only in the address). Spec 3 §5: the adverse
 * action letter needs the decline's id ('Decline Id is not supplied'); spec 3 §8: a 404 means no template is
 * uploaded or enabled.
 */
export const openLetter = async (
  kind: LetterKind,
  args: { applicationId: number; applicantId: number; declineId: number | null },
) => {
  if (kind === 'adverse' && args.declineId === null) {
    toasts.error(messages.errors.title, decisionPageTexts.declineIdNotSupplied);
    return;
  }
  try {
    if (kind === 'adverse') await openAdverseLetter({ declineId: args.declineId!, applicantId: args.applicantId });
    else await openFactaLetter(args.applicationId, { applicantId: args.applicantId });
  } catch (error) {
    if (isSessionError(error)) return;
    toasts.error(
      messages.errors.title,
      letterErrorText(error) ??
        (isApiError(error) && error.serverMessage ? error.serverMessage : decisionPageTexts.letterFailed),
    );
  }
};
