import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  addBusinessDays,
  carryHolidaysToYear,
  earliestFundingDate,
  federalHolidayNamed,
  federalHolidays,
  federalHolidaySet,
  isBusinessDay,
  legalPublicHolidays,
  legalPublicHolidaySet,
  nextBusinessDay,
  rescissionDeadline,
  weekday,
} from './business-calendar.ts';
import { addDays, daysBetween } from './loan-dates.ts';

/** The observed federal holidays as OPM publishes them, by calendar year of the observed date. */
const known: Record<number, string[]> = {
  2024: [
    '2024-01-01',
    '2024-01-15',
    '2024-02-19',
    '2024-05-27',
    '2024-06-19',
    '2024-07-04',
    '2024-09-02',
    '2024-10-14',
    '2024-11-11',
    '2024-11-28',
    '2024-12-25',
  ],
  2025: [
    '2025-01-01',
    '2025-01-20',
    '2025-02-17',
    '2025-05-26',
    '2025-06-19',
    '2025-07-04',
    '2025-09-01',
    '2025-10-13',
    '2025-11-11',
    '2025-11-27',
    '2025-12-25',
  ],
  2026: [
    '2026-01-01',
    '2026-01-19',
    '2026-02-16',
    '2026-05-25',
    '2026-06-19',
    '2026-07-03',
    '2026-09-07',
    '2026-10-12',
    '2026-11-11',
    '2026-11-26',
    '2026-12-25',
  ],
  2027: [
    '2027-01-01',
    '2027-01-18',
    '2027-02-15',
    '2027-05-31',
    '2027-06-18',
    '2027-07-05',
    '2027-09-06',
    '2027-10-11',
    '2027-11-11',
    '2027-11-25',
    '2027-12-24',
    // New Year's Day 2028 (a Saturday), observed on the Friday before.
    '2027-12-31',
  ],
  // No New Year's Day: observed on 2027-12-31.
  2028: [
    '2028-01-17',
    '2028-02-21',
    '2028-05-29',
    '2028-06-19',
    '2028-07-04',
    '2028-09-04',
    '2028-10-09',
    '2028-11-10',
    '2028-11-23',
    '2028-12-25',
  ],
  2029: [
    '2029-01-01',
    '2029-01-15',
    '2029-02-19',
    '2029-05-28',
    '2029-06-19',
    '2029-07-04',
    '2029-09-03',
    '2029-10-08',
    '2029-11-12',
    '2029-11-22',
    '2029-12-25',
  ],
  2030: [
    '2030-01-01',
    '2030-01-21',
    '2030-02-18',
    '2030-05-27',
    '2030-06-19',
    '2030-07-04',
    '2030-09-02',
    '2030-10-14',
    '2030-11-11',
    '2030-11-28',
    '2030-12-25',
  ],
};

const isoDay = fc
  .integer({ min: 0, max: daysBetween('2000-01-01', '2099-12-31') })
  .map((n) => addDays('2000-01-01', n));

