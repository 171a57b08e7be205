import { describe, expect, it } from 'vitest';
import {
  decodeFilterItems,
  decodeSort,
  filterKeyOf,
  defaultViewState,
  readViewState,
  sameCriteria,
  writeViewState,
  type QueueViewState,
} from './grid-state.ts';

const read = (query: string) => readViewState(new URLSearchParams(query));
const write = (state: QueueViewState, query = '') => writeViewState(new URLSearchParams(query), state).toString();

describe('queue URL state', () => {
  it('a clean URL is the default state, and the default state writes a clean URL', () => {
    expect(read('')).toEqual(defaultViewState);
    expect(write(defaultViewState)).toBe('');
  });

  it('round-trips page, page size, sort, filter and search', () => {
    const state: QueueViewState = {
      page: 1,
      pageSize: 50,
      sort: [{ field: 'requestedAmount', dir: 'desc' }],
      filter: {
        logic: 'and',
        filters: [
          { field: 'state', operator: 'isAnyOf', value: ['new', 'pending'] },
          { field: 'memberNumber', operator: 'isEmpty', value: null },
        ],
      },
      text: 'Ellis',
    };
    const query = write(state);
    expect(new URLSearchParams(query).get('page')).toBe('2');
    expect(new URLSearchParams(query).get('sort')).toBe('requestedAmount:desc');
    expect(new URLSearchParams(query).get('filter')).toBe(
      '[["state","isAnyOf",["new","pending"]],["memberNumber","isEmpty"]]',
    );
    expect(read(query)).toEqual(state);
  });

  it('keeps other keys (filterId) and drops stale queue keys', () => {
    const query = write({ ...defaultViewState, page: 2 }, 'filterId=7&sort=x:asc&page=9');
    expect(query).toBe('filterId=7&page=3');
  });

  it('tells "no sort" (empty) from "the base sort" (absent), and the same for search', () => {
    expect(read('sort=').sort).toEqual([]);
    expect(read('').sort).toBeNull();
    expect(write({ ...defaultViewState, sort: [] })).toBe('sort=');
    expect(read('search=').text).toBe('');
    expect(read('').text).toBeNull();
  });

  it('writes logic=or only when several items are joined by OR', () => {
    const one = { field: 'termMonths', operator: '>', value: 36 };
    expect(write({ ...defaultViewState, filter: { logic: 'or', filters: [one] } })).not.toContain('logic');
    expect(write({ ...defaultViewState, filter: { logic: 'or', filters: [one, one] } })).toContain('logic=or');
  });

  it.each([
    ['page=0', 0],
    ['page=-3', 0],
    ['page=abc', 0],
    ['page=99999999', 0],
    ['page=3', 2],
  ])('reads %s as page %i', (query, page) => expect(read(query).page).toBe(page));

  it('accepts only the offered page sizes', () => {
    expect(read('pageSize=100').pageSize).toBe(100);
    expect(read('pageSize=1000').pageSize).toBe(25);
    expect(read('pageSize=7').pageSize).toBe(25);
  });

  it('ignores malformed sort parts and duplicate fields', () => {
    expect(decodeSort('a:asc,b:sideways,;drop:desc,a:desc,c:desc')).toEqual([
      { field: 'a', dir: 'asc' },
      { field: 'c', dir: 'desc' },
    ]);
  });

  it('ignores malformed filter JSON and items', () => {
    expect(decodeFilterItems('not json')).toEqual([]);
    expect(decodeFilterItems('{"a":1}')).toEqual([]);
    expect(decodeFilterItems('[["ok","=",1],["bad field","=",1],["x",5],["y","=",{"o":1}],"z"]')).toEqual([
      { field: 'ok', operator: '=', value: 1 },
    ]);
  });

  it('compares criteria without the page', () => {
    const a = read('sort=a:asc&page=3');
    expect(sameCriteria(a, read('sort=a:asc'))).toBe(true);
    expect(sameCriteria(a, read('sort=a:desc'))).toBe(false);
    expect(sameCriteria(read(''), read('sort='))).toBe(false);
  });
});

describe('filterKeyOf', () => {
  it('changes with the filter, its logic and the search text, not with page or sort', () => {
    const key = (query: string) => filterKeyOf(new URLSearchParams(query));
    expect(key('page=2&sort=applicationId:asc')).toBe(key(''));
    expect(key('filter=[["applicantName","contains","M"]]')).not.toBe(
      key('filter=[["applicantName","contains","Mi"]]'),
    );
    expect(key('search=')).not.toBe(key(''));
    expect(key('filter=[]&logic=or')).not.toBe(key('filter=[]'));
  });
});
