import { describe, expect, it } from 'vitest';
import { formatSsn, maskSsn, normalizeSsn } from './ssn.ts';

describe('normalizeSsn', () => {
  it.each([
    ['123-45-6789', '123456789'],
    ['123456789', '123456789'],
    [' 900-70-1234 ', '900701234'],
    ['12-345-6789', null],
    ['12345678', null],
    ['1234567890', null],
    ['000-12-3456', null],
    ['666-12-3456', null],
    ['123-00-4567', null],
    ['123-45-0000', null],
    ['***-**-6789', null],
    ['abc-de-fghi', null],
  ])('%s -> %s', (input, expected) => expect(normalizeSsn(input)).toBe(expected));

  it('formats and masks', () => {
    expect(formatSsn('123456789')).toBe('123-45-6789');
    expect(maskSsn('6789')).toBe('***-**-6789');
  });
});
