import { describe, expect, it } from 'vitest';
import { toCents } from './queue-sql.ts';

describe('toCents', () => {
  it.each([
    ['20000', 2_000_000],
    ['20000.5', 2_000_050],
    ['0.05', 5],
    ['-12.34', -1234],
    [' 7 ', 700],
    [20000, 2_000_000],
    [19.99, 1999],
    [0.1 + 0.2, 30],
  ])('%s is %s cents', (value, cents) => expect(toCents(value)).toBe(cents));

  it.each(['', 'abc', '1.234', '1e5', '1,000', Number.NaN, Infinity, 1e13, null, true])(
    '%s is not an amount',
    (value) => expect(toCents(value)).toBeNull(),
  );
});
