import { useSyncExternalStore } from 'react';

/**
 * The applications whose worksheet is open in this tab, for the real-time hub (issue 31, item 6; spec 3 §7 "joining,
 * leaving … worksheets"). A worksheet watches its application while it is open; the hub's socket
 * (app/shell/hub-applications.ts, loaded with socket.io-client after the first paint) joins the application's room
 * for it — as it is opened and again on every reconnection — and leaves it when it is closed. When the room says
 * the application's state or lock holder changed, and once each join is answered (what changed before it, or while
 * the connection was down), the watchers read the application again. This module holds no socket, so a worksheet
 * may watch before the hub is loaded: the socket joins whatever is watched once it connects.
 */

/** Where the application's room stands on the current connection; `undefined`: not in it (no hub, or down). */
export type ApplicationLive = 'joining' | 'live' | 'refused';

/** `since`: the change is what may have happened before this moment (a join's catch-up); absent: it just happened. */
type Watcher = { id: number; onChange: (since?: number) => void };

const watchers = new Set<Watcher>();
const watchListeners = new Set<() => void>();
const live = new Map<number, ApplicationLive>();
const liveListeners = new Set<() => void>();

const tell = (listeners: Set<() => void>) => {
  for (const listener of listeners) listener();
};

/** Watches application `id` while its worksheet is open; answers the function that stops watching. */
export const watchApplication = (id: number, onChange: (since?: number) => void): (() => void) => {
  const watcher: Watcher = { id, onChange };
  watchers.add(watcher);
  tell(watchListeners);
  return () => {
    watchers.delete(watcher);
    tell(watchListeners);
  };
};

/** The applications watched now, each once (the socket's side). */
export const watchedApplications = (): number[] => [...new Set([...watchers].map((w) => w.id))];

/** Calls `listener` whenever a watch starts or stops (the socket's side); answers the function that stops. */
export const onWatchesChanged = (listener: () => void): (() => void) => {
  watchListeners.add(listener);
  return () => watchListeners.delete(listener);
};

/** The socket's side: where application `id`'s room stands now (`undefined`: not in it). */
export const setApplicationLive = (id: number, state: ApplicationLive | undefined) => {
  if (live.get(id) === state) return;
  if (state === undefined) live.delete(id);
  else live.set(id, state);
  tell(liveListeners);
};

/** The socket's side: applications `ids` changed (or may have, before `since`): their watchers read them again. */
export const applicationChanged = (ids: readonly number[], since?: number) => {
  for (const watcher of [...watchers]) if (ids.includes(watcher.id)) watcher.onChange(since);
};

const subscribeLive = (listener: () => void) => {
  liveListeners.add(listener);
  return () => liveListeners.delete(listener);
};

/** Where application `id`'s room stands: 'live' when the hub tells this tab of its changes (no polling then). */
export const useApplicationLive = (id: number): ApplicationLive | undefined =>
  useSyncExternalStore(subscribeLive, () => live.get(id));
