/** Signals raised by the API client that the app shell turns into navigation. */
export type AuthEvent = 'unauthenticated' | 'passwordExpired';

const listeners = new Set<(event: AuthEvent) => void>();
let suppressed = 0;

export const emitAuthEvent = (event: AuthEvent): void => {
  if (suppressed > 0) return;
  listeners.forEach((listener) => listener(event));
};

export const onAuthEvent = (listener: (event: AuthEvent) => void): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** While signing out, late answers of the revoked session (401) must not start a second sign-out. */
export const withAuthEventsSuppressed = async <T>(work: () => Promise<T>): Promise<T> => {
  suppressed += 1;
  try {
    return await work();
  } finally {
    suppressed -= 1;
  }
};
