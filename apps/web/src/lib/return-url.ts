export const DEFAULT_RETURN_URL = '/home';

/**
 * Only same-origin, relative paths are followed after sign-in: '/credit/12?tab=1' is kept,
 * '//evil.example', 'http://…', 'javascript:…' and back-slash tricks fall back to /home.
 * Sign-in pages themselves are not a destination either.
 */
export const safeReturnUrl = (raw: string | null | undefined, fallback: string = DEFAULT_RETURN_URL): string => {
  if (!raw) return fallback;
  const value = raw.trim();
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return fallback;
  // Control characters (tab, new line) are dropped by URL parsers and could hide a scheme-relative URL.
  if ([...value].some((ch) => ch.charCodeAt(0) < 32 || ch.charCodeAt(0) === 127)) return fallback;
  try {
    const url = new URL(value, window.location.origin);
    if (url.origin !== window.location.origin) return fallback;
    if (/^\/(login|deploy)(\/|$)/i.test(url.pathname)) return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
};

/** '/login?returnUrl=…' for the given in-app location. */
export const loginUrl = (returnUrl: string, extra?: Record<string, string>): string => {
  const params = new URLSearchParams(extra);
  params.set('returnUrl', returnUrl);
  return `/login?${params.toString()}`;
};

/** The current in-app location (path and query), as used for return URLs. */
export const currentAppLocation = (): string => `${window.location.pathname}${window.location.search}`;
