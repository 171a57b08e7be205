import type { Socket } from 'socket.io-client';
import {
  applicationChanged,
  onWatchesChanged,
  setApplicationLive,
  watchedApplications,
} from '../../lib/application-watch.ts';

/** How long a join may go unanswered before the worksheet is told it is not live (it polls then). */
const JOIN_TIMEOUT_MS = 10_000;

type JoinAnswer = { ok: boolean };

/**
 * The worksheets' side of the hub's socket (issue 31, item 6; lib/application-watch.ts): on every connection it
 * joins the room of each application whose worksheet is open, joins one as its worksheet opens and leaves it as it
 * closes. Once a join is answered the watchers read the application (what changed before, or while the connection
 * was down); on the room's `application` event (state or lock holder changed) they read it again. Answers the
 * function that stops following.
 */
export const followApplications = (socket: Socket): (() => void) => {
  /** The rooms asked for on this connection, each with the moment it was asked (to tell a stale answer). */
  const joined = new Map<number, number>();
  /**
   * Leaves not answered yet: a join of the same room waits for its leave (the server handles the two concurrently,
   * and a leave answered after the join would take the socket out of the room again).
   */
  const leaving = new Map<number, Promise<void>>();

  const join = (id: number) => {
    const askedAt = Date.now();
    joined.set(id, askedAt);
    setApplicationLive(id, 'joining');
    void (leaving.get(id) ?? Promise.resolve()).then(() => {
      if (joined.get(id) !== askedAt) return; // left meanwhile, or the connection dropped
      socket
        .timeout(JOIN_TIMEOUT_MS)
        .emit('join', { group: 'application', applicationId: id }, (error: Error | null, answer?: JoinAnswer) => {
          if (joined.get(id) !== askedAt) return;
          if (error || !answer?.ok) {
            setApplicationLive(id, 'refused');
            return;
          }
          setApplicationLive(id, 'live');
          applicationChanged([id], askedAt);
        });
    });
  };

  const leave = (id: number) => {
    joined.delete(id);
    setApplicationLive(id, undefined);
    const left = new Promise<void>((resolve) => {
      socket.timeout(JOIN_TIMEOUT_MS).emit('leave', { group: 'application', applicationId: id }, () => resolve());
    });
    leaving.set(id, left);
    void left.then(() => {
      if (leaving.get(id) === left) leaving.delete(id);
    });
  };

  /** The connection dropped (or is stopped): no room is joined any more. */
  const leaveAll = () => {
    for (const id of joined.keys()) setApplicationLive(id, undefined);
    joined.clear();
    leaving.clear();
  };

  /** Joins what is watched and not joined yet; leaves what is no longer watched. */
  const sync = () => {
    if (!socket.connected) return;
    const watched = new Set(watchedApplications());
    for (const id of watched) if (!joined.has(id)) join(id);
    for (const id of [...joined.keys()]) if (!watched.has(id)) leave(id);
  };
  /**
   * Once the current task is done: a worksheet that remounts (the page reloaded after an unlock, keyed by its
   * location) stops and starts watching in one commit — no leave and join for it.
   */
  let scheduled = false;
  const syncSoon = () => {
    if (scheduled) return;
    scheduled = true;
    queueMicrotask(() => {
      scheduled = false;
      sync();
    });
  };

  socket.on('connect', () => {
    leaveAll();
    sync();
  });
  socket.on('disconnect', leaveAll);
  // The event names its application (`applicationId`); one that does not concerns every joined one.
  socket.on('application', (data?: { applicationId?: unknown }) => {
    const id = data?.applicationId;
    applicationChanged(typeof id === 'number' ? [id] : [...joined.keys()]);
  });
  const stopWatching = onWatchesChanged(syncSoon);
  sync();
  return () => {
    stopWatching();
    leaveAll();
  };
};
