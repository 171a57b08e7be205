/**
 * Queues and the side-menu lookup at scale: 1 000 000 applications (both lenders), measured over HTTP with a
 * real sign-in, then the same SQL run bare through pg (same tenant settings) to show what the API adds.
 *
 * Run: npm run bench:queues   (prints figures; nothing is asserted)
 * Database: DATABASE_URL when set, otherwise an embedded PostgreSQL kept under .data/bench, so a re-run skips
 * the seeding when the rows are already there. BENCH_APPLICATIONS changes the size (default 1 000 000).
 */
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  applicationSearchRequestSchema,
  QUEUE_COUNT_CAP,
  QUEUE_LOOKUP_COUNT_CAP,
  type ApplicationSearchRequest,
  type QueueGridName,
} from '@credence/contracts';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { connectDatabase } from '../apps/server/src/db/client.ts';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded.ts';
import { runMigrations } from '../apps/server/src/db/migrate.ts';
import { seedDemo } from '../apps/server/src/db/seed/demo.ts';
import { buildSearch, pageWindow } from '../apps/server/src/modules/application-queues/application-queues.service.ts';
import { seedQueueApplications } from '../apps/server/src/modules/application-queues/queue-bulk-seed.ts';
import {
  cappedCountQuery,
  pageQuery,
  QUEUE_PLANNER_SETTINGS,
  stateQueueOf,
  toSqlText,
} from '../apps/server/src/modules/application-queues/queue-sql.ts';
import { createDataProtector } from '../apps/server/src/platform/crypto.ts';

const TOTAL = Number(process.env.BENCH_APPLICATIONS ?? 1_000_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 300);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 1);
// A fixed key, so the SSN hashes seeded on a first run still match on the next.
const DATA_ENCRYPTION_KEY = Buffer.alloc(32, 11).toString('base64');

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = (line: string) => process.stdout.write(`${line}\n`);
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

type Figures = { p50: number; p95: number; p99: number; rps: number };

const measure = async (label: string, call: () => Promise<void>): Promise<Figures> => {
  // Warm-up, then as many rounds as fit in about 8 s (at least 30, at most BENCH_ROUNDS).
  const w0 = performance.now();
  for (let i = 0; i < 5; i++) await call();
  const rounds = Math.max(30, Math.min(ROUNDS, Math.round(8000 / ((performance.now() - w0) / 5))));
  const times: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < rounds) {
        next++;
        const t0 = performance.now();
        await call();
        times.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  const figures = {
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    rps: rounds / seconds,
  };
  const f = (n: number) => n.toFixed(1).padStart(7);
  out(
    `  ${label.padEnd(44)} n=${String(rounds).padStart(4)} p50 ${f(figures.p50)} ms  p95 ${f(figures.p95)} ms  p99 ${f(figures.p99)} ms  ${figures.rps.toFixed(0).padStart(5)} req/s`,
  );
  return figures;
};

