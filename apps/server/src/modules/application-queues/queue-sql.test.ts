import { describe, expect, it } from 'vitest';
import { filterCents } from './queue-sql.ts';

describe('filterCents', () => {
  it.each([
    ['20000', 2_000_000],
    ['20000.5', 2_000_050],
    ['0.05', 5],
    ['-12.34', -1234],
    [' 7 ', 700],
    ['1.01', 101],
    ['999999999999.99', 99_999_999_999_999],
  ])('%s is %s cents', (value, cents) => expect(filterCents(value)).toBe(cents));

  // Numbers are refused: 1.005 as a JSON number is 1.00499999999999989…, which Math.round(v * 100) made 100.
  it.each(['', 'abc', '1.234', '1.005', '1e5', '1,000', 20000, 19.99, 1.005, Number.NaN, Infinity, null, true])(
    '%s is not an amount',
    (value) => expect(filterCents(value)).toBeNull(),
  );
});
