import {
  lenderCalendarTexts,
  type LenderCalendar,
  type LenderCalendarInput,
  type LenderDate,
  type LenderTimeZone,
} from '@credence/contracts';
import { carryHolidaysToYear, todayIso, type IsoDate } from '@credence/domain';
import type { TenantTx } from '../../db/tenancy.ts';
import { recordAudit } from '../../platform/audit.ts';
import type { AuthContext } from '../../platform/auth.ts';
import { changedFields } from '../../platform/crud.ts';
import { fieldError } from '../../platform/errors.ts';
import * as repo from './lender-calendar.repository.ts';

/**
 * The lender calendar (Administration › Lender Calendar; spec 2 §7): the lender's holidays by year, its time zone
 * and today's date there. Other modules (funding: business days, rescission and funding dates) import
 * `holidaySet` and `lenderDate` from here.
 */

/** The holidays of one year, in date order. */
export const readCalendar = async (tx: TenantTx, year: number): Promise<LenderCalendar> => ({
  year,
  lenderHolidays: await repo.listHolidays(tx, year, year),
});

/**
 * The previous year's holidays carried to `year` (federal holidays recomputed by name on their observed dates,
 * others on the same month and day; domain `carryHolidaysToYear`). Nothing is saved until PUT.
 */
export const copyPreviousYear = async (tx: TenantTx, year: number): Promise<LenderCalendar> => ({
  year,
  lenderHolidays: carryHolidaysToYear(await repo.listHolidays(tx, year - 1, year - 1), year),
});

/**
 * Replaces the year's holidays with `input` (validated by the contract: dates in the year, unique, named, at most
 * 60), audited with the list old → new in the same transaction (no row when nothing changed). Answers the saved
 * year in `value` (spec 2 §7).
 */
export const saveCalendar = async (
  tx: TenantTx,
  auth: AuthContext,
  year: number,
  input: LenderCalendarInput,
): Promise<{ value: LenderCalendar }> => {
  if (input.year !== year) throw fieldError('year', lenderCalendarTexts.yearMismatch);
  await repo.lockCalendar(tx, auth.lenderId);
  const before = await readCalendar(tx, year);
  const sorted = [...input.lenderHolidays].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  await repo.replaceHolidays(tx, auth.lenderId, year, sorted);
  const after = await readCalendar(tx, year);
  const changes = changedFields({ lenderHolidays: before.lenderHolidays }, { lenderHolidays: after.lenderHolidays });
  if (Object.keys(changes).length > 0)
    await recordAudit(tx, auth, {
      area: 'lenderCalendar',
      action: 'update',
      recordId: year,
      details: { label: `Lender Calendar ${year}`, changes },
    });
  return { value: after };
};

/** The lender's holiday dates from the first day of `fromYear` to the last day of `toYear` (funding's calendar). */
export const holidaySet = async (tx: TenantTx, fromYear: number, toYear: number): Promise<Set<IsoDate>> =>
  new Set((await repo.listHolidays(tx, fromYear, toYear)).map((h) => h.date));

/** The lender's IANA time zone. */
export const lenderTimeZone = async (tx: TenantTx): Promise<LenderTimeZone> => ({
  timeZoneId: await repo.findCurrentLenderTimeZone(tx),
});

/** Today's date in the lender's time zone (UTC when the stored zone is not one the runtime knows). */
export const lenderDate = async (tx: TenantTx): Promise<IsoDate> => (await lenderDateOf(tx)).lenderDate;

/** Today's date in the lender's time zone, with the zone. */
export const lenderDateOf = async (tx: TenantTx): Promise<LenderDate> => {
  const timeZoneId = await repo.findCurrentLenderTimeZone(tx);
  try {
    return { lenderDate: todayIso(timeZoneId), timeZoneId };
  } catch {
    return { lenderDate: todayIso('UTC'), timeZoneId };
  }
};
