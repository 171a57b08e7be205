import { describe, expect, it } from 'vitest';
import { checkVin, vinCheckDigit } from './vin.ts';

describe('checkVin', () => {
  it.each([
    ['1HGCM82633A004352', { valid: true, vin: '1HGCM82633A004352' }],
    ['1M8GDM9AXKP042788', { valid: true, vin: '1M8GDM9AXKP042788' }],
    ['11111111111111111', { valid: true, vin: '11111111111111111' }],
    ['  1hgcm82633a004352 ', { valid: true, vin: '1HGCM82633A004352' }],
    ['1HGCM82633A00435', { valid: false, reason: 'length' }],
    ['1HGCM82633A0043521', { valid: false, reason: 'length' }],
    ['', { valid: false, reason: 'length' }],
    ['1HGCM82633A0O4352', { valid: false, reason: 'characters' }],
    ['IHGCM82633A004352', { valid: false, reason: 'characters' }],
    ['1HGCM82633A00435Q', { valid: false, reason: 'characters' }],
    ['1HGCM8263-A004352', { valid: false, reason: 'characters' }],
    ['1HGCM82643A004352', { valid: false, reason: 'checkDigit' }],
    ['1M8GDM9A1KP042788', { valid: false, reason: 'checkDigit' }],
  ])('%s', (vin, expected) => expect(checkVin(vin)).toEqual(expected));

  it('computes X for a remainder of 10', () => expect(vinCheckDigit('1M8GDM9AXKP042788')).toBe('X'));
});
