import { useCallback, useRef } from 'react';
import { useSearchParams } from 'react-router';

/** A change to the URL's query: a value sets its key, null or '' removes it. */
export type UrlParamsPatch = Record<string, string | number | null>;

/** A copy of the query with the patch applied. */
export const patchedParams = (current: URLSearchParams, patch: UrlParamsPatch): URLSearchParams => {
  const next = new URLSearchParams(current);
  for (const [key, value] of Object.entries(patch)) {
    if (value === null || value === '') next.delete(key);
    else next.set(key, String(value));
  }
  return next;
};

/**
 * The page's query parameters and a function that changes some of them, replacing the history entry. A change
 * builds on the newest query, not on the one the page last rendered: the router commits a navigation as a
 * transition, which a person typing can hold back (Clear filters, then a date typed at once, brought the cleared
 * user back), and it reaches the address bar only after a turn of its own, so a change made before the previous
 * one landed builds on that one.
 */
export const useUrlParams = () => {
  const [params, setParams] = useSearchParams();
  /** The last change asked for: the query it was made on and the query it asked for. */
  const requested = useRef<{ on: string; asked: string } | null>(null);
  const update = useCallback(
    (patch: UrlParamsPatch) => {
      const now = window.location.search;
      const base = requested.current?.on === now ? requested.current.asked : now;
      const next = patchedParams(new URLSearchParams(base), patch);
      requested.current = { on: now, asked: `?${next.toString()}` };
      setParams(next, { replace: true });
    },
    [setParams],
  );
  return [params, update] as const;
};
