/**
 * The lender's business calendar and the right of rescission (issue 14; spec 2 lender calendar, spec 3 §5).
 *
 * Two different calendars are at work, and they must not be mixed up:
 *
 * 1. **The lender's business days** (funding dates, the lender calendar in Administration): Monday to Friday, except
 *    the lender's holidays. A lender's holidays are the dates its offices are closed — for the federal holidays the
 *    **observed** dates (a holiday on a Saturday is observed on the Friday before, on a Sunday on the Monday after;
 *    5 U.S.C. 6103(b) and Executive Order 11582), which is what `federalHolidays` lists and what the seed stores.
 *
 * 2. **Business days for rescission** (Regulation Z § 1026.2(a)(6), used by § 1026.15 and § 1026.23): every calendar
 *    day except Sundays and the legal public holidays *specified in 5 U.S.C. 6103(a)* — and only on the dates the
 *    statute specifies. Official Interpretation 2(a)(6)-2: "Four Federal legal holidays are identified in 5 U.S.C.
 *    6103(a) by a specific date: New Year's Day, January 1; Independence Day, July 4; Veterans Day, November 11; and
 *    Christmas Day, December 25. When one of these holidays (July 4, for example) falls on a Saturday, Federal
 *    offices and other entities might observe the holiday on the preceding Friday (July 3). In cases where the more
 *    precise rule applies, the observed holiday (in the example, July 3) is a business day." Juneteenth (June 19)
 *    joined 6103(a) in 2021 and is a fifth fixed-date holiday under the same rule. Saturdays count. So the
 *    rescission calendar is `legalPublicHolidays` (the statutory dates), never the observed ones and never the
 *    lender's own closures. (Excluding the observed day too would be "conservative", lengthening the rescission
 *    period beyond what Regulation Z requires and delaying funding; we follow the commentary.)
 *
 * All dates are ISO calendar days computed in UTC (loan-dates.ts): no time zone can move them.
 */
import { addDays, daysBetween, daysInMonth, type IsoDate } from './loan-dates.ts';

export type Holiday = { date: IsoDate; name: string };

/** The legal public holidays of 5 U.S.C. 6103(a), in calendar order. */
export const federalHolidayNames = [
  "New Year's Day",
  'Martin Luther King Jr. Day',
  "Washington's Birthday",
  'Memorial Day',
  'Juneteenth National Independence Day',
  'Independence Day',
  'Labor Day',
  'Columbus Day',
  'Veterans Day',
  'Thanksgiving Day',
  'Christmas Day',
] as const;
export type FederalHolidayName = (typeof federalHolidayNames)[number];

