import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  isUniqueResponseSchema,
  searchFilterListSchema,
  searchFilterSchema,
  searchFilterUserGroupsSchema,
  type SearchFilter,
  type SearchFilterInput,
  type SearchFilterOrder,
  type SearchFilterType,
} from '@credence/contracts';
import { apiClient } from '../../lib/api-client.ts';
import { menuQueryKey } from '../../lib/menu-query.ts';

export const searchFilterKeys = {
  all: ['searchFilters'] as const,
  list: ['searchFilters', 'list'] as const,
  admin: ['searchFilters', 'admin'] as const,
  userGroups: (id: number) => ['searchFilters', 'userGroups', id] as const,
  isUnique: (name: string, type: SearchFilterType, id: number | undefined) =>
    ['searchFilters', 'isUnique', type, name, id ?? null] as const,
};

/** The side menu's query key (app/shell/shell-api.ts): its My Filters, Shared Filters and queue counts. */

/** After any filter change: the filter lists, and the side menu (names, order, counts) read again. */
export const refreshAfterFilterChange = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: searchFilterKeys.all }),
    queryClient.invalidateQueries({ queryKey: menuQueryKey }),
  ]);

const base = '/api/SearchFilters';

/** Mine (isMine) and those published to one of my groups. */
export const useSearchFilters = () =>
  useQuery({
    queryKey: searchFilterKeys.list,
    queryFn: () => apiClient.get(base, { schema: searchFilterListSchema }),
  });

/** Every filter and queue of the lender (canManageSearchFilters). */
export const useAdminSearchFilters = (enabled: boolean) =>
  useQuery({
    queryKey: searchFilterKeys.admin,
    queryFn: () => apiClient.get(`${base}/admin`, { schema: searchFilterListSchema }),
    enabled,
  });

export const useSearchFilterUserGroups = (id: number, enabled = true) =>
  useQuery({
    queryKey: searchFilterKeys.userGroups(id),
    queryFn: () => apiClient.get(`${base}/${id}/UserGroups`, { schema: searchFilterUserGroupsSchema }),
    enabled,
    staleTime: 0,
  });

export const checkNameIsUnique = async (
  name: string,
  type: SearchFilterType,
  id: number | undefined,
  signal?: AbortSignal,
): Promise<boolean> => {
  const answer = await apiClient.get(`${base}/IsUnique`, {
    schema: isUniqueResponseSchema,
    query: { name, type, id },
    signal,
  });
  return answer.isUnique;
};

export const createSearchFilter = (input: SearchFilterInput): Promise<SearchFilter> =>
  apiClient.post(base, input, { schema: searchFilterSchema });
export const updateSearchFilter = (id: number, input: SearchFilterInput): Promise<SearchFilter> =>
  apiClient.put(`${base}/${id}`, input, { schema: searchFilterSchema });
export const createAdminSearchFilter = (input: SearchFilterInput): Promise<SearchFilter> =>
  apiClient.post(`${base}/admin`, input, { schema: searchFilterSchema });
export const updateAdminSearchFilter = (id: number, input: SearchFilterInput): Promise<SearchFilter> =>
  apiClient.put(`${base}/${id}/admin`, input, { schema: searchFilterSchema });
export const fetchAdminSearchFilter = (id: number): Promise<SearchFilter> =>
  apiClient.get(`${base}/${id}/admin`, { schema: searchFilterSchema });

export const deleteSearchFilter = (id: number) => apiClient.delete(`${base}/${id}`);
export const publishSearchFilter = (id: number, userGroupIds: number[]) =>
  apiClient.put(`${base}/${id}/Publish`, { userGroupIds });
export const unpublishSearchFilter = (id: number) => apiClient.delete(`${base}/${id}/Unpublish`);
export const setSearchFilterEnabled = (id: number, enabled: boolean) =>
  apiClient.post(`${base}/${id}/${enabled ? 'enable' : 'disable'}`);
export const orderSearchFilters = (order: SearchFilterOrder) => apiClient.put(`${base}/order`, order);

/**
 * A filter mutation whose failure the caller reports itself (its own toast or field errors); success refreshes
 * the filter lists and the side menu.
 */
export const useFilterMutation = <V, R>(mutationFn: (variables: V) => Promise<R>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => refreshAfterFilterChange(queryClient),
    meta: { silentError: true },
  });
};
