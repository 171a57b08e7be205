/**
 * Exact rational arithmetic with BigInt for the rounding steps of loan maths: a tie (….5 of a cent) is decided
 * on the exact value, never on a 40-digit approximation that may land just under it.
 */
import { Money, type MoneyInput } from './money.ts';

export type Ratio = { n: bigint; d: bigint };

/** The exact fraction of a finite decimal, over a power of ten ('4.5' → 45/10). */
export const ratioOf = (value: MoneyInput): Ratio => {
  const m = new Money(value);
  if (!m.isFinite()) throw new RangeError('Not a finite number');
  const places = m.decimalPlaces();
  return { n: BigInt(m.toFixed(places).replace('.', '')), d: 10n ** BigInt(places) };
};

/** n/d rounded to the nearest integer, halves away from zero (d > 0). */
export const roundHalfUp = (n: bigint, d: bigint): bigint =>
  n >= 0n ? (2n * n + d) / (2n * d) : -((-2n * n + d) / (2n * d));

/** Whole cents of an amount that has at most two decimals (refuses anything finer). */
export const centsOf = (value: MoneyInput): bigint => {
  const m = new Money(value);
  if (!m.isFinite() || m.decimalPlaces() > 2)
    throw new RangeError(`An amount has at most two decimals: ${m.toString()}`);
  return BigInt(m.times(100).toFixed(0));
};

/** Cents back to money. */
export const fromCents = (cents: bigint): Money => {
  const digits = (cents < 0n ? -cents : cents).toString().padStart(3, '0');
  return new Money(`${cents < 0n ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`);
};
