import {
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import {
  applicantsResponseSchema,
  applicationEndpoints,
  fileEndpoints,
  collateralEndpoints,
  commentEndpoints,
  COMMENTS_PAGE_SIZE,
  dealersResource,
  LIST_PAGE_SIZE_MAX,
  applicationHistoryEndpoint,
  applicationLockEndpoints,
  transactionEndpoints,
  type ApplicantsSave,
  type ApplicationRequestSave,
  type CollateralsSave,
  type Comment,
  type CommentPage,
  type CommentType,
  type CreateApplication,
  type TransactionSave,
  type WorksheetInfo,
} from '@credence/contracts';
import { apiClient, isApiError } from '../../lib/api-client.ts';
import { callEndpoint, uploadToEndpoint } from '../../lib/endpoint-client.ts';
import { resourceKeys } from '../../lib/resource-api.ts';
import { retrieving, silentLoad } from '../../lib/retrieving.ts';

/** Query keys: everything of one application lives under ['applications', id] so one invalidation refreshes it. */
export const applicationKeys = {
  all: ['applications'] as const,
  application: (id: number) => ['applications', id] as const,
  graph: (id: number) => ['applications', id, 'graph'] as const,
  worksheetInfo: (id: number) => ['applications', id, 'worksheetInfo'] as const,
  files: (id: number) => ['applications', id, 'files'] as const,
  comments: (id: number) => ['applications', id, 'comments'] as const,
  history: (id: number) => ['applications', id, 'history'] as const,
};

const silent = silentLoad;

/** Enabled dealers, for choosing the dealer of an indirect application. */
export const useEnabledDealers = (enabled = true) =>
  useQuery({
    queryKey: [...resourceKeys(dealersResource).all, 'enabled'],
    queryFn: retrieving('Dealers', async () => {
      const page = await callEndpoint(dealersResource.endpoints.list, {
        query: { enabled: 'true', pageSize: LIST_PAGE_SIZE_MAX, sort: 'name' },
      });
      return page.data;
    }),
    staleTime: 60_000,
    enabled,
    meta: silent,
  });

export const applicationQuery = (id: number) =>
  queryOptions({
    queryKey: applicationKeys.graph(id),
    queryFn: retrieving('application', () => callEndpoint(applicationEndpoints.get, { params: { id } })),
    staleTime: 0,
    meta: silent,
  });
export const useApplication = (id: number) => useQuery(applicationQuery(id));

/**
 * Worksheet info is polled (every 10 s while a worksheet is open) to notice lock changes — unless the real-time hub
 * tells of them (`poll: false`: the worksheet is in its application's room, issue 31).
 */
export const WORKSHEET_INFO_POLL_MS = 10_000;
/** Worksheet info with the moment it was asked for (to tell an answer from before a lock change). */
export type TimedWorksheetInfo = WorksheetInfo & { requestedAt: number };
const fetchWorksheetInfo = async (id: number): Promise<TimedWorksheetInfo> => {
  const requestedAt = Date.now();
  const info = await callEndpoint(applicationEndpoints.worksheetInfo, { params: { id } });
  return { ...info, requestedAt };
};
export const useWorksheetInfo = (id: number, { poll = true }: { poll?: boolean } = {}) =>
  useQuery<TimedWorksheetInfo>({
    enabled: id > 0,
    queryKey: applicationKeys.worksheetInfo(id),
    // Another lender's application, or none: the frame shows one page that says so (issue 29, item 12).
    queryFn: retrieving('application', () => fetchWorksheetInfo(id), { quietNotFound: true }),
    staleTime: 0,
    // An application that is not there (404) is not asked for again.
    refetchInterval: ({ state }) =>
      !poll || (isApiError(state.error) && state.error.status === 404) ? false : WORKSHEET_INFO_POLL_MS,
    refetchIntervalInBackground: true,
    meta: silent,
  });

export const lockApplication = (id: number) => callEndpoint(applicationLockEndpoints.lock, { params: { id } });
export const unlockApplication = (id: number) => callEndpoint(applicationLockEndpoints.unlock, { params: { id } });
/**
 * Releases the caller's own lock when leaving the worksheets; the server leaves anyone else's lock alone. Sent
 * with `keepalive` so that it completes while the tab closes (`pagehide`): unlike `navigator.sendBeacon` it
 * carries the Authorization header. Without auth events: a session ending meanwhile needs no sign-out here.
 */
export const releaseApplicationLock = (id: number) =>
  callEndpoint(applicationLockEndpoints.release, { params: { id } }, { keepalive: true, authEvents: false });

export const createApplication = (body: CreateApplication) => callEndpoint(applicationEndpoints.create, { body });

export const saveApplicants = (id: number, body: ApplicantsSave) =>
  apiClient.put(`/api/applications/${id}/applicants`, body, { schema: applicantsResponseSchema });
export const saveRequest = (id: number, body: ApplicationRequestSave) =>
  callEndpoint(applicationEndpoints.saveRequest, { params: { id }, body });
export const saveCollaterals = (id: number, body: CollateralsSave) =>
  callEndpoint(collateralEndpoints.save, { params: { id }, body });
export const saveTransaction = (id: number, body: TransactionSave) =>
  callEndpoint(transactionEndpoints.save, { params: { id }, body });

/** After a change to an application: everything of it is read again (graph, worksheet info, history). */
export const useInvalidateApplication = () => {
  const queryClient = useQueryClient();
  return (id: number) => queryClient.invalidateQueries({ queryKey: applicationKeys.application(id) });
};

// Files

export const useApplicationFiles = (id: number, includeDeleted: boolean) =>
  useQuery({
    queryKey: [...applicationKeys.files(id), { includeDeleted }],
    queryFn: retrieving('files', () =>
      callEndpoint(fileEndpoints.list, {
        params: { id },
        query: { includeDeleted: includeDeleted ? 'true' : undefined },
      }),
    ),
    meta: silent,
  });

export type UploadItem = { file: File; name: string };
export type Upload = { items: UploadItem[]; uploadTypeId: number };

/**
 * POST files/upload: multipart with one `names[]` entry per file (same order), the repeated `files`, and the
 * upload type of them all. All or nothing: a 422 names each refused file.
 */
export const uploadFiles = (id: number, { items, uploadTypeId }: Upload) => {
  const form = new FormData();
  form.append('uploadTypeId', String(uploadTypeId));
  for (const item of items) form.append('names[]', item.name);
  for (const item of items) form.append('files', item.file, item.file.name);
  return uploadToEndpoint(fileEndpoints.upload, { id }, form);
};

export const updateFileUploadType = (id: number, appFileId: number, uploadTypeId: number) =>
  callEndpoint(fileEndpoints.update, { params: { id, fileId: appFileId }, body: { uploadTypeId } });
export const deleteFile = (id: number, appFileId: number) =>
  callEndpoint(fileEndpoints.remove, { params: { id, fileId: appFileId } });

export const useFileMutations = (id: number) => {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: applicationKeys.application(id) });
  return {
    upload: useMutation({ mutationFn: (upload: Upload) => uploadFiles(id, upload), onSettled: refresh, meta: silent }),
    updateType: useMutation({
      mutationFn: ({ appFileId, uploadTypeId }: { appFileId: number; uploadTypeId: number }) =>
        updateFileUploadType(id, appFileId, uploadTypeId),
      onSettled: refresh,
    }),
    remove: useMutation({ mutationFn: (appFileId: number) => deleteFile(id, appFileId), onSettled: refresh }),
  };
};

