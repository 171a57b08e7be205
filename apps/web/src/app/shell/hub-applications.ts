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

  const join = (id: number) => {
    const askedAt = Date.now();
    joined.set(id, askedAt);
    setApplicationLive(id, 'joining');
    socket
      .timeout(JOIN_TIMEOUT_MS)
      .emit('join', { group: 'application', applicationId: id }, (error: Error | null, answer?: JoinAnswer) => {
        if (joined.get(id) !== askedAt) return; // left meanwhile, or asked again on a newer connection
        if (error || !answer?.ok) {
          setApplicationLive(id, 'refused');
          return;
        }
        setApplicationLive(id, 'live');
        applicationChanged([id], askedAt);
      });
  };

  const leaveAll = () => {
    for (const id of joined.keys()) setApplicationLive(id, undefined);
    joined.clear();
  };

  /** Joins what is watched and not joined yet; leaves what is no longer watched. */
  const sync = () => {
    if (!socket.connected) return;
    const watched = new Set(watchedApplications());
    for (const id of watched) if (!joined.has(id)) join(id);
    for (const id of [...joined.keys()]) {
      if (watched.has(id)) continue;
      joined.delete(id);
      setApplicationLive(id, undefined);
      socket.emit('leave', { group: 'application', applicationId: id });
    }
  };

  socket.on('connect', () => {
    leaveAll();
    sync();
  });
  socket.on('disconnect', leaveAll);
  // The event names its application once the server says which (`applicationId`); until then, every joined one.
  socket.on('application', (data?: { applicationId?: unknown }) => {
    const id = data?.applicationId;
    applicationChanged(typeof id === 'number' ? [id] : [...joined.keys()]);
  });
  const stopWatching = onWatchesChanged(sync);
  sync();
  return () => {
    stopWatching();
    leaveAll();
  };
};
