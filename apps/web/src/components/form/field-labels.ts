import { formatDateTime } from '../../lib/format.ts';
import { showMoney } from './values.ts';

/*
 * Field labels and value formats: a form's fields are declared once as name -> { label, format }, and the
 * dialog, the error summary and a history of changes all read that one map.
 */
export type FieldFormat = 'money' | 'date' | 'boolean' | 'percent' | 'text';
export type FieldMeta = { readonly label: string; readonly format?: FieldFormat };

export const moneyField = (label: string): FieldMeta => ({ label, format: 'money' });
export const dateField = (label: string): FieldMeta => ({ label, format: 'date' });
export const yesNoField = (label: string): FieldMeta => ({ label, format: 'boolean' });
export const percentField = (label: string): FieldMeta => ({ label, format: 'percent' });
export const textField = (label: string): FieldMeta => ({ label });

/** Address lines, shared by applicants, collateral and grantors. */
export const addressFields = {
  addressLine1: textField('Address'),
  addressLine2: textField('Address Line 2'),
  city: textField('City'),
  state: textField('State'),
  zip: textField('ZIP'),
} as const;

/** 'negotiatedPrice' -> 'Negotiated Price', for a property no dialog labels. */
export const humanize = (key: string): string =>
  key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/^./, (c) => c.toUpperCase())
    .replace(/\bId\b/g, 'ID');

const isoDate = /^\d{4}-\d{2}-\d{2}$/;
const isoMoment = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const decimal = /^-?\d+(\.\d+)?$/;

/** 2026-03-05 -> 03/05/2026 (the spec's MM/dd/yyyy). */
const usDate = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

/** A value as the dialogs show it; dates and moments are recognised by shape wherever they appear. */
export const formatFieldValue = (format: FieldFormat | undefined, value: string): string => {
  if (format === 'money' && decimal.test(value)) return showMoney(value);
  if (format === 'boolean' && (value === 'true' || value === 'false')) return value === 'true' ? 'Yes' : 'No';
  if (format === 'percent' && decimal.test(value)) return `${value}%`;
  if (isoDate.test(value)) return usDate(value);
  if (isoMoment.test(value)) return format === 'date' ? usDate(value.slice(0, 10)) : formatDateTime(value);
  if (value === 'true' || value === 'false') return value === 'true' ? 'Yes' : 'No';
  return value;
};
