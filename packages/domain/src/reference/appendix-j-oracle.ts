/**
 * A test-only reference for the APR of Regulation Z Appendix J (12 CFR 1026), written apart from the production
 * loan maths (it imports none of it): exact rational unit periods from the calendar dates of the payments, the
 * general equation (b)(8) evaluated in 112-bit binary fixed point (33 digits) with exact integer payments, and
 * the unit-period rate solved by bisection to 1e-10 points. The bisection starts from a narrow bracket around a
 * double-precision secant estimate, widened until the fixed-point present values prove that it holds the root
 * (PV(lo) ≥ A ≥ PV(hi)): the estimate only saves steps, the bracket is what certifies the answer. The payment dates are read as they are: each must fall a whole number of unit periods after the
 * first, or the oracle refuses the loan.
 */

type Q = { n: number; d: number };
type Ymd = { y: number; m: number; d: number };
/** A unit period: weeks, months, or a semimonth. */
export type OracleUnit = { weeks: number } | { months: number } | 'semimonth';
export type OraclePayment = { date: string; cents: bigint };
export type OracleLoan = {
  /** The beginning of the term (consummation). */
  contractDate: string;
  amountFinancedCents: bigint;
  payments: readonly OraclePayment[];
  /** The common period of the payments ((b)(4)(i)); a single payment takes its term ((b)(4)(ii)). */
  unit: OracleUnit;
};
export type OracleApr = {
  /** The APR in percent, 10 decimals, truncated from the exact bracket. */
  apr: string;
  /** The APR in units of 1e-10 percent. */
  aprE10: bigint;
  /** t of each payment, and the common f. */
  periods: number[];
  fraction: Q;
  perYear: Q;
};

/* ------------------------------------------------------------------------------------------ calendar */

const ymd = (iso: string): Ymd => ({ y: +iso.slice(0, 4), m: +iso.slice(5, 7), d: +iso.slice(8, 10) });
const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const monthLength = (y: number, m: number) => (m === 2 ? (isLeap(y) ? 29 : 28) : [4, 6, 9, 11].includes(m) ? 30 : 31);
/** Days since 1970-01-01 (the civil-from-days algorithm turned round). */
const dayNumber = ({ y, m, d }: Ymd): number => {
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  return era * 146097 + yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy - 719468;
};
const monthIndex = ({ y, m }: Ymd) => y * 12 + m - 1;
/** The date of a monthly series on day `day` (31: the last day) in the month with index `index`. */
const seriesDate = (index: number, day: number): Ymd => {
  const y = Math.floor(index / 12);
  const m = index - y * 12 + 1;
  return { y, m, d: Math.min(day, monthLength(y, m)) };
};
const isLastDay = (date: Ymd) => date.d === monthLength(date.y, date.m);
/**
 * (b)(3)(iv) The day of a monthly series of dates: the largest (a 29th–31st falls on a short month's last day);
 * for the later day of a semi-monthly schedule, the last day of the month when every date is one.
 */
const seriesDay = (dates: Ymd[], lastDays = false): number =>
  lastDays && dates.every(isLastDay) ? 31 : Math.max(...dates.map((x) => x.d));

/** Full months from `from` measured back from `to` on the series day, and the days left (b)(5)(ii)–(iii). */
const monthsBack = (from: Ymd, to: Ymd, day: number) => {
  let k = monthIndex(to) - monthIndex(from);
  while (k > 0 && dayNumber(seriesDate(monthIndex(to) - k, day)) < dayNumber(from)) k -= 1;
  return { months: k, days: dayNumber(seriesDate(monthIndex(to) - k, day)) - dayNumber(from) };
};

/* ------------------------------------------------------------------------------------- unit periods */

const reduce = (n: number, d: number): Q => {
  const g = (a: number, b: number): number => (b === 0 ? a : g(b, a % b));
  const c = g(n, d) || 1;
  return { n: n / c, d: d / c };
};
const splitUnits = (units: number, size: number) => ({
  whole: Math.floor(units / size),
  fraction: reduce(units % size, size),
});

