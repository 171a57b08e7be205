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

/** A moment as local date and time: 03/05/2026 2:07 PM. */
export const formatDateTime = (iso: string | null | undefined): string => {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString('en-US', {
    month: '2-digit',
    day: '2-digit',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
};
