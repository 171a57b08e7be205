import type { Worker } from 'node:worker_threads';
import { messages } from '@credence/contracts';
import { AppError, RETRY_AFTER_SECONDS } from './errors.ts';
import type { PdfJob, PdfJobMessage, PdfJobResult } from './pdf-document.ts';
import { startTsWorker } from './ts-worker.ts';

/**
 * The PDF workers (issue 30, item 4): a few worker threads run pdfmake (pdf-worker.ts) so that one large document
 * never stalls the other requests of the process. Each worker renders one job at a time; jobs beyond the workers
 * wait in a bounded queue, and a job that finds the queue full is refused at once (503 BUSY with Retry-After)
 * rather than piling up. A job that runs over the time budget has its worker terminated (pdfmake's work stops
 * there) and answers 503; the next job gets a fresh worker. A worker that runs out of memory answers 422 (too large).
 */

/** The PDF bounds' refusals (422 and 503 with the house error body); their texts are in messages.limits. */
export const pdfTooLarge = (reason: string) => new AppError(422, 'VALIDATION', messages.limits.pdfTooLarge(reason));
const retryAfter = { 'Retry-After': String(RETRY_AFTER_SECONDS) };
const pdfTimedOut = (ms: number) =>
  new AppError(503, 'BUSY', messages.limits.pdfTimedOut(ms / 1000), undefined, retryAfter);
const pdfBusy = () => new AppError(503, 'BUSY', messages.limits.pdfBusy, undefined, retryAfter);

export type PdfPoolOptions = {
  /** Worker threads at most (started when first needed, kept while the process lives). */
  size: number;
  /** Jobs that may wait for a worker; one more is refused (503). */
  queueLimit: number;
  /** Time a job may run in its worker (the worker's start included) before it is stopped (503). */
  timeoutMs: number;
  /** Heap of one worker in MiB; a job that needs more answers 422. */
  maxHeapMb: number;
};

type Task = {
  message: PdfJobMessage;
  /** Called when a worker takes the job (its wait in the queue is over). */
  onStart: (() => void) | undefined;
  resolve: (value: { pdf: Buffer; pages: number }) => void;
  reject: (error: unknown) => void;
};
type Slot = { worker: Worker; task: Task | undefined; timer: NodeJS.Timeout | undefined };

const workerFile = new URL('./pdf-worker.ts', import.meta.url);

export type PdfPool = {
  /** Renders the job; `onStart` is called when a worker takes it. */
  render: (job: PdfJob, onStart?: () => void) => Promise<{ pdf: Buffer; pages: number }>;
  /** Workers running, jobs rendering and waiting. */
  stats: () => { workers: number; busy: number; queued: number };
  close: () => Promise<void>;
};

export const createPdfPool = (options: PdfPoolOptions): PdfPool => {
  const slots: Slot[] = [];
  const queue: Task[] = [];
  let nextId = 1;

  const retire = (slot: Slot) => {
    const index = slots.indexOf(slot);
    if (index >= 0) slots.splice(index, 1);
    if (slot.timer) clearTimeout(slot.timer);
    slot.worker.removeAllListeners();
    slot.worker.on('error', () => {}); // a late error of a terminated worker
    void slot.worker.terminate();
  };

  /** Ends the slot's task; the slot stays when it is still healthy, and the next job goes on. */
  const finish = (slot: Slot, settle: (task: Task) => void, healthy: boolean) => {
    const task = slot.task;
    slot.task = undefined;
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = undefined;
    if (healthy)
      slot.worker.unref(); // an idle worker keeps no process alive
    else retire(slot);
    if (task) settle(task);
    pump();
  };

  const spawn = (): Slot => {
    const worker = startTsWorker(workerFile, { maxOldGenerationSizeMb: options.maxHeapMb });
    const slot: Slot = { worker, task: undefined, timer: undefined };
    worker.on('message', (result: PdfJobResult) => {
      if (!slot.task || slot.task.message.id !== result.id) return;
      if (result.ok) {
        const pdf = Buffer.from(result.pdf.buffer, result.pdf.byteOffset, result.pdf.byteLength);
        finish(slot, (t) => t.resolve({ pdf, pages: result.pages }), true);
      } else {
        finish(slot, (t) => t.reject(new Error(`PDF rendering failed: ${result.message}`)), true);
      }
    });
    worker.on('error', (error: Error & { code?: string }) => {
      const failure =
        error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? pdfTooLarge(messages.limits.pdfTooLargeMemory) : error;
      finish(slot, (t) => t.reject(failure), false);
    });
    worker.on('exit', (code) => {
      if (slots.includes(slot)) finish(slot, (t) => t.reject(new Error(`PDF worker exited (${code})`)), false);
    });
    slots.push(slot);
    return slot;
  };

  const start = (slot: Slot, task: Task) => {
    slot.task = task;
    slot.worker.ref(); // a job under way keeps the process alive (a command-line seed waits for its PDF)
    slot.timer = setTimeout(
      () => finish(slot, (t) => t.reject(pdfTimedOut(options.timeoutMs)), false),
      options.timeoutMs,
    );
    slot.worker.postMessage(task.message);
    task.onStart?.();
  };

  function pump() {
    while (queue.length > 0) {
      const slot = slots.find((s) => !s.task) ?? (slots.length < options.size ? spawn() : undefined);
      if (!slot) return;
      start(slot, queue.shift()!);
    }
  }

  return {
    render: (job, onStart) =>
      new Promise((resolve, reject) => {
        const idle = slots.some((s) => !s.task) || slots.length < options.size;
        if (!idle && queue.length >= options.queueLimit) {
          reject(pdfBusy());
          return;
        }
        queue.push({ message: { id: nextId++, job }, onStart, resolve, reject });
        pump();
      }),
    stats: () => ({ workers: slots.length, busy: slots.filter((s) => s.task).length, queued: queue.length }),
    close: async () => {
      for (const task of queue.splice(0)) task.reject(new Error('PDF workers closed'));
      await Promise.all(
        [...slots].map(async (slot) => {
          const task = slot.task;
          retire(slot);
          task?.reject(new Error('PDF workers closed'));
        }),
      );
    },
  };
};
