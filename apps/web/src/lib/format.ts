import { todayIso, type Money } from '@credence/domain';

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

let lenderTimeZone: string | undefined;

/** The lender's time zone (Administration › lender settings), set when the signed-in user is read. */
export const setDisplayTimeZone = (timeZone: string) => {
  lenderTimeZone = timeZone;
};

/** The zone every time is shown in (issue 29, item 10): the lender's; the browser's before the user is known. */
export const displayTimeZone = (): string =>
  lenderTimeZone ?? (Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC');

/** Today's date in the lender's zone, YYYY-MM-DD: the date the server reads "today" as (an evening's UTC is tomorrow). */
export const lenderToday = (): string => todayIso(displayTimeZone());

/** A moment in the lender's zone, the zone named: 03/05/2026, 2:07 PM MST (the closing summary and PDFs agree). */
export const formatDateTime = (iso: string | Date | null | undefined): string => {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return String(iso);
  return date.toLocaleString('en-US', {
    month: '2-digit',
    day: '2-digit',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: displayTimeZone(),
    timeZoneName: 'short',
  });
};