// Comments

type CommentsFilter = { includeDeleted: boolean; type: CommentType };
type CommentPages = InfiniteData<CommentPage, number | undefined>;

/**
 * One tab of the comments panel, a page at a time, newest first (COMMENTS_PAGE_SIZE each); `fetchNextPage`
 * loads older ones. Writes put their answer straight into these pages (see useCommentMutations).
 */
export const useComments = (id: number, filter: CommentsFilter) =>
  useInfiniteQuery({
    queryKey: [...applicationKeys.comments(id), filter],
    queryFn: ({ pageParam }) =>
      retrieving('comments', () =>
        callEndpoint(commentEndpoints.list, {
          params: { id },
          query: {
            type: filter.type,
            includeDeleted: filter.includeDeleted ? 'true' : undefined,
            limit: String(COMMENTS_PAGE_SIZE),
            before: pageParam === undefined ? undefined : String(pageParam),
          },
        }),
      )(),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => (last.hasMore ? last.data.at(-1)?.id : undefined),
    refetchInterval: 60_000,
    meta: silent,
  });

export const useCommentMutations = (id: number) => {
  const queryClient = useQueryClient();
  // Everything of the application but its comments (history, summary): the comments are updated in place.
  const refresh = () =>
    queryClient.invalidateQueries({
      queryKey: applicationKeys.application(id),
      predicate: (query) => query.queryKey[2] !== 'comments',
    });
  /** Applies a change to every loaded comments list of this application (each tab, with or without deleted). */
  const update = (change: (pages: CommentPages, filter: CommentsFilter) => CommentPages) => {
    for (const [key, data] of queryClient.getQueriesData<CommentPages>({ queryKey: applicationKeys.comments(id) })) {
      if (data) queryClient.setQueryData<CommentPages>(key, change(data, key[3] as CommentsFilter));
    }
  };
  const mapComments = (pages: CommentPages, f: (c: Comment) => Comment) => ({
    ...pages,
    pages: pages.pages.map((p) => ({ ...p, data: p.data.map(f) })),
  });
  /** A comment as loaded in any list of this application. */
  const loaded = (commentId: number) =>
    queryClient
      .getQueriesData<CommentPages>({ queryKey: applicationKeys.comments(id) })
      .flatMap(([, data]) => data?.pages.flatMap((p) => p.data) ?? [])
      .find((c) => c.id === commentId);
  const replace = (comment: Comment) =>
    update((pages) => mapComments(pages, (c) => (c.id === comment.id ? comment : c)));
  return {
    add: useMutation({
      mutationFn: (body: { type: CommentType; message: string }) =>
        callEndpoint(commentEndpoints.add, { params: { id }, body }),
      onSuccess: (comment) => {
        // The new comment shows at once, at the head of the newest page.
        update((pages, filter) =>
          filter.type !== comment.type || pages.pages.length === 0
            ? pages
            : {
                ...pages,
                pages: pages.pages.map((p, i) =>
                  i === 0
                    ? { ...p, data: [comment, ...p.data.filter((c) => c.id !== comment.id)], total: p.total + 1 }
                    : p,
                ),
              },
        );
        void refresh();
      },
    }),
    edit: useMutation({
      mutationFn: ({ commentId, message }: { commentId: number; message: string }) =>
        callEndpoint(commentEndpoints.edit, { params: { id, commentId }, body: { message } }),
      onSuccess: (comment) => {
        replace(comment);
        void refresh();
      },
    }),
    remove: useMutation({
      mutationFn: (commentId: number) => callEndpoint(commentEndpoints.remove, { params: { id, commentId } }),
      onSuccess: (_answer, commentId) => {
        const removed = loaded(commentId);
        update((pages, filter) =>
          removed === undefined || filter.type !== removed.type
            ? pages
            : filter.includeDeleted
              ? mapComments(pages, (c) => (c.id === commentId ? { ...c, isDeleted: true } : c))
              : {
                  ...pages,
                  pages: pages.pages.map((p) =>
                    p.data.some((c) => c.id === commentId)
                      ? { ...p, data: p.data.filter((c) => c.id !== commentId), total: p.total - 1 }
                      : { ...p, total: p.total - 1 },
                  ),
                },
        );
        void refresh();
      },
    }),
    markViewed: useMutation({
      mutationFn: (commentId: number) => callEndpoint(commentEndpoints.markViewed, { params: { id, commentId } }),
      onSuccess: (_answer, commentId) => {
        const viewed = loaded(commentId);
        update((pages) => {
          const marked = mapComments(pages, (c) => (c.id === commentId ? { ...c, viewedByMe: true } : c));
          if (!viewed || viewed.viewedByMe) return marked;
          return {
            ...marked,
            pages: marked.pages.map((p) => ({
              ...p,
              unread: { ...p.unread, [viewed.type]: Math.max(0, p.unread[viewed.type] - 1) },
            })),
          };
        });
      },
    }),
  };
};

// History

export const useApplicationHistory = (id: number) =>
  useQuery({
    queryKey: applicationKeys.history(id),
    queryFn: retrieving('Application History', () => callEndpoint(applicationHistoryEndpoint, { params: { id } })),
    meta: silent,
  });