let stopEmbedded: (() => Promise<void>) | undefined;
let url = process.env.DATABASE_URL;
if (!url) {
  const embedded = await startEmbeddedPostgres(path.join(root, '.data', 'bench'));
  url = embedded.url;
  stopEmbedded = embedded.stop;
}
const config = loadConfig({
  DATABASE_URL: url,
  JWT_SECRET: 'q'.repeat(48),
  DATA_ENCRYPTION_KEY,
  WEB_DIST: '/nonexistent',
  LOGIN_MAX_FAILURES_PER_IP: '100000',
});
const database = connectDatabase(url, 10);
const bare = new pg.Pool({ connectionString: url, max: 10 });
try {
  await runMigrations(database.db);
  await seedDemo(database.db, config);
  const q1 = async <T>(text: string, params: unknown[] = []) => (await bare.query(text, params)).rows[0] as T;
  const lenders = (await bare.query<{ id: number; name: string }>('select id, name from lenders order by id')).rows;
  const existing = (await q1<{ n: number }>('select count(*)::int as n from applications')).n;
  out(
    `Credence queue benchmark (${os.cpus().length} cores, Node ${process.version}, PostgreSQL ${(await q1<{ v: string }>("select current_setting('server_version') as v")).v})`,
  );
  if (existing < TOTAL) {
    const perLender = Math.ceil((TOTAL - existing) / lenders.length);
    out(`Seeding ${perLender * lenders.length} applications (${lenders.length} lenders), set-based…`);
    const t0 = performance.now();
    for (const lender of lenders)
      await seedQueueApplications(bare, {
        lenderId: lender.id,
        count: perLender,
        dataEncryptionKey: config.dataEncryptionKey,
        onChunk: (n) => out(`  ${lender.name}: ${n} (${((performance.now() - t0) / 1000).toFixed(0)} s)`),
      });
    const seeded = (performance.now() - t0) / 1000;
    const t1 = performance.now();
    await bare.query('vacuum analyze');
    out(`Seeded in ${seeded.toFixed(0)} s; VACUUM ANALYZE ${((performance.now() - t1) / 1000).toFixed(0)} s`);
  } else {
    // A migration may have rewritten the tables since (a new generated column): vacuum so the visibility map
    // allows index-only scans again, as autovacuum would in a running system.
    const t1 = performance.now();
    await bare.query('vacuum analyze');
    out(
      `${existing} applications already there: seeding skipped; VACUUM ANALYZE ${((performance.now() - t1) / 1000).toFixed(0)} s`,
    );
  }
  const summit = lenders.find((l) => l.name === 'Summit Federal Credit Union')!;
  const perQueue = (
    await bare.query<{ queue: string; count: number }>(
      'select queue, count::int as count from application_queue_counts where lender_id = $1 order by queue',
      [summit.id],
    )
  ).rows;
  out(`Summit: ${perQueue.map((r) => `${r.queue} ${r.count}`).join(', ')}`);

  const { app } = await buildApp({ db: database.db, config }, { logger: false });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const login = await fetch(`${address}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'officer', password: 'Officer2026' }),
  });
  const { access_token: token, user_id: userId } = (await login.json()) as { access_token: string; user_id: number };
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };

  const product = await q1<{ id: number }>(
    'select loan_product_id as id from applications where lender_id = $1 group by 1 order by count(*) desc limit 1',
    [summit.id],
  );
  const sample = await q1<{ id: number; member: string; last: string }>(
    `select a.id, ap.member_number as member, ap.last_name as last from applications a
       join applicants ap on ap.application_id = a.id and ap.role = 'PRIMARY'
      where a.lender_id = $1 and ap.member_number is not null order by a.id desc offset 5000 limit 1`,
    [summit.id],
  );
  const rareLast = await q1<{ last: string; n: number }>(
    `select last_name as last, count(*)::int as n from applicants where lender_id = $1
      group by 1 order by 2 asc limit 1`,
    [summit.id],
  );

  type Scenario = { label: string; grid: QueueGridName; body: ApplicationSearchRequest; kind: 'queue' | 'lookup' };
  const scenarios: Scenario[] = [
    { label: 'All Applications, first page', grid: 'allApplicationsQueue', body: {}, kind: 'queue' },
    { label: 'Credit Queue, first page', grid: 'creditQueue', body: {}, kind: 'queue' },
    { label: 'My Queue, first page', grid: 'myQueue', body: {}, kind: 'queue' },
    { label: 'All Applications, page 400 of 25', grid: 'allApplicationsQueue', body: { page: 400 }, kind: 'queue' },
    {
      label: 'Decision, amount desc, >=20000 + product',
      grid: 'decisionQueue',
      body: {
        sort: [{ field: 'requestedAmount', dir: 'desc' }],
        filter: {
          logic: 'and',
          filters: [
            { field: 'requestedAmount', operator: '>=', value: '20000' },
            { field: 'loanProduct', operator: 'is', value: product.id },
          ],
        },
      },
      kind: 'queue',
    },
    {
      label: 'All, applicant contains "garc", name asc',
      grid: 'allApplicationsQueue',
      body: {
        sort: [{ field: 'applicantName', dir: 'asc' }],
        filter: { logic: 'and', filters: [{ field: 'applicantName', operator: 'contains', value: 'garc' }] },
      },
      kind: 'queue',
    },
    {
      label: 'Lookup by application id (pageSize 1)',
      grid: 'allApplicationsQueue',
      body: { text: String(sample.id), pageSize: 1 },
      kind: 'lookup',
    },
    {
      label: 'Lookup by member number (pageSize 1)',
      grid: 'allApplicationsQueue',
      body: { text: sample.member, pageSize: 1 },
      kind: 'lookup',
    },
    {
      label: `Lookup by last name '${rareLast.last}' (pageSize 1)`,
      grid: 'allApplicationsQueue',
      body: { text: rareLast.last, pageSize: 1 },
      kind: 'lookup',
    },
    {
      label: `Lookup by last name '${sample.last}' (pageSize 1)`,
      grid: 'allApplicationsQueue',
      body: { text: sample.last, pageSize: 1 },
      kind: 'lookup',
    },
    {
      label: 'Lookup by SSN (pageSize 1)',
      grid: 'allApplicationsQueue',
      body: { text: '101-01-0001', pageSize: 1 },
      kind: 'lookup',
    },
  ];

  const protector = createDataProtector(config.dataEncryptionKey);
  const results: { s: Scenario; api: Figures; bare: Figures; total: number; lowerBound: boolean }[] = [];
  out(
    `\nOver HTTP (up to ${ROUNDS} requests per line, concurrency ${CONCURRENCY}; includes the session check and JSON)`,
  );
  const apiFigures: Figures[] = [];
  const totals: { total: number; lowerBound: boolean }[] = [];
  // Warm the server (JIT, caches, connection pool) on every scenario before any line is measured.
  for (let round = 0; round < 10; round++)
    for (const s of scenarios)
      await (
        await fetch(`${address}/api/applicationqueues/${s.grid}/search`, {
          method: 'POST',
          headers,
          body: JSON.stringify(s.body),
        })
      ).arrayBuffer();
  for (const s of scenarios) {
    const body = JSON.stringify(s.body);
    const first = (await (
      await fetch(`${address}/api/applicationqueues/${s.grid}/search`, { method: 'POST', headers, body })
    ).json()) as { total: number; totalIsLowerBound: boolean };
    totals.push({ total: first.total, lowerBound: first.totalIsLowerBound });
    apiFigures.push(
      await measure(`${s.label} [${first.total}${first.totalIsLowerBound ? '+' : ''}]`, async () => {
        const response = await fetch(`${address}/api/applicationqueues/${s.grid}/search`, {
          method: 'POST',
          headers,
          body,
        });
        await response.arrayBuffer();
        if (!response.ok) throw new Error(`${s.label}: HTTP ${response.status}`);
      }),
    );
  }

  out('\nThe same SQL bare through pg (one transaction: tenant settings, page, total)');
  for (const [i, s] of scenarios.entries()) {
    const request = applicationSearchRequestSchema.parse(s.body);
    const built = buildSearch({ protector }, s.grid, { lenderId: summit.id, userId }, request);
    const { limit, offset } = pageWindow(request);
    const page = toSqlText(pageQuery(built, limit, offset));
    const count =
      built.filtered || (stateQueueOf[s.grid] === undefined && s.grid !== 'allApplicationsQueue')
        ? toSqlText(cappedCountQuery(built, limit === 1 ? QUEUE_LOOKUP_COUNT_CAP : QUEUE_COUNT_CAP))
        : { sql: 'select queue, count from application_queue_counts where lender_id = $1', params: [summit.id] };
    const tenant = toSqlText(QUEUE_PLANNER_SETTINGS);
    const bareFigures = await measure(s.label, async () => {
      const client = await bare.connect();
      try {
        await client.query('begin');
        await client.query("select set_config('app.lender_id', $1, true), set_config('role', 'credence_app', true)", [
          String(summit.id),
        ]);
        await client.query(tenant.sql, tenant.params);
        await client.query(page.sql, page.params);
        await client.query(count.sql, count.params);
        await client.query('commit');
      } finally {
        client.release();
      }
    });
    results.push({
      s,
      api: apiFigures[i]!,
      bare: bareFigures,
      total: totals[i]!.total,
      lowerBound: totals[i]!.lowerBound,
    });
  }

  out('\nSummary (targets: queue page p95 <= 100 ms and <= 3x bare; lookup p95 <= 50 ms)');
  for (const r of results) {
    const target = r.s.kind === 'queue' ? 100 : 50;
    const ratio = r.api.p95 / r.bare.p95;
    const ok = r.api.p95 <= target && (r.s.kind === 'lookup' || ratio <= 3);
    out(
      `  ${r.s.label.padEnd(44)} API p95 ${r.api.p95.toFixed(1).padStart(6)} ms  bare p95 ${r.bare.p95.toFixed(1).padStart(6)} ms  API/bare ${ratio.toFixed(2).padStart(5)}  ${ok ? 'meets target' : 'MISSES target'}`,
    );
  }
  await app.close();
} finally {
  await bare.end();
  await database.close();
  await stopEmbedded?.();
}
