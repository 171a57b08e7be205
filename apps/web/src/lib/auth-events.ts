/** Signals raised by the API client that the app shell turns into navigation. */
export type AuthEvent = 'unauthenticated' | 'passwordExpired';

const listeners = new Set<(event: AuthEvent) => void>();

export const emitAuthEvent = (event: AuthEvent): void => listeners.forEach((listener) => listener(event));

export const onAuthEvent = (listener: (event: AuthEvent) => void): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
