/**
 * Regulation Z Appendix J (12 CFR 1026): the unit period of a schedule and, for each payment, the full unit
 * periods t and the fraction f of one from the beginning of the term (the contract date) to the payment, for
 * the general equation (b)(8). The time is always measured back from the payment to the beginning of the term
 * ((b)(5)(ii)–(v)), so an odd first period, short or long, is the fraction at the start of the term.
 */
import {
  daysBetween,
  dayOfMonth,
  daysPerPeriod,
  monthOnDay,
  monthsAndDaysBack,
  monthsPerPeriod,
  semiMonthlyDays,
  type IsoDate,
} from './loan-dates.ts';
import { LoanMathError, paymentFrequencies, type PaymentFrequency } from './payment.ts';

/**
 * The unit periods of a schedule: w, the unit periods in a year, and t and f of the first payment: the full unit
 * periods and the fraction of one from the beginning of the term. Payment k (0 = the first) falls t + k full
 * unit periods after it, with the same f: between payments there is one unit period (the (c)(1) form).
 */
export type UnitPeriods = { perYear: number; whole: number; fraction: number };
type UnitPeriod = Omit<UnitPeriods, 'perYear'>;

const split = (units: number, size: number): UnitPeriod => ({
  whole: Math.floor(units / size),
  fraction: (units % size) / size,
});

/**
 * (b)(5)(v): a unit period of a year: full years measured back from the later date; the rest is its whole
 * months over 12 when it is a whole number of months, else its days over 365.
 */
const yearsBack = (from: IsoDate, to: IsoDate, day: number): UnitPeriod => {
  const { months, days } = monthsAndDaysBack(from, to, day);
  const whole = Math.floor(months / 12);
  if (days === 0) return { whole, fraction: (months % 12) / 12 };
  return { whole, fraction: daysBetween(from, monthOnDay(to, -12 * whole, day)) / 365 };
};

/**
 * (b)(5)(ii)–(iii): a unit period of `unit` months: full months measured back from the later date on the day of
 * the payments' series ((b)(3)(iv): the 29th–31st on a short month's last day), the remaining days over 30 for
 * a month; for 3 or 6 months, 30 days × full months + remaining days over 90 or 180.
 */
const monthsBack = (from: IsoDate, to: IsoDate, day: number, unit: number): UnitPeriod => {
  if (unit === 12) return yearsBack(from, to, day);
  const { months, days } = monthsAndDaysBack(from, to, day);
  return unit === 1 ? { whole: months, fraction: days / 30 } : split(30 * months + days, 30 * unit);
};

/** The first payment's unit periods from the beginning of the term, at a frequency with more than one payment. */
const firstPeriod = (contractDate: IsoDate, firstPaymentDate: IsoDate, frequency: PaymentFrequency): UnitPeriod => {
  const months = monthsPerPeriod[frequency];
  if (months !== undefined) return monthsBack(contractDate, firstPaymentDate, dayOfMonth(firstPaymentDate), months);
  // (b)(5)(iv): a week or a multiple of one: the days over the days of the unit period.
  const weekDays = daysPerPeriod[frequency];
  if (weekDays !== undefined) return split(daysBetween(contractDate, firstPaymentDate), weekDays);
  // (b)(5)(iii): a semimonth: 30 days × full months (back on the first payment's day of the month, of the two
  // of the schedule) + remaining days, over 15.
  const [early, late] = semiMonthlyDays(firstPaymentDate);
  const day = dayOfMonth(firstPaymentDate) === early ? early : late;
  const { months: m, days } = monthsAndDaysBack(contractDate, firstPaymentDate, day);
  return split(30 * m + days, 15);
};

/**
 * (b)(4)(ii), (b)(5)(vi)–(vii): a single advance, single payment transaction: the unit period is the term, but
 * not more than a year. A term under a year is one unit period, 12 / its months a year when it is a whole number
 * of months, else 365 / its days; a longer term counts in years ((b)(5)(v)).
 */
const singlePayment = (contractDate: IsoDate, paymentDate: IsoDate): UnitPeriods => {
  const day = dayOfMonth(paymentDate);
  const { months, days } = monthsAndDaysBack(contractDate, paymentDate, day);
  if (months >= 12) return { perYear: 1, ...yearsBack(contractDate, paymentDate, day) };
  const perYear = days === 0 ? 12 / months : 365 / daysBetween(contractDate, paymentDate);
  return { perYear, whole: 1, fraction: 0 };
};

/** The term begins at consummation and ends with the payments: the first one must be after the contract date. */
export const checkFirstPaymentDate = (contractDate: IsoDate, firstPaymentDate: IsoDate): void => {
  if (daysBetween(contractDate, firstPaymentDate) <= 0)
    throw new LoanMathError('firstPaymentDate', 'First Payment Date must be after the Contract Date.');
};

/**
 * The unit periods of a loan consummated on `contractDate` with `numberOfPayments` payments from
 * `firstPaymentDate`: the payment frequency is the common period ((b)(4)(i)), a single payment's term its
 * unit period ((b)(4)(ii)). The first period, short or long, is counted back from the first payment.
 */
export const unitPeriods = (
  contractDate: IsoDate,
  firstPaymentDate: IsoDate,
  numberOfPayments: number,
  frequency: PaymentFrequency,
): UnitPeriods => {
  checkFirstPaymentDate(contractDate, firstPaymentDate);
  if (numberOfPayments === 1) return singlePayment(contractDate, firstPaymentDate);
  return { perYear: paymentFrequencies[frequency], ...firstPeriod(contractDate, firstPaymentDate, frequency) };
};

/** The full unit periods and the fraction of one from the contract date to the first of several payments. */
export const firstPeriodUnits = (contractDate: IsoDate, firstPaymentDate: IsoDate, frequency: PaymentFrequency) => {
  const { whole, fraction } = unitPeriods(contractDate, firstPaymentDate, 2, frequency);
  return { whole, fraction };
};
