import type { Content, CustomTableLayout, TDocumentDefinitions } from 'pdfmake/interfaces';

/**
 * What crosses from the server's thread to a PDF worker (pdf-worker.ts) and how the worker turns it back into a
 * pdfmake document. A job is data only (the structured clone copies no function): the house table layout goes by
 * its name, a caller's own layout functions travel as their values per row or column (`tabulateLayout`), and the
 * footer is built in the worker from its text.
 */

/** Millimetres to PDF points. */
export const mm = (value: number) => (value * 72) / 25.4;

/** The name of the house table layout (`pdfTable`): the header's rule 1 pt, the others 0.5 pt, no vertical lines. */
export const HOUSE_TABLE_LAYOUT = 'credenceTable';

const houseTableLayout: CustomTableLayout = {
  hLineWidth: (i, node) => (i === (node.table.headerRows ?? 0) ? 1 : 0.5),
  vLineWidth: () => 0,
  hLineColor: () => '#c8d0da',
  paddingLeft: () => 3,
  paddingRight: () => 3,
};

/** A layout value per line, row or column (`byIndex`), per line or row and cell (`byCell`), or one `value`. */
export type TabulatedValue = { value: unknown } | { byIndex: unknown[] } | { byCell: unknown[][] };
export type TabulatedLayout = Record<string, TabulatedValue>;

/** A render in a worker: the document's data and the layouts its tables name. */
export type PdfJob = {
  title: string;
  footer: string;
  /** Page margins in points: left, top, right, bottom. */
  margins: [number, number, number, number];
  content: Content[];
  layouts: Record<string, TabulatedLayout>;
};

/** A worker's answer to a job. */
export type PdfJobResult =
  { id: number; ok: true; pdf: Uint8Array; pages: number } | { id: number; ok: false; message: string };
export type PdfJobMessage = { id: number; job: PdfJob };

/** What a layout function is called with by pdfmake: the index it counts (line, row or column). */
const countOf = (key: string, rows: number, columns: number): number | undefined => {
  switch (key) {
    case 'hLineWidth':
    case 'hLineStyle':
    case 'hLineColor':
      return rows + 1; // lines above each row and under the last
    case 'vLineWidth':
    case 'vLineStyle':
    case 'vLineColor':
      return columns + 1;
    case 'paddingLeft':
    case 'paddingRight':
      return columns;
    case 'paddingTop':
    case 'paddingBottom':
    case 'fillColor':
    case 'fillOpacity':
      return rows;
    default:
      return undefined;
  }
};
/** The third argument pdfmake passes (the cell along the line or row): a column, or a row for vertical lines. */
const cellCountOf = (key: string, rows: number, columns: number) => (key.startsWith('v') ? rows : columns);

type TableNode = { table: { body: unknown[][]; widths?: unknown[]; headerRows?: number } };
type LayoutFunction = (i: number, node: TableNode, j?: number) => unknown;

/**
 * A caller's own layout (functions of the line, row or column index) as values, evaluated here against the table
 * as written: a layout function may read `node.table` (its body, widths, headerRows), not what pdfmake adds while
 * it lays the table out. A function taking a third argument (the cell) is evaluated per cell.
 */
export const tabulateLayout = (layout: Record<string, unknown>, node: TableNode): TabulatedLayout => {
  const rows = node.table.body.length;
  const columns = node.table.widths?.length ?? node.table.body[0]?.length ?? 0;
  const tabulated: TabulatedLayout = {};
  for (const [key, value] of Object.entries(layout)) {
    if (typeof value !== 'function') {
      tabulated[key] = { value };
      continue;
    }
    const count = countOf(key, rows, columns);
    if (count === undefined) throw new TypeError(`PDF table layout: unknown layout function '${key}'`);
    const f = value as LayoutFunction;
    tabulated[key] =
      f.length > 2
        ? {
            byCell: Array.from({ length: count }, (_, i) =>
              Array.from({ length: Math.max(1, cellCountOf(key, rows, columns)) }, (_, j) => f(i, node, j)),
            ),
          }
        : { byIndex: Array.from({ length: Math.max(1, count) }, (_, i) => f(i, node)) };
  }
  return tabulated;
};

const at = <T>(values: T[], i: number): T | undefined => values[Math.max(0, Math.min(i, values.length - 1))];

/** The pdfmake layout of a tabulated one: each function answers the value computed for its index. */
export const untabulateLayout = (tabulated: TabulatedLayout): CustomTableLayout => {
  const layout: Record<string, unknown> = {};
  for (const [key, entry] of Object.entries(tabulated)) {
    if ('value' in entry) layout[key] = entry.value;
    else if ('byIndex' in entry) layout[key] = (i: number) => at(entry.byIndex, i);
    else layout[key] = (i: number, _node: unknown, j: number) => at(at(entry.byCell, i) ?? [], j);
  }
  return layout as CustomTableLayout;
};

/** The table layouts a job's tables may name: the house layout and the job's own. */
export const tableLayoutsOf = (job: PdfJob): Record<string, CustomTableLayout> => ({
  [HOUSE_TABLE_LAYOUT]: houseTableLayout,
  ...Object.fromEntries(Object.entries(job.layouts).map(([name, l]) => [name, untabulateLayout(l)])),
});

/**
 * The pdfmake document of a job: letter paper, Helvetica, the house styles, and on every page the footer's text
 * left and 'Page X of Y' right. `onPages` hears the page count (pdfmake tells it to the footer).
 */
export const definitionOf = (job: PdfJob, onPages: (pages: number) => void): TDocumentDefinitions => {
  const [left, , right] = job.margins;
  return {
    info: { title: job.title, creator: 'Credence', producer: 'Credence' },
    pageSize: 'LETTER',
    pageMargins: job.margins,
    defaultStyle: { font: 'Helvetica', fontSize: 8.5, lineHeight: 1.15 },
    styles: {
      title: { fontSize: 15, bold: true, margin: [0, 0, 0, 4] },
      section: { fontSize: 11, bold: true, margin: [0, 10, 0, 4], color: '#1a3a5c' },
      label: { color: '#555555' },
      tableHeader: { bold: true, fillColor: '#e8edf3' },
      muted: { color: '#666666', italics: true },
    },
    content: job.content,
    footer: (currentPage: number, pageCount: number) => {
      onPages(pageCount);
      return {
        margin: [left, mm(4), right, 0],
        columns: [
          { text: job.footer, fontSize: 7.5, color: '#555555' },
          { text: `Page ${currentPage} of ${pageCount}`, alignment: 'right', fontSize: 7.5, color: '#555555' },
        ],
      };
    },
  };
};
