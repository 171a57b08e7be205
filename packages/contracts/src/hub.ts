/**
 * The real-time hub's client-facing names (issue 31; spec 1 §4): the groups a client may join, the events it
 * receives, and the texts of a lost connection (spec 1 §8, exactly as written — two spaces included).
 *
 * A client connects to `/socket.io/` with `auth: { token }` (its access token), joins groups with
 * `emit('join', { group, applicationId? }, ack)`, and on each event reads the change through the API. On every
 * (re)connection it reads again what it shows: the hub only says that something changed.
 */
export const hubGroups = ['widgets', 'queueCount', 'queues', 'application'] as const;
export type HubGroup = (typeof hubGroups)[number];

/** Events a client receives: a notification for me, my widget refreshed, the queue counts or rows changed, an
 * application's state or lock holder changed (`{ state, lockedByUserId }`). */
export const hubClientEvents = ['notification', 'widgets', 'queueCount', 'queues', 'application'] as const;
export type HubClientEvent = (typeof hubClientEvents)[number];

export const hubMessages = {
  reconnecting: 'Please wait. System reconnecting. Application is locked and cannot be edited.',
  reconnected: 'Connection restored.  Application is now unlocked',
  unableToReconnect: 'Unable to reconnect. Please press F5 to refresh',
  lostRefresh: 'Communication with server has been lost. Please press F5 to refresh if this message persists.',
  lostNavigate: 'Communication with server has been lost. Please navigate away and back to this page.',
} as const;
