import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import {
  dynamicQueueColumnsSchema,
  errorBodySchema,
  queuePageSchema,
  searchFilterEndpoints,
  type ApplicationSearchRequest,
  type QueueGridName,
  type QueuePage,
} from '@credence/contracts';
import { gridSettingKey } from '../../lib/grid-settings.ts';
import { apiClient, ApiError, isSessionError } from '../../lib/api-client.ts';
import { emitAuthEvent } from '../../lib/auth-events.ts';
import { callEndpoint } from '../../lib/endpoint-client.ts';
import { getSession } from '../../lib/session-store.ts';
import { saveBlob } from '../../lib/save-blob.ts';
import { showApiErrorToast } from '../../lib/toast.tsx';

export const queueKeys = {
  all: ['queues'] as const,
  columns: ['queues', 'columns'] as const,
  page: (gridName: QueueGridName, request: ApplicationSearchRequest) => ['queues', 'page', gridName, request] as const,
  gridSetting: gridSettingKey,
  searchFilter: (id: number) => ['searchFilters', 'one', id] as const,
};

const base = '/api/applicationqueues';

/** The column catalogue with the lender's value options (loan products, dealers, states, sources). */
export const useQueueColumns = () =>
  useQuery({
    queryKey: queueKeys.columns,
    queryFn: () => apiClient.get(`${base}/dynamicQueueColumns`, { schema: dynamicQueueColumnsSchema }),
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
      const page = await apiClient.post(`${base}/${gridName}/search`, request, { schema: queuePageSchema, signal });
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

/**
 * POST a body and receive a file (the CSV export): the same bearer token and error handling as the api client,
 * but the answer is read as a blob.
 */
const postForBlob = async (path: string, body: unknown): Promise<Blob> => {
  const token = getSession().token;
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'text/csv, application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(path, { method: 'POST', headers, body: JSON.stringify(body) });
  } catch {
    throw new ApiError(0);
  }
  if (!response.ok) {
    let payload: unknown;
    try {
      payload = await response.json();
    } catch {
      payload = undefined;
    }
    const parsed = errorBodySchema.safeParse(payload);
    const error = new ApiError(response.status, parsed.success ? parsed.data : undefined);
    if (token && error.status === 401 && error.code === 'UNAUTHENTICATED') emitAuthEvent('unauthenticated');
    if (token && error.status === 403 && error.code === 'PASSWORD_EXPIRED') emitAuthEvent('passwordExpired');
    throw error;
  }
  return response.blob();
};

/** Export CSV: the current criteria and visible columns, saved as `{gridName}.csv`. */
export const useExportQueue = () =>
  useMutation({
    mutationFn: async ({ gridName, request }: { gridName: QueueGridName; request: ApplicationSearchRequest }) => {
      const { page: _page, pageSize: _pageSize, ...criteria } = request;
      const blob = await postForBlob(`${base}/${gridName}/export`, criteria);
      saveBlob(blob, `${gridName}.csv`);
    },
  });
