import { useCallback, useRef } from 'react';
import { useSearchParams, type NavigateOptions } from 'react-router';

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
 * The page's query parameters as rendered, the newest query (`newest`) and a way to ask for another (`request`).
 * A change must build on the newest query, not on the one the page last rendered: the router commits a
 * navigation as a transition, which a person typing can hold back (Clear filters, then a date typed at once,
 * brought the cleared user back; a queue saved right after a sort click lost the sort), and it reaches the
 * address bar only after a turn of its own, so until then the newest is the query last asked for.
 */
export const useNewestSearchParams = () => {
  const [params, setParams] = useSearchParams();
  /** The last query asked for and the address bar's query when it was asked. */
  const requested = useRef<{ on: string; asked: string } | null>(null);
  const newest = useCallback(() => {
    const now = window.location.search;
    return new URLSearchParams(requested.current?.on === now ? requested.current.asked : now);
  }, []);
  const request = useCallback(
    (next: URLSearchParams, options: NavigateOptions) => {
      requested.current = { on: window.location.search, asked: `?${next.toString()}` };
      void setParams(next, options);
    },
    [setParams],
  );
  return { params, newest, request };
};

/** The page's query parameters and a function that changes some of them on the newest query, replacing the history entry. */
export const useUrlParams = () => {
  const { params, newest, request } = useNewestSearchParams();
  const update = useCallback(
    (patch: UrlParamsPatch) => request(patchedParams(newest(), patch), { replace: true }),
    [newest, request],
  );
  return [params, update] as const;
};
