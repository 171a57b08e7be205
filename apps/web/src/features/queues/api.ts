import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import {
  queueEndpoints,
  searchFilterEndpoints,
  type ApplicationSearchRequest,
  type QueueGridName,
  type QueuePage,
} from '@credence/contracts';
import { gridSettingKey } from '../../lib/grid-settings.ts';
import { ApiError, isSessionError } from '../../lib/api-client.ts';
import { callEndpoint, fetchEndpointBlob } from '../../lib/endpoint-client.ts';
import { saveBlob } from '../../lib/save-blob.ts';
import { showApiErrorToast } from '../../lib/toast.tsx';

export const queueKeys = {
  all: ['queues'] as const,
  columns: ['queues', 'columns'] as const,
  page: (gridName: QueueGridName, request: ApplicationSearchRequest) => ['queues', 'page', gridName, request] as const,
  gridSetting: gridSettingKey,
  searchFilter: (id: number) => ['searchFilters', 'one', id] as const,
};

/** The column catalogue with the lender's value options (loan products, dealers, states, sources). */
export const useQueueColumns = () =>
  useQuery({
    queryKey: queueKeys.columns,
    queryFn: () => callEndpoint(queueEndpoints.columns, {}),
    staleTime: 5 * 60_000,
  });

/** A page answer with the criteria it was asked for, so a placeholder page is not taken for the new criteria's. */
export type QueuePageResult = QueuePage & { criteriaKey: string };

/**
 * One page of a queue. While the next page loads the previous one stays on screen (the grid shows its loading
 * overlay); a failure shows the global error toast (a 422 names the bad field or operator).
 */
export const useQueuePage = (gridName: QueueGridName, request: ApplicationSearchRequest, enabled: boolean) => {
  const { page: _page, pageSize: _pageSize, ...criteria } = request;
  const criteriaKey = JSON.stringify(criteria);
  return useQuery({
    queryKey: queueKeys.page(gridName, request),
    queryFn: async ({ signal }): Promise<QueuePageResult> => {
      const page = await callEndpoint(queueEndpoints.search, { params: { gridName }, body: request }, { signal });
      return { ...page, criteriaKey };
    },
    placeholderData: keepPreviousData,
    staleTime: 0,
    enabled,
  });
};

export { useGridSetting, useSaveGridSetting } from '../../lib/grid-settings.ts';

/** A saved filter or custom queue; not found and forbidden are shown on the page, other failures as the toast. */
export const useSearchFilter = (id: number | null) =>
  useQuery({
    queryKey: queueKeys.searchFilter(id ?? 0),
    queryFn: async () => {
      try {
        return await callEndpoint(searchFilterEndpoints.get, { params: { id: id ?? 0 } });
      } catch (error) {
        if (!isSessionError(error) && !isMissingFilter(error)) showApiErrorToast(error);
        throw error;
      }
    },
    enabled: id !== null,
    meta: { silentError: true },
  });

/** The filter does not exist, or is neither the caller's nor published to them (or the id is not valid). */
export const isMissingFilter = (error: unknown): boolean =>
  error instanceof ApiError && (error.status === 404 || error.status === 403 || error.status === 422);

/** Export CSV: the current criteria and visible columns, saved as `{gridName}.csv`. */
export const useExportQueue = () =>
  useMutation({
    mutationFn: async ({ gridName, request }: { gridName: QueueGridName; request: ApplicationSearchRequest }) => {
      const { page: _page, pageSize: _pageSize, ...criteria } = request;
      const blob = await fetchEndpointBlob(queueEndpoints.export, { params: { gridName }, body: criteria }, 'text/csv');
      saveBlob(blob, `${gridName}.csv`);
    },
  });