/** (b)(5)(v): full years back; the rest in whole months over 12, else in days over 365. */
const yearUnits = (from: Ymd, to: Ymd, day: number) => {
  const { months, days } = monthsBack(from, to, day);
  const whole = Math.floor(months / 12);
  if (days === 0) return { whole, fraction: reduce(months % 12, 12) };
  const start = seriesDate(monthIndex(to) - 12 * whole, day);
  return { whole, fraction: reduce(dayNumber(start) - dayNumber(from), 365) };
};

/** t and f of a date at the beginning of the term, for a unit period of several payments, on day `day`. */
const firstUnits = (from: Ymd, to: Ymd, unit: OracleUnit, day: number) => {
  if (unit === 'semimonth') {
    const { months, days } = monthsBack(from, to, day);
    return splitUnits(30 * months + days, 15); // (b)(5)(iii)
  }
  if ('weeks' in unit) return splitUnits(dayNumber(to) - dayNumber(from), 7 * unit.weeks); // (b)(5)(iv)
  if (unit.months === 12) return yearUnits(from, to, day);
  const { months, days } = monthsBack(from, to, day);
  return splitUnits(30 * months + days, 30 * unit.months); // (b)(5)(ii)–(iii)
};

const perYearOf = (unit: OracleUnit): Q =>
  unit === 'semimonth' ? reduce(24, 1) : 'weeks' in unit ? reduce(52, unit.weeks) : reduce(12, unit.months);

/** Unit periods from the first payment to each payment, read from the dates; refuses dates off the grid. */
const stepsFromFirst = (dates: Ymd[], unit: OracleUnit, days: (x: Ymd) => number): number[] => {
  const first = dates[0]!;
  return dates.map((x) => {
    let steps: number;
    if (unit === 'semimonth')
      steps = 2 * monthIndex(x) + (x.d > 15 ? 1 : 0) - (2 * monthIndex(first) + (first.d > 15 ? 1 : 0));
    else if ('weeks' in unit) steps = (dayNumber(x) - dayNumber(first)) / (7 * unit.weeks);
    else steps = (monthIndex(x) - monthIndex(first)) / unit.months;
    const onGrid =
      Number.isInteger(steps) &&
      (unit !== 'semimonth' && 'weeks' in unit ? true : x.d === seriesDate(monthIndex(x), days(x)).d);
    if (!onGrid) throw new RangeError(`A payment off the unit periods: ${x.y}-${x.m}-${x.d}`);
    return steps;
  });
};

/** The unit periods of a loan: t of each payment, the common f, and w. */
export const oracleUnitPeriods = (loan: OracleLoan) => {
  const from = ymd(loan.contractDate);
  const dates = loan.payments.map((p) => ymd(p.date));
  const first = dates[0]!;
  if (dates.length === 1) {
    // (b)(4)(ii), (b)(5)(vi)–(vii): the term is the unit period, up to a year.
    const { months, days } = monthsBack(from, first, first.d);
    if (months >= 12) {
      const { whole, fraction } = yearUnits(from, first, first.d);
      return { periods: [whole], fraction, perYear: reduce(1, 1) };
    }
    const perYear = days === 0 ? reduce(12, months) : reduce(365, dayNumber(first) - dayNumber(from));
    return { periods: [1], fraction: reduce(0, 1), perYear };
  }
  const semimonth = loan.unit === 'semimonth';
  const [early, late] = semimonth
    ? [
        seriesDay(dates.filter((x) => x.d <= 15)),
        seriesDay(
          dates.filter((x) => x.d > 15),
          true,
        ),
      ]
    : [seriesDay(dates), seriesDay(dates)];
  const dayOf = (x: Ymd) => (x.d <= 15 ? early : late);
  const { whole, fraction } = firstUnits(from, first, loan.unit, dayOf(first));
  const steps = stepsFromFirst(dates, loan.unit, dayOf);
  return { periods: steps.map((s) => whole + s), fraction, perYear: perYearOf(loan.unit) };
};

/* ------------------------------------------------------------------------------------------ solving */

const BITS = 112n;
const ONE = 1n << BITS;

