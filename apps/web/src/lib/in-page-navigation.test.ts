import { describe, expect, it } from 'vitest';
import { IN_PAGE_NAVIGATION, initialPageKey, nextPageKey } from './in-page-navigation.ts';

const start = initialPageKey({ key: 'a', pathname: '/allApplicationsQueue' });
const at = (key: string, pathname: string, state: unknown = null) => ({ key, pathname, state });

describe('the key the shell mounts a page under', () => {
  it('keeps the page through its own URL updates (sort, filter, page of a queue)', () => {
    const next = nextPageKey(start, at('b', '/allApplicationsQueue', IN_PAGE_NAVIGATION), 'REPLACE');
    expect(next.key).toBe('a');
    expect(nextPageKey(next, at('c', '/allApplicationsQueue', IN_PAGE_NAVIGATION), 'PUSH').key).toBe('a');
  });

  it('keeps the page on Back/Forward within the same path: the page follows the URL', () => {
    expect(nextPageKey(start, at('z', '/allApplicationsQueue'), 'POP').key).toBe('a');
  });

  it('remounts on a link to the same URL (spec 1 §2: the page reloads) and on another path', () => {
    expect(nextPageKey(start, at('b', '/allApplicationsQueue'), 'PUSH').key).toBe('b');
    expect(nextPageKey(start, at('b', '/creditQueue', IN_PAGE_NAVIGATION), 'PUSH').key).toBe('b');
    expect(nextPageKey(start, at('b', '/home'), 'POP').key).toBe('b');
  });

  it('keeps the worksheet frame between the tabs of one application, not across applications (issue 9: the lock)', () => {
    const application = initialPageKey({ key: 'w', pathname: '/application/7' });
    const credit = nextPageKey(application, at('x', '/credit/7', IN_PAGE_NAVIGATION), 'PUSH');
    expect(credit.key).toBe('w');
    expect(nextPageKey(credit, at('y', '/application/7'), 'POP').key).toBe('w');
    expect(nextPageKey(credit, at('y', '/application/8', IN_PAGE_NAVIGATION), 'PUSH').key).toBe('y');
    // A plain link (the side menu, a queue row) to a worksheet reloads it, as any page.
    expect(nextPageKey(credit, at('y', '/application/7'), 'PUSH').key).toBe('y');
  });

  it('answers the same object while the location is unchanged', () => {
    expect(nextPageKey(start, at('a', '/allApplicationsQueue'), 'POP')).toBe(start);
  });
});
