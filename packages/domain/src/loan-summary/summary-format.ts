import Decimal from 'decimal.js';
import { Money } from '../money.ts';

/*
 * The display formats of the loan summary (spec 3 §9): dates MM/dd/yyyy, date-times in the lender's time zone as
 * 'MM/dd/yyyy h:mm AM', money '$1,234.56' (decimal.js, half-up to the cent, negative as '-$1.00'), LTV with 1 to 2
 * decimals, rates with 1 to 3, the percent display format 1.1-2, add-on rates per $1,000, enum labels title-cased.
 * Every formatter answers '' for an absent or unparseable value, so field lists can omit it (never 'null').
 */

type Value = string | number | null | undefined;

const decimalOf = (value: Value): Decimal | null => {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' && value.trim() === '') return null;
  try {
    const d = new Money(value);
    return d.isFinite() ? d : null;
  } catch {
    return null;
  }
};

/** Groups the integer digits by thousands: '1234567' → '1,234,567'. */
const groupThousands = (digits: string): string => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** A fixed-point string with grouped integer digits ('1234.5' → '1,234.5'); the sign stays in front. */
const grouped = (fixed: string): string => {
  const negative = fixed.startsWith('-');
  const [int = '', frac] = (negative ? fixed.slice(1) : fixed).split('.');
  return `${negative ? '-' : ''}${groupThousands(int)}${frac === undefined ? '' : `.${frac}`}`;
};

/** Money as '$1,234.56', half-up to the cent; negative as '-$1.00'. */
export const summaryMoney = (value: Value): string => {
  const d = decimalOf(value);
  if (d === null) return '';
  const cents = d.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  const text = grouped(cents.abs().toFixed(2));
  return cents.isNegative() && !cents.isZero() ? `-$${text}` : `$${text}`;
};

/** A decimal with between `min` and `max` fraction digits (half-up), grouped: the Angular digits info 1.min-max. */
export const summaryDecimal = (value: Value, min: number, max: number): string => {
  const d = decimalOf(value);
  if (d === null) return '';
  const rounded = d.toDecimalPlaces(max, Decimal.ROUND_HALF_UP);
  const places = Math.max(min, rounded.decimalPlaces());
  return grouped(rounded.toFixed(places));
};

/** LTV, 1 to 2 decimals: '96.5%', '80.0%', '101.26%'. */
export const summaryLtv = (value: Value): string => {
  const text = summaryDecimal(value, 1, 2);
  return text ? `${text}%` : '';
};

/** An interest rate or APR, 1 to 3 decimals: '5.125%', '6.0%'. */
export const summaryRate = (value: Value): string => {
  const text = summaryDecimal(value, 1, 3);
  return text ? `${text}%` : '';
};

/** The percent display format 1.1-2 (ownership, hold percentage, metrics): '25.0%', '33.33%'. */
export const summaryPercent = (value: Value): string => {
  const text = summaryDecimal(value, 1, 2);
  return text ? `${text}%` : '';
};

/** A whole count grouped by thousands (mileage, hours): '28,450'. */
export const summaryCount = (value: Value): string => {
  const d = decimalOf(value);
  return d === null ? '' : grouped(d.toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toFixed(0));
};

/** An add-on's rate per $1,000 financed: '$4.75 per $1,000'. */
export const summaryPer1000 = (ratePer1000: Value): string => {
  const text = summaryMoney(ratePer1000);
  return text ? `${text} per $1,000` : '';
};

const pad2 = (n: number): string => String(n).padStart(2, '0');

/**
 * A calendar date as MM/dd/yyyy. A date-only value ('2026-03-10') prints as is; a timestamp prints the calendar
 * date it falls on in `timeZone` (default UTC).
 */
export const summaryDate = (value: string | null | undefined, timeZone = 'UTC'): string => {
  if (!value) return '';
  const dateOnly = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (dateOnly) return `${dateOnly[2]}/${dateOnly[3]}/${dateOnly[1]}`;
  const parts = zonedParts(value, timeZone);
  return parts ? `${pad2(parts.month)}/${pad2(parts.day)}/${parts.year}` : '';
};

