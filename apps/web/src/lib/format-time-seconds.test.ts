import { afterEach, describe, expect, it } from 'vitest';
import { setDisplayTimeZone } from './format.ts';
import { formatDateTimeWithSeconds } from './format-time-seconds.ts';

/** Spec 1 §2: a notification's time as M/d/yy h:mm:ss a, in the lender's zone (issue 29, item 10). */
describe('a time with seconds', () => {
  const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  afterEach(() => setDisplayTimeZone(browserZone));

  it("is M/d/yy h:mm:ss a in the lender's zone, whatever the browser's", () => {
    setDisplayTimeZone('America/Denver');
    expect(formatDateTimeWithSeconds('2026-03-05T21:07:09.123Z')).toBe('3/5/26 2:07:09 PM');
    expect(formatDateTimeWithSeconds('2026-11-09T17:00:05Z')).toBe('11/9/26 10:00:05 AM');
    expect(formatDateTimeWithSeconds('2026-07-01T06:30:00Z')).toBe('7/1/26 12:30:00 AM');
    setDisplayTimeZone('Asia/Tokyo');
    expect(formatDateTimeWithSeconds('2026-03-05T21:07:09Z')).toBe('3/6/26 6:07:09 AM');
  });

  it('shows what it cannot read as it came', () => {
    expect(formatDateTimeWithSeconds('not a time')).toBe('not a time');
  });
});
