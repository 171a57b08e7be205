import { useQuery } from '@tanstack/react-query';
import {
  currentUserSchema,
  menuResponseSchema,
  notificationsResponseSchema,
  usefulLinksSchema,
  type CurrentUser,
} from '@credence/contracts';
import { apiClient } from '../../lib/api-client.ts';

export const menuQueryKey = ['menu'] as const;
export const usefulLinksQueryKey = ['usefulLinks'] as const;
export const unreadNotificationsQueryKey = ['notifications', 'unread'] as const;

/** The menu by role: queues, filters and the administration section. */
export const useMenu = () =>
  useQuery({
    queryKey: menuQueryKey,
    queryFn: () => apiClient.get('/api/menu', { schema: menuResponseSchema }),
  });

export const useUsefulLinks = () =>
  useQuery({
    queryKey: usefulLinksQueryKey,
    queryFn: () => apiClient.get('/api/UsefulLinks', { schema: usefulLinksSchema }),
    staleTime: 5 * 60_000,
  });

export const NOTIFICATIONS_PAGE_SIZE = 20;

export const useUnreadNotifications = (enabled: boolean) =>
  useQuery({
    queryKey: unreadNotificationsQueryKey,
    queryFn: () =>
      apiClient.get('/api/user/notifications', {
        schema: notificationsResponseSchema,
        query: { status: 'unread', take: NOTIFICATIONS_PAGE_SIZE },
      }),
    enabled,
  });

/** Switch the session's current lender; the home lender clears impersonation. */
export const switchLender = (lenderId: number): Promise<CurrentUser> =>
  apiClient.put('/api/user/lender', { lenderId }, { schema: currentUserSchema });
