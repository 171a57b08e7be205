import { describe, expect, it } from 'vitest';
import { parseQueryString } from './query-string.ts';

describe('the query string', () => {
  it('folds indexed keys into an array in index order', () => {
    expect(parseQueryString('ids[1]=20&ids[0]=10&ids[2]=30')).toEqual({ ids: ['10', '20', '30'] });
  });
  it('keeps repeated and plain keys as Node reads them', () => {
    expect(parseQueryString('ids=1&ids=2&page=3')).toEqual({ ids: ['1', '2'], page: '3' });
  });
  it('puts plain values before indexed ones and leaves odd brackets alone', () => {
    expect(parseQueryString('ids=1&ids[0]=2&a[b]=c&x[]=y')).toEqual({ ids: ['1', '2'], 'a[b]': 'c', 'x[]': 'y' });
  });
});
