import {
  HUB_CATCH_UP_MAX_EVENTS,
  type HubClientEvent,
  type HubEventsAnswer,
  type hubEventsQuerySchema,
} from '@credence/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { withTenant } from '../../db/tenancy.ts';
import type { AuthContext } from '../../platform/auth.ts';
import { hubRooms } from '../../platform/hub-signal.ts';
import * as repo from '../../platform/hub-events.ts';

/**
 * What the caller may catch up on: the events it could have received on its sockets — its user room (its
 * notifications; its widgets with canViewDashboard), the lender's queueCount and queues groups, and the listed
 * applications' rooms. Rooms are built with the caller's lender, and row-level security keeps the read in it: an id
 * of another lender's application names a room that has no event.
 */
const topicsOf = (auth: AuthContext, applicationIds: number[]) => {
  const user = hubRooms.user(auth.lenderId, auth.userId);
  const topics: { room: string; event: HubClientEvent }[] = [
    { room: user, event: 'notification' },
    { room: hubRooms.lender(auth.lenderId, 'queueCount'), event: 'queueCount' },
    { room: hubRooms.lender(auth.lenderId, 'queues'), event: 'queues' },
    ...applicationIds.map((id) => ({ room: hubRooms.application(auth.lenderId, id), event: 'application' as const })),
  ];
  if (auth.rights.has('canViewDashboard')) topics.push({ room: user, event: 'widgets' });
  return topics;
};

/** GET /api/hub/events: the events the caller missed since its cursor, and the next cursor. */
export const catchUp = (
  db: Db,
  auth: AuthContext,
  query: z.output<typeof hubEventsQuerySchema>,
): Promise<HubEventsAnswer> =>
  withTenant(db, auth.lenderId, async (tx) => {
    if (query.since === undefined) return { cursor: await repo.currentCursor(tx), complete: true, events: [] };
    const found = await repo.eventsSince(tx, {
      lenderId: auth.lenderId,
      since: query.since,
      topics: topicsOf(auth, query.applicationIds ?? []),
      limit: HUB_CATCH_UP_MAX_EVENTS + 1,
    });
    // Some may be missing (too many, or deleted by the retention): the client reads everything again instead.
    if (found.pruned || found.events.length > HUB_CATCH_UP_MAX_EVENTS)
      return { cursor: found.cursor, complete: false, events: [] };
    return {
      cursor: found.cursor,
      complete: true,
      // Only the topics' events were read: their names are client events.
      events: found.events.map((e) => ({ id: e.id, event: e.event as HubClientEvent, data: e.data ?? {} })),
    };
  });