/** A timestamp in the lender's time zone as 'MM/dd/yyyy h:mm AM'. */
export const summaryDateTime = (value: string | null | undefined, timeZone: string): string => {
  if (!value) return '';
  const parts = zonedParts(value, timeZone);
  if (!parts) return '';
  const hour12 = parts.hour % 12 === 0 ? 12 : parts.hour % 12;
  const meridiem = parts.hour < 12 ? 'AM' : 'PM';
  return `${pad2(parts.month)}/${pad2(parts.day)}/${parts.year} ${hour12}:${pad2(parts.minute)} ${meridiem}`;
};

const formatters = new Map<string, Intl.DateTimeFormat>();
const zonedParts = (
  iso: string,
  timeZone: string,
): { year: number; month: number; day: number; hour: number; minute: number } | null => {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(formatter.formatToParts(date).find((p) => p.type === type)?.value ?? NaN);
  const parts = {
    year: part('year'),
    month: part('month'),
    day: part('day'),
    hour: part('hour') % 24,
    minute: part('minute'),
  };
  return Object.values(parts).some(Number.isNaN) ? null : parts;
};

/** An enumeration value title-cased: 'PRINCIPAL_RESIDENCE' → 'Principal Residence', 'funded' → 'Funded'. */
export const summaryEnum = (value: string | null | undefined): string => {
  if (!value) return '';
  // A display name already ('Mobile', 'Equifax', 'Check') stays as written.
  if (!/^[A-Z0-9_]+$/.test(value) && !/^[a-z0-9_]+$/.test(value)) return value;
  return value
    .toLowerCase()
    .split('_')
    .filter(Boolean)
    .map((word, i) =>
      acronyms.has(word)
        ? word.toUpperCase()
        : i > 0 && minorWords.has(word)
          ? word
          : word[0]!.toUpperCase() + word.slice(1),
    )
    .join(' ');
};

/** Words an enumeration label keeps in capitals ('LLC', 'RHS or FSA') or in lower case after the first word. */
const acronyms = new Set([
  'llc',
  'rv',
  'atv',
  'cd',
  'fha',
  'va',
  'rhs',
  'fsa',
  'hmda',
  'ach',
  'gap',
  'id',
  'dl',
  'us',
  'qm',
]);
const minorWords = new Set(['of', 'or', 'and', 'to', 'in', 'on', 'the', 'a']);

/** 'Yes' / 'No'; '' when unknown. */
export const summaryYesNo = (value: boolean | null | undefined): string =>
  value === null || value === undefined ? '' : value ? 'Yes' : 'No';

/** 'Last, First' (either part may be missing). */
export const summaryLastFirst = (
  person: { firstName: string | null; lastName: string | null } | null | undefined,
): string => (person ? [person.lastName, person.firstName].filter((p) => p && p.trim()).join(', ') : '');

/** An address on one line: '123 Main Street, Apt 4B, Springfield, IL 62701'. */
export const summaryAddress = (
  address:
    | {
        addressLine1: string | null;
        addressLine2: string | null;
        city: string | null;
        state: string | null;
        zip: string | null;
      }
    | null
    | undefined,
): string => {
  if (!address) return '';
  const stateZip = [address.state, address.zip].filter(Boolean).join(' ');
  return [address.addressLine1, address.addressLine2, address.city, stateZip].filter((p) => p && p.trim()).join(', ');
};

/** Parses a money value for sums (null when absent). */
export const summaryDecimalOf = decimalOf;

/**
 * A limit of a decision's exception to policy as printed (issue 29, item 5): money, months, a rate — or, for the
 * policy's outcome, the outcome and the decision as they are ('Decline', 'Approve').
 */
export const policyLimitValue = (limit: string, value: string): string =>
  limit === 'amount'
    ? summaryMoney(value)
    : limit === 'term'
      ? `${value} months`
      : limit === 'rate'
        ? summaryRate(value)
        : value;
