import { money } from '@credence/domain';
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

/** The payload of a form without lists to compact (its rows map is empty). */
export const noRows = <P>(payload: P): Converted<P> => ({ payload, rows: {} });

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

/** Money as people read it: '$25,000.00', or an empty mark. */
export const showMoney = (value: string | null | undefined, empty = '—'): string =>
  value === null || value === undefined || value === '' ? empty : formatCurrency(money(value));
