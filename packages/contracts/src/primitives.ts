import { z } from 'zod';
import { messages } from './messages.ts';

/**
 * The shared primitives of every request schema (issue 10, item 7): text, ids and dates that the database can
 * store. A NUL byte, a lone UTF-16 surrogate, an id beyond a PostgreSQL integer or a year 0 / +275760 date
 * once reached PostgreSQL and came back as a 500; these refuse them first, as a 422 naming the field.
 */

/** The largest id: a PostgreSQL `integer`. Every id in a path, a query or a body is 1 to MAX_ID. */
export const MAX_ID = 2_147_483_647;

/* eslint-disable no-control-regex -- refusing control characters is the point */
/** Single-line text: every C0 control character and DEL except tab. */
const SINGLE_LINE_CONTROLS = /[\u0000-\u0008\u000a-\u001f\u007f]/;
/** Multi-line text (comments, descriptions): tab, line feed and carriage return are allowed. */
const MULTI_LINE_CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
/* eslint-enable no-control-regex */
/** A high surrogate not followed by a low one, or a low surrogate not preceded by a high one. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export type TextOptions = {
  /** Allow line breaks (tab, LF and CR); other control characters are still refused. */
  multiline?: boolean;
  /** The message when the value is not a string at all (e.g. a required field left out). */
  error?: string;
};

/** Is this text storable: well-formed UTF-16 (no lone surrogate) without NUL or other control characters? */
export const isSafeText = (value: string, options: Pick<TextOptions, 'multiline'> = {}): boolean =>
  !(options.multiline ? MULTI_LINE_CONTROLS : SINGLE_LINE_CONTROLS).test(value) && !LONE_SURROGATE.test(value);

/**
 * THE text primitive: every free text a request carries (names, comments, search text, filter values, user
 * names, passwords, …) starts here. Chain `.trim()`, `.min()`, `.max()` after it as with `z.string()`; a
 * refused character is a 422 with `messages.validation.invalidText`.
 */
export const textSchema = (options: TextOptions = {}) =>
  z
    .string(options.error === undefined ? undefined : { error: options.error })
    .refine((value) => isSafeText(value, options), messages.validation.invalidText);

/** An id inside a body (a number, not the text of a path): a whole number from 1 to MAX_ID. */
export const idValueSchema = z
  .number()
  .int(messages.validation.invalidId)
  .min(1, messages.validation.invalidId)
  .max(MAX_ID, messages.validation.invalidId);

/**
 * The range of every date and date-time a request may carry: 1900-01-01 to 2199-12-31 (UTC), both included.
 * Births, company establishment, maturities, alert dates and queue filters all fall inside it; outside it the
 * value is a typo or an attack (PostgreSQL has no year 0, JavaScript dates end in +275760), and is a 422.
 */
export const DATE_MIN = '1900-01-01';
export const DATE_MAX = '2199-12-31';
const DATE_MIN_MS = Date.parse(`${DATE_MIN}T00:00:00.000Z`);
/** The first instant after the range (2200-01-01T00:00:00Z), excluded. */
const DATE_END_MS = Date.parse('2200-01-01T00:00:00.000Z');

/** Is this instant (epoch milliseconds) within DATE_MIN .. DATE_MAX? */
export const isInDateRange = (ms: number): boolean => Number.isFinite(ms) && ms >= DATE_MIN_MS && ms < DATE_END_MS;
/** Is this YYYY-MM-DD calendar date within DATE_MIN .. DATE_MAX? (String order is date order for YYYY-MM-DD.) */
export const isDateInRange = (date: string): boolean => date >= DATE_MIN && date <= DATE_MAX;

/** A calendar date, YYYY-MM-DD, from DATE_MIN to DATE_MAX. */
export const dateSchema = z.iso.date().refine(isDateInRange, messages.validation.dateOutOfRange);
/** An ISO 8601 date-time with a time zone offset (or Z), from DATE_MIN to DATE_MAX. */
export const dateTimeSchema = z.iso
  .datetime({ offset: true })
  .refine((value) => isInDateRange(Date.parse(value)), messages.validation.dateOutOfRange);
