import { hubClientEvents, hubEventEndpoints, type HubClientEvent, type HubGroup } from '@credence/contracts';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { io } from 'socket.io-client';
import { followApplications } from './hub-applications.ts';
import { firstSight, hubCatchUp } from './hub-catch-up.ts';
import { unreadNotificationsQueryKey } from './shell-api.ts';
import { callEndpoint } from '../../lib/endpoint-client.ts';
import { setHubState, type HubState } from '../../lib/hub-state.ts';
import { menuQueryKey } from '../../lib/menu-query.ts';
import { getSession } from '../../lib/session-store.ts';

/**
 * The connection to the real-time hub (issue 31; spec 1 §4), loaded lazily by the shell (hub-connection.tsx).
 * It joins the groups the user may follow and, on each event, has the page read again what the event says changed
 * (by query key prefix). Nothing is lost (item 4, hub-catch-up.ts): on the first connection it reads them all again;
 * on each reconnection it reads the events missed since its last cursor and applies them as live ones (or all
 * again when some may be missing). Each event id is applied once, whether it came live or caught up.
 */
const keys: Record<HubClientEvent, readonly QueryKey[]> = {
  notification: [unreadNotificationsQueryKey],
  widgets: [['user', 'widgets']],
  queueCount: [menuQueryKey],
  queues: [['queues', 'page']],
  application: [],
  fileExport: [['fileExports']],
};

/** How long joining a group may go unanswered before the catch-up reads anyway. */
const JOIN_TIMEOUT_MS = 10_000;

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
  const fresh = firstSight();
  /** An event, live or caught up: applied once by id. */
  const deliver = (event: string, data?: { id?: unknown }) => {
    if ((hubClientEvents as readonly string[]).includes(event) && fresh(data?.id)) refetch([event as HubClientEvent]);
  };
  const catchUp = hubCatchUp({
    read: (since) => callEndpoint(hubEventEndpoints.catchUp, { query: since === undefined ? {} : { since } }),
    deliver,
    resync: () => refetch(hubClientEvents),
  });
  socket.on('connect', () => {
    become('connected');
    // The groups first: an event committed after the catch-up's read then comes live.
    const joins = groups.map((group) =>
      socket
        .timeout(JOIN_TIMEOUT_MS)
        .emitWithAck('join', { group })
        .catch(() => undefined),
    );
    void Promise.all(joins).then(catchUp);
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
  socket.onAny(deliver);
  return () => {
    stopFollowing();
    socket.disconnect();
    become('off');
  };
};