const ymd = (y: number, m: number, d: number): IsoDate =>
  `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;

/** Day of the week: 0 = Sunday … 6 = Saturday (1970-01-01 was a Thursday). */
export const weekday = (date: IsoDate): number => (((daysBetween('1970-01-01', date) + 4) % 7) + 7) % 7;

/** The n-th (1-based) `dow` weekday of month m of year y; n = -1 for the last one. */
const nthWeekday = (y: number, m: number, dow: number, n: number): IsoDate => {
  if (n > 0) {
    const first = ymd(y, m, 1);
    return addDays(first, ((dow - weekday(first) + 7) % 7) + 7 * (n - 1));
  }
  const last = ymd(y, m, daysInMonth(y, m));
  return addDays(last, -((weekday(last) - dow + 7) % 7));
};

/** Juneteenth became a legal public holiday on June 17, 2021 (Pub. L. 117-17); observed from 2021. */
const JUNETEENTH_FROM = 2021;

/**
 * The legal public holidays of 5 U.S.C. 6103(a) for `year` on the dates the statute gives (not moved off a
 * weekend): the calendar Regulation Z uses for rescission. Every date lies in `year`.
 */
export const legalPublicHolidays = (year: number): Holiday[] => {
  const list: [FederalHolidayName, IsoDate][] = [
    ["New Year's Day", ymd(year, 1, 1)],
    ['Martin Luther King Jr. Day', nthWeekday(year, 1, 1, 3)],
    ["Washington's Birthday", nthWeekday(year, 2, 1, 3)],
    ['Memorial Day', nthWeekday(year, 5, 1, -1)],
    ['Juneteenth National Independence Day', ymd(year, 6, 19)],
    ['Independence Day', ymd(year, 7, 4)],
    ['Labor Day', nthWeekday(year, 9, 1, 1)],
    ['Columbus Day', nthWeekday(year, 10, 1, 2)],
    ['Veterans Day', ymd(year, 11, 11)],
    ['Thanksgiving Day', nthWeekday(year, 11, 4, 4)],
    ['Christmas Day', ymd(year, 12, 25)],
  ];
  return list
    .filter(([name]) => name !== 'Juneteenth National Independence Day' || year >= JUNETEENTH_FROM)
    .map(([name, date]) => ({ date, name }));
};

/** A holiday on a Saturday is observed on the Friday before, on a Sunday on the Monday after. */
const observed = (date: IsoDate): IsoDate => {
  const dow = weekday(date);
  return dow === 6 ? addDays(date, -1) : dow === 0 ? addDays(date, 1) : date;
};

/**
 * The US federal holidays whose **observed** date falls in `year` (the days federal offices and most lenders are
 * closed), in date order. A year's list is the holidays observed *within that year*, so that a lender calendar year
 * holds only its own dates: when January 1 falls on a Saturday, New Year's Day is observed on December 31 of the
 * year before and is listed under that year (2021 lists 2021-12-31 "New Year's Day" — 12 holidays; 2022 lists no
 * New Year's Day — 10 holidays). Every other year has the 11.
 */
export const federalHolidays = (year: number): Holiday[] => {
  const list = [...legalPublicHolidays(year), ...legalPublicHolidays(year + 1).slice(0, 1)]
    .map((h) => ({ date: observed(h.date), name: h.name }))
    .filter((h) => h.date.startsWith(`${String(year).padStart(4, '0')}-`));
  return list.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
};

const yearsSpan = (fromYear: number, toYear: number): number[] =>
  Array.from({ length: Math.max(0, toYear - fromYear + 1) }, (_, i) => fromYear + i);

/** The observed federal holiday dates of the years from `fromYear` to `toYear` (both included). */
export const federalHolidaySet = (fromYear: number, toYear: number): Set<IsoDate> =>
  new Set(yearsSpan(fromYear, toYear).flatMap((y) => federalHolidays(y).map((h) => h.date)));

/** The 5 U.S.C. 6103(a) dates (unobserved) of the years from `fromYear` to `toYear`: the rescission calendar. */
export const legalPublicHolidaySet = (fromYear: number, toYear: number): Set<IsoDate> =>
  new Set(yearsSpan(fromYear, toYear).flatMap((y) => legalPublicHolidays(y).map((h) => h.date)));

/** A lender business day: Monday to Friday and not one of the lender's holidays. */
export const isBusinessDay = (date: IsoDate, holidays: ReadonlySet<IsoDate>): boolean => {
  const dow = weekday(date);
  return dow !== 0 && dow !== 6 && !holidays.has(date);
};

/** The date itself when it is a business day, else the next business day after it. */
export const nextBusinessDay = (date: IsoDate, holidays: ReadonlySet<IsoDate>): IsoDate => {
  let day = date;
  // At most a handful of steps: a year holds at most 60 holidays (the lender calendar's limit) and 104 weekend days.
  for (let i = 0; i < 400 && !isBusinessDay(day, holidays); i++) day = addDays(day, 1);
  return day;
};

/**
 * `n` business days after `date` (before it when n is negative); `date` itself need not be one. n = 0 gives the
 * date itself.
 */
export const addBusinessDays = (date: IsoDate, n: number, holidays: ReadonlySet<IsoDate>): IsoDate => {
  const step = n < 0 ? -1 : 1;
  let day = date;
  for (let left = Math.abs(n); left > 0;) {
    day = addDays(day, step);
    if (isBusinessDay(day, holidays)) left--;
  }
  return day;
};

/** Regulation Z § 1026.2(a)(6): a business day for rescission — not a Sunday, not a 6103(a) holiday date. */
export const isRescissionBusinessDay = (date: IsoDate, federalHolidayDates: ReadonlySet<IsoDate>): boolean =>
  weekday(date) !== 0 && !federalHolidayDates.has(date);

const yearOf = (date: IsoDate): number => Number(date.slice(0, 4));

/**
 * The last day of the right of rescission (§ 1026.23(a)(3): "until midnight of the third business day following
 * consummation"), counting business days for rescission from the day after consummation. `federalHolidayDates` are
 * the 5 U.S.C. 6103(a) dates — by default `legalPublicHolidaySet` around the consummation year (see the file's note:
 * an observed Friday or Monday is a business day here). Consummation is taken as the latest of consummation,
 * delivery of the notice and of the material disclosures; the caller passes that date.
 */
export const rescissionDeadline = (
  consummationDate: IsoDate,
  federalHolidayDates: ReadonlySet<IsoDate> = legalPublicHolidaySet(
    yearOf(consummationDate),
    yearOf(consummationDate) + 1,
  ),
): IsoDate => {
  let day = consummationDate;
  for (let left = 3; left > 0;) {
    day = addDays(day, 1);
    if (isRescissionBusinessDay(day, federalHolidayDates)) left--;
  }
  return day;
};

/**
 * The first day a rescindable loan may be funded: the day after the rescission deadline (computed on the 6103(a)
 * dates), moved to the lender's next business day (`holidays`: the lender's calendar, observed dates).
 */
export const earliestFundingDate = (consummationDate: IsoDate, holidays: ReadonlySet<IsoDate>): IsoDate =>
  nextBusinessDay(addDays(rescissionDeadline(consummationDate), 1), holidays);

/** The names of the federal holidays, lower-cased, for matching a lender's holiday by name. */
const federalNameKeys = new Map(federalHolidayNames.map((n) => [n.toLowerCase(), n]));

/** The federal holiday a name stands for ('christmas day ' → 'Christmas Day'), or null. */
export const federalHolidayNamed = (name: string): FederalHolidayName | null =>
  federalNameKeys.get(name.trim().toLowerCase()) ?? null;

/**
 * A year's holidays carried to the next year (Administration › Lender Calendar › Copy Previous Year):
 * - a federal holiday (by name) is recomputed on its observed date(s) in `year`; a federal holiday that the
 *   previous year could not hold (New Year's Day when it was observed on December 31 of the year before it) is
 *   carried too, so that copying never loses one;
 * - any other holiday keeps its month and day (February 29 becomes February 28 in a common year).
 * Dates are unique (the first holiday named for a date wins) and in date order.
 */
export const carryHolidaysToYear = (previous: readonly Holiday[], year: number): Holiday[] => {
  const target = federalHolidays(year);
  const previousFederal = new Set<string>(federalHolidays(year - 1).map((h) => h.name));
  const carriedNames = new Set<string>();
  const others: Holiday[] = [];
  for (const holiday of previous) {
    const federal = federalHolidayNamed(holiday.name);
    if (federal) {
      carriedNames.add(federal);
      continue;
    }
    const m = Number(holiday.date.slice(5, 7));
    const d = Math.min(Number(holiday.date.slice(8, 10)), daysInMonth(year, m));
    others.push({ date: ymd(year, m, d), name: holiday.name });
  }
  if (carriedNames.size > 0)
    for (const name of federalHolidayNames) if (!previousFederal.has(name)) carriedNames.add(name);
  const byDate = new Map<IsoDate, Holiday>();
  for (const h of [...target.filter((t) => carriedNames.has(t.name)), ...others])
    if (!byDate.has(h.date)) byDate.set(h.date, h);
  return [...byDate.values()].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
};
