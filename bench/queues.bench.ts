/**
 * Queues and the side-menu lookup at scale: 1 000 000 applications (both lenders), measured over HTTP with a
 * real sign-in, then the same SQL run bare through pg (same tenant settings) to show what the API adds.
 *
 * Run: npm run bench:queues   (prints figures; nothing is asserted)
 * Database: DATABASE_URL when set, otherwise an embedded PostgreSQL kept under .data/bench (BENCH_DATA_DIR), so a
 * re-run skips the seeding when the rows are already there. BENCH_APPLICATIONS changes the size (default
 * 1 000 000). The database and its seeding are shared with bench:load (bench-database.ts).
 */
import os from 'node:os';
import { applicationSearchRequestSchema, type ApplicationSearchRequest, type QueueGridName } from '@credence/contracts';
import { buildApp } from '../apps/server/src/app.ts';
import {
  buildSearch,
  countCap,
  pageWindow,
  pageWithCount,
} from '../apps/server/src/modules/application-queues/application-queues.service.ts';
import {
  cappedCountQuery,
  pageAndCountQuery,
  pageQuery,
  stateQueueOf,
} from '../apps/server/src/modules/application-queues/queue-sql.ts';
import { toSqlText } from '../apps/server/src/db/client.ts';
import { createDataProtector } from '../apps/server/src/platform/crypto.ts';
import { ensureApplications, openBenchDatabase, out, percentile, signIn } from './bench-database.ts';

const TOTAL = Number(process.env.BENCH_APPLICATIONS ?? 1_000_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 300);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 1);
/** Only the scenarios whose label contains this text (any case), e.g. BENCH_ONLY=garc. */
const ONLY = process.env.BENCH_ONLY?.toLowerCase();

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

const bench = await openBenchDatabase();
const { config, database, bare, lenders, q1 } = bench;
try {
  out(
    `Credence queue benchmark (${os.cpus().length} cores, Node ${process.version}, PostgreSQL ${bench.serverVersion})`,
  );
  await ensureApplications(bench, TOTAL);
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
  const { headers, userId } = await signIn(address, 'officer', 'Officer2026');

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
  const allScenarios: Scenario[] = [
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
      label: 'All Applications, amount desc',
      grid: 'allApplicationsQueue',
      body: { sort: [{ field: 'amount', dir: 'desc' }] },
      kind: 'queue',
    },
    {
      label: 'Pending, amount > 50000, amount desc',
      grid: 'pendingDecisionQueue',
      body: {
        sort: [{ field: 'amount', dir: 'desc' }],
        filter: { logic: 'and', filters: [{ field: 'amount', operator: '>', value: '50000' }] },
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
  const scenarios = allScenarios.filter((s) => !ONLY || s.label.toLowerCase().includes(ONLY));

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
    const cap = countCap(limit);
    // As the service: name filters and text lookups give the page and its count in one statement (not a lookup).
    const oneStatement = pageWithCount(built, limit);
    const page = toSqlText(oneStatement ? pageAndCountQuery(built, limit, offset) : pageQuery(built, limit, offset));
    const count = oneStatement
      ? null
      : built.filtered || (stateQueueOf[s.grid] === undefined && s.grid !== 'allApplicationsQueue')
        ? toSqlText(cappedCountQuery(built, cap))
        : { sql: 'select queue, count from application_queue_counts where lender_id = $1', params: [summit.id] };
    const tenant = toSqlText(built.plannerSettings);
    const bareFigures = await measure(s.label, async () => {
      const client = await bare.connect();
      try {
        await client.query('begin');
        await client.query("select set_config('app.lender_id', $1, true), set_config('role', 'credence_app', true)", [
          String(summit.id),
        ]);
        await client.query(tenant.sql, tenant.params);
        await client.query(page.sql, page.params);
        if (count) await client.query(count.sql, count.params);
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

  out(
    '\nSummary (targets: queue page p95 <= 100 ms, applicant contains and lookup p95 <= 50 ms; every line <= 3x bare)',
  );
  for (const r of results) {
    const target = r.s.kind === 'queue' && !r.s.label.includes('contains') ? 100 : 50;
    const ratio = r.api.p95 / r.bare.p95;
    const ok = r.api.p95 <= target && ratio <= 3;
    out(
      `  ${r.s.label.padEnd(44)} API p95 ${r.api.p95.toFixed(1).padStart(6)} ms  bare p95 ${r.bare.p95.toFixed(1).padStart(6)} ms  API/bare ${ratio.toFixed(2).padStart(5)}  ${ok ? 'meets target' : 'MISSES target'}`,
    );
  }
  await app.close();
} finally {
  await bench.close();
}
