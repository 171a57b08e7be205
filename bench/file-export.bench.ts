/**
 * A File Export at scale (issue 33, item 10: an export of 1 000 000 applications streams with bounded memory —
 * RSS growth <= 100 MB — and a progress that moves at least every second). The API runs as `npm start` runs it
 * (its own process, its pg-boss job runner in it); the signed-in administrator asks for the All Applications
 * queue of its current lender as CSV (or XLSX), every row, the grid's default columns, through the API as the
 * File Export page does; the benchmark then follows the export as the page does (GET /api/fileExports/{id},
 * every 100 ms), samples the API process's resident memory (/proc/{pid}/status, every 100 ms) and finally downloads
 * the file with its single-use link.
 *
 * Prints: the rows, the export's time (queued -> done) and rows per second, the file's size, the API's RSS before,
 * its peak during the export and the growth (target <= 100 MB), the longest time the progress stood still (target
 * <= 1 s), the download's time and that its line count is the rows plus the header.
 *
 * Database: bench:queues' (DATABASE_URL, else the embedded one under .data/bench, or --data-dir); the lender is
 * topped up once with bulk applications to --rows (the bulk rows of bench:queues are shared by two lenders).
 * Run: npm run bench:file-export                       (1 000 000 rows, CSV)
 *      npm run bench:file-export -- --rows 20000 --data-dir .data/bench-small --format xlsx
 * Traffic only to 127.0.0.1.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { seedQueueApplications } from '../apps/server/src/modules/application-queues/queue-bulk-seed.ts';
import { startApi, stopApi } from './api-process.ts';
import { ensureApplications, openBenchDatabase, out, signIn } from './bench-database.ts';

const { values: flags } = parseArgs({
  options: {
    rows: { type: 'string', default: '1000000' },
    'data-dir': { type: 'string' },
    format: { type: 'string', default: 'csv' },
    help: { type: 'boolean', default: false },
  },
});
if (flags.help) {
  out(`npm run bench:file-export -- [--rows N] [--data-dir DIR] [--format csv|xlsx]`);
  process.exit(0);
}
const rows = Number(flags.rows);
if (!Number.isInteger(rows) || rows < 1 || rows > 5_000_000) throw new Error('--rows must be 1 to 5000000');
const format = flags.format === 'xlsx' ? 'xlsx' : 'csv';

type Export = {
  id: number;
  state: string;
  rowsDone: number;
  rowsTotal: number | null;
  fileSize: number | null;
  error: string | null;
};

const MB = 1024 * 1024;
/** The resident memory of a process, bytes (Linux). */
const rssOf = (pid: number) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line?.split(/\s+/)[1] ?? 0) * 1024;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const bench = await openBenchDatabase(flags['data-dir'] ? { dataDir: flags['data-dir'] } : {});
try {
  await ensureApplications(bench, Math.min(rows, 1_000_000));
  const api = await startApi(bench.url);
  try {
    const admin = await signIn(api.address, 'admin', 'Admin2026');
    const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
      const response = await fetch(`${api.address}${path}`, {
        method,
        headers: admin.headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      if (!response.ok) throw new Error(`${method} ${path}: HTTP ${response.status} ${await response.text()}`);
      return (await response.json()) as T;
    };
    const me = await call<{ currentLender: { id: number; name: string } }>('GET', '/api/user/me');
    const lender = me.currentLender;
    const held = await bench.q1<{ n: number }>('select count(*)::int as n from applications where lender_id = $1', [
      lender.id,
    ]);
    if (held.n < rows) {
      out(`Topping ${lender.name} up with ${rows - held.n} bulk applications (once)…`);
      await seedQueueApplications(bench.bare, {
        lenderId: lender.id,
        count: rows - held.n,
        dataEncryptionKey: bench.config.dataEncryptionKey,
      });
      await bench.bare.query('vacuum analyze applications');
    }
    const pid = api.child.pid!;
    const before = rssOf(pid);
    const criteria = { gridName: 'allApplicationsQueue', filter: null, text: null, sort: null, columns: null };
    const t0 = performance.now();
    let current = await call<Export>('POST', '/api/fileExports', {
      kind: 'applications',
      format,
      filters: { criteria },
    });
    let peak = before;
    let lastMove = t0;
    let lastDone = -1;
    let longestStill = 0;
    while (!['done', 'failed', 'cancelled'].includes(current.state)) {
      await sleep(100);
      peak = Math.max(peak, rssOf(pid));
      current = await call<Export>('GET', `/api/fileExports/${current.id}`);
      const now = performance.now();
      if (current.rowsDone !== lastDone) {
        if (lastDone >= 0) longestStill = Math.max(longestStill, now - lastMove);
        lastDone = current.rowsDone;
        lastMove = now;
      }
    }
    const seconds = (performance.now() - t0) / 1000;
    if (current.state !== 'done')
      throw new Error(`the export ended ${current.state} after ${current.rowsDone} rows: ${current.error}`);
    const { token } = await call<{ token: string }>('POST', `/api/fileExports/${current.id}/downloadToken`);
    const t1 = performance.now();
    const file = await fetch(`${api.address}/api/fileExports/${current.id}/download?dt=${encodeURIComponent(token)}`);
    const body = Buffer.from(await file.arrayBuffer());
    const downloadSeconds = (performance.now() - t1) / 1000;
    const lines =
      format === 'csv'
        ? body
            .toString('utf8')
            .split('\r\n')
            .filter((l) => l !== '').length
        : null;

    out(`Credence File Export benchmark: ${lender.name}, All Applications, ${format.toUpperCase()}, default columns`);
    out(`  rows              ${current.rowsTotal} (written ${current.rowsDone})`);
    out(`  export            ${seconds.toFixed(1)} s, ${Math.round((current.rowsDone ?? 0) / seconds)} rows/s`);
    out(
      `  file              ${((current.fileSize ?? 0) / MB).toFixed(1)} MB; download ${downloadSeconds.toFixed(1)} s`,
    );
    if (lines !== null)
      out(`  lines             ${lines} (rows + header: ${lines === current.rowsDone + 1 ? 'ok' : 'MISMATCH'})`);
    const growth = (peak - before) / MB;
    out(
      `  API RSS           ${(before / MB).toFixed(0)} MB before, ${(peak / MB).toFixed(0)} MB peak: +${growth.toFixed(0)} MB (target <= 100 MB: ${growth <= 100 ? 'ok' : 'OVER'})`,
    );
    out(
      `  progress          stood still at most ${(longestStill / 1000).toFixed(2)} s (target <= 1 s: ${longestStill <= 1000 ? 'ok' : 'OVER'})`,
    );
  } finally {
    await stopApi(api.child);
  }
} finally {
  await bench.close();
}