describe('federal holidays (observed)', () => {
  it.each(Object.entries(known))('%s matches the published observed dates', (year, dates) => {
    expect(federalHolidays(Number(year)).map((h) => h.date)).toEqual(dates);
  });

  it('names each holiday, New Year’s Day of the next year included when observed on December 31', () => {
    expect(federalHolidays(2027).at(-1)).toEqual({ date: '2027-12-31', name: "New Year's Day" });
    expect(federalHolidays(2026).find((h) => h.date === '2026-07-03')?.name).toBe('Independence Day');
    expect(federalHolidays(2023)[0]).toEqual({ date: '2023-01-02', name: "New Year's Day" });
    expect(federalHolidays(2020).some((h) => h.name.startsWith('Juneteenth'))).toBe(false);
    expect(
      federalHolidays(2021)
        .filter((h) => h.name === "New Year's Day")
        .map((h) => h.date),
    ).toEqual(['2021-01-01', '2021-12-31']);
  });

  it('property: 10 to 12 dates, all in the year, all Monday to Friday, unique', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2021, max: 2199 }), (year) => {
        const list = federalHolidays(year);
        expect(list.length).toBeGreaterThanOrEqual(10);
        expect(list.length).toBeLessThanOrEqual(12);
        expect(new Set(list.map((h) => h.date)).size).toBe(list.length);
        for (const h of list) {
          expect(h.date.startsWith(`${year}-`)).toBe(true);
          expect([1, 2, 3, 4, 5]).toContain(weekday(h.date));
        }
      }),
    );
  });

  it('legal public holidays keep the statutory dates (rescission calendar)', () => {
    const dates = legalPublicHolidays(2026).map((h) => h.date);
    expect(dates).toContain('2026-07-04');
    expect(dates).not.toContain('2026-07-03');
    expect(legalPublicHolidaySet(2027, 2027).has('2027-12-25')).toBe(true);
    expect(legalPublicHolidaySet(2027, 2027).has('2027-12-24')).toBe(false);
    expect(federalHolidaySet(2027, 2028).has('2027-12-31')).toBe(true);
  });

  it('weekday counts from a known Sunday', () => {
    expect(weekday('2026-11-22')).toBe(0);
    expect(weekday('2026-11-28')).toBe(6);
    expect(weekday('1969-12-31')).toBe(3);
  });

  it('matches federal names loosely', () => {
    expect(federalHolidayNamed(' christmas day ')).toBe('Christmas Day');
    expect(federalHolidayNamed('Day after Thanksgiving')).toBeNull();
  });
});

describe('lender business days', () => {
  const holidays = federalHolidaySet(2026, 2027);

  it.each([
    ['2026-11-25', true],
    ['2026-11-26', false], // Thanksgiving
    ['2026-11-28', false], // Saturday
    ['2026-11-29', false], // Sunday
    ['2026-07-03', false], // Independence Day observed
    ['2026-07-06', true],
  ])('%s is a business day: %s', (date, expected) => {
    expect(isBusinessDay(date, holidays)).toBe(expected);
  });

  it.each([
    ['2026-11-25', '2026-11-25'],
    ['2026-11-26', '2026-11-27'],
    ['2026-11-28', '2026-11-30'],
    ['2026-12-24', '2026-12-24'],
    ['2026-12-25', '2026-12-28'],
    ['2027-12-24', '2027-12-27'], // Christmas observed on the Friday
    ['2027-12-31', '2028-01-03'], // New Year's Day 2028 observed on the Friday
  ])('next business day of %s is %s', (date, expected) => {
    expect(nextBusinessDay(date, federalHolidaySet(2026, 2028))).toBe(expected);
  });

  it.each([
    ['2026-11-20', 3, '2026-11-25'],
    ['2026-11-25', 1, '2026-11-27'],
    ['2026-12-31', 1, '2027-01-04'],
    ['2026-01-30', 1, '2026-02-02'],
    ['2026-11-30', -1, '2026-11-27'],
    ['2026-11-28', 0, '2026-11-28'],
  ])('%s plus %i business days is %s', (date, n, expected) => {
    expect(addBusinessDays(date, n, holidays)).toBe(expected);
  });

  it('property: nextBusinessDay is the first business day on or after the date', () => {
    const all = federalHolidaySet(1999, 2100);
    fc.assert(
      fc.property(isoDay, (date) => {
        const next = nextBusinessDay(date, all);
        expect(isBusinessDay(next, all)).toBe(true);
        const gap = daysBetween(date, next);
        expect(gap).toBeGreaterThanOrEqual(0);
        expect(gap).toBeLessThanOrEqual(4);
        for (let i = 0; i < gap; i++) expect(isBusinessDay(addDays(date, i), all)).toBe(false);
      }),
    );
  });

  it('property: addBusinessDays passes exactly n business days', () => {
    const all = federalHolidaySet(1999, 2101);
    fc.assert(
      fc.property(isoDay, fc.integer({ min: -30, max: 30 }), (date, n) => {
        const result = addBusinessDays(date, n, all);
        let count = 0;
        const step = n < 0 ? -1 : 1;
        for (let d = date; d !== result;) {
          d = addDays(d, step);
          if (isBusinessDay(d, all)) count++;
        }
        expect(count).toBe(Math.abs(n));
        if (n !== 0) expect(isBusinessDay(result, all)).toBe(true);
      }),
    );
  });
});

