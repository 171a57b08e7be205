/**
 * Exact fixed-point arithmetic for the compiled policy: a policy decimal ("45.5", "-0.25", "25000.00"; at most
 * 11 integer digits and 4 decimals, contracts `POLICY_DECIMAL_PATTERN`) becomes a whole number of
 * ten-thousandths, `45.5` -> 455000. Every such value is below 10^15 < 2^53, so the sums and comparisons the
 * engine does on them are exact integer arithmetic on JS numbers; nothing here is binary floating point.
 * The reference interpreter does the same sums with decimal.js instead, and the property test compares both.
 */

/** Ten-thousandths: the scale of every policy decimal. */
export const SCALE_DECIMALS = 4;
export const UNIT = 10_000;
const POW10 = [1, 10, 100, 1000, 10_000] as const; // 10^0 … 10^4

/** A policy decimal as ten-thousandths, or NaN when the text is not one (more than 4 decimals, a letter, …). */
export const parseScaled = (text: string): number => {
  const length = text.length;
  let i = 0;
  let negative = false;
  if (text.charCodeAt(0) === 45 /* - */) {
    negative = true;
    i = 1;
  }
  let whole = 0;
  let wholeDigits = 0;
  for (; i < length; i += 1) {
    const c = text.charCodeAt(i) - 48;
    if (c < 0 || c > 9) break;
    whole = whole * 10 + c;
    wholeDigits += 1;
  }
  if (wholeDigits === 0 || wholeDigits > 11) return Number.NaN;
  let fraction = 0;
  let fractionDigits = 0;
  if (i < length) {
    if (text.charCodeAt(i) !== 46 /* . */) return Number.NaN;
    for (i += 1; i < length; i += 1) {
      const c = text.charCodeAt(i) - 48;
      if (c < 0 || c > 9 || fractionDigits === SCALE_DECIMALS) return Number.NaN;
      fraction = fraction * 10 + c;
      fractionDigits += 1;
    }
    if (fractionDigits === 0) return Number.NaN;
  }
  const value = whole * UNIT + fraction * POW10[SCALE_DECIMALS - fractionDigits]!;
  return negative ? -value : value;
};

/** A whole number (months, years, miles, a score) as ten-thousandths. */
export const scaleInteger = (value: number): number => value * UNIT;

/** Rounds ten-thousandths to `decimals` places, half away from zero (decimal.js ROUND_HALF_UP). Exact. */
export const roundScaled = (value: number, decimals: number): number => {
  if (decimals >= SCALE_DECIMALS) return value;
  const step = POW10[SCALE_DECIMALS - decimals]!;
  const remainder = value % step;
  if (remainder === 0) return value;
  const truncated = value - remainder;
  if (remainder > 0) return remainder * 2 >= step ? truncated + step : truncated;
  return -remainder * 2 >= step ? truncated - step : truncated;
};

/** Ten-thousandths as text with exactly `decimals` places, rounding half away from zero first: 455000, 2 -> "45.50". */
export const formatScaled = (value: number, decimals: number): string => {
  const rounded = roundScaled(value, decimals);
  const negative = rounded < 0;
  const magnitude = negative ? -rounded : rounded;
  const fraction = magnitude % UNIT;
  const whole = (magnitude - fraction) / UNIT;
  const sign = negative ? '-' : '';
  if (decimals === 0) return `${sign}${whole}`;
  // The fraction is a multiple of the step now: keep its first `decimals` digits, with their leading zeros.
  const digits = String(POW10[decimals]! + fraction / POW10[SCALE_DECIMALS - decimals]!).slice(1);
  return `${sign}${whole}.${digits}`;
};
