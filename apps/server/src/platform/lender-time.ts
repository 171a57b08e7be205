import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { lenders } from '../db/schema/index.ts';

/** The lender's IANA time zone (lenders.time_zone), in which its people read dates. */
export const lenderTimeZone = async (db: Db, lenderId: number): Promise<string> => {
  const [row] = await db.select({ timeZone: lenders.timeZone }).from(lenders).where(eq(lenders.id, lenderId));
  return row?.timeZone ?? 'UTC';
};

const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * An instant as the lender's people read it: 'MM/dd/yyyy hh:mm AM' in the lender's zone (DESIGN.md rule 15),
 * e.g. '11/23/2026 07:05 AM'. A value that is not a date is given back as it is.
 */
export const lenderDateTime = (value: string | Date, timeZone: string): string => {
  const instant = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(instant.getTime())) return String(value);
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hour12: true,
    });
    formats.set(timeZone, format);
  }
  const part = Object.fromEntries(format.formatToParts(instant).map((p) => [p.type, p.value]));
  return `${part.month}/${part.day}/${part.year} ${part.hour}:${part.minute} ${part.dayPeriod}`;
};
