import { useQuery } from '@tanstack/react-query';
import { reserveEndpoints, reservesResource } from '@credence/contracts';
import { callEndpoint } from '../../../lib/endpoint-client.ts';
import { resourceKeys } from '../../../lib/resource-api.ts';

/**
 * Every reserve and reserve matrix of the lender with their details (GET reserves/getReservesListsAndMatricesWithDetails):
 * the matrix editor's reserve choices. Under the reserves' query key, so a reserve saved, enabled or disabled reloads it.
 */
export const reservesListsKey = [...resourceKeys(reservesResource).all, 'withDetails'] as const;
export const useReservesLists = () =>
  useQuery({
    queryKey: reservesListsKey,
    queryFn: ({ signal }) => callEndpoint(reserveEndpoints.listsWithDetails, {}, { signal }),
    meta: { silentError: true },
  });

/** Whether another reserve of the lender has the name (GET reserves/doesNameExist; `id`: the one being edited). */
export const reserveNameExists = async (name: string, id: number | undefined, signal?: AbortSignal) =>
  (
    await callEndpoint(
      reserveEndpoints.doesNameExist,
      { query: id === undefined ? { name } : { name, id } },
      { signal },
    )
  ).exists;
