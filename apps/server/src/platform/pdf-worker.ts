import { createRequire } from 'node:module';
import { parentPort } from 'node:worker_threads';
import type { CustomTableLayout, TDocumentDefinitions, TFontDictionary } from 'pdfmake/interfaces';
import { definitionOf, tableLayoutsOf, type PdfJobMessage, type PdfJobResult } from './pdf-document.ts';

/**
 * A PDF worker thread (pdf.ts starts a few): pdfmake lays out one job at a time here, off the server's event loop,
 * and answers the bytes and the page count. The pool terminates a worker that runs over the time budget.
 */

type PdfKitDocument = NodeJS.ReadableStream & { end: () => void };
type PdfPrinter = new (fonts: TFontDictionary) => {
  createPdfKitDocument: (
    definition: TDocumentDefinitions,
    options?: { tableLayouts?: Record<string, CustomTableLayout> },
  ) => PdfKitDocument;
};

const require = createRequire(import.meta.url);
// pdfmake 0.2's server entry is CommonJS (its published types describe the browser API of 0.3).
const Printer = require('pdfmake') as PdfPrinter;

// The PDF standard Helvetica family: no font files to ship.
const printer = new Printer({
  Helvetica: {
    normal: 'Helvetica',
    bold: 'Helvetica-Bold',
    italics: 'Helvetica-Oblique',
    bolditalics: 'Helvetica-BoldOblique',
  },
});

const render = ({ id, job }: PdfJobMessage): Promise<PdfJobResult> =>
  new Promise((resolve, reject) => {
    let pages = 0;
    const pdf = printer.createPdfKitDocument(
      definitionOf(job, (count) => (pages = count)),
      { tableLayouts: tableLayoutsOf(job) },
    );
    const chunks: Buffer[] = [];
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve({ id, ok: true, pdf: new Uint8Array(Buffer.concat(chunks)), pages }));
    pdf.on('error', reject);
    pdf.end();
  });

const port = parentPort;
if (port) {
  port.on('message', (message: PdfJobMessage) => {
    render(message).then(
      // The bytes move to the server's thread (transferred, not copied).
      (result) => port.postMessage(result, result.ok ? [result.pdf.buffer as ArrayBuffer] : []),
      (error: unknown) =>
        port.postMessage({
          id: message.id,
          ok: false,
          message: error instanceof Error ? error.message : String(error),
        } satisfies PdfJobResult),
    );
  });
}
