import { money, type MoneyInput } from '@credence/domain';

/** An amount as people read it: '$25,000.00' (exact: grouped from the decimal text, never a float). */
export const usd = (value: MoneyInput) => {
  const text = money(value).toFixed(2);
  const negative = text.startsWith('-');
  const grouped = text.replace('-', '').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}$${grouped}`;
};
