import { describe, expect, it } from 'vitest';
import { patchedParams } from './url-params.ts';

describe('patchedParams', () => {
  it('sets, replaces and removes keys and keeps the others', () => {
    const next = patchedParams(new URLSearchParams('user=5&area=dealers&page=3'), {
      user: null,
      from: '2026-11-11',
      area: '',
      page: 1,
    });
    expect(next.toString()).toBe('page=1&from=2026-11-11');
  });

  it('leaves the query it was given unchanged', () => {
    const current = new URLSearchParams('user=5');
    patchedParams(current, { user: null });
    expect(current.get('user')).toBe('5');
  });
});
