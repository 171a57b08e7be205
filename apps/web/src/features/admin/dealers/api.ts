import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { dealerSchema, messages, type DealerInput } from '@credence/contracts';
import { apiClient, isSessionError } from '../../../lib/api-client.ts';
import { toasts } from '../../../lib/toast.tsx';

export const dealerKeys = { all: ['dealers'] as const, list: ['dealers', 'all'] as const };

/** Spec 3 §8: 'An error occurred retrieving Dealers from the api.' when the list fails to load. */
export const useDealers = () =>
  useQuery({
    queryKey: dealerKeys.list,
    queryFn: async () => {
      try {
        return await apiClient.get('/api/dealers', { schema: z.array(dealerSchema) });
      } catch (error) {
        if (!isSessionError(error)) {
          toasts.error(messages.errors.title, messages.dealers.retrieveFailed, { toastId: 'dealers-retrieve' });
        }
        throw error;
      }
    },
    meta: { silentError: true },
  });

export const useSaveDealer = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: DealerInput }) =>
      id === null
        ? apiClient.post('/api/dealers', input, { schema: dealerSchema })
        : apiClient.put(`/api/dealers/${id}`, input, { schema: dealerSchema }),
    // Every dealer list (the worksheets' pickers too) reads again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dealerKeys.all }),
    meta: { silentError: true },
  });
};
