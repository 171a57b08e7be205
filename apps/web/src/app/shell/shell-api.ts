import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  menuEndpoint,
  notificationEndpoints,
  NOTIFICATIONS_MORE_PAGE_SIZE,
  NOTIFICATIONS_PAGE_SIZE,
  queueEndpoints,
  recentApplicationsEndpoint,
  type CurrentUser,
  type Notification,
  type QueuePage,
  type RecentApplication,
  userEndpoints,
} from '@credence/contracts';
import { worksheetPathForState } from '@credence/domain';
import { callEndpoint } from '../../lib/endpoint-client.ts';
import { useClientSettings } from '../../lib/client-settings.ts';
import { unlessHubConnected } from '../../lib/hub-state.ts';
import { menuQueryKey } from '../../lib/menu-query.ts';
import { usefulLinksQuery } from '../../lib/useful-links-query.ts';

export const recentApplicationsQueryKey = ['user', 'recentApplications'] as const;

/**
 * The menu's counts stay live: the hub says when they change (lib/hub-connection.ts); without it (reconnecting,
 * refused) they are read again every 30 s. A filter change invalidates them too.
 */
export const MENU_REFETCH_MS = 30_000;
export const unreadNotificationsQueryKey = ['notifications', 'unread'] as const;

/** The menu by role: queues, filters and the administration section. */
export const useMenu = () =>
  useQuery({
    queryKey: menuQueryKey,
    queryFn: () => callEndpoint(menuEndpoint, {}),
    refetchInterval: unlessHubConnected(MENU_REFETCH_MS),
  });

export const useUsefulLinks = () => useQuery(usefulLinksQuery);

/** The bell's query: the first page of unread notifications (spec 1 §7: status=unread, take 20); `total` is the badge. */
export const unreadNotificationsFirstPageKey = [...unreadNotificationsQueryKey, 'first'] as const;

export const fetchUnreadNotifications = (from: Pick<Notification, 'id' | 'createdUtcTime'> | null) =>
  callEndpoint(notificationEndpoints.list, {
    query: from
      ? { status: 'unread', take: NOTIFICATIONS_MORE_PAGE_SIZE, toDateTime: from.createdUtcTime, toId: from.id }
      : { status: 'unread', take: NOTIFICATIONS_PAGE_SIZE },
  });

/** The unread count for the bell's badge (read again on focus, when invalidated, and by the card when it opens). */
export const useUnreadNotifications = (enabled: boolean) =>
  useQuery({ queryKey: unreadNotificationsFirstPageKey, queryFn: () => fetchUnreadNotifications(null), enabled });

/** Marks the listed notifications read, or all of the caller's with 'all' (spec 1 §7, markAll=true). */
export const markNotificationsRead = (ids: number[] | 'all') =>
  ids === 'all'
    ? callEndpoint(notificationEndpoints.markAsRead, { query: { markAll: 'true' }, body: null })
    : callEndpoint(notificationEndpoints.markAsRead, { query: {}, body: ids });

/** Switch the session's current lender; the home lender clears impersonation. */
export const switchLender = (lenderId: number): Promise<CurrentUser> =>
  callEndpoint(userEndpoints.switchLender, { body: { lenderId } });

export const fetchRecentApplications = (): Promise<RecentApplication[]> => callEndpoint(recentApplicationsEndpoint, {});

/**
 * The recent applications, throttled (spec 1 §7, §9): an answer younger than `throttleMs` is served from the
 * cache, so opening the popup again within the window calls nothing; a failure is not retried.
 */
export const recentApplicationsQuery = (
  throttleMs: number,
  fetcher: () => Promise<RecentApplication[]> = fetchRecentApplications,
) =>
  queryOptions({
    queryKey: recentApplicationsQueryKey,
    queryFn: fetcher,
    staleTime: throttleMs,
    gcTime: Math.max(throttleMs, 5 * 60_000),
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

/** The recent applications while `enabled` (the search popup is open). */
export const useRecentApplications = (enabled: boolean) => {
  const { settings } = useClientSettings();
  return useQuery({
    ...recentApplicationsQuery(settings.recentApplicationsThrottleMs),
    enabled,
    meta: { silentError: true },
  });
};

/** The search text as the queue page takes it. */
export const searchQueueHref = (text: string): string => `/allApplicationsQueue?search=${encodeURIComponent(text)}`;

/** Spec 1 §5: exactly one match opens that application by its state; otherwise the queue opens with the text. */
export const lookupTarget = (text: string, page: Pick<QueuePage, 'data' | 'total'>): string => {
  const [only] = page.data;
  return page.total === 1 && only ? worksheetPathForState(only.state, only.applicationId) : searchQueueHref(text);
};

/** The sales lookup of the side-menu search box (page size 1); if the lookup fails the queue does the search. */
export const lookupApplication = async (text: string): Promise<string> => {
  try {
    const page = await callEndpoint(queueEndpoints.search, {
      params: { gridName: 'allApplicationsQueue' },
      body: { text, pageSize: 1, page: 1 },
    });
    return lookupTarget(text, page);
  } catch {
    return searchQueueHref(text);
  }
};
