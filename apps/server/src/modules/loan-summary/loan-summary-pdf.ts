import type { SummaryBlock, SummaryDocument, SummaryField, SummaryTable, SummaryTableRow } from '@credence/contracts';
import type { Content, TableCell } from 'pdfmake/interfaces';
import { renderPdfWithPages } from '../../platform/pdf.ts';

/**
 * The loan summary PDF (issue 15 item 4, spec 3 §9): the neutral `SummaryDocument` (packages/domain
 * `buildSummaryDocument`, the same document the closing summary page renders) laid out with the house pdfmake
 * helper — letter paper, margins top 6 mm, left 6, right 6, bottom 15, every table's header row repeated on each
 * page it spans, no links (pdfmake makes none unless asked), and the footer on every page: the document's footer
 * (application id, primary applicant 'last, first') left, 'Page X of Y' right.
 *
 * Scale 0.8: a browser prints the summary page at 80 %; pdfmake has no page scale, so every size here (fonts,
 * fixed column widths, paddings, gaps) is written at the page's 100 % and multiplied by `SCALE`.
 */
export const SCALE = 0.8;
/** Spec 3 §9 margins in millimetres, in pdfmake's order: left, top, right, bottom. */
export const SUMMARY_MARGINS_MM: [number, number, number, number] = [6, 6, 6, 15];

const s = (points: number) => points * SCALE;

const MUTED = '#666666';
const RULE = '#c8d0da';
const HEADER_FILL = '#e8edf3';
const DETAIL_FILL = '#f6f8fa';

const tableLayout = {
  hLineWidth: (i: number, node: { table: { headerRows?: number } }) => (i === (node.table.headerRows ?? 0) ? 1 : 0.5),
  vLineWidth: () => 0,
  hLineColor: () => RULE,
  paddingLeft: () => s(4),
  paddingRight: () => s(4),
  paddingTop: () => s(2),
  paddingBottom: () => s(2),
};

const blockTitle = (title: string | undefined): Content[] =>
  title ? [{ text: title, bold: true, fontSize: s(11.5), margin: [0, s(6), 0, s(3)] }] : [];

/** 2 to 4 label/value columns: few fields sit in two, many in four. */
const columnsFor = (fields: readonly SummaryField[]) => (fields.length <= 2 ? 2 : fields.length <= 6 ? 3 : 4);

const fieldsBlock = (title: string | undefined, fields: readonly SummaryField[]): Content[] => {
  if (fields.length === 0) return blockTitle(title);
  const columns = columnsFor(fields);
  const body: TableCell[][] = [];
  for (let i = 0; i < fields.length; i += columns) {
    body.push(
      Array.from({ length: columns }, (_, j): TableCell => {
        const field = fields[i + j];
        if (!field) return { text: '' };
        return {
          // One text node (label line, value lines): a stack of two costs pdfmake twice the layout work.
          text: [
            { text: `${field.label}\n`, color: MUTED, fontSize: s(9) },
            { text: field.value === '' ? '—' : field.value },
          ],
        };
      }),
    );
  }
  return [
    ...blockTitle(title),
    {
      table: { widths: Array.from({ length: columns }, () => '*'), body, dontBreakRows: true },
      layout: {
        hLineWidth: () => 0,
        vLineWidth: () => 0,
        paddingLeft: () => s(4),
        paddingRight: () => s(4),
        paddingTop: () => s(2),
        paddingBottom: () => s(3),
      },
      margin: [0, 0, 0, s(6)],
    },
  ];
};

const widthOf = (width: SummaryTable['columns'][number]['width']) =>
  typeof width === 'number' ? s(width) : (width ?? '*');

const cellOf = (text: string, align: 'left' | 'right' | undefined, extra: Record<string, unknown> = {}): TableCell =>
  ({ text, alignment: align ?? 'left', ...extra }) as TableCell;

/**
 * The rows of a detail (history's entity-property changes) inside the table, under their row: the first column
 * left blank as the indent, one muted line per detail row across the others — 'Application · state  Old Value:
 * reviewed  New Value: approved'. (A nested pdfmake table per row costs twice the time of the whole history.)
 */
