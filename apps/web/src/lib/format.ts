import type { Money } from '@credence/domain';

/** '$1,234.56' from an exact decimal (no binary floating point on the way). */
export const formatCurrency = (value: Money): string => {
  const fixed = value.toFixed(2);
  const negative = fixed.startsWith('-');
  const [whole = '0', cents = '00'] = (negative ? fixed.slice(1) : fixed).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}$${grouped}.${cents}`;
};

/** '1,234' for counts. */
export const formatCount = (value: number): string => value.toLocaleString('en-US');
