import type { Location, NavigationType } from 'react-router';
import { worksheetPaths } from '@credence/domain';

/*
 * The shell keys the routed page by the location, so following a link — even to the URL already shown —
 * remounts the page (its data reloads and its forms reset, spec 1 §2). A page that keeps its own state in
 * the URL (a queue's page, sort and filter) must not be re-created by its own URL updates: it navigates with
 * this state, and Back/Forward between URLs of the same page (POP) keep it mounted too; the page then
 * follows the URL instead of being rebuilt from it (issue 17, item 1).
 */

/** The navigation state of an update a page makes to its own URL. */
export const IN_PAGE_NAVIGATION = Object.freeze({ inPage: true as const });

/** The options for `navigate` / `setSearchParams` of an in-page URL update (no scroll reset either). */
export const inPageNavigationOptions = (replace: boolean) => ({
  replace,
  state: IN_PAGE_NAVIGATION,
  preventScrollReset: true,
});

export const isInPageNavigation = (state: unknown): boolean =>
  typeof state === 'object' && state !== null && (state as { inPage?: unknown }).inPage === true;

const worksheetPath = new RegExp(`^/(${worksheetPaths.join('|')})/(\\d+)$`);

/**
 * The page a path shows: the seven worksheets of one application are one page (their frame, its lock and its
 * dialogs stay mounted while the user moves between the tabs); any other path is its own page.
 */
export const pageOf = (pathname: string): string => {
  const worksheet = worksheetPath.exec(pathname);
  return worksheet ? `worksheets/${worksheet[2]!}` : pathname;
};

/** The key the routed page is mounted under. */
export type PageKey = { key: string; pathname: string; locationKey: string };

export const initialPageKey = (location: Pick<Location, 'key' | 'pathname'>): PageKey => ({
  key: location.key,
  pathname: location.pathname,
  locationKey: location.key,
});

/**
 * The page key after a navigation: the same page (kept mounted) when the path shows the same page (`pageOf`) and
 * the page updated its own URL (a worksheet tab, a queue's sort) or the user went Back/Forward; otherwise a new
 * page.
 */
export const nextPageKey = (
  previous: PageKey,
  location: Pick<Location, 'key' | 'pathname' | 'state'>,
  navigationType: NavigationType | `${NavigationType}`,
): PageKey => {
  if (previous.locationKey === location.key) return previous;
  const samePage =
    pageOf(previous.pathname) === pageOf(location.pathname) &&
    (navigationType === 'POP' || isInPageNavigation(location.state));
  return { key: samePage ? previous.key : location.key, pathname: location.pathname, locationKey: location.key };
};
