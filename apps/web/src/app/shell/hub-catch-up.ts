import type { HubClientEvent, HubEventsAnswer } from '@credence/contracts';

/**
 * Never lose an event (issue 31 item 4), the client's side of hub-socket.ts. The server stores every event of the
 * user's rooms (24 hours) and the socket's events carry the stored id (`{ id, ...data }`). The client keeps the
 * cursor of its last read: on its first connection it reads the cursor and everything it shows; on every
 * reconnection it reads the events missed since the cursor (GET /api/hub/events) and applies each as a live one —
 * or, when the answer is not complete (too many, or older than kept), reads everything again. An event may come
 * twice (live and caught up, or in two catch-ups): each id is applied once.
 */

/** How many recent event ids are remembered (a repeat older than these is applied again: harmless, a refetch). */
export const RECENT_EVENT_IDS = 1000;

/** Answers true the first time it sees an id (an event without one is always new); remembers the last `capacity`. */
export const firstSight = (capacity = RECENT_EVENT_IDS) => {
  const seen = new Set<number>();
  return (id: unknown): boolean => {
    if (typeof id !== 'number') return true;
    if (seen.has(id)) return false;
    seen.add(id);
    // A Set iterates in insertion order: the first is the oldest.
    if (seen.size > capacity) seen.delete(seen.values().next().value!);
    return true;
  };
};

export type CatchUpHandlers = {
  /** Reads the events since `since`, or only the cursor without it (hubEventEndpoints.catchUp). */
  read: (since: string | undefined) => Promise<HubEventsAnswer>;
  /** A missed event, as the socket would have delivered it (the caller dedupes by `data.id`). */
  deliver: (event: HubClientEvent, data: Record<string, unknown>) => void;
  /** Read everything again (the first connection, an incomplete answer, a failed read). */
  resync: () => void;
};

/**
 * One connection's catch-up: call it on every `connect`, after the rooms are joined (an event committed after
 * the read then comes live). The cursor is kept across reconnections; a failed read keeps it (the next
 * reconnection reads from it again) and reads everything now.
 */
export const hubCatchUp = ({ read, deliver, resync }: CatchUpHandlers) => {
  let cursor: string | undefined;
  return async () => {
    const since = cursor;
    let answer: HubEventsAnswer;
    try {
      answer = await read(since);
    } catch {
      resync();
      return;
    }
    if (since === undefined || !answer.complete) resync();
    else for (const e of answer.events) deliver(e.event, { ...e.data, id: e.id });
    cursor = answer.cursor;
  };
};
