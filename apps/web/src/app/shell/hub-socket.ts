import { hubClientEvents, type HubClientEvent, type HubGroup } from '@credence/contracts';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { io } from 'socket.io-client';
import { followApplications } from './hub-applications.ts';
import { unreadNotificationsQueryKey } from './shell-api.ts';
import { setHubState, type HubState } from '../../lib/hub-state.ts';
import { menuQueryKey } from '../../lib/menu-query.ts';
import { getSession } from '../../lib/session-store.ts';

/**
 * The connection to the real-time hub (issue 31; spec 1 §4), loaded lazily by the shell (hub-connection.tsx).
 * It joins the groups the user may follow and, on each event, has the page read again what the event says changed
 * (by query key prefix). On every connection — the first and each reconnection — it reads them all again: the
 * database is the source of truth, and what happened while the connection was down is read then; nothing is lost.
 */
const keys: Record<HubClientEvent, readonly QueryKey[]> = {
  notification: [unreadNotificationsQueryKey],
  widgets: [['user', 'widgets']],
  queueCount: [menuQueryKey],
  queues: [['queues', 'page']],
  application: [],
};

/** Connects; answers the function that disconnects. */
export const connectHub = (queryClient: QueryClient, dashboard: boolean) => {
  const groups: HubGroup[] = ['queueCount', 'queues', ...(dashboard ? (['widgets'] as const) : [])];
  const become = (next: HubState) => setHubState(next);
  const socket = io({
    path: '/socket.io/',
    transports: ['websocket'],
    auth: (send) => send({ token: getSession().token ?? '' }),
    reconnectionAttempts: 12,
    reconnectionDelayMax: 5000,
  });
  const refetch = (events: readonly HubClientEvent[]) => {
    for (const event of events) for (const queryKey of keys[event]) void queryClient.invalidateQueries({ queryKey });
  };
  socket.on('connect', () => {
    for (const group of groups) socket.emit('join', { group });
    become('connected');
    refetch(hubClientEvents);
  });
  // Closed by the server (the session ended): the page's next call signs out; no reconnecting.
  socket.on('disconnect', (reason) => become(reason === 'io server disconnect' ? 'off' : 'reconnecting'));
  socket.on('connect_error', (error) => {
    if (error.message !== 'unauthorized') return;
    socket.disconnect();
    become('off');
  });
  socket.io.on('reconnect_failed', () => become('failed'));
  // The open worksheets' application rooms (their notices and editing lock: worksheet/connection-notice.tsx).
  const stopFollowing = followApplications(socket);
  socket.onAny((event: string) => {
    if ((hubClientEvents as readonly string[]).includes(event)) refetch([event as HubClientEvent]);
  });
  return () => {
    stopFollowing();
    socket.disconnect();
    become('off');
  };
};
