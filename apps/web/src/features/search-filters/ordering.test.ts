import { describe, expect, it } from 'vitest';
import type { SearchFilter } from '@credence/contracts';
import { moveById, moveItem, orderingOf, sameOrder, splitFilters } from './ordering.ts';

const filter = (id: number, sortOrder: number, isMine = true, name = `F${id}`): SearchFilter => ({
  id,
  name,
  type: 'filter',
  filter: '{}',
  userGroupIds: [],
  showOnSideMenu: true,
  enabled: true,
  sortOrder,
  createdByUser: null,
  isMine,
});

describe('moveItem', () => {
  it.each([
    [0, 2, ['b', 'c', 'a', 'd']],
    [3, 0, ['d', 'a', 'b', 'c']],
    [1, 1, ['a', 'b', 'c', 'd']],
    [2, 9, ['a', 'b', 'd', 'c']],
    [-4, 1, ['b', 'a', 'c', 'd']],
  ] as const)('from %i to %i', (from, to, expected) => {
    expect(moveItem(['a', 'b', 'c', 'd'], from, to)).toEqual(expected);
  });

  it('leaves an empty list and the input alone', () => {
    const input = ['a', 'b'];
    expect(moveItem([], 0, 1)).toEqual([]);
    moveItem(input, 0, 1);
    expect(input).toEqual(['a', 'b']);
  });
});

describe('moveById', () => {
  it('moves the dragged item to the target position', () => {
    const items = [{ id: 1 }, { id: 2 }, { id: 3 }];
    expect(moveById(items, 3, 1).map((i) => i.id)).toEqual([3, 1, 2]);
    expect(moveById(items, 1, 3).map((i) => i.id)).toEqual([2, 3, 1]);
    expect(moveById(items, 1, 99).map((i) => i.id)).toEqual([1, 2, 3]);
  });
});

describe('orderingOf and sameOrder', () => {
  it('numbers from 1 in list order', () => {
    expect(orderingOf([{ id: 7 }, { id: 3 }])).toEqual({
      ordering: [
        { id: 7, sortOrder: 1 },
        { id: 3, sortOrder: 2 },
      ],
    });
  });
  it('compares ids position by position', () => {
    expect(sameOrder([{ id: 1 }, { id: 2 }], [{ id: 1 }, { id: 2 }])).toBe(true);
    expect(sameOrder([{ id: 1 }, { id: 2 }], [{ id: 2 }, { id: 1 }])).toBe(false);
    expect(sameOrder([{ id: 1 }], [{ id: 1 }, { id: 2 }])).toBe(false);
  });
});

describe('splitFilters', () => {
  it('sorts by sort order, then name, and splits mine from shared', () => {
    const { mine, shared } = splitFilters([
      filter(1, 3),
      filter(2, 1),
      filter(3, 2, false),
      filter(4, 1, true, 'A'),
      filter(5, 0, false),
    ]);
    expect(mine.map((f) => f.id)).toEqual([4, 2, 1]);
    expect(shared.map((f) => f.id)).toEqual([5, 3]);
  });
});
