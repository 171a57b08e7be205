import Decimal from 'decimal.js';

/** Money is decimal, never binary floating point. Values cross the wire as strings or numbers and are parsed here. */
export const Money = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
export type Money = Decimal;
export type MoneyInput = Decimal.Value;

export const money = (value: MoneyInput): Money => new Money(value);
/** Round to whole cents, half away from zero. */
export const toCents = (value: MoneyInput): Money => new Money(value).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
/** Two-decimal string for display or the wire: '1234.50'. */
export const formatMoney = (value: MoneyInput): string => toCents(value).toFixed(2);

/** An amount as people read it: '$25,000.00' (exact: grouped from the decimal text, never a float). */
export const formatUsd = (value: MoneyInput): string => {
  const text = money(value).toFixed(2);
  const negative = text.startsWith('-');
  const grouped = text.replace('-', '').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}$${grouped}`;
};
