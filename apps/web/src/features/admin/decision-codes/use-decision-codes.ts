import { useQuery } from '@tanstack/react-query';
import {
  decisionCodesEndpoints,
  decisionCodesResource,
  decisionCodeTexts,
  messages,
  type DecisionCodeType,
} from '@credence/contracts';
import { isSessionError } from '../../../lib/api-client.ts';
import { callEndpoint } from '../../../lib/endpoint-client.ts';
import { resourceKeys } from '../../../lib/resource-api.ts';
import { toasts } from '../../../lib/toast.tsx';

/**
 * The lender's enabled codes of one type, in sort order — the decision worksheet's decline reasons, approval
 * conditions, counter reasons and cancel reasons (GET /api/decisionCodes/byType/{codeType}, canDecisionALoan).
 * Kept under the resource's keys, so a save in Administration › Decision Codes reads them again. A failed load
 * says 'An error occurred retrieving codes from the api.' (spec 3 §8).
 */
export const useDecisionCodes = (codeType: DecisionCodeType, enabled = true) =>
  useQuery({
    queryKey: [...resourceKeys(decisionCodesResource).all, 'byType', codeType],
    queryFn: async ({ signal }) => {
      try {
        return await callEndpoint(decisionCodesEndpoints.byType, { params: { codeType } }, { signal });
      } catch (error) {
        if (!isSessionError(error))
          toasts.error(messages.errors.title, decisionCodeTexts.loadFailed, { toastId: `decision-codes-${codeType}` });
        throw error;
      }
    },
    enabled,
    staleTime: 60_000,
    meta: { silentError: true },
  });
