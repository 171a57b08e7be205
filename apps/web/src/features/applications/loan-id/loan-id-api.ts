import { useQuery } from '@tanstack/react-query';
import {
  coreEndpoints,
  endpointPath,
  generatedIdSchema,
  loanIdDialogDataSchema,
  loanIdPatchResultSchema,
  memberLookupSchema,
  type LoanIdPatch,
} from '@credence/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { silentLoad } from '../../../lib/retrieving.ts';
import { applicationKeys } from '../api.ts';

/*
 * The Loan Id dialog's calls (spec 3 §7 "Loan id, account number, core"). All run with the global error
 * interception off (spec 3 §7): the dialog shows its own texts (§8).
 */

export const loanIdKeys = {
  data: (id: number) => [...applicationKeys.application(id), 'loanIdDialog'] as const,
  members: (id: number) => [...applicationKeys.application(id), 'coreMembers'] as const,
};

const path = (endpoint: { path: string }, id: number) => endpointPath(endpoint, { id });

export const useLoanIdDialogData = (id: number, enabled: boolean) =>
  useQuery({
    queryKey: loanIdKeys.data(id),
    queryFn: () => apiClient.get(path(coreEndpoints.potentialLoanId, id), { schema: loanIdDialogDataSchema }),
    enabled,
    // Read afresh each time the dialog opens (the form starts from what the core says now).
    staleTime: 0,
    gcTime: 0,
    retry: false,
    meta: silentLoad,
  });

export const useCoreMembers = (id: number, enabled: boolean) =>
  useQuery({
    queryKey: loanIdKeys.members(id),
    queryFn: () => apiClient.get(path(coreEndpoints.members, id), { schema: memberLookupSchema }),
    enabled,
    // Read afresh each time the dialog opens (the form starts from what the core says now).
    staleTime: 0,
    gcTime: 0,
    retry: false,
    meta: silentLoad,
  });

export const generateLoanId = (id: number) =>
  apiClient.get(path(coreEndpoints.generateLoanId, id), { schema: generatedIdSchema });

export const generateShareAccountNumber = (id: number) =>
  apiClient.get(path(coreEndpoints.generateShareAccountNumber, id), { schema: generatedIdSchema });

/** PATCH application: replace /potentialLoanId and/or /potentialShareAccountNumber. */
export const saveLoanIds = (id: number, values: { potentialLoanId?: string; potentialShareAccountNumber?: string }) => {
  const ops: LoanIdPatch = [];
  if (values.potentialLoanId !== undefined) {
    ops.push({ op: 'replace', path: '/potentialLoanId', value: values.potentialLoanId });
  }
  if (values.potentialShareAccountNumber !== undefined) {
    ops.push({ op: 'replace', path: '/potentialShareAccountNumber', value: values.potentialShareAccountNumber });
  }
  return apiClient.patch(`/api/application/${id}`, ops, { schema: loanIdPatchResultSchema });
};
