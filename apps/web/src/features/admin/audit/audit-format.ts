import { auditValueText, type AuditChange } from '@credence/contracts';

/** 'mainContactEmail' -> 'Main Contact Email' (a property's name as a person reads it). */
export const propertyTitle = (property: string): string =>
  property
    .replace(/[_.-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/(^|\s)\S/g, (letter) => letter.toUpperCase());

/** A stored value for a cell: '(empty)' for null or ''. */
export const valueText = (value: unknown): string => auditValueText(value) || '(empty)';

const shorten = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** One change as 'Phone Number: 3035550100 → 3035550199' (a create shows only the new value). */
export const changeText = (change: AuditChange, max = 40): string => {
  const name = propertyTitle(change.property);
  if (change.old === null || change.old === undefined) return `${name}: ${shorten(valueText(change.new), max)}`;
  return `${name}: ${shorten(valueText(change.old), max)} → ${shorten(valueText(change.new), max)}`;
};

/** The grid's Changes cell: every change, shortened, separated by semicolons. */
export const changesSummary = (changes: readonly AuditChange[]): string =>
  changes.map((change) => changeText(change, 30)).join('; ');

/** The local calendar day of a moment as YYYY-MM-DD. */
export const localDay = (date: Date = new Date()): string => {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
};
