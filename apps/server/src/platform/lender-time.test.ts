import { describe, expect, it } from 'vitest';
import { lenderDateTime } from './lender-time.ts';

describe('lenderDateTime', () => {
  it('reads an instant in the lender’s zone as MM/dd/yyyy hh:mm AM, daylight saving included', () => {
    expect(lenderDateTime('2026-11-23T14:05:00.000Z', 'America/Denver')).toBe('11/23/2026 07:05 AM');
    expect(lenderDateTime('2026-07-04T23:30:00Z', 'America/Denver')).toBe('07/04/2026 05:30 PM');
    expect(lenderDateTime('2026-01-01T07:59:00Z', 'America/Los_Angeles')).toBe('12/31/2025 11:59 PM');
    expect(lenderDateTime('2026-03-08T12:00:00Z', 'UTC')).toBe('03/08/2026 12:00 PM');
  });
  it('gives back what is not a date', () => {
    expect(lenderDateTime('not a date', 'UTC')).toBe('not a date');
  });
});
