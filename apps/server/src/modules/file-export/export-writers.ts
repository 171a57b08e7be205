import { once } from 'node:events';
import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FileExportColumn, FileExportFormat } from '@credence/contracts';
import { csvLine, formatUsDate, wallClock, type CsvValue, type IsoDate } from '@credence/domain';
import { lenderDateTime } from '../../platform/lender-time.ts';
import type { ExportWriter } from './export-kinds.ts';

/**
 * A cell of a tabular export: text, a whole number, a yes/no, an exact decimal (`money` ones get the dollar format in
 * XLSX), a calendar date (`YYYY-MM-DD`), or an instant (ISO; written in the lender's zone).
 */
export type ExportCell =
  string | number | boolean | null | { decimal: string; money?: boolean } | { date: string } | { instant: string };
/** A record of a tabular export: its cells by column field. */
export type ExportRecord = Record<string, ExportCell>;

/** Writes text and waits when the stream's buffer is full: memory holds one batch, whatever the file's size. */
export const writeText = async (out: Writable, text: string) => {
  if (text.length > 0 && !out.write(text)) await once(out, 'drain');
};

/** The cell as the CSV shows it: dates MM/dd/yyyy, instants in the lender's zone, decimals exact. */
const csvCellOf = (cell: ExportCell, timeZone: string): CsvValue => {
  if (cell === null || typeof cell !== 'object') return cell;
  if ('decimal' in cell) return { decimal: cell.decimal };
  if ('date' in cell) return formatUsDate(cell.date as IsoDate);
  return lenderDateTime(cell.instant, timeZone);
};

/**
 * CSV (issue 33, item 9): UTF-8 with a byte order mark (Excel reads the encoding from it), a header line of the
 * columns' headers, one line per record; every cell quoted and formula cells neutralised by the one CSV cell of the
 * code base (`csvLine`, packages/domain: a cell or segment starting with = + - @, tab or CR gets an apostrophe).
 */
const csvWriter = (columns: readonly FileExportColumn[], timeZone: string): ExportWriter<ExportRecord> => ({
  extension: 'csv',
  contentType: 'text/csv; charset=utf-8',
  open: async (out) => {
    await writeText(out, `\uFEFF${csvLine(columns.map((c) => c.header))}`);
    return {
      add: (records) =>
        writeText(
          out,
          records.map((r) => csvLine(columns.map((c) => csvCellOf(r[c.field] ?? null, timeZone)))).join(''),
        ),
      close: async () => {
        out.end();
        await once(out, 'finish');
      },
    };
  },
});

/** The wall-clock time of an instant in the zone, as a UTC date: Excel has no zones, a person reads local time. */
const excelWallClock = (iso: string, timeZone: string) => {
  const c = wallClock(new Date(iso), timeZone);
  return new Date(Date.UTC(+c.year, +c.month - 1, +c.day, +c.hour, +c.minute, +c.second));
};

const MONEY_FORMAT = '#,##0.00';
const DATE_FORMAT = 'mm/dd/yyyy';
const DATE_TIME_FORMAT = 'mm/dd/yyyy hh:mm AM/PM';

/**
 * XLSX through exceljs's streaming WorkbookWriter (rows are committed as they come and leave memory): one sheet,
 * a bold frozen header row; whole numbers and decimals as numbers (money with two decimals), dates and times as
 * dates in the lender's zone, text as text — a cell is never a formula, so nothing in it is evaluated.
 */
const xlsxWriter = (
  columns: readonly FileExportColumn[],
  timeZone: string,
  sheet: string,
): ExportWriter<ExportRecord> => ({
  extension: 'xlsx',
  contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  open: async (out) => {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
    const worksheet = workbook.addWorksheet(sheet, { views: [{ state: 'frozen', ySplit: 1 }] });
    worksheet.columns = columns.map((c) => ({
      header: c.header,
      key: c.field,
      width: Math.max(12, c.header.length + 4),
    }));
    worksheet.getRow(1).font = { bold: true };
    worksheet.getRow(1).commit();
    return {
      add: async (records) => {
        for (const record of records) {
          const row = worksheet.addRow([]);
          columns.forEach((column, index) => {
            const cell = row.getCell(index + 1);
            const value = record[column.field] ?? null;
            if (value === null || typeof value !== 'object') {
              cell.value = value;
            } else if ('decimal' in value) {
              // Excel holds numbers as binary floating point: the decimal is converted once, never computed with.
              cell.value = Number(value.decimal);
              if (value.money) cell.numFmt = MONEY_FORMAT;
            } else if ('date' in value) {
              cell.value = new Date(`${value.date}T00:00:00Z`);
              cell.numFmt = DATE_FORMAT;
            } else {
              cell.value = excelWallClock(value.instant, timeZone);
              cell.numFmt = DATE_TIME_FORMAT;
            }
          });
          row.commit();
        }
        // Let the archive's stream drain between batches.
        await new Promise<void>((resolve) => setImmediate(resolve));
      },
      close: async () => {
        worksheet.commit();
        await workbook.commit();
      },
    };
  },
});

/** The writer of a kind of columns for CSV or XLSX; `sheet` names the workbook's sheet. */
export const tabularWriter = (
  format: FileExportFormat,
  columns: readonly FileExportColumn[],
  timeZone: string,
  sheet: string,
): ExportWriter<ExportRecord> =>
  format === 'xlsx' ? xlsxWriter(columns, timeZone, sheet) : csvWriter(columns, timeZone);

/**
 * A file of text lines (the HMDA LAR, the core's batch file): an optional header (from the count), one or more lines
 * per record, an optional trailer; lines end with `eol` (default CRLF). No byte order mark.
 */
export const textLinesWriter = <R>(spec: {
  extension: string;
  contentType?: string;
  eol?: string;
  header?: (total: number) => string[];
  line: (record: R) => string | string[];
  trailer?: () => string[];
}): ExportWriter<R> => {
  const eol = spec.eol ?? '\r\n';
  const text = (lines: readonly string[]) => lines.map((l) => `${l}${eol}`).join('');
  return {
    extension: spec.extension,
    contentType: spec.contentType ?? 'text/plain; charset=utf-8',
    open: async (out, total) => {
      await writeText(out, text(spec.header?.(total) ?? []));
      return {
        add: (records) => writeText(out, text(records.flatMap((r) => spec.line(r)))),
        close: async () => {
          await writeText(out, text(spec.trailer?.() ?? []));
          out.end();
          await once(out, 'finish');
        },
      };
    },
  };
};
