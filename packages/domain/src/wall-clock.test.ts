import { describe, expect, it } from 'vitest';
import { wallClock } from './wall-clock.ts';

describe('wallClock', () => {
  it('reads an instant as a person in the zone does, across a change to daylight time', () => {
    // 2026-03-08: Denver moves from MST (UTC-7) to MDT (UTC-6) at 02:00 local, 09:00 UTC.
    expect(wallClock(new Date('2026-03-08T08:59:59Z'), 'America/Denver')).toEqual({
      year: '2026',
      month: '03',
      day: '08',
      hour: '01',
      minute: '59',
      second: '59',
    });
    expect(wallClock(new Date('2026-03-08T09:30:00Z'), 'America/Denver')).toMatchObject({ hour: '03', minute: '30' });
  });

  it('is the day before in a US evening when UTC is already tomorrow, and midnight is hour 00', () => {
    expect(wallClock(new Date('2026-11-29T06:59:59Z'), 'America/Denver')).toMatchObject({ day: '28', hour: '23' });
    expect(wallClock(new Date('2026-11-29T07:00:00Z'), 'America/Denver')).toMatchObject({ day: '29', hour: '00' });
    expect(wallClock(new Date('2026-11-29T07:00:00Z'), 'UTC')).toMatchObject({ day: '29', hour: '07' });
  });
});
