import { messages } from '@credence/contracts';
import type { Content } from 'pdfmake/interfaces';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { AppError } from './errors.ts';
import {
  pdfBudget,
  pdfJobOf,
  pdfPoolStats,
  pdfTable,
  renderPdf,
  renderPdfWithPages,
  setPdfBudget,
  type PdfDocument,
} from './pdf.ts';

const words = 'Called the seller to confirm the payoff figure and the title status before funding. ';
const message = (length: number) => words.repeat(Math.ceil(length / words.length)).slice(0, length);

/** A comment table as the loan summary prints one: `rows` comments of `length` characters. */
const comments = (rows: number, length: number): PdfDocument => ({
  title: 'Loan Summary',
  footer: '1001 Doe, Jane',
  content: [
    pdfTable(
      ['Date & Time', 'User', 'Message'],
      Array.from({ length: rows }, () => ['03/14/2026 10:15 AM', 'Officer, Olivia', message(length)]),
      { widths: ['auto', 'auto', '*'] },
    ),
  ],
});

const initial = { ...pdfBudget };
afterEach(async () => {
  await setPdfBudget(initial);
});
afterAll(async () => {
  await setPdfBudget(initial);
});

const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
};

describe('PDFs in worker threads (issue 30, item 4)', () => {
  it('renders in a worker: the PDF, its pages, the house layout and a caller’s own layout functions', async () => {
    const ownLayout: Content = {
      table: {
        headerRows: 1,
        widths: ['*', '*'],
        body: [
          ['A', 'B'],
          ['1', '2'],
        ],
      },
      layout: {
        hLineWidth: (i: number, node: { table: { headerRows?: number } }) => (i === node.table.headerRows ? 1 : 0),
        vLineWidth: () => 0,
        fillColor: (row: number) => (row === 0 ? '#e8edf3' : null),
      },
    } as Content;
    const { pdf, pages } = await renderPdfWithPages({
      ...comments(120, 400),
      content: [ownLayout, ...comments(120, 400).content],
    });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pages).toBeGreaterThan(1);
    expect(pdfPoolStats().workers).toBeGreaterThanOrEqual(1);
    // The content sent is data: the caller's functions travel as their values per line, row or column.
    const job = pdfJobOf({ title: 't', footer: 'f', content: [ownLayout] });
    expect(job.content[0]).toMatchObject({ layout: 'credenceTabulated1' });
    expect(job.layouts.credenceTabulated1).toEqual({
      hLineWidth: { byIndex: [0, 1, 0] },
      vLineWidth: { byIndex: [0, 0, 0] },
      fillColor: { byIndex: ['#e8edf3', null] },
    });
    expect(() => pdfJobOf({ title: 't', footer: 'f', content: [{ text: 'x', pageBreak: () => 1 } as never] })).toThrow(
      TypeError,
    );
  }, 30_000);

  it('keeps the event loop turning while a large PDF renders: timers run before it comes back', async () => {
    const order: string[] = [];
    let ticks = 0;
    const interval = setInterval(() => (ticks += 1), 5);
    try {
      await renderPdf(comments(1, 10)); // the worker started
      const large = renderPdf(comments(40, 4000)).then(() =>
        order.push(`large after ${ticks >= 20 ? '20+' : ticks} ticks`),
      );
      setTimeout(() => order.push('timer'), 1);
      await new Promise((resolve) => setTimeout(resolve, 20));
      order.push(`waited ${ticks >= 2 ? '2+' : ticks} ticks`);
      await large;
    } finally {
      clearInterval(interval);
    }
    // Before: pdfmake laid the 160 000 characters out on this thread (~1.5 s) and nothing else ran meanwhile: the
    // order was ['large after 0 ticks', 'timer', 'waited 2+ ticks'].
    expect(order).toEqual(['timer', 'waited 2+ ticks', 'large after 20+ ticks']);
  }, 30_000);

  it('refuses a document over the size budget before rendering it (422, the bound in the text)', async () => {
    const characters = await refusal(renderPdf(comments(126, 4000)));
    expect(characters).toMatchObject({ status: 422, code: 'VALIDATION' });
    expect(characters.message).toBe(messages.limits.pdfTooLarge('it holds more than 500,000 characters'));
    const nodes = await refusal(renderPdf(comments(7000, 5)));
    expect(nodes).toMatchObject({ status: 422, code: 'VALIDATION' });
    expect(nodes.message).toBe(messages.limits.pdfTooLarge('it holds more than 20,000 pieces of text and table cells'));
    expect(pdfPoolStats().busy).toBe(0);
  }, 30_000);

  it('stops a render over the time budget (503 BUSY, Retry-After) and renders the next one in a fresh worker', async () => {
    await setPdfBudget({ timeoutMs: 300 });
    const error = await refusal(renderPdf(comments(100, 4000)));
    expect(error).toMatchObject({ status: 503, code: 'BUSY', headers: { 'Retry-After': '5' } });
    expect(error.message).toBe(messages.limits.pdfTimedOut(0.3));
    expect(pdfPoolStats()).toEqual({ workers: 0, busy: 0, queued: 0 });
    await setPdfBudget({ timeoutMs: initial.timeoutMs });
    expect((await renderPdf(comments(2, 100))).subarray(0, 5).toString()).toBe('%PDF-');
  }, 30_000);

  it('refuses a render at once when every worker is busy and the queue is full (503 BUSY, Retry-After)', async () => {
    await setPdfBudget({ workers: 1, queuePerWorker: 1 });
    const running = renderPdf(comments(40, 4000));
    const queued = renderPdf(comments(1, 10));
    const refused = await refusal(renderPdf(comments(1, 10)));
    expect(refused).toMatchObject({
      status: 503,
      code: 'BUSY',
      message: messages.limits.pdfBusy,
      headers: { 'Retry-After': '5' },
    });
    expect(pdfPoolStats()).toMatchObject({ workers: 1, busy: 1, queued: 1 });
    await Promise.all([running, queued]);
  }, 30_000);
});
