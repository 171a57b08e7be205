import os from 'node:os';
import { messages } from '@credence/contracts';
import type { Content } from 'pdfmake/interfaces';
import { HOUSE_TABLE_LAYOUT, mm, tabulateLayout, type PdfJob, type TabulatedLayout } from './pdf-document.ts';
import { AppError } from './errors.ts';
import { createPdfPool, pdfTooLarge, type PdfPool, type PdfPoolOptions } from './pdf-pool.ts';
import { createUserShare, type UserShare } from './user-share.ts';

/**
 * The house PDF (DESIGN.md: pdfmake on the server — pure JS, repeated table headers, `Page X of Y` footers, no
 * browser at run time). Every PDF Credence prints (the credit report, the loan summary, letters, the decision
 * receipt) is built here: letter paper, the PDF standard Helvetica family (no font files to ship), a footer on
 * every page, tables whose header rows repeat across pages.
 *
 * Off the event loop, within budgets (issue 30, item 4): pdfmake lays a document out synchronously (300 comments
 * of 4 000 characters took 26 s and stalled every other request of the process), so the layout runs in worker
 * threads (pdf-pool.ts, pdf-worker.ts). Before a document is sent its size is checked — printed characters and
 * content nodes (text pieces, cells) — and one over the bound is refused at once (422, 'This document is too large
 * to print: …'); a render over the time budget is stopped (503 BUSY, Retry-After); when every worker is busy and
 * the queue is full the call is refused (503 BUSY, Retry-After). Each answers the house error body, never a hang
 * or a 500.
 */

export { mm };

/**
 * The budgets. Measured here (2 cores, Node 20, pdfmake 0.2; the summary's comment table): 100 000 characters in
 * ~0.9 s, 200 000 in ~2.4 s, 500 000 in ~4 s; 15 000 cells of 20 characters in ~4.9 s. So a document at both
 * bounds lays out in well under the time budget here, and the time budget stops whatever the bounds do not foresee
 * (a slower machine, a costlier shape). The demo's longest documents are far below: the benchmark's summary (4
 * applicants, 40 tradelines, 60 comments, 200 history rows), and an application at the comment limits (500
 * comments, 200 000 characters of them) prints in ~3 s.
 *
 * Workers: min(2, cores − 1), at least 1 — the server's own thread keeps a core (on this two-core machine: one
 * worker; two renders side by side on two cores would leave none for the requests the pool exists to protect).
 */
export const pdfBudget = {
  maxCharacters: 500_000,
  maxNodes: 20_000,
  /** Nesting of content (lists, stacks, columns, tables in tables). */
  maxDepth: 64,
  timeoutMs: 10_000,
  workers: Math.max(1, Math.min(2, os.availableParallelism() - 1)),
  /** Jobs waiting per worker: at most ~4 budgets of wait before a job starts. */
  queuePerWorker: 4,
  maxHeapMb: 1024,
};

let pool: PdfPool | undefined;
const poolOptions = (): PdfPoolOptions => ({
  size: pdfBudget.workers,
  queueLimit: pdfBudget.queuePerWorker * pdfBudget.workers,
  timeoutMs: pdfBudget.timeoutMs,
  maxHeapMb: pdfBudget.maxHeapMb,
});
const thePool = () => (pool ??= createPdfPool(poolOptions()));

/**
 * Changes the budgets (tests; the next render starts a pool with them) and answers the previous ones to put back.
 */
export const setPdfBudget = async (changes: Partial<typeof pdfBudget>): Promise<typeof pdfBudget> => {
  const previous = { ...pdfBudget };
  Object.assign(pdfBudget, changes);
  const old = pool;
  pool = undefined;
  await old?.close();
  return previous;
};

/** The workers, for tests and diagnostics. */
export const pdfPoolStats = () => pool?.stats() ?? { workers: 0, busy: 0, queued: 0 };

export type PdfDocument = {
  title: string;
  content: Content[];
  /** The footer's left text (e.g. the application id and the applicant); 'Page X of Y' is added on the right. */
  footer: string;
  /** Margins in millimetres: left, top, right, bottom. */
  marginsMm?: [number, number, number, number];
};

/** The keys of a content node whose strings are printed (each piece a node of the budget). */
const PRINTED_KEYS = new Set(['text', 'stack', 'columns', 'ul', 'ol', 'body']);

const count = (n: number) => n.toLocaleString('en-US');

/**
 * The job of a document: its content copied as data — a table's own layout functions tabulated into a named
 * layout — with its printed characters and nodes counted against the budget on the way (422 past either).
 * A function anywhere else in the content is a programming error.
 */
