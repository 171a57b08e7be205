import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { messages } from '@credence/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, findSeededApplication, signIn, SUMMIT, type ApiClient } from '../../../test/api-client.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

/**
 * Issue 10, item 11: uploads stream to the file store and downloads stream from it; uploads per process are
 * capped. Uploads go through a real socket with a generated body, so the test process never holds a whole
 * upload either and its RSS shows what the server side costs.
 */

const MiB = 1024 * 1024;
const FILE_BYTES = Math.round(9.5 * MiB);
const BOUNDARY = '----credence-streaming-test';

/** 1 MiB of noise shared by every generated file (incompressible, so PostgreSQL stores it as is). */
const noise = randomBytes(MiB);

/** File `n`: a PDF header, then the noise rotated by n, `size` bytes in all; generated in 64 KiB pieces. */
function* fileBytes(n: number, size: number) {
  const header = Buffer.from(`%PDF-1.7\n% generated file ${n}\n`);
  yield header;
  let offset = header.length;
  let at = (n * 7919) % MiB;
  while (offset < size) {
    const length = Math.min(64 * 1024, size - offset, MiB - at);
    yield noise.subarray(at, at + length);
    offset += length;
    at = (at + length) % MiB;
  }
}

const sha256Of = (n: number, size: number) => {
  const hash = createHash('sha256');
  for (const piece of fileBytes(n, size)) hash.update(piece);
  return hash.digest('hex');
};

