import { useSyncExternalStore } from 'react';

/**
 * The real-time hub's connection state (issue 31), in the shell's bundle: tiny, so that what polls can ask whether
 * the hub is carrying its changes (then it does not poll) and the reconnect notices can follow it. The connection
 * itself (socket.io-client) is in hub-connection.ts, loaded after the first paint.
 */
export type HubState = 'off' | 'connected' | 'reconnecting' | 'failed';

let state: HubState = 'off';
const listeners = new Set<() => void>();

export const getHubState = (): HubState => state;
export const setHubState = (next: HubState) => {
  if (next === state) return;
  state = next;
  for (const listener of listeners) listener();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
export const useHubState = () => useSyncExternalStore(subscribe, getHubState, getHubState);

/** A polling interval that stops while the hub is connected (it tells the page of every change then). */
export const unlessHubConnected = (ms: number) => () => (state === 'connected' ? false : ms);
