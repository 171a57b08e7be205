import { useSyncExternalStore } from 'react';

/**
 * The locally kept session (spec 1 §3 "Kept locally"): token, user id, password expiration date,
 * SSO signed-in flag, e-mail and the remember-SSO choice. Stored in localStorage so every tab of the
 * browser shares one sign-in; a change in another tab is picked up through the `storage` event.
 */
export type Session = {
  token: string | null;
  userId: number | null;
  passwordExpirationDate: string | null;
  ssoSignedIn: boolean;
  email: string | null;
  rememberSso: boolean;
};

const keys = {
  token: 'credence.token',
  userId: 'credence.userId',
  passwordExpirationDate: 'credence.passwordExpirationDate',
  ssoSignedIn: 'credence.ssoSignedIn',
  email: 'credence.email',
  rememberSso: 'credence.rememberSso',
} as const satisfies Record<keyof Session, string>;

const WINDOW_ID_KEY = 'credence.windowId';

const read = (key: string): string | null => {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
};

const write = (key: string, value: string | null): void => {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage can be unavailable (private mode, quota); the session then lives for this page only.
  }
};

const load = (): Session => {
  const userId = Number(read(keys.userId));
  return {
    token: read(keys.token),
    userId: Number.isInteger(userId) && userId > 0 ? userId : null,
    passwordExpirationDate: read(keys.passwordExpirationDate),
    ssoSignedIn: read(keys.ssoSignedIn) === 'true',
    email: read(keys.email),
    rememberSso: read(keys.rememberSso) === 'true',
  };
};

let current: Session = load();
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

const persist = (next: Session) => {
  write(keys.token, next.token);
  write(keys.userId, next.userId === null ? null : String(next.userId));
  write(keys.passwordExpirationDate, next.passwordExpirationDate);
  write(keys.ssoSignedIn, next.ssoSignedIn ? 'true' : null);
  write(keys.email, next.email);
  write(keys.rememberSso, next.rememberSso ? 'true' : null);
};

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || (Object.values(keys) as string[]).includes(event.key)) {
      current = load();
      emit();
    }
  });
}

export const getSession = (): Session => current;

/** Signed in means a token or the SSO signed-in flag (spec 1 §4 "Page load"). */
export const isSignedIn = (session: Session = current): boolean => session.token !== null || session.ssoSignedIn;

export const updateSession = (patch: Partial<Session>): void => {
  if (patch.token) signedOutRedirect = null;
  current = { ...current, ...patch };
  persist(current);
  emit();
};

let signedOutRedirect: string | null = null;

/**
 * Forget the sign-in; the e-mail and remember-SSO choice survive, as a sign-in page would expect.
 * `redirectTo` is where the signed-in guards send a page that is still on screen when the session goes
 * (the sign-out's own /login?logout=true&returnUrl=… rather than a plain sign-in redirect).
 */
export const clearSession = (redirectTo?: string): void => {
  signedOutRedirect = redirectTo ?? null;
  updateSession({ token: null, userId: null, passwordExpirationDate: null, ssoSignedIn: false });
};

export const getSignedOutRedirect = (): string | null => signedOutRedirect;

export const subscribeSession = (listener: () => void): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useSession = (): Session => useSyncExternalStore(subscribeSession, getSession, getSession);

/** A per-tab window id, created once and kept for the tab session (spec 1 §2). */
export const getWindowId = (): string => {
  try {
    const existing = window.sessionStorage.getItem(WINDOW_ID_KEY);
    if (existing) return existing;
    const created = crypto.randomUUID();
    window.sessionStorage.setItem(WINDOW_ID_KEY, created);
    return created;
  } catch {
    return 'no-session-storage';
  }
};

/**
 * A counter bumped when everything under the signed-in scope must be rebuilt from scratch
 * (after a lender switch clears the query cache).
 */
let sessionEpoch = 0;
const epochListeners = new Set<() => void>();
export const bumpSessionEpoch = (): void => {
  sessionEpoch += 1;
  epochListeners.forEach((listener) => listener());
};
const subscribeEpoch = (listener: () => void) => {
  epochListeners.add(listener);
  return () => epochListeners.delete(listener);
};
const getEpoch = () => sessionEpoch;
export const useSessionEpoch = (): number => useSyncExternalStore(subscribeEpoch, getEpoch, getEpoch);
