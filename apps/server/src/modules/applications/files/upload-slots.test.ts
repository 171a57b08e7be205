import { describe, expect, it } from 'vitest';
import { AppError } from '../../../platform/errors.ts';
import { createUploadSlots } from './upload-slots.ts';

describe('upload slots (UPLOAD_CONCURRENCY, UPLOAD_QUEUE_MS)', () => {
  it('runs at most max at once; the next wait in line, first come first served, and get a freed slot', async () => {
    const slots = createUploadSlots(2, 1000);
    const a = await slots.acquire();
    const b = await slots.acquire();
    const order: string[] = [];
    const c = slots.acquire().then((release) => (order.push('c'), release));
    const d = slots.acquire().then((release) => (order.push('d'), release));
    expect(slots.stats()).toEqual({ active: 2, waiting: 2 });
    a();
    a(); // a second call frees nothing more
    const releaseC = await c;
    expect(order).toEqual(['c']);
    expect(slots.stats()).toEqual({ active: 2, waiting: 1 });
    b();
    (await d)();
    releaseC();
    expect(order).toEqual(['c', 'd']);
    expect(slots.stats()).toEqual({ active: 0, waiting: 0 });
  });

  it('answers 503 BUSY with Retry-After once the wait is over, and lets a client that left go at once', async () => {
    const slots = createUploadSlots(1, 50);
    const held = await slots.acquire();
    const error = await slots.acquire().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ status: 503, code: 'BUSY', headers: { 'Retry-After': '5' } });
    const gone = new AbortController();
    const waiting = slots.acquire(gone.signal).catch((e: unknown) => e);
    expect(slots.stats().waiting).toBe(1);
    gone.abort();
    expect(await waiting).toMatchObject({ status: 503 });
    expect(slots.stats()).toEqual({ active: 1, waiting: 0 });
    held();
    expect(slots.stats()).toEqual({ active: 0, waiting: 0 });
  });
});