export const pdfJobOf = (doc: PdfDocument): PdfJob => {
  const [left, top, right, bottom] = doc.marginsMm ?? [12, 12, 12, 15];
  const layouts: Record<string, TabulatedLayout> = {};
  let characters = doc.title.length + doc.footer.length;
  let nodes = 0;
  const printed = (text: string) => {
    characters += text.length;
    nodes += 1;
    if (characters > pdfBudget.maxCharacters) {
      throw pdfTooLarge(`it holds more than ${count(pdfBudget.maxCharacters)} characters`);
    }
    if (nodes > pdfBudget.maxNodes) {
      throw pdfTooLarge(`it holds more than ${count(pdfBudget.maxNodes)} pieces of text and table cells`);
    }
  };
  // `text` says whether a string here is printed: an item of the content, a stack, columns, a list or a table
  // row, or a node's `text` (an alignment, a colour, a width or a style name is not).
  const copy = (value: unknown, depth: number, text: boolean): unknown => {
    if (depth > pdfBudget.maxDepth) throw pdfTooLarge(`its content nests more than ${pdfBudget.maxDepth} levels deep`);
    if (typeof value === 'string') {
      if (text) printed(value);
      return value;
    }
    if (typeof value === 'function') throw new TypeError('PDF content must be data: a function outside a table layout');
    if (Array.isArray(value)) return value.map((item) => copy(item, depth + 1, text));
    if (value === null || typeof value !== 'object' || ArrayBuffer.isView(value)) return value;
    const node = value as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(node)) {
      if (key === 'layout' && v !== null && typeof v === 'object' && node.table) {
        const name = `credenceTabulated${Object.keys(layouts).length + 1}`;
        layouts[name] = tabulateLayout(v as Record<string, unknown>, node as Parameters<typeof tabulateLayout>[1]);
        out[key] = name;
      } else {
        out[key] = copy(v, depth + 1, PRINTED_KEYS.has(key));
      }
    }
    return out;
  };
  const content = doc.content.map((item) => copy(item, 0, true)) as Content[];
  return {
    title: doc.title,
    footer: doc.footer,
    margins: [mm(left), mm(top), mm(right), mm(bottom)],
    content,
    layouts,
  };
};

/*
 * Each user's share of the PDF workers (issue 30, item 13; platform/user-share.ts). A render asked for by a user
 * (`owner`) is charged its time in a worker (not its wait for one); a user's bucket holds PDF_USER_BURST_MS (2 s)
 * and refills PDF_USER_SHARE_MS (100 ms) per second — a tenth of a worker for a user who keeps printing. In debt,
 * the next print waits until the debt is paid (at most 2 prints of a user wait, each at most SHARE_MAX_WAIT_MS),
 * else is refused (429 RATE_LIMITED with Retry-After). A loan file of a few dozen comments prints in ~0.3 s: a
 * person prints six in a row, then one every three seconds; the largest document allowed (~3.5 s) is printed at
 * once, the next one after ~15 s. Without it one user looping the largest preview kept the only worker of a
 * two-core machine busy: everyone else's prints queued behind it (or were refused, the queue full), and the
 * worker's core was gone from the database and the requests. Prints of jobs (the summary export on funding) have
 * no owner and are not charged.
 */
export const PDF_USER_SHARE_MS = 100;
export const PDF_USER_BURST_MS = 2_000;
const pdfShare = createUserShare({ perSecond: PDF_USER_SHARE_MS, burst: PDF_USER_BURST_MS, maxWaiting: 2 });

/** The users' shares of the PDF workers (tests, diagnostics). */
export const pdfShareOf = (): UserShare => pdfShare;

const pdfOverShare = (waitMs: number) => {
  const seconds = Math.ceil(waitMs / 1000);
  return new AppError(429, 'RATE_LIMITED', messages.limits.pdfOverShare(seconds), undefined, {
    'Retry-After': String(seconds),
  });
};

/**
 * Waits out the user's debt of printing, or refuses (429) when it is further away than SHARE_MAX_WAIT_MS. Called
 * by every render with an owner; call it first where a print needs costly reads before its render (the loan
 * summary), so that a refused print costs nothing.
 */
export const admitPrint = async (owner: number) => {
  const refused = await pdfShare.admit(owner);
  if (refused > 0) throw pdfOverShare(refused);
};

/** Builds the PDF in a worker thread, within the budgets (see the module comment); `owner` is charged its time. */
export const renderPdf = async (doc: PdfDocument, owner?: number): Promise<Buffer> =>
  (await renderPdfWithPages(doc, owner)).pdf;

/** `renderPdf`, also answering the number of pages (the footer's 'of Y'). */
export const renderPdfWithPages = async (doc: PdfDocument, owner?: number): Promise<{ pdf: Buffer; pages: number }> => {
  const job = pdfJobOf(doc);
  if (owner === undefined) return thePool().render(job);
  await admitPrint(owner);
  let started: number | undefined;
  try {
    return await thePool().render(job, () => (started = performance.now()));
  } finally {
    if (started !== undefined) pdfShare.charge(owner, performance.now() - started);
  }
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
    // Named, so the content stays data for the worker (pdf-document.ts holds the layout).
    layout: HOUSE_TABLE_LAYOUT,
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