describe('right of rescission (Regulation Z § 1026.23, § 1026.2(a)(6))', () => {
  const lender = federalHolidaySet(2026, 2028);

  it.each([
    // consummation, deadline, earliest funding, why
    ['2026-11-20', '2026-11-24', '2026-11-25', 'Friday: Saturday counts, Sunday does not'],
    ['2026-11-24', '2026-11-28', '2026-11-30', 'across Thanksgiving; the deadline is a Saturday'],
    ['2026-09-04', '2026-09-09', '2026-09-10', 'Labor Day, a Monday holiday'],
    ['2026-07-01', '2026-07-06', '2026-07-07', 'July 3 (observed) is a rescission business day; July 4 is not'],
    ['2026-11-29', '2026-12-02', '2026-12-03', 'consummated on a Sunday'],
    ['2026-01-30', '2026-02-03', '2026-02-04', 'across a month end'],
    ['2026-12-29', '2027-01-02', '2027-01-04', 'across the year end and New Year’s Day'],
    ['2027-12-23', '2027-12-28', '2027-12-29', 'Christmas on a Saturday: Friday the 24th counts'],
    ['2027-12-29', '2028-01-03', '2028-01-04', 'New Year’s Day 2028 on a Saturday is a holiday for rescission'],
  ])('%s → deadline %s, funding %s (%s)', (consummation, deadline, funding) => {
    expect(rescissionDeadline(consummation)).toBe(deadline);
    expect(rescissionDeadline(consummation, legalPublicHolidaySet(2026, 2028))).toBe(deadline);
    expect(earliestFundingDate(consummation, lender)).toBe(funding);
  });

  it('property: the deadline is 3 to 6 days after, funding is a later lender business day', () => {
    const all = federalHolidaySet(1999, 2101);
    fc.assert(
      fc.property(isoDay, (date) => {
        const deadline = rescissionDeadline(date);
        const gap = daysBetween(date, deadline);
        expect(gap).toBeGreaterThanOrEqual(3);
        expect(gap).toBeLessThanOrEqual(6);
        expect(weekday(deadline)).not.toBe(0);
        const funding = earliestFundingDate(date, all);
        expect(daysBetween(deadline, funding)).toBeGreaterThanOrEqual(1);
        expect(isBusinessDay(funding, all)).toBe(true);
      }),
    );
  });
});

describe('copy previous year', () => {
  it('property: the federal calendar of one year carries to the next year’s federal calendar', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2020, max: 2150 }), (year) => {
        expect(carryHolidaysToYear(federalHolidays(year), year + 1)).toEqual(federalHolidays(year + 1));
      }),
    );
  });

  it('keeps other holidays on their month and day, federal ones recomputed by name', () => {
    const previous = [
      { date: '2027-12-24', name: 'Christmas Day' },
      { date: '2027-11-26', name: 'Day after Thanksgiving' },
      { date: '2027-02-28', name: 'Founders Day' },
    ];
    expect(carryHolidaysToYear(previous, 2028)).toEqual([
      { date: '2028-02-28', name: 'Founders Day' },
      { date: '2028-11-26', name: 'Day after Thanksgiving' },
      { date: '2028-12-25', name: 'Christmas Day' },
    ]);
    expect(carryHolidaysToYear([{ date: '2028-02-29', name: 'Leap Day' }], 2029)).toEqual([
      { date: '2029-02-28', name: 'Leap Day' },
    ]);
    expect(carryHolidaysToYear([], 2029)).toEqual([]);
  });
});