/**
 * Σ P_k / ((1 + f·i)(1 + i)^t_k) × 2^112, i = rate / 2^112, by Horner in v = 1 / (1 + i); `coefficients[t]` is
 * the sum of the payments at t unit periods, × 2^112.
 */
const presentValue = (coefficients: bigint[], fraction: Q, rate: bigint): bigint => {
  const v = (ONE << BITS) / (ONE + rate);
  let acc = 0n;
  for (let t = coefficients.length - 1; t >= 0; t -= 1) acc = ((acc * v) >> BITS) + coefficients[t]!;
  const fn = BigInt(fraction.n);
  const fd = BigInt(fraction.d);
  return (acc * fd * ONE) / (fd * ONE + fn * rate);
};

/** A double estimate of i by the secant method (only to place the bracket, which is then checked exactly). */
const estimate = (cents: number[], periods: number[], fraction: Q, target: number): number => {
  const f = fraction.n / fraction.d;
  const pv = (i: number) => {
    const log = Math.log1p(i);
    let sum = 0;
    for (let k = 0; k < cents.length; k += 1) sum += cents[k]! * Math.exp(-periods[k]! * log);
    return sum / (1 + f * i) - target;
  };
  const total = cents.reduce((sum, c) => sum + c, 0);
  const meanPeriods = periods.reduce((sum, t) => sum + t, 0) / periods.length + f;
  let [a, fa] = [0, total - target];
  let b = (total / target - 1) / meanPeriods;
  for (let step = 0; step < 60; step += 1) {
    const fb = pv(b);
    if (fb === fa || Math.abs(b - a) <= 1e-15 * b) break;
    [a, fa, b] = [b, fb, Math.max(0, b - (fb * (b - a)) / (fb - fa))];
  }
  return b;
};

/** The rate per unit period as an exact bracket [lo, hi] × 2^-112 with PV(lo) ≥ A ≥ PV(hi). */
const bracket = (coefficients: bigint[], fraction: Q, amount: bigint, guess: number): [bigint, bigint] => {
  const target = amount << BITS;
  const above = (rate: bigint) => presentValue(coefficients, fraction, rate) >= target;
  const mid = BigInt(Math.round(guess * 2 ** 53)) << (BITS - 53n);
  for (let width = ONE >> 46n; ; width <<= 8n) {
    const lo = mid > width ? mid - width : 0n;
    const hi = mid + width;
    if (above(lo) && !above(hi)) return [lo, hi];
  }
};

/** The APR of a loan: the rate per unit period solved by bisection to 1e-12 points, times w. */
export const oracleApr = (loan: OracleLoan): OracleApr => {
  const { periods, fraction, perYear } = oracleUnitPeriods(loan);
  const coefficients: bigint[] = Array.from({ length: Math.max(...periods) + 1 }, () => 0n);
  loan.payments.forEach((p, k) => (coefficients[periods[k]!] = coefficients[periods[k]!]! + (p.cents << BITS)));
  const total = loan.payments.reduce((sum, p) => sum + p.cents, 0n);
  const scale = BigInt(perYear.n) * 100n * 10n ** 10n; // i × w × 100, in 1e-10 points
  const toPoints = (rate: bigint) => (rate * scale) / (BigInt(perYear.d) << BITS);
  let [lo, hi] = [0n, 0n];
  if (total > loan.amountFinancedCents) {
    const cents = loan.payments.map((p) => Number(p.cents));
    const guess = estimate(cents, periods, fraction, Number(loan.amountFinancedCents));
    [lo, hi] = bracket(coefficients, fraction, loan.amountFinancedCents, guess);
    const target = loan.amountFinancedCents << BITS;
    while (toPoints(hi - lo) > 0n) {
      const mid = (lo + hi) >> 1n;
      if (presentValue(coefficients, fraction, mid) >= target) lo = mid;
      else hi = mid;
    }
  }
  const aprE10 = toPoints(lo);
  const digits = aprE10.toString().padStart(11, '0');
  return { apr: `${digits.slice(0, -10)}.${digits.slice(-10)}`, aprE10, periods, fraction, perYear };
};
