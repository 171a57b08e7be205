import { createRequire } from 'node:module';
import type { Content, TDocumentDefinitions, TFontDictionary } from 'pdfmake/interfaces';

/**
 * The house PDF (DESIGN.md: pdfmake on the server — pure JS, repeated table headers, `Page X of Y` footers, no
 * browser at run time). Every PDF Credence prints (the credit report, the loan summary, letters) is built here:
 * letter paper, the PDF standard Helvetica family (no font files to ship), a footer on every page, tables whose
 * header rows repeat across pages.
 */

type PdfKitDocument = NodeJS.ReadableStream & { end: () => void };
type PdfPrinter = new (fonts: TFontDictionary) => {
  createPdfKitDocument: (definition: TDocumentDefinitions) => PdfKitDocument;
};

const require = createRequire(import.meta.url);
// pdfmake 0.2's server entry is CommonJS (its published types describe the browser API of 0.3).
const Printer = require('pdfmake') as PdfPrinter;

const printer = new Printer({
  Helvetica: {
    normal: 'Helvetica',
    bold: 'Helvetica-Bold',
    italics: 'Helvetica-Oblique',
    bolditalics: 'Helvetica-BoldOblique',
  },
});

/** Millimetres to PDF points. */
export const mm = (value: number) => (value * 72) / 25.4;

export type PdfDocument = {
  title: string;
  content: Content[];
  /** The footer's left text (e.g. the application id and the applicant); 'Page X of Y' is added on the right. */
  footer: string;
  /** Margins in millimetres: left, top, right, bottom. */
  marginsMm?: [number, number, number, number];
};

/** Builds the PDF in memory (documents here are a few pages; the stream is drained into one buffer). */
export const renderPdf = async (doc: PdfDocument): Promise<Buffer> => (await renderPdfWithPages(doc)).pdf;

/** `renderPdf`, also answering the number of pages (the footer's 'of Y'). */
export const renderPdfWithPages = (doc: PdfDocument): Promise<{ pdf: Buffer; pages: number }> => {
  const [left, top, right, bottom] = doc.marginsMm ?? [12, 12, 12, 15];
  let pages = 0;
  const definition: TDocumentDefinitions = {
    info: { title: doc.title, creator: 'Credence', producer: 'Credence' },
    pageSize: 'LETTER',
    pageMargins: [mm(left), mm(top), mm(right), mm(bottom)],
    defaultStyle: { font: 'Helvetica', fontSize: 8.5, lineHeight: 1.15 },
    styles: {
      title: { fontSize: 15, bold: true, margin: [0, 0, 0, 4] },
      section: { fontSize: 11, bold: true, margin: [0, 10, 0, 4], color: '#1a3a5c' },
      label: { color: '#555555' },
      tableHeader: { bold: true, fillColor: '#e8edf3' },
      muted: { color: '#666666', italics: true },
    },
    content: doc.content,
    footer: (currentPage: number, pageCount: number) => {
      pages = pageCount;
      return {
        margin: [mm(left), mm(4), mm(right), 0],
        columns: [
          { text: doc.footer, fontSize: 7.5, color: '#555555' },
          { text: `Page ${currentPage} of ${pageCount}`, alignment: 'right', fontSize: 7.5, color: '#555555' },
        ],
      };
    },
  };
  return new Promise((resolve, reject) => {
    const pdf = printer.createPdfKitDocument(definition);
    const chunks: Buffer[] = [];
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve({ pdf: Buffer.concat(chunks), pages }));
    pdf.on('error', reject);
    pdf.end();
  });
};

/** A table whose first row is a header repeated on every page it spans; an empty body shows `empty` instead. */
export const pdfTable = (
  headers: string[],
  rows: (string | number | null)[][],
  options: { widths?: (string | number)[]; empty?: string; alignRight?: number[]; fontSize?: number } = {},
): Content => {
  if (rows.length === 0) return { text: options.empty ?? 'No Data Found', style: 'muted', margin: [0, 0, 0, 6] };
  const right = new Set(options.alignRight ?? []);
  return {
    table: {
      headerRows: 1,
      widths: options.widths ?? headers.map(() => '*'),
      body: [
        headers.map((h, i) => ({ text: h, style: 'tableHeader', alignment: right.has(i) ? 'right' : 'left' })),
        ...rows.map((row) =>
          row.map((cell, i) => ({
            text: cell === null ? '' : String(cell),
            alignment: right.has(i) ? 'right' : 'left',
          })),
        ),
      ],
    },
    layout: {
      hLineWidth: (i: number, node: { table: { headerRows?: number } }) =>
        i === (node.table.headerRows ?? 0) ? 1 : 0.5,
      vLineWidth: () => 0,
      hLineColor: () => '#c8d0da',
      paddingLeft: () => 3,
      paddingRight: () => 3,
    },
    ...(options.fontSize ? { fontSize: options.fontSize } : {}),
    margin: [0, 0, 0, 6],
  } as Content;
};

/** Label / value pairs in columns (a summary block). */
export const pdfFacts = (facts: [string, string | number | null][], columns = 3): Content => {
  const rows: Content[][] = [];
  for (let i = 0; i < facts.length; i += columns) {
    const slice = facts.slice(i, i + columns);
    rows.push(
      Array.from({ length: columns }, (_, j) => {
        const fact = slice[j];
        return fact
          ? { text: [{ text: `${fact[0]}: `, style: 'label' }, { text: fact[1] === null ? '—' : String(fact[1]) }] }
          : { text: '' };
      }),
    );
  }
  return {
    table: { widths: Array.from({ length: columns }, () => '*'), body: rows },
    layout: 'noBorders',
    margin: [0, 0, 0, 4],
  } as Content;
};
