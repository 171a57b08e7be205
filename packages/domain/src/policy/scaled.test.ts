import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatScaled, parseScaled, roundScaled } from './scaled.ts';

describe('parseScaled', () => {
  it.each([
    ['0', 0],
    ['45.5', 455_000],
    ['-0.25', -2_500],
    ['25000.00', 250_000_000],
    ['0.0001', 1],
    ['99999999999.9999', 999_999_999_999_999],
  ])('%s is %i ten-thousandths', (text, scaled) => expect(parseScaled(text)).toBe(scaled));

  it.each(['', '-', '.5', '5.', '1.23456', '1e5', '12a', '123456789012', ' 1', '1,000'])('refuses %j', (text) =>
    expect(parseScaled(text)).toBeNaN(),
  );
});

describe('roundScaled and formatScaled', () => {
  it.each([
    [455_000, 2, '45.50'],
    [1_000_050, 2, '100.01'], // 100.005 rounds half up
    [1_000_049, 2, '100.00'],
    [-1_000_050, 2, '-100.01'], // half away from zero, as decimal.js ROUND_HALF_UP
    [-40, 2, '0.00'], // never "-0.00"
    [59_905, 3, '5.991'],
    [725_000, 0, '73'],
    [724_999, 0, '72'],
  ])('%i to %i places is %s', (value, places, text) => expect(formatScaled(value, places)).toBe(text));

  it('agrees with decimal.js on any policy decimal', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -999_999_999_999_999, max: 999_999_999_999_999 }),
        fc.integer({ min: 0, max: 4 }),
        (v, places) => {
          const expected = new Decimal(v).div(10_000).toDecimalPlaces(places, Decimal.ROUND_HALF_UP);
          expect(formatScaled(v, places)).toBe((expected.isZero() ? new Decimal(0) : expected).toFixed(places));
          expect(roundScaled(v, places)).toBe(expected.times(10_000).toNumber() + 0); // + 0: -0 is 0
          expect(parseScaled(new Decimal(v).div(10_000).toFixed())).toBe(v);
        },
      ),
      { numRuns: 2_000 },
    );
  });
});
