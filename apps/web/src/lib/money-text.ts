import { messages } from '@credence/contracts';

/*
 * What people type into a money input, read without a JS number and without throwing (issue 17, item 5).
 * Accepted: digits with at most one decimal point and at most two decimals; a leading '-' (or '−', or
 * accounting parentheses '(200.00)') for a negative amount; '$', spaces and thousands commas as pasted from
 * a statement or a spreadsheet ('$1,234.50', '-$200', '1 234.50'). A comma is a thousands separator only
 * where it groups three digits ('25,000'); '1234,50' is not read as anything (it is not a number here).
 * The largest amount is the wire's: 12 integer digits, as the database's numeric(14,2) and the contracts'
 * MONEY_PATTERN.
 */

export const MONEY_MAX_INTEGER_DIGITS = 12;
export const MONEY_MAX_TEXT = '999,999,999,999.99';

export type MoneyTextProblem = 'notNumber' | 'tooManyDecimals' | 'tooLarge' | 'negative';

/** One message per problem, each telling what to do. */
export const moneyTextMessages: Record<MoneyTextProblem, string> = {
  notNumber: 'Enter a number, e.g. 1234.50',
  tooManyDecimals: 'Enter at most two decimals (cents)',
  tooLarge: `Must be at most ${MONEY_MAX_TEXT}`,
  negative: messages.validation.notNegative,
};

export type MoneyTextResult =
  | { ok: true; /** '1234.50', '-200.00'; null when nothing is typed. */ value: string | null }
  | { ok: false; problem: MoneyTextProblem; message: string };

export type MoneyTextOptions = {
  /** Whether the field takes a negative amount (itemization amounts, trade-in equity); default true. */
  allowNegative?: boolean;
};

const fail = (problem: MoneyTextProblem): MoneyTextResult => ({
  ok: false,
  problem,
  message: moneyTextMessages[problem],
});

const GROUPED = /^\d{1,3}(,\d{3})+$/;
const NUMBER = /^(\d*)(?:\.(\d*))?$/;

/** Reads a typed or pasted money text; never throws. */
export const parseMoneyText = (input: string | null | undefined, options: MoneyTextOptions = {}): MoneyTextResult => {
  let text = (input ?? '').replace(/[\s\u00a0\u202f]/g, '');
  if (text === '') return { ok: true, value: null };
  let negative = false;
  if (/^\(.*\)$/.test(text)) {
    negative = true;
    text = text.slice(1, -1);
  }
  // '-$200', '$-200', '−200' (a typographic minus, as pasted from documents).
  const sign = /^(\$?)[-\u2212](.*)$/.exec(text);
  if (sign) {
    if (negative) return fail('notNumber');
    negative = true;
    text = `${sign[1]}${sign[2]}`;
  }
  if (text.startsWith('$')) text = text.slice(1);
  const [integerWithCommas = '', ...rest] = text.split('.');
  if (integerWithCommas.includes(',')) {
    if (!GROUPED.test(integerWithCommas)) return fail('notNumber');
    text = [integerWithCommas.replace(/,/g, ''), ...rest].join('.');
  }
  const match = NUMBER.exec(text);
  if (!match) return fail('notNumber');
  const [, integerPart = '', decimals = ''] = match;
  if (integerPart === '' && decimals === '') return fail('notNumber');
  if (decimals.length > 2) return fail('tooManyDecimals');
  const integer = integerPart.replace(/^0+(?=\d)/, '') || '0';
  if (integer.length > MONEY_MAX_INTEGER_DIGITS) return fail('tooLarge');
  const cents = decimals.padEnd(2, '0');
  const zero = /^0+$/.test(integer) && /^0+$/.test(cents);
  if (negative && !zero && options.allowNegative === false) return fail('negative');
  return { ok: true, value: `${negative && !zero ? '-' : ''}${integer}.${cents}` };
};

/** The message for a typed money text, or null when it is fine (empty is fine: required is the form's rule). */
export const moneyTextError = (input: string | null | undefined, options: MoneyTextOptions = {}): string | null => {
  const result = parseMoneyText(input, options);
  return result.ok ? null : result.message;
};

/** A two-decimal amount with thousands commas, as an input shows it once left ('-1234.50' -> '-1,234.50'). */
export const groupMoney = (value: string): string => {
  const [integer = '', decimals = ''] = value.replace(/^-/, '').split('.');
  const grouped = integer.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${value.startsWith('-') ? '-' : ''}${grouped}${decimals ? `.${decimals}` : ''}`;
};

/** What an input shows for a text once the field is left: readable amounts grouped, anything else as typed. */
export const displayMoneyText = (input: string | null | undefined): string => {
  const result = parseMoneyText(input);
  if (!result.ok) return input ?? '';
  return result.value === null ? '' : groupMoney(result.value);
};