const detailRows = (detail: SummaryTable, span: number): TableCell[][] =>
  detail.rows.map((row) => {
    const [first = '', second = ''] = row.cells;
    // Two pieces of text per line (each piece costs pdfmake a measure and pdfkit a draw; there may be hundreds).
    const rest = row.cells
      .slice(2)
      .map((value, i) => `   ${detail.columns[i + 2]?.header ?? ''}: ${value === '' ? '—' : value}`)
      .join('');
    const line: TableCell = {
      colSpan: span - 1,
      fontSize: s(9),
      color: MUTED,
      text: [{ text: [first, second].filter(Boolean).join(' · '), bold: true, color: '#333333' }, rest],
    };
    return [
      { text: '', fillColor: DETAIL_FILL },
      { ...line, fillColor: DETAIL_FILL } as TableCell,
      ...Array.from({ length: span - 2 }, () => ({ text: '' })),
    ];
  });

const rowCells = (row: SummaryTableRow, table: SummaryTable, extra: Record<string, unknown> = {}) =>
  table.columns.map((c, i) => cellOf(row.cells[i] ?? '', c.align, extra));

function tableContent(table: SummaryTable, indent = 0): Content[] {
  const rows = table.rows;
  const title = blockTitle(table.title);
  if (rows.length === 0) {
    return [
      ...title,
      { text: table.empty ?? 'No Data Found', color: MUTED, italics: true, margin: [indent, 0, 0, s(6)] },
    ];
  }
  const span = table.columns.length;
  const body: TableCell[][] = [
    table.columns.map((c) => cellOf(c.header, c.align, { bold: true, fillColor: HEADER_FILL })),
  ];
  for (const row of rows) {
    body.push(rowCells(row, table, row.unselected ? { color: MUTED } : {}));
    if (row.detail) body.push(...(span > 1 ? detailRows(row.detail, span) : []));
  }
  // The builder chose the totals (all accessories, or the selected ones when it dropped the unselected rows).
  for (const footer of table.footerRows ?? [])
    body.push(table.columns.map((c, i) => cellOf(footer[i] ?? '', c.align, { bold: true })));
  return [
    ...title,
    {
      // The header repeats on every page the table spans, and never ends a page without a row under it.
      table: { headerRows: 1, keepWithHeaderRows: 1, widths: table.columns.map((c) => widthOf(c.width)), body },
      layout: tableLayout,
      margin: [indent, 0, 0, s(6)],
    },
  ];
}

const blockContent = (block: SummaryBlock): Content[] => {
  switch (block.kind) {
    case 'fields':
      return fieldsBlock(block.title, block.fields);
    case 'table':
      return tableContent(block);
    case 'empty':
      return [{ text: block.text, color: MUTED, italics: true, margin: [0, 0, 0, s(6)] }];
    case 'text':
      return [...blockTitle(block.title), { text: block.text, margin: [0, 0, 0, s(6)] }];
    default: {
      const unknown: never = block;
      throw new Error(`unknown summary block ${(unknown as { kind: string }).kind}`);
    }
  }
};

/** The pdfmake content of a summary document: its title, then each section (title and blocks) in its order. */
export const summaryContent = (doc: SummaryDocument): Content[] => [
  {
    // The page's body text is 10 pt at 100 %: 8 pt here (the house default is for other PDFs).
    fontSize: s(10),
    stack: [
      { text: doc.title, bold: true, fontSize: s(18), margin: [0, 0, 0, s(2)] },
      { text: doc.footer, color: MUTED, margin: [0, 0, 0, s(4)] },
      ...doc.sections.flatMap((section): Content[] => [
        {
          text: section.title,
          bold: true,
          fontSize: s(14),
          color: '#1a3a5c',
          margin: [0, s(10), 0, s(4)],
        },
        ...section.blocks.flatMap(blockContent),
      ]),
    ],
  },
];

/** The loan summary PDF of a document and its number of pages; `owner`, the user who asked, is charged its time. */
export const renderSummaryPdf = (doc: SummaryDocument, owner?: number): Promise<{ pdf: Buffer; pages: number }> =>
  renderPdfWithPages(
    { title: doc.title, footer: doc.footer, content: summaryContent(doc), marginsMm: SUMMARY_MARGINS_MM },
    owner,
  );
