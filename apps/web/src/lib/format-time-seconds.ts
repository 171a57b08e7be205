import { displayTimeZone } from './format.ts';

/**
 * A moment in the lender's zone as M/d/yy h:mm:ss a ('3/5/26 2:07:09 PM', spec 1 §2, a notification's time). A
 * file of its own so that the shell's first load does not carry it: only the notifications card, loaded when the
 * bell opens, uses it.
 */
export const formatDateTimeWithSeconds = (iso: string): string => {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const parts = new Intl.DateTimeFormat('en-US', {
    month: 'numeric',
    day: 'numeric',
    year: '2-digit',
    hour: 'numeric',
    minute: '2-digit',
    second: '2-digit',
    hour12: true,
    timeZone: displayTimeZone(),
  })
    .formatToParts(date)
    .reduce<Partial<Record<Intl.DateTimeFormatPartTypes, string>>>((all, p) => ({ ...all, [p.type]: p.value }), {});
  return `${parts.month}/${parts.day}/${parts.year} ${parts.hour}:${parts.minute}:${parts.second} ${parts.dayPeriod}`;
};
