/**
 * Calendar arithmetic for loan dates. Dates are ISO calendar days ('2026-01-31'), computed in UTC so that no
 * time zone or daylight-saving shift can move a payment date.
 */
import type { PaymentFrequency } from './payment.ts';

export type IsoDate = string;

const DAY_MS = 86_400_000;

type Ymd = { y: number; m: number; d: number };

/** The number written in `date` from `start` to `end`, or −1 when it is not all digits. */
const digits = (date: string, start: number, end: number): number => {
  let n = 0;
  for (let i = start; i < end; i += 1) {
    const digit = date.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return -1;
    n = n * 10 + digit;
  }
  return n;
};

/** YYYY-MM-DD, a real calendar day (read by hand: the schedule reads thousands of dates). */
const parse = (date: IsoDate): Ymd => {
  const [y, m, d] = [digits(date, 0, 4), digits(date, 5, 7), digits(date, 8, 10)];
  const shaped = date.length === 10 && date[4] === '-' && date[7] === '-' && y >= 0;
  if (!shaped || m < 1 || m > 12 || d < 1 || d > daysInMonth(y, m)) throw new RangeError(`Not a date: ${date}`);
  return { y, m, d };
};

const two = (n: number) => (n < 10 ? `0${n}` : `${n}`);
const format = ({ y, m, d }: Ymd): IsoDate => `${String(y).padStart(4, '0')}-${two(m)}-${two(d)}`;

/** Days in month m (1–12) of year y. */
export const daysInMonth = (y: number, m: number): number => {
  if (m === 2) return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0 ? 29 : 28;
  return m === 4 || m === 6 || m === 9 || m === 11 ? 30 : 31;
};

export const isIsoDate = (value: string): boolean => {
  try {
    parse(value);
    return true;
  } catch {
    return false;
  }
};

/** Day `day` of the month `months` after (y, m), or the month's last day when it is shorter. */
const onDay = (y: number, m: number, months: number, day: number): Ymd => {
  const index = y * 12 + (m - 1) + months;
  const ny = Math.floor(index / 12);
  const nm = index - ny * 12 + 1;
  return { y: ny, m: nm, d: Math.min(day, daysInMonth(ny, nm)) };
};

/** The same day `months` months later (or earlier), clamped to the month's last day: Jan 31 + 1 → Feb 29 2024. */
export const addMonths = (date: IsoDate, months: number): IsoDate => {
  const { y, m, d } = parse(date);
  return format(onDay(y, m, months, d));
};

const fromUtc = (time: number): IsoDate => {
  const t = new Date(time);
  return format({ y: t.getUTCFullYear(), m: t.getUTCMonth() + 1, d: t.getUTCDate() });
};

export const addDays = (date: IsoDate, days: number): IsoDate => {
  const { y, m, d } = parse(date);
  return fromUtc(Date.UTC(y, m - 1, d) + days * DAY_MS);
};

/** Actual calendar days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: IsoDate, to: IsoDate): number => {
  const a = parse(from);
  const b = parse(to);
  return Math.round((Date.UTC(b.y, b.m - 1, b.d) - Date.UTC(a.y, a.m - 1, a.d)) / DAY_MS);
};

/** Days from `from` to `to` on the 30/360 basis (US, NASD rule for the 31st). */
export const days360 = (from: IsoDate, to: IsoDate): number => {
  const a = parse(from);
  const b = parse(to);
  const d1 = Math.min(a.d, 30);
  const d2 = b.d === 31 && d1 === 30 ? 30 : b.d;
  return 360 * (b.y - a.y) + 30 * (b.m - a.m) + (d2 - d1);
};

/** Months in one payment period, for the frequencies whose periods are whole months. */
export const monthsPerPeriod: Partial<Record<PaymentFrequency, number>> = {
  Annually: 12,
  SemiAnnually: 6,
  Quarterly: 3,
  Monthly: 1,
};
/** Days in one payment period, for the frequencies whose periods are whole weeks. */
export const daysPerPeriod: Partial<Record<PaymentFrequency, number>> = { BiWeekly: 14, Weekly: 7 };

