/**
 * CSV cells for every export (queues, audit history) (RFC 4180): a cell with a comma, a quote, CR or LF is quoted and its quotes
 * doubled; a cell that a spreadsheet would read as a formula (starting with = + - @, a tab or CR) gets a
 * leading single quote first (OWASP CSV injection guidance).
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A decimal written as text (money with its two decimals): a number, so never guarded. */
export type CsvDecimal = { decimal: string };
export type CsvValue = string | number | boolean | CsvDecimal | null | undefined;

export const csvCell = (value: CsvValue): string => {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return /^-?\d+(\.\d+)?$/.test(value.decimal) ? value.decimal : csvCell(value.decimal);
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

export const csvLine = (cells: CsvValue[]) => `${cells.map(csvCell).join(',')}\r\n`;
