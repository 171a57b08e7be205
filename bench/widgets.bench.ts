/**
 * The dashboard widgets at scale (issue 32): over the queues benchmark's database (1 000 000 applications, a
 * funded loan with its sold add-ons for every funded one), how long the job takes to compute one snapshot of each
 * period, and how fast the home page reads the widgets (GET /api/user/widgets over HTTP, as the page does).
 *
 * Targets: a snapshot in ≤ 2 s; the read in ≤ 20 ms p95. The read is baselined against GET /api/user/me (the smallest
 * signed-in call) measured in the same run.
 *
 * Run: npm run bench:widgets   (prints figures; nothing is asserted)
 * Database: as bench:queues (DATABASE_URL, else the embedded one under .data/bench; BENCH_APPLICATIONS).
 */
import { endpointPath, widgetEndpoints, type WidgetSettingsInput } from '@credence/contracts';
import { buildApp } from '../apps/server/src/app.ts';
import { computeDueSnapshots } from '../apps/server/src/modules/widgets/widgets.service.ts';
import { ensureApplications, openBenchDatabase, out, percentile, signIn } from './bench-database.ts';
import { ensureDecisions, ensureFundedLoans } from './bulk-lending.ts';

const TOTAL = Number(process.env.BENCH_APPLICATIONS ?? 1_000_000);
const READS = Number(process.env.BENCH_ROUNDS ?? 500);

const periods: [string, WidgetSettingsInput][] = [
  ['This Month', { frequency: { value: 'thisMonth' } }],
  ['This Quarter', { frequency: { value: 'thisQuarter' } }],
  ['This Year', { frequency: { value: 'thisYear' } }],
  ['Last Year', { frequency: { value: 'lastYear' } }],
  [
    'Custom, ten years (every loan)',
    { frequency: { value: 'custom' }, startDate: '2017-01-01', endDate: '2026-12-31' },
  ],
];

const timeReads = async (call: () => Promise<void>) => {
  for (let i = 0; i < 20; i++) await call();
  const times: number[] = [];
  for (let i = 0; i < READS; i++) {
    const t0 = performance.now();
    await call();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
};

const main = async () => {
  const bench = await openBenchDatabase();
  await ensureApplications(bench, TOTAL);
  await ensureDecisions(bench);
  await ensureFundedLoans(bench);
  const { database, config, bare } = bench;
  const funded = await bench.q1<{ n: number; lenders: number }>(
    `select count(*)::int as n, count(distinct lender_id)::int as lenders from loans where is_funded`,
  );
  out(
    `PostgreSQL ${bench.serverVersion}; ${TOTAL} applications, ${funded.n} funded loans over ${funded.lenders} lenders`,
  );

  const { app } = await buildApp({ db: database.db, config }, { logger: false });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const { headers } = await signIn(address, 'officer', 'Officer2026');
  const put = async (name: string, body: unknown) => {
    const response = await fetch(`${address}${endpointPath(widgetEndpoints.save, { name })}`, {
      method: 'PUT',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`PUT ${name}: ${response.status} ${await response.text()}`);
  };
  const additions = (
    await bare.query<{ id: number }>(
      `select a.id from loan_additions a join lenders l on l.id = a.lender_id
        where l.name = 'Summit Federal Credit Union' order by a.id`,
    )
  ).rows.map((r) => r.id);
  const preferences = await fetch(`${address}${widgetEndpoints.saveAddonPreferences.path}`, {
    method: 'PUT',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ additionIds: additions }),
  });
  if (!preferences.ok) throw new Error(`preferences: ${preferences.status}`);
  await computeDueSnapshots(database.db);

  out('\nOne snapshot computed by the job (the officer’s widget; its lender’s loans), ms:');
  out('  period                            Funding Table   Add On Sales     Turn Times');
  for (const [label, settings] of periods) {
    const cells: string[] = [];
    for (const name of ['fundingTable', 'addonSales', 'turnTimes']) {
      await put(name, settings);
      const t0 = performance.now();
      const computed = await computeDueSnapshots(database.db);
      const ms = performance.now() - t0;
      if (computed !== 1) throw new Error(`expected one snapshot, computed ${computed}`);
      cells.push(ms.toFixed(0).padStart(13));
    }
    out(`  ${label.padEnd(32)}${cells.join('  ')}`);
  }

  await put('pipeline', { frequency: { value: 'thisMonth' } });
  const p0 = performance.now();
  await computeDueSnapshots(database.db);
  out(`  Pipeline (now: every open application)   ${(performance.now() - p0).toFixed(0)}`);

  out(`\nThe home page's read (${READS} calls, one at a time, over HTTP), ms:`);
  const get = (path: string) => async () => {
    const response = await fetch(`${address}${path}`, { headers });
    if (!response.ok) throw new Error(`${path}: ${response.status}`);
    await response.arrayBuffer();
  };
  const baseline = await timeReads(get('/api/user/me'));
  const widgets = await timeReads(get(widgetEndpoints.list.path));
  out(`  GET /api/user/me (baseline)     p50 ${baseline.p50.toFixed(2)}  p95 ${baseline.p95.toFixed(2)}`);
  out(
    `  GET /api/user/widgets      p50 ${widgets.p50.toFixed(2)}  p95 ${widgets.p95.toFixed(2)}  (${(widgets.p95 / baseline.p95).toFixed(2)}× the baseline's p95)`,
  );

  for (const name of ['fundingTable', 'addonSales', 'turnTimes', 'pipeline'])
    await fetch(`${address}${endpointPath(widgetEndpoints.remove, { name })}`, { method: 'DELETE', headers });
  await app.close();
  await bench.close();
};

await main();
