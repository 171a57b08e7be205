import { federalHolidays } from '@credence/domain';
import type { DbExecutor } from '../client.ts';
import { lenderHolidays } from '../schema/index.ts';

/**
 * The demo lender calendar (issue 14): the US federal holidays on their observed dates (domain `federalHolidays`:
 * a Saturday holiday on the Friday before, a Sunday one on the Monday after; New Year's Day observed on December 31
 * is listed under that year) for each of `years`. A date already on the lender's calendar is left as it is, so
 * running it again adds nothing.
 */
export const seedLenderCalendar = async (tx: DbExecutor, lenderId: number, years: number[]) => {
  const rows = years.flatMap((year) =>
    federalHolidays(year).map((h) => ({ lenderId, holidayDate: h.date, name: h.name })),
  );
  if (rows.length > 0) await tx.insert(lenderHolidays).values(rows).onConflictDoNothing();
};
