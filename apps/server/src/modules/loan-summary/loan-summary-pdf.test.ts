import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SummaryDocument, SummaryTable } from '@credence/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { renderSummaryPdf } from './loan-summary-pdf.ts';

const dir = mkdtempSync(join(tmpdir(), 'loan-summary-pdf-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The text of each page, as poppler's pdftotext reads it (pages split on form feeds). */
const pagesOf = (pdf: Buffer, name: string) => {
  const file = join(dir, `${name}.pdf`);
  writeFileSync(file, pdf);
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  return text.split('\f').filter((page) => page.trim() !== '');
};

const history: SummaryTable = {
  kind: 'table',
  columns: [
    { header: 'Date & Time', width: 90 },
    { header: 'User', width: 110 },
    { header: 'Action', width: 110 },
    { header: 'Description' },
  ],
  rows: Array.from({ length: 120 }, (_, i) => ({
    cells: ['03/14/2026 10:15 AM', 'Officer, Olivia', `Action ${i + 1}`, `Changed the loan request (${i + 1})`],
    ...(i % 3 === 0
      ? {
          detail: {
            kind: 'table' as const,
            columns: [{ header: 'Entity' }, { header: 'Property' }, { header: 'Old' }, { header: 'New' }],
            rows: [{ cells: ['Application', 'termMonths', '60', '72'] }],
          },
        }
      : {}),
  })),
};

const doc: SummaryDocument = {
  applicationId: 4711,
  title: 'Loan Summary',
  footer: 'Application 4711 · Rivera, Ana',
  fileName: 'RiveraAna_4711.pdf',
  sections: [
    {
      key: 'channelAndProduct',
      title: 'Channel And Product',
      blocks: [
        {
          kind: 'fields',
          fields: [
            { label: 'Created', value: '03/01/2026' },
            { label: 'Status', value: 'Funded' },
            { label: 'Source', value: 'Branch' },
            { label: 'Product', value: 'New Auto' },
            { label: 'Channel', value: 'Direct' },
          ],
        },
      ],
    },
    { key: 'decision', title: 'Decision', blocks: [{ kind: 'empty', text: 'No Decision Data Found' }] },
    {
      key: 'request',
      title: 'Request',
      blocks: [
        {
          kind: 'table',
          title: 'Vehicle Valuation',
          hideUnselectedToggle: true,
          columns: [{ header: 'Accessory' }, { header: 'Value', align: 'right' }],
          rows: [{ cells: ['Sunroof', '$1,200.00'] }, { cells: ['Tow package', '$450.00'], unselected: true }],
          footerRows: [['Price + Options', '$33,645.00']],
          footerRowsSelectedOnly: [['Price + Options', '$33,195.00']],
        },
        { kind: 'text', title: 'Purpose', text: 'Purchase of a new vehicle' },
      ],
    },
    { key: 'applicationHistory', title: 'Application History', blocks: [history] },
  ],
};

describe('renderSummaryPdf', () => {
  it('prints the footer on every page, the sections in order, the blocks and the page count', async () => {
    const { pdf, pages } = await renderSummaryPdf(doc);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const texts = pagesOf(pdf, 'multi');
    expect(pages).toBeGreaterThan(1);
    expect(texts).toHaveLength(pages);
    texts.forEach((text, i) => {
      expect(text).toContain(`Page ${i + 1} of ${pages}`);
      expect(text).toContain('Application 4711 · Rivera, Ana');
    });
    const all = texts.join('\n');
    const order = ['Channel And Product', 'Decision', 'No Decision Data Found', 'Request', 'Application History'];
    const at = order.map((t) => all.indexOf(t));
    expect(at.every((i) => i >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    // The unselected accessory is listed (muted), with the totals the builder chose.
    expect(all).toContain('Tow package');
    expect(all).toContain('$33,645.00');
    expect(all).not.toContain('$33,195.00');
    // The history's detail rows and its header repeated on the following pages.
    expect(all).toContain('termMonths');
    for (const text of texts.slice(texts.findIndex((t) => t.includes('Application History')) + 1))
      expect(text).toMatch(/Date & Time\s+User\s+Action\s+Description/);
    // No links: no annotation of the link kind in the file.
    expect(pdf.toString('latin1')).not.toMatch(/\/Subtype\s*\/Link/);
  });

  it('prints the rows and totals of a table the builder made without the unselected accessories', async () => {
    const request = doc.sections[2]!;
    const table = request.blocks[0] as SummaryTable;
    const hidden: SummaryDocument = {
      ...doc,
      sections: [
        {
          ...request,
          blocks: [
            {
              ...table,
              hideUnselectedToggle: false,
              rows: table.rows.filter((r) => !r.unselected),
              footerRows: table.footerRowsSelectedOnly!,
            },
          ],
        },
      ],
    };
    const { pdf, pages } = await renderSummaryPdf(hidden);
    expect(pages).toBe(1);
    const [text] = pagesOf(pdf, 'hidden');
    expect(text).toContain('$33,195.00');
    expect(text).not.toContain('Tow package');
    expect(text).toContain('Page 1 of 1');
  });

  it('prints a table without rows as its empty text', async () => {
    const empty: SummaryDocument = {
      ...doc,
      sections: [
        {
          key: 'comments',
          title: 'Comments',
          blocks: [{ kind: 'table', columns: [{ header: 'Message' }], rows: [], empty: 'No Comment Data Found' }],
        },
      ],
    };
    const [text] = pagesOf((await renderSummaryPdf(empty)).pdf, 'empty');
    expect(text).toContain('No Comment Data Found');
    expect(text).not.toContain('Message');
  });
});
