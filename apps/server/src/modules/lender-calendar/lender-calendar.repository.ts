import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import type { LenderHoliday } from '@credence/contracts';
import { lenderHolidays, lenders } from '../../db/schema/index.ts';
import type { TenantTx } from '../../db/tenancy.ts';

const yearStart = (year: number) => `${String(year).padStart(4, '0')}-01-01`;
const yearEnd = (year: number) => `${String(year).padStart(4, '0')}-12-31`;

/** The lender's holidays from the first day of `fromYear` to the last of `toYear`, in date order. */
export const listHolidays = (tx: TenantTx, fromYear: number, toYear: number): Promise<LenderHoliday[]> =>
  tx
    .select({ date: lenderHolidays.holidayDate, name: lenderHolidays.name })
    .from(lenderHolidays)
    .where(and(gte(lenderHolidays.holidayDate, yearStart(fromYear)), lte(lenderHolidays.holidayDate, yearEnd(toYear))))
    .orderBy(asc(lenderHolidays.holidayDate));

/**
 * Makes the lender's calendar saves wait for each other until the transaction ends (an advisory lock): two saves
 * at once cannot both insert a date the other just deleted (the unique lender-and-date index), and each audits
 * the list the other left.
 */
export const lockCalendar = (tx: TenantTx, lenderId: number) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext('lender_holidays'), ${lenderId}::int)`);

/** Replaces the holidays of one year (row-level security limits the delete to the current lender). */
export const replaceHolidays = async (tx: TenantTx, lenderId: number, year: number, holidays: LenderHoliday[]) => {
  await tx
    .delete(lenderHolidays)
    .where(and(gte(lenderHolidays.holidayDate, yearStart(year)), lte(lenderHolidays.holidayDate, yearEnd(year))));
  if (holidays.length > 0)
    await tx.insert(lenderHolidays).values(holidays.map((h) => ({ lenderId, holidayDate: h.date, name: h.name })));
};

/** The time zone of the transaction's lender (lenders.time_zone). */
export const findCurrentLenderTimeZone = async (tx: TenantTx): Promise<string> => {
  const [row] = await tx
    .select({ timeZone: lenders.timeZone })
    .from(lenders)
    .where(eq(lenders.id, sql`credence_current_lender()`));
  return row?.timeZone ?? 'UTC';
};