/** A multipart body of `count` generated files, produced as it is sent. */
function* multipartBody(first: number, count: number, size: number) {
  for (let i = 0; i < count; i++) {
    yield Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="scan-${first + i}.pdf"\r\n` +
        `Content-Type: application/pdf\r\n\r\n`,
    );
    yield* fileBytes(first + i, size);
    yield Buffer.from('\r\n');
  }
  yield Buffer.from(`--${BOUNDARY}--\r\n`);
}

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };

/** POSTs a streamed body to the listening app; `body` may be held back by the caller (a PassThrough). */
const post = (t: TestApp, token: string, port: number, path: string, body: Readable) =>
  new Promise<Answer>((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        headers: { ...t.bearer(token), 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (c: Buffer) => chunks.push(c));
        response.on('end', () =>
          resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks).toString() }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    pipeline(body, request).catch(() => {}); // a refused upload may close the socket before the body is sent
  });

const listen = async (t: TestApp) => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return (t.app.server.address() as AddressInfo).port;
};

describe('file uploads and downloads stream (issue 10, item 11)', () => {
  let t: TestApp;
  let officer: ApiClient;
  let id: number;
  let port: number;
  const upload = (first: number, count: number, size = FILE_BYTES) =>
    post(
      t,
      officer.token,
      port,
      `/api/applications/${id}/files/upload`,
      Readable.from(multipartBody(first, count, size)),
    );

  beforeAll(async () => {
    t = await createTestApp({ FILE_MAX_BYTES: String(10 * MiB) });
    officer = await signIn(t, 'officer', 'Officer2026');
    id = await findSeededApplication(t, SUMMIT, `a.state = 'approved'`);
    port = await listen(t);
  });
  afterAll(() => t.close());

  it('stores a 9.5 MiB file and downloads it byte-identical; 10 MiB + 1 byte is 413 and stores nothing', async () => {
    const response = await upload(1000, 1);
    expect(response.status, response.body).toBe(201);
    const [file] = JSON.parse(response.body) as { appFileId: number; size: number; contentType: string }[];
    expect(file).toMatchObject({ size: FILE_BYTES, contentType: 'application/pdf' });
    const stored = await t.pool.query(
      `select c.size, c.sha256, length(c.content) as length from file_contents c
         join application_files f on f.file_id = c.id where f.id = $1`,
      [file!.appFileId],
    );
    expect(stored.rows[0]).toEqual({ size: FILE_BYTES, sha256: sha256Of(1000, FILE_BYTES), length: FILE_BYTES });

    const download = await officer.get(`/api/applications/${id}/files/${file!.appFileId}`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-length']).toBe(String(FILE_BYTES));
    expect(download.rawPayload.length).toBe(FILE_BYTES);
    expect(createHash('sha256').update(download.rawPayload).digest('hex')).toBe(sha256Of(1000, FILE_BYTES));

    const files = await countRows(t, 'application_files');
    const contents = await countRows(t, 'file_contents');
    const tooLarge = await upload(2000, 2, 10 * MiB + 1);
    expect(tooLarge.status).toBe(413);
    expect(JSON.parse(tooLarge.body)).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: messages.files.tooLarge('10 MB') });
    expect(await countRows(t, 'application_files')).toBe(files);
    expect(await countRows(t, 'file_contents')).toBe(contents);
    // The large objects used while writing are gone with their transaction.
    expect(Number((await t.pool.query(`select count(*) as n from pg_largeobject_metadata`)).rows[0].n)).toBe(0);
  }, 120_000);

  it('keeps RSS growth bounded while 3 uploads of 10 × 9.5 MiB run in parallel', async () => {
    await upload(3000, 2); // warm-up: code paths, pools and buffers in place before measuring
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 20);
    const started = Date.now();
    const answers = await Promise.all([upload(4000, 10), upload(4100, 10), upload(4200, 10)]);
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    const growth = (peak - before) / MiB;
    // eslint-disable-next-line no-console -- the figure the issue asks for, printed with the test run
    console.log(
      `3 parallel uploads of 10 × 9.5 MiB (285 MiB) in ${Date.now() - started} ms: RSS ${Math.round(before / MiB)} MiB -> peak ${Math.round(peak / MiB)} MiB (growth ${growth.toFixed(1)} MiB)`,
    );
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
    expect(answers.map((a) => (JSON.parse(a.body) as unknown[]).length)).toEqual([10, 10, 10]);
    // Holding the uploads whole grew RSS by 370 MB (226 -> 595 MB); streamed, the bound is a third of the data.
    expect(growth).toBeLessThan(96);
    const sizes = await t.pool.query(
      `select count(*) as n, sum(length(content)) as bytes from file_contents c
         join application_files f on f.file_id = c.id where f.file_name like 'scan-4%'`,
    );
    expect(sizes.rows[0]).toEqual({ n: 30, bytes: 30 * FILE_BYTES });
  }, 300_000);
});

describe('concurrent uploads are capped per process (UPLOAD_CONCURRENCY, UPLOAD_QUEUE_MS)', () => {
  let t: TestApp;
  let officer: ApiClient;
  let id: number;
  let port: number;

  beforeAll(async () => {
    t = await createTestApp({ UPLOAD_CONCURRENCY: '1', UPLOAD_QUEUE_MS: '1500' });
    officer = await signIn(t, 'officer', 'Officer2026');
    id = await findSeededApplication(t, SUMMIT, `a.state = 'approved'`);
    port = await listen(t);
  });
  afterAll(() => t.close());

  const small = (n: number) => Readable.from(multipartBody(n, 1, 1000));
  /** An upload whose body is held back after its first part header until `finish` is called. */
  const heldUpload = () => {
    const body = new PassThrough();
    const pieces = [...multipartBody(5000, 1, 1000)];
    body.write(pieces[0]);
    const answer = post(t, officer.token, port, `/api/applications/${id}/files/upload`, body);
    return {
      answer,
      finish: () => {
        for (const piece of pieces.slice(1)) body.write(piece);
        body.end();
      },
    };
  };
  const waitUntilBusy = async () => {
    // The held upload owns the only slot once the server is reading its body.
    for (let i = 0; i < 100 && !t.logs.join('').includes('/files/upload'); i++)
      await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, 300));
  };

  it('answers 503 BUSY with Retry-After once the queue wait is over, and lets a waiting upload through when a slot frees', async () => {
    const held = heldUpload();
    await waitUntilBusy();
    const url = `/api/applications/${id}/files/upload`;
    const refused = await post(t, officer.token, port, url, small(5001));
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toBe('5');
    expect(JSON.parse(refused.body)).toEqual({ code: 'BUSY', message: messages.files.busy });

    const queued = post(t, officer.token, port, url, small(5002));
    await new Promise((r) => setTimeout(r, 300));
    held.finish();
    expect((await held.answer).status).toBe(201);
    expect((await queued).status).toBe(201); // waited in line, then ran
    expect((await post(t, officer.token, port, url, small(5003))).status).toBe(201);
  }, 60_000);
});
