import { afterEach, describe, expect, it } from 'vitest';
import { displayTimeZone, setDisplayTimeZone } from './format.ts';
import { lenderToday } from './lender-today.ts';

/** Issue 29, item 10: dates start on the lender's calendar, whatever the browser's zone. */
describe("the lender's today", () => {
  const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  afterEach(() => setDisplayTimeZone(browserZone));

  /** The calendar day in a zone as Intl reads it, independently of the code under test. */
  const dayIn = (timeZone: string) => {
    const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
      .formatToParts(new Date())
      .reduce<Record<string, string>>((all, p) => ({ ...all, [p.type]: p.value }), {});
    return `${parts.year}-${parts.month}-${parts.day}`;
  };

  it('is the day in the lender’s zone: 25 hours apart, Kiritimati and Pago Pago never share a day', () => {
    setDisplayTimeZone('Pacific/Kiritimati');
    const east = lenderToday();
    setDisplayTimeZone('Pacific/Pago_Pago');
    const west = lenderToday();
    expect(displayTimeZone()).toBe('Pacific/Pago_Pago');
    expect(east > west).toBe(true);
    expect([east, west]).toEqual([dayIn('Pacific/Kiritimati'), dayIn('Pacific/Pago_Pago')]);
  });
});
