import { useRef } from 'react';
import { messages, notificationMessages as text, type Notification } from '@credence/contracts';
import { worksheetPathForState } from '@credence/domain';
import { useInfiniteQuery, useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import Typography from '@mui/material/Typography';
import { formatDateTimeWithSeconds } from '../../lib/format-time-seconds.ts';
import {
  fetchUnreadNotifications,
  markNotificationsRead,
  unreadNotificationsFirstPageKey,
  unreadNotificationsQueryKey,
} from './shell-api.ts';

/** Spec 1 §9: the body's width and the card's least width. */
export const NOTIFICATION_BODY_WIDTH = 300;
export const NOTIFICATIONS_CARD_MIN_WIDTH = 400;

type Page = { data: Notification[]; total: number };
type Cursor = Pick<Notification, 'id' | 'createdUtcTime'>;
type Pages = InfiniteData<Page, Cursor | null>;

/** The card's pages (the bell's query holds the first page only; the badge follows the card's first page). */
const cardKey = [...unreadNotificationsQueryKey, 'card'] as const;

/**
 * The unread notifications as the card shows them (spec 1 §7, §9): the first 20, then 10 at a time strictly after
 * the last one shown ('More'). Read again whenever the card opens; a refetch reads every loaded page again, each
 * from the end of the one before. Here, not in the shell, so that the first load does not carry paging.
 */
const useCardNotifications = () => {
  const queryClient = useQueryClient();
  return useInfiniteQuery({
    queryKey: cardKey,
    initialPageParam: null as Cursor | null,
    queryFn: async ({ pageParam }) => {
      const page = await fetchUnreadNotifications(pageParam);
      if (pageParam === null) queryClient.setQueryData(unreadNotificationsFirstPageKey, page);
      return page;
    },
    getNextPageParam: (last, pages): Cursor | null => {
      const end = last.data.at(-1);
      const shown = pages.reduce((count, page) => count + page.data.length, 0);
      return end && shown < last.total ? { id: end.id, createdUtcTime: end.createdUtcTime } : null;
    },
    refetchOnMount: 'always',
  });
};

/** Where a notification leads: its application, by the application's state (the recent applications' routing). */
const applicationPath = ({ applicationId, applicationState }: Notification): string | null =>
  applicationId === null
    ? null
    : applicationState
      ? worksheetPathForState(applicationState, applicationId)
      : `/application/${applicationId}`;

/**
 * The notifications card (spec 1 §2), opened from the bell and loaded with it: the unread notifications newest
 * first, 'More' while more exist, 'Clear Alerts Shown' (the shown ones read), 'Clear All' (all read; only with
 * more than one). A click opens the notification's application and marks it read.
 */
const NotificationsCard = ({ onClose }: { onClose: () => void }) => {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const notifications = useCardNotifications();
  const shown = notifications.data?.pages.flatMap((page) => page.data) ?? [];
  const total = notifications.data?.pages[0]?.total ?? 0;
  // A clear takes its own button away: focus stays in the card (Escape still closes it, keyboard users stay put).
  const root = useRef<HTMLDivElement>(null);

  const mark = useMutation({
    mutationFn: markNotificationsRead,
    onMutate: async (ids) => {
      // At once: what was marked leaves the card and the count (the list is read again when the call is done).
      await queryClient.cancelQueries({ queryKey: unreadNotificationsQueryKey });
      const marked = new Set(ids === 'all' ? shown.map((n) => n.id) : ids);
      const left = ids === 'all' ? 0 : Math.max(0, total - marked.size);
      queryClient.setQueryData<Pages>(cardKey, (data) => {
        if (!data) return data;
        const pages = data.pages.map((page) => ({ data: page.data.filter((n) => !marked.has(n.id)), total: left }));
        // Cleared pages start again from the first: the next read takes the newest unread.
        return pages.every((page) => page.data.length === 0)
          ? { pages: [{ data: [], total: left }], pageParams: [null] }
          : { ...data, pages };
      });
      queryClient.setQueryData<Page>(unreadNotificationsFirstPageKey, (page) =>
        page ? { data: page.data.filter((n) => !marked.has(n.id)), total: left } : page,
      );
      root.current?.focus();
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: unreadNotificationsQueryKey }),
  });

  const open = (notification: Notification) => {
    mark.mutate([notification.id]);
    const path = applicationPath(notification);
    onClose();
    if (path) void navigate(path);
  };

  return (
    <Box
      ref={root}
      tabIndex={-1}
      sx={{
        minWidth: NOTIFICATIONS_CARD_MIN_WIDTH,
        display: 'flex',
        flexDirection: 'column',
        maxHeight: 'inherit',
        '&:focus': { outline: 'none' },
      }}
    >
      <Box sx={{ px: 2, py: 1.5, display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {text.title}
        </Typography>
        {shown.length > 0 ? (
          <Button size="small" disabled={mark.isPending} onClick={() => mark.mutate(shown.map((n) => n.id))}>
            {text.clearShown}
          </Button>
        ) : null}
        {total > 1 ? (
          <Button size="small" disabled={mark.isPending} onClick={() => mark.mutate('all')}>
            {text.clearAll}
          </Button>
        ) : null}
      </Box>
      <Divider />
      {shown.length === 0 ? (
        <Typography sx={{ px: 2, py: 2 }} color="text.secondary">
          {notifications.isPending ? '' : messages.shell.noNotifications}
        </Typography>
      ) : (
        <Box sx={{ overflowY: 'auto', flex: '1 1 auto' }}>
          <List disablePadding aria-label={text.title}>
            {shown.map((notification) => (
              <ListItemButton
                key={notification.id}
                divider
                onClick={() => open(notification)}
                sx={{ display: 'block', py: 1.25 }}
                data-testid="notification"
              >
                <Typography variant="subtitle2" component="p" sx={{ fontWeight: 600 }}>
                  {text.cardTitle(notification.subject, notification.applicationId)}
                </Typography>
                <Typography variant="body2" sx={{ width: NOTIFICATION_BODY_WIDTH, maxWidth: '100%', my: 0.25 }}>
                  {notification.description}
                </Typography>
                <Typography variant="caption" color="text.secondary" component="p">
                  {formatDateTimeWithSeconds(notification.createdUtcTime)}
                </Typography>
              </ListItemButton>
            ))}
          </List>
          {notifications.hasNextPage ? (
            <Box sx={{ display: 'flex', justifyContent: 'center', py: 1 }}>
              <Button
                size="small"
                disabled={notifications.isFetchingNextPage}
                onClick={() => void notifications.fetchNextPage()}
              >
                {text.more}
              </Button>
            </Box>
          ) : null}
        </Box>
      )}
    </Box>
  );
};

export default NotificationsCard;
