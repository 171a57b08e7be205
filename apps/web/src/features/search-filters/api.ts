import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  searchFilterEndpoints,
  type SearchFilter,
  type SearchFilterInput,
  type SearchFilterOrder,
  type SearchFilterType,
} from '@credence/contracts';
import { callEndpoint } from '../../lib/endpoint-client.ts';
import { menuQueryKey } from '../../lib/menu-query.ts';

export const searchFilterKeys = {
  all: ['searchFilters'] as const,
  list: ['searchFilters', 'list'] as const,
  admin: ['searchFilters', 'admin'] as const,
  userGroups: (id: number) => ['searchFilters', 'userGroups', id] as const,
  isUnique: (name: string, type: SearchFilterType, id: number | undefined) =>
    ['searchFilters', 'isUnique', type, name, id ?? null] as const,
};

/** After any filter change: the filter lists, and the side menu (names, order, counts) read again. */
export const refreshAfterFilterChange = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: searchFilterKeys.all }),
    queryClient.invalidateQueries({ queryKey: menuQueryKey }),
  ]);

const e = searchFilterEndpoints;

/** Mine (isMine) and those published to one of my groups. */
export const useSearchFilters = () =>
  useQuery({
    queryKey: searchFilterKeys.list,
    queryFn: () => callEndpoint(e.list, {}),
  });

/** Every filter and queue of the lender (canManageSearchFilters). */
export const useAdminSearchFilters = (enabled: boolean) =>
  useQuery({
    queryKey: searchFilterKeys.admin,
    queryFn: () => callEndpoint(e.adminList, {}),
    enabled,
  });

export const useSearchFilterUserGroups = (id: number, enabled = true) =>
  useQuery({
    queryKey: searchFilterKeys.userGroups(id),
    queryFn: () => callEndpoint(e.userGroups, { params: { id } }),
    enabled,
    staleTime: 0,
  });

export const checkNameIsUnique = async (
  name: string,
  type: SearchFilterType,
  id: number | undefined,
  signal?: AbortSignal,
): Promise<boolean> => (await callEndpoint(e.isUnique, { query: { name, type, id } }, { signal })).isUnique;

export const createSearchFilter = (input: SearchFilterInput): Promise<SearchFilter> =>
  callEndpoint(e.create, { body: input });
export const updateSearchFilter = (id: number, input: SearchFilterInput): Promise<SearchFilter> =>
  callEndpoint(e.update, { params: { id }, body: input });
export const createAdminSearchFilter = (input: SearchFilterInput): Promise<SearchFilter> =>
  callEndpoint(e.adminCreate, { body: input });
export const updateAdminSearchFilter = (id: number, input: SearchFilterInput): Promise<SearchFilter> =>
  callEndpoint(e.adminUpdate, { params: { id }, body: input });
export const fetchAdminSearchFilter = (id: number): Promise<SearchFilter> =>
  callEndpoint(e.adminGet, { params: { id } });

export const deleteSearchFilter = (id: number) => callEndpoint(e.delete, { params: { id } });
export const publishSearchFilter = (id: number, userGroupIds: number[]) =>
  callEndpoint(e.publish, { params: { id }, body: { userGroupIds } });
export const unpublishSearchFilter = (id: number) => callEndpoint(e.unpublish, { params: { id } });
export const setSearchFilterEnabled = (id: number, enabled: boolean) =>
  callEndpoint(enabled ? e.enable : e.disable, { params: { id } });
export const orderSearchFilters = (order: SearchFilterOrder) => callEndpoint(e.order, { body: order });

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
