import { toNestErrors } from '@hookform/resolvers';
import type {
  FieldError as FormFieldError,
  FieldErrors,
  FieldValues,
  Path,
  Resolver,
  UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';
import { messages } from '@credence/contracts';
import { money } from '@credence/domain';
import { isApiError } from '../../lib/api-client.ts';
import { formatCurrency } from '../../lib/format.ts';
import { displayMoneyText, parseMoneyText } from '../../lib/money-text.ts';

/*
 * Forms hold what people type (strings, booleans); the API takes typed values (money as a two-decimal string,
 * numbers, null for empty). Each form converts its values to the API payload and validates that payload with
 * the contracts' own schema, so the rules live in one place; the payload mirrors the form's field names, so an
 * issue's path is the form field to mark. Lists whose blank rows are dropped from the payload carry an index
 * map back to the form's rows.
 */

/** Payload row index -> form row index, per list path ('applicants.0.phoneNumbers'). */
export type RowMap = Record<string, number[]>;

export type Converted<P> = { payload: P; rows: RowMap };

/**
 * '' -> null; '25,000' or '$25000.5' -> '25000.00' (lib/money-text.ts reads it, never throwing); anything
 * unreadable is kept as typed so the money rule rejects it (and the resolver names the problem).
 */
export const toMoney = (text: string | null | undefined): string | null => {
  const result = parseMoneyText(text);
  return result.ok ? result.value : (text ?? '').trim();
};

/** A money value typed or stored, as shown in an input ('25000.00' -> '25,000.00'). */
export const moneyText = (value: string | null | undefined): string => displayMoneyText(value);

/** '' -> null; '12' -> 12; anything else NaN (rejected as not a number). */
export const toInt = (text: string | null | undefined): number | null => {
  const raw = (text ?? '').replace(/[,\s]/g, '');
  if (raw === '') return null;
  return /^-?\d+$/.test(raw) ? Number(raw) : Number.NaN;
};
export const intText = (value: number | null | undefined): string =>
  value === null || value === undefined ? '' : String(value);

/** Hundredths of a percent: '50.25' -> 5025 (spec 3 §5 display rule: stored values are divided by 100). */
export const toHundredths = (text: string | null | undefined): number | null => {
  const raw = (text ?? '').replace(/[%\s]/g, '');
  if (raw === '') return null;
  if (!/^\d+(\.\d{0,2})?$/.test(raw)) return Number.NaN;
  return Number(money(raw).times(100).toFixed(0));
};
/** 5025 -> '50.25', shown with 1 to 2 decimals. */
export const hundredthsText = (value: number | null | undefined): string => {
  if (value === null || value === undefined) return '';
  return formatPercent(value);
};
export const formatPercent = (hundredths: number): string => {
  const text = money(hundredths).div(100).toFixed(2);
  return text.endsWith('0') ? text.slice(0, -1) : text;
};

export const toText = (text: string | null | undefined): string | null => {
  const trimmed = (text ?? '').trim();
  return trimmed === '' ? null : trimmed;
};
export const textOf = (value: string | null | undefined): string => value ?? '';
/** '' -> null, else the value (an enum or a date typed in a date input). */
export const toOption = <T extends string>(value: T | '' | null | undefined): T | null =>
  value === '' || value === null || value === undefined ? null : value;
export const digitsOf = (text: string | null | undefined): string => (text ?? '').replace(/\D/g, '');

/** Keeps the rows that are not blank, recording where each kept row came from. */
export const compactRows = <T, R>(
  rows: readonly T[],
  isBlank: (row: T) => boolean,
  convert: (row: T, formIndex: number) => R,
  listPath: string,
  map: RowMap,
): R[] => {
  const kept: R[] = [];
  const indexes: number[] = [];
  rows.forEach((row, i) => {
    if (isBlank(row)) return;
    kept.push(convert(row, i));
    indexes.push(i);
  });
  map[listPath] = indexes;
  return kept;
};

/** The form field a payload path names, with list indexes mapped back to the form's rows. */
export const formPath = (path: readonly PropertyKey[] | string, rows: RowMap): string => {
  const parts = typeof path === 'string' ? path.split('.').filter((p) => p !== '') : path.map(String);
  const out: string[] = [];
  for (const part of parts) {
    const listPath = out.join('.');
    const indexes = rows[listPath];
    if (indexes && /^\d+$/.test(part)) out.push(String(indexes[Number(part)] ?? part));
    else out.push(part);
  }
  return out.join('.');
};

/** Messages for the issues whose schema gives none (zod's defaults read like a developer's). */
const friendlyError: z.core.$ZodErrorMap = (issue) => {
  const input = issue.input;
  const empty = input === undefined || input === null || input === '';
  switch (issue.code) {
    case 'invalid_type':
      if (empty) return messages.validation.required;
      return issue.expected === 'number' ? 'Enter a whole number' : undefined;
    case 'invalid_value':
      return empty ? messages.validation.required : 'Choose one of the options';
    case 'too_small':
      if (issue.origin === 'string')
        return issue.minimum === 1
          ? messages.validation.required
          : `Enter at least ${String(issue.minimum)} characters`;
      if (issue.origin === 'array') return `Add at least ${String(issue.minimum)}`;
      return `Must be at least ${String(issue.minimum)}`;
    case 'too_big':
      if (issue.origin === 'string') return `Must be at most ${String(issue.maximum)} characters`;
      if (issue.origin === 'array') return `No more than ${String(issue.maximum)}`;
      return `Must be at most ${String(issue.maximum)}`;
    case 'invalid_format':
      if (issue.format === 'email') return 'Enter a valid email address';
      if (issue.format === 'date') return 'Enter a valid date';
      if (issue.format === 'regex') return 'Invalid format';
      return undefined;
    default:
      return undefined;
  }
};

/** The value of a form field by its dotted path ('applicants.0.finances.1.amount'). */
const valueAt = (values: unknown, name: string): unknown =>
  name
    .split('.')
    .reduce<unknown>(
      (node, key) => (node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined),
      values,
    );

/**
 * The contract's money rule has one message for every malformed amount; the form says what is wrong with
 * what was typed: not a number, too many decimals or too large (issue 17, item 5).
 */
const moneyMessage = (message: string, values: unknown, name: string): string => {
  if (message !== messages.validation.money) return message;
  const typed = valueAt(values, name);
  if (typeof typed !== 'string') return message;
  const result = parseMoneyText(typed);
  return result.ok ? message : result.message;
};

/** Extra rules of a form beyond the contract, as form path -> message. */
export type ExtraRules<V> = (values: V) => Record<string, string>;

/**
 * A react-hook-form resolver: converts the values to the payload, validates it with the contract schema and
 * puts each issue on its form field. The payload itself is what the form submits (kept in `lastPayload`).
 */
export const contractResolver =
  <V extends FieldValues, P>(
    schema: z.ZodType,
    convert: (values: V) => Converted<P>,
    extra?: ExtraRules<V>,
  ): Resolver<V> =>
  async (values, _context, options) => {
    const { payload, rows } = convert(values);
    const result = await schema.safeParseAsync(payload, { error: friendlyError });
    const flat: Record<string, FormFieldError> = {};
    if (!result.success) {
      for (const issue of result.error.issues) {
        const name = formPath(issue.path, rows);
        if (!(name in flat)) flat[name] = { type: issue.code, message: moneyMessage(issue.message, values, name) };
      }
    }
    // A form's own rules speak last: their message replaces the contract's for the same field.
    for (const [name, message] of Object.entries(extra?.(values) ?? {})) flat[name] = { type: 'custom', message };
    if (Object.keys(flat).length === 0) return { values, errors: {} };
    return { values: {}, errors: toNestErrors(flat as FieldErrors, options) as FieldErrors<V> };
  };

const isLeaf = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value === null;

/**
 * Puts a 422's field errors on the form's fields; answers the messages that name no field of the form
 * (shown above the form). Other failures answer nothing (the caller shows them).
 */
export const applyServerErrors = <V extends FieldValues>(
  error: unknown,
  form: Pick<UseFormReturn<V>, 'getValues' | 'setError'>,
  rows: RowMap = {},
  mapField: (field: string) => string = (field) => field,
): string[] => {
  if (!isApiError(error) || error.status !== 422) return [];
  const unmatched: string[] = [];
  for (const fieldError of error.errors) {
    const name = formPath(mapField(fieldError.field), rows);
    const current: unknown = name ? form.getValues(name as Path<V>) : undefined;
    if (name && isLeaf(current)) form.setError(name as Path<V>, { type: 'server', message: fieldError.message });
    else unmatched.push(fieldError.message);
  }
  if (error.errors.length === 0) unmatched.push(error.serverMessage ?? messages.errors.validation);
  return unmatched;
};

/** Whether an errors object (of a tab or section) holds any message. */
export const hasErrorsUnder = (errors: unknown): boolean => {
  if (!errors || typeof errors !== 'object') return false;
  if ('message' in errors && typeof (errors as { message?: unknown }).message === 'string') return true;
  return Object.entries(errors as Record<string, unknown>).some(
    ([key, value]) => key !== 'ref' && hasErrorsUnder(value),
  );
};

/** Money as people read it: '$25,000.00', or an empty mark. */
export const showMoney = (value: string | null | undefined, empty = '—'): string =>
  value === null || value === undefined || value === '' ? empty : formatCurrency(money(value));
