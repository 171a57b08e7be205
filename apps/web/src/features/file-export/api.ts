import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  endpointPath,
  fileExportEndpoints as e,
  queueEndpoints,
  type FileExport,
  type FileExportRequest,
} from '@credence/contracts';
import { callEndpoint } from '../../lib/endpoint-client.ts';
import { useHubState } from '../../lib/hub-state.ts';

/** The area's queries: the hub's `fileExport` event reads them again (app/shell/hub-socket.ts). */
export const fileExportKeys = {
  all: ['fileExports'] as const,
  kinds: ['fileExports', 'kinds'] as const,
  list: (page: number, pageSize: number) => ['fileExports', 'list', page, pageSize] as const,
  queueColumns: ['fileExports', 'queueColumns'] as const,
};

export const useExportKinds = (enabled: boolean) =>
  useQuery({
    queryKey: fileExportKeys.kinds,
    enabled,
    queryFn: ({ signal }) => callEndpoint(e.kinds, {}, { signal }),
    staleTime: 5 * 60_000,
  });

/** The queue columns' value options (the lender's products, dealers, states) for the filters. */
export const useQueueValueOptions = () =>
  useQuery({
    queryKey: fileExportKeys.queueColumns,
    queryFn: ({ signal }) => callEndpoint(queueEndpoints.columns, {}, { signal }),
    staleTime: 5 * 60_000,
  });

const isActive = (x: FileExport) => x.state === 'queued' || x.state === 'running';

/**
 * The history, newest first, with the running exports. While one runs the page reads it again every second — or,
 * while the hub is connected (it tells me of my exports as they move), every five seconds for the others' exports.
 */
export const useExportHistory = (page: number, pageSize: number, enabled: boolean) => {
  const hub = useHubState();
  return useQuery({
    queryKey: fileExportKeys.list(page, pageSize),
    enabled,
    queryFn: ({ signal }) => callEndpoint(e.list, { query: { page, pageSize } }, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.data.some(isActive) ? (hub === 'connected' ? 5000 : 1000) : false),
  });
};

export const useStartExport = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: FileExportRequest) => callEndpoint(e.start, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: fileExportKeys.all }),
  });
};

export const useCancelExport = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callEndpoint(e.cancel, { params: { id } }),
    onSettled: () => client.invalidateQueries({ queryKey: fileExportKeys.all }),
  });
};

/**
 * Downloads a done export: a single-use token first (the session token never sits in a URL), then a plain link to
 * the file (an attachment: the page stays).
 */
export const downloadExport = async (item: Pick<FileExport, 'id' | 'fileName'>) => {
  const { token } = await callEndpoint(e.downloadToken, { params: { id: item.id } });
  const link = document.createElement('a');
  link.href = `${endpointPath(e.download, { id: item.id })}?${new URLSearchParams({ dt: token }).toString()}`;
  link.download = item.fileName ?? '';
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
};
