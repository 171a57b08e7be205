import { z } from 'zod';
import { endpoint } from '../kit/endpoint.ts';
import { messages } from '../messages.ts';
import { dateSchema, textSchema } from '../primitives.ts';

/**
 * Administration › Lender Calendar (spec 2 §3, §4, §7, §8; issue 14): the lender's holidays, one list per year.
 * A lender business day is Monday to Friday except these (packages/domain business-calendar.ts); the funding
 * worksheet moves funding dates onto business days with them. The lender's time zone and today's date there (the
 * "lender date") are read beside them.
 *
 * Access (chosen): reading a year, the time zone and the lender date needs only a session — the funding and
 * decision worksheets show dates on the lender's business calendar; copying a year and saving need
 * `canManageLenderCalendar`.
 */

/** The texts of the area (spec 2 §8); the validation texts are ours (the spec shows none). */
export const lenderCalendarTexts = {
  saved: 'Saved Lender Calendar',
  getListFailure: 'Get LenderCalendar List Failure',
  copyPreviousYearFailure: 'Copy Previous Year Failure',
  saveFailed: 'Lender Calendar Save Failed',
  getTimeZoneFailure: 'Get Lender Time Zone Failure',
  getLenderDateFailure: 'Get Lender Date Failure',
  dateOutsideYear: (year: number) => `The date must be in ${year}.`,
  dateTwice: 'This date is listed twice.',
  tooMany: (max: number) => `At most ${max} holidays a year.`,
  yearMismatch: 'The year does not match the calendar being saved.',
} as const;

/** The most holidays one year may hold. */
export const MAX_HOLIDAYS_PER_YEAR = 60;
/** The years a calendar may be kept for (the documented date range, primitives.ts). */
export const CALENDAR_YEAR_MIN = 1900;
export const CALENDAR_YEAR_MAX = 2199;

const yearSchema = z.number().int().min(CALENDAR_YEAR_MIN).max(CALENDAR_YEAR_MAX);
/** The year in a path ('/api/lenderCalendar/2027'). */
export const lenderCalendarYearParamsSchema = z.object({
  year: z.coerce.number().int().min(CALENDAR_YEAR_MIN).max(CALENDAR_YEAR_MAX),
});

export const lenderHolidaySchema = z.object({
  date: dateSchema,
  name: textSchema({ error: messages.validation.required }).trim().min(1, messages.validation.required).max(100),
});
export type LenderHoliday = z.infer<typeof lenderHolidaySchema>;

/** A year of the lender calendar: its holidays in date order. */
export const lenderCalendarSchema = z.object({
  year: yearSchema,
  lenderHolidays: z.array(lenderHolidaySchema),
});
export type LenderCalendar = z.infer<typeof lenderCalendarSchema>;

/**
 * What PUT lenderCalendar/{year} takes: the year's whole list (it replaces the saved one). Every date within the
 * year, each date once, a name on each, at most MAX_HOLIDAYS_PER_YEAR.
 */
export const lenderCalendarInputSchema = lenderCalendarSchema.superRefine((calendar, ctx) => {
  if (calendar.lenderHolidays.length > MAX_HOLIDAYS_PER_YEAR)
    ctx.addIssue({
      code: 'custom',
      path: ['lenderHolidays'],
      message: lenderCalendarTexts.tooMany(MAX_HOLIDAYS_PER_YEAR),
    });
  const seen = new Set<string>();
  calendar.lenderHolidays.forEach((holiday, index) => {
    if (!holiday.date.startsWith(`${String(calendar.year).padStart(4, '0')}-`))
      ctx.addIssue({
        code: 'custom',
        path: ['lenderHolidays', index, 'date'],
        message: lenderCalendarTexts.dateOutsideYear(calendar.year),
      });
    else if (seen.has(holiday.date))
      ctx.addIssue({ code: 'custom', path: ['lenderHolidays', index, 'date'], message: lenderCalendarTexts.dateTwice });
    seen.add(holiday.date);
  });
});
export type LenderCalendarInput = z.infer<typeof lenderCalendarInputSchema>;

export const lenderTimeZoneSchema = z.object({ timeZoneId: z.string() });
export type LenderTimeZone = z.infer<typeof lenderTimeZoneSchema>;
/** Today in the lender's time zone (YYYY-MM-DD). */
export const lenderDateSchema = z.object({ lenderDate: z.string(), timeZoneId: z.string() });
export type LenderDate = z.infer<typeof lenderDateSchema>;

const tag = 'lenderCalendar';
const manage = { right: 'canManageLenderCalendar' } as const;

export const lenderCalendarEndpoints = {
  timeZone: endpoint({
    method: 'GET',
    path: '/api/lenderCalendar/timezone',
    access: 'signedIn',
    tag,
    summary: "The lender's IANA time zone (timeZoneId)",
    response: lenderTimeZoneSchema,
  }),
  lenderDate: endpoint({
    method: 'GET',
    path: '/api/lenderCalendar/lenderDate',
    access: 'signedIn',
    tag,
    summary: "Today's date in the lender's time zone",
    response: lenderDateSchema,
  }),
  copyPreviousYear: endpoint({
    method: 'GET',
    path: '/api/lenderCalendar/copyPreviousYear/:year',
    access: manage,
    tag,
    summary:
      "The previous year's holidays carried to {year} (federal ones recomputed by name, others on the same month and day); not saved",
    params: lenderCalendarYearParamsSchema,
    response: lenderCalendarSchema,
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/lenderCalendar/:year',
    access: 'signedIn',
    tag,
    summary: "The lender's holidays of one year, in date order",
    params: lenderCalendarYearParamsSchema,
    response: lenderCalendarSchema,
  }),
  save: endpoint({
    method: 'PUT',
    path: '/api/lenderCalendar/:year',
    access: manage,
    tag,
    summary: "Replace the lender's holidays of one year (audited); the saved year in `value`",
    params: lenderCalendarYearParamsSchema,
    body: lenderCalendarInputSchema,
    response: z.object({ value: lenderCalendarSchema }),
  }),
};
