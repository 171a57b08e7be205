/**
 * The one CSV cell of every export (queues, audit history, the amortisation schedule), RFC 4180 and OWASP's CSV
 * injection guidance:
 * - every cell is quoted, its quotes doubled: a separator inside a cell (`,`, or the `;` of locales that split
 *   on it) never splits it;
 * - a spreadsheet that splits on another separator (`;`, tab, a line break) would still read each part of a
 *   cell as its own cell, so not only the cell but every segment of it after `;`, `,`, tab, CR or LF that starts
 *   with `=`, `+`, `-`, `@`, a tab or CR (after any spaces) gets a leading single quote: `x;=1+1;y` is written
 *   `"x;'=1+1;y"`. A segment that is a plain number (`-12.50`) is left readable.
 * Numbers and booleans are written as they are; null and undefined as an empty cell.
 */
const SEPARATORS = new Set([';', ',', '\t', '\r', '\n']);
const FORMULA_START = new Set(['=', '+', '-', '@', '\t', '\r']);
const PLAIN_NUMBER = /^ *-?\d+(\.\d+)?$/;

/** A decimal written as text (money with its two decimals). */
export type CsvDecimal = { decimal: string };
export type CsvValue = string | number | boolean | CsvDecimal | null | undefined;

/** The text with a single quote before every segment a spreadsheet would read as a formula. */
export const neutraliseFormulas = (text: string): string => {
  let out = '';
  let segmentStart = true;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (segmentStart) {
      let first = i;
      while (text[first] === ' ') first++;
      if (first < text.length && FORMULA_START.has(text[first]!)) {
        let end = first + 1;
        while (end < text.length && !SEPARATORS.has(text[end]!)) end++;
        if (!PLAIN_NUMBER.test(text.slice(i, end))) out += "'";
      }
    }
    out += char;
    segmentStart = SEPARATORS.has(char);
  }
  return out;
};

const quoted = (text: string) => `"${text.replaceAll('"', '""')}"`;

export const csvCell = (value: CsvValue): string => {
  if (value === null || value === undefined) return '""';
  if (typeof value === 'number' || typeof value === 'boolean') return quoted(String(value));
  return quoted(neutraliseFormulas(typeof value === 'string' ? value : value.decimal));
};

/** One CSV line (CRLF-terminated) of quoted cells. */
export const csvLine = (cells: readonly CsvValue[]): string => `${cells.map(csvCell).join(',')}\r\n`;