/**
 * The two days of the month of a semi-monthly schedule, chosen from the first payment's day d: the 15th and the
 * last day when d is the 15th or its month's last day; else d and d + 15 below the 15th (1st/16th …
 * 14th/29th), d − 15 and d above it. 31 stands for the last day, and a day past a month's end is its last day,
 * so payments are 13 to 16 days apart (13 only across the end of February) and never two on one day.
 */
export const semiMonthlyDays = (firstPaymentDate: IsoDate): readonly [number, number] => {
  const { y, m, d } = parse(firstPaymentDate);
  if (d === 15 || d === daysInMonth(y, m)) return [15, 31];
  return d < 15 ? [d, d + 15] : [d - 15, d];
};

/**
 * The due dates of a schedule, by payment index (0 = the first payment; −1 the scheduled date before it), always
 * counted from the first payment date, never period by period (spec 3 §9): years, quarters of 3 months and
 * months by month arithmetic; semi-monthly on the two days of `semiMonthlyDays`; two weeks; one week.
 */
export const paymentDates = (firstPaymentDate: IsoDate, frequency: PaymentFrequency): ((index: number) => IsoDate) => {
  const first = parse(firstPaymentDate);
  const months = monthsPerPeriod[frequency];
  if (months !== undefined) return (k) => format(onDay(first.y, first.m, months * k, first.d));
  const days = daysPerPeriod[frequency];
  const start = Date.UTC(first.y, first.m - 1, first.d);
  if (days !== undefined) return (k) => fromUtc(start + days * k * DAY_MS);
  const pair = semiMonthlyDays(firstPaymentDate);
  const offset = first.d === pair[0] ? 0 : 1;
  return (k) => {
    const half = (((k + offset) % 2) + 2) % 2;
    return format(onDay(first.y, first.m, (k + offset - half) / 2, pair[half]!));
  };
};

/** The due date of payment `index` of a schedule (see `paymentDates`). */
export const paymentDate = (firstPaymentDate: IsoDate, index: number, frequency: PaymentFrequency): IsoDate =>
  paymentDates(firstPaymentDate, frequency)(index);

/** Spec 3 §9: the last payment date applies (number of payments − 1) periods to the first payment date. */
export const lastPaymentDate = (firstPaymentDate: IsoDate, numberOfPayments: number, frequency: PaymentFrequency) =>
  paymentDate(firstPaymentDate, numberOfPayments - 1, frequency);

/** The scheduled date one period before `date` taken as a first payment: where a regular first period begins. */
export const periodBefore = (date: IsoDate, frequency: PaymentFrequency): IsoDate => paymentDate(date, -1, frequency);

/** The date `months` months after `date`'s month on day `day` of a series (a short month's last day past its end). */
export const monthOnDay = (date: IsoDate, months: number, day: number): IsoDate => {
  const { y, m } = parse(date);
  return format(onDay(y, m, months, day));
};

/**
 * Appendix J (b)(3)(iv), (b)(5)(ii)–(iii): the full months from `from` to `to`, measured back from `to` on the
 * day `day` of a series of payments (the 29th–31st falling on a short month's last day, 31 its last day), and
 * the days left from `from` to the start of the first full month (0–30).
 */
export const monthsAndDaysBack = (from: IsoDate, to: IsoDate, day: number): { months: number; days: number } => {
  const a = parse(from);
  const b = parse(to);
  const all = (b.y - a.y) * 12 + (b.m - a.m);
  const months = onDay(b.y, b.m, -all, day).d < a.d ? all - 1 : all;
  return { months, days: daysBetween(from, monthOnDay(to, -months, day)) };
};

/** The day of the month of an ISO date. */
export const dayOfMonth = (date: IsoDate): number => parse(date).d;

/** A calendar date as the spec shows dates: MM/dd/yyyy. */
export const formatUsDate = (date: IsoDate): string => {
  const { y, m, d } = parse(date);
  return `${String(m).padStart(2, '0')}/${String(d).padStart(2, '0')}/${String(y).padStart(4, '0')}`;
};

/** Today's calendar date in UTC, or in a given IANA time zone. */
export const todayIso = (timeZone = 'UTC'): IsoDate =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
