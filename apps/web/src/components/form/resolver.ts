import { toNestErrors } from '@hookform/resolvers';
import type { FieldError as FormFieldError, FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { messages } from '@credence/contracts';
import { parseMoneyText } from '../../lib/money-text.ts';
import { formPath, type Converted } from './values.ts';

/*
 * The one resolver of the app's forms: the form's values -> the API payload -> the contract's zod schema, each
 * issue on the form field its path names, with the texts people read (not zod's defaults).
 */

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

/** Whether an errors object (of a tab or section) holds any message. */
export const hasErrorsUnder = (errors: unknown): boolean => {
  if (!errors || typeof errors !== 'object') return false;
  if ('message' in errors && typeof (errors as { message?: unknown }).message === 'string') return true;
  return Object.entries(errors as Record<string, unknown>).some(
    ([key, value]) => key !== 'ref' && hasErrorsUnder(value),
  );
};
