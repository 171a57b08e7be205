import { z } from 'zod';
import { endpoint } from './kit/endpoint.ts';
import { MAX_ID } from './primitives.ts';

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
 * application's state or lock holder changed (`{ state, lockedByUserId }`), an export of mine moved (`{ exportId,
 * state, rowsDone }`: File Export, issue 33). */
export const hubClientEvents = [
  'notification',
  'widgets',
  'queueCount',
  'queues',
  'application',
  'fileExport',
] as const;
export type HubClientEvent = (typeof hubClientEvents)[number];

export const hubMessages = {
  reconnecting: 'Please wait. System reconnecting. Application is locked and cannot be edited.',
  reconnected: 'Connection restored.  Application is now unlocked',
  unableToReconnect: 'Unable to reconnect. Please press F5 to refresh',
  lostRefresh: 'Communication with server has been lost. Please press F5 to refresh if this message persists.',
  lostNavigate: 'Communication with server has been lost. Please navigate away and back to this page.',
} as const;

/**
 * Catching up (issue 31 item 4): every signal to a room of a lender is also stored (24 hours), so a client that was
 * disconnected reads what it missed: `GET /api/hub/events?since=<cursor>` answers the events of its rooms since its
 * cursor and the next cursor. The cursor is opaque to the client (a transaction-id horizon: see the migration
 * 0037_hub_events). An event may come twice — from the socket and from a catch-up, or in two catch-ups — so the
 * client applies each event id once (at-least-once delivery, idempotent on the client). The socket's events carry
 * the same id (`{ id, ...data }`).
 */
export const HUB_CATCH_UP_MAX_EVENTS = 500;
/** At most this many application rooms in one catch-up (the worksheets a client follows). */
export const HUB_CATCH_UP_MAX_APPLICATIONS = 20;

export const hubEventMessages = {
  invalidCursor: 'A cursor is the text of a whole number, as the last catch-up answered it.',
  invalidApplicationIds: `Application ids are up to ${HUB_CATCH_UP_MAX_APPLICATIONS} whole numbers from 1 to ${MAX_ID}, separated by commas.`,
} as const;

const applicationIdsSchema = z
  .string()
  .regex(/^\d{1,10}(,\d{1,10})*$/, hubEventMessages.invalidApplicationIds)
  .transform((text) => [...new Set(text.split(',').map(Number))])
  .refine(
    (ids) => ids.length <= HUB_CATCH_UP_MAX_APPLICATIONS && ids.every((id) => id >= 1 && id <= MAX_ID),
    hubEventMessages.invalidApplicationIds,
  );

export const hubEventsQuerySchema = z.object({
  /** The cursor of the last catch-up; without it, the answer is the current cursor and no event. */
  since: z
    .string()
    .regex(/^\d{1,19}$/, hubEventMessages.invalidCursor)
    .optional(),
  /** The applications whose rooms the client follows (comma-separated ids). */
  applicationIds: applicationIdsSchema.optional(),
});
export type HubEventsQuery = z.input<typeof hubEventsQuerySchema>;

/** Data of an event: `application` has `{ applicationId, state, lockedByUserId }`, `widgets` has `{ name }`. */
export const hubEventDataSchema = z.record(z.string(), z.union([z.string(), z.number(), z.null()]));
export const hubEventSchema = z.object({
  id: z.number().int(),
  event: z.enum(hubClientEvents),
  data: hubEventDataSchema,
});
export type HubEvent = z.infer<typeof hubEventSchema>;

export const hubEventsResponseSchema = z.object({
  /** Pass it as `since` in the next catch-up. */
  cursor: z.string(),
  /**
   * False when events since the cursor may be missing from `events` (more than HUB_CATCH_UP_MAX_EVENTS, or older
   * than the 24 hours kept): the client then reads everything it shows again.
   */
  complete: z.boolean(),
  /** Oldest first. */
  events: z.array(hubEventSchema),
});
export type HubEventsAnswer = z.infer<typeof hubEventsResponseSchema>;

export const hubEventEndpoints = {
  catchUp: endpoint({
    method: 'GET',
    path: '/api/hub/events',
    access: 'signedIn',
    tag: 'hub',
    summary:
      "The real-time hub's events the caller missed since `since` (its user room, the lender's queue groups, its widgets with canViewDashboard, the listed applications), oldest first, and the next cursor; without `since`, only the current cursor",
    query: hubEventsQuerySchema,
    response: hubEventsResponseSchema,
  }),
};
