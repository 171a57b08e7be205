import { describe, expect, it } from 'vitest';
import type { MenuItem, MenuResponse } from '@credence/contracts';
import { buildMenuModel, FILTERS_PAGE, isActiveHref, MANAGE_FILTERS, type MenuEntry } from './side-menu-model.ts';
import { nextHighlight } from './side-menu-search.tsx';

const item = (menuName: string, url: string | null, extra: Partial<MenuItem> = {}): MenuItem => ({
  menuName,
  iconName: null,
  url,
  queryParams: null,
  tooltip: null,
  itemsCount: null,
  childMenuItems: [],
  externalLink: false,
  ...extra,
});

const menu: MenuResponse = {
  main: [
    item('My Queue', '/myQueue', { itemsCount: 3 }),
    item('Credit', '/creditQueue', { itemsCount: null }),
    item('Indirect approvals', '/allApplicationsQueue', { queryParams: { filterId: '12' }, itemsCount: 41 }),
    item('My Filters', null, {
      childMenuItems: [
        item('Large auto loans', '/allApplicationsQueue', { queryParams: { filterId: '3' } }),
        item('A very long saved filter name indeed', '/allApplicationsQueue', { queryParams: { filterId: '4' } }),
      ],
    }),
    item('Shared Filters', null, {
      childMenuItems: [item('Pending over 50k', '/allApplicationsQueue', { queryParams: { filterId: '9' } })],
    }),
  ],
  administration: [],
};

const model = buildMenuModel({ menu, usefulLinks: [], rights: [], lenderId: 1 });
const byName = (entries: MenuEntry[], name: string) => entries.find((e) => e.name === name);

describe('buildMenuModel with filters and custom queues', () => {
  it('gives built-in and custom queues their counts (0 when missing)', () => {
    expect(byName(model.main, 'My Queue')).toMatchObject({ kind: 'link', count: 3 });
    expect(byName(model.main, 'Credit')).toMatchObject({ kind: 'link', count: 0 });
    expect(byName(model.main, 'Indirect approvals')).toMatchObject({
      kind: 'link',
      href: '/allApplicationsQueue?filterId=12',
      count: 41,
    });
  });

  it('lists My Filters with their links, truncated names, and Manage Filters last', () => {
    const group = byName(model.main, 'My Filters');
    expect(group?.kind).toBe('group');
    if (group?.kind !== 'group') return;
    expect(group.children.map((c) => c.label)).toEqual([
      'Large auto loans',
      'A very long saved filt...',
      MANAGE_FILTERS,
    ]);
    expect(group.children[1]?.tooltip).toBe('A very long saved filter name indeed');
    expect(group.children[0]).toMatchObject({ href: '/allApplicationsQueue?filterId=3', count: null });
    expect(group.children.at(-1)).toMatchObject({ kind: 'link', href: FILTERS_PAGE, count: null });
  });

  it('lists Shared Filters without a manage entry', () => {
    const group = byName(model.main, 'Shared Filters');
    if (group?.kind !== 'group') throw new Error('not a group');
    expect(group.children.map((c) => c.name)).toEqual(['Pending over 50k']);
  });

  it('keeps Manage Filters when the user has no filters', () => {
    const empty = buildMenuModel({
      menu: { main: [item('My Filters', null)], administration: [] },
      usefulLinks: undefined,
      rights: [],
      lenderId: 1,
    });
    const group = empty.main[0];
    expect(group?.kind === 'group' && group.children.map((c) => c.name)).toEqual([MANAGE_FILTERS]);
  });
});

describe('isActiveHref for saved filters', () => {
  it('matches the filter id', () => {
    expect(isActiveHref('/allApplicationsQueue?filterId=3', '/allApplicationsQueue', '?filterId=3')).toBe(true);
    expect(isActiveHref('/allApplicationsQueue?filterId=3', '/allApplicationsQueue', '?filterId=4')).toBe(false);
    expect(isActiveHref('/allApplicationsQueue?filterId=3', '/allApplicationsQueue', '')).toBe(false);
    expect(isActiveHref('/filters', '/filters', '')).toBe(true);
  });
});

describe('nextHighlight', () => {
  it.each([
    [-1, 3, 'ArrowDown', 0],
    [2, 3, 'ArrowDown', 0],
    [0, 3, 'ArrowUp', 2],
    [-1, 3, 'ArrowUp', 2],
    [1, 3, 'ArrowUp', 0],
    [0, 0, 'ArrowDown', -1],
  ] as const)('from %i of %i with %s goes to %i', (current, count, key, expected) => {
    expect(nextHighlight(current, count, key)).toBe(expected);
  });
});
