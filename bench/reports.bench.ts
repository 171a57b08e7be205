/**
 * The reports at scale (issue 33, "Done when": each report over 1 000 000 applications answers p95 <= 300 ms): every
 * report of the contracts' `reports` list (iterated, so a report added there is measured too) is asked for its
 * first page — GET /api/reports/{key}: the page, the row count, the totals and the chart in one call, as the Reports
 * page asks — over HTTP, one call at a time, from the API started as `npm start` starts it (its own process), with
 * four filter mixes: the default period (the last 180 days), one product, one dealer (the product and the dealer
 * with the most applications) and the longest period allowed (REPORT_MAX_DAYS up to today: every bulk row).
 *
 * Prints per report p50/p95/max over all its calls, the p95 of each mix, the rows the default mix counts, and 'ok'
 * when its p95 meets the target, 'OVER' when not; non-200 answers are counted and printed (the run goes on): a
 * statement past the API's DB_STATEMENT_TIMEOUT_MS (5 s) is cancelled and the call answers 503 BUSY.
 *
 * Database: bench:queues' (DATABASE_URL, else the embedded one under .data/bench, or --data-dir), with the bulk
 * decisions and funded loans of bench:widgets (bulk-lending.ts), written once.
 * Run: npm run bench:reports                      (1 000 000 applications, 20 timed calls per report and mix)
 *      npm run bench:reports -- --applications 20000 --data-dir .data/bench-small --rounds 5
 * Flags: --help. Traffic only to 127.0.0.1.
 */
import { parseArgs } from 'node:util';
import { addDays } from '@credence/domain';
import {
  REPORT_MAX_DAYS,
  reportOptionsEndpoint,
  reports,
  type ReportFilters,
  type ReportOptions,
} from '@credence/contracts';
import { startApi, stopApi, type ApiProcess } from './api-process.ts';
import { ensureApplications, openBenchDatabase, out, percentile, signIn } from './bench-database.ts';
import { ensureDecisions, ensureFundedLoans } from './bulk-lending.ts';

const { values: flags } = parseArgs({
  options: {
    applications: { type: 'string', default: process.env.BENCH_APPLICATIONS ?? '1000000' },
    'data-dir': { type: 'string' },
    rounds: { type: 'string', default: '20' },
    warmup: { type: 'string', default: '2' },
    user: { type: 'string', default: 'admin' },
    target: { type: 'string', default: '300' },
    help: { type: 'boolean', default: false },
  },
});

if (flags.help) {
  out(`npm run bench:reports -- [flags]
  --applications N   benchmark database size, seeded once (default 1000000, or BENCH_APPLICATIONS)
  --data-dir DIR     embedded database directory (default .data/bench, or BENCH_DATA_DIR; DATABASE_URL wins)
  --rounds N         timed calls per report and filter mix (default 20)
  --warmup N         untimed calls per report and mix first (default 2)
  --user NAME        the demo user who asks (needs canViewReports; default admin)
  --target MS        the p95 each report must meet (default 300)`);
  process.exit(0);
}

const num = (name: 'applications' | 'rounds' | 'warmup' | 'target', min: number, max: number) => {
  const value = Number(flags[name]);
  if (!Number.isFinite(value) || value < min || value > max)
    throw new Error(`--${name} must be a number from ${min} to ${max} (got ${String(flags[name])})`);
  return Math.round(value);
};
const APPLICATIONS = num('applications', 100, 5_000_000);
const ROUNDS = num('rounds', 1, 10_000);
const WARMUP = num('warmup', 0, 100);
const TARGET_MS = num('target', 1, 60_000);
const PASSWORDS: Record<string, string> = { admin: 'Admin2026', officer: 'Officer2026', harbor: 'Harbor2026' };

type Mix = { label: string; filters: ReportFilters };

const queryString = (filters: ReportFilters) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value !== undefined) params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
};

const bench = await openBenchDatabase({ dataDir: flags['data-dir'] });
let api: ApiProcess | undefined;
try {
  await ensureApplications(bench, APPLICATIONS);
  await ensureDecisions(bench);
  await ensureFundedLoans(bench);
  const sizes = await bench.q1<{ applications: number; loans: number; decisions: number }>(
    `select (select count(*)::int from applications) as applications,
            (select count(*)::int from loans where is_funded) as loans,
            (select count(*)::int from application_decisions) as decisions`,
  );
  out(
    `PostgreSQL ${bench.serverVersion}; ${sizes.applications} applications, ${sizes.loans} funded loans, ` +
      `${sizes.decisions} decisions`,
  );

  api = await startApi(bench.url);
  const user = flags.user!;
  const password = PASSWORDS[user];
  if (!password) throw new Error(`--user must be one of ${Object.keys(PASSWORDS).join(', ')}`);
  const { headers } = await signIn(api.address, user, password);
  const get = async (path: string) => {
    const t0 = performance.now();
    const response = await fetch(`${api!.address}${path}`, { headers });
    const text = await response.text();
    return { status: response.status, text, ms: performance.now() - t0 };
  };

  // The filter lists the user's lender offers; the product and the dealer with the most applications (the widest).
  const optionsAnswer = await get(reportOptionsEndpoint.path);
  if (optionsAnswer.status !== 200)
    throw new Error(`report options: HTTP ${optionsAnswer.status} ${optionsAnswer.text}`);
  const options = JSON.parse(optionsAnswer.text) as ReportOptions;
  const widest = async (column: 'loan_product_id' | 'dealer_id', ids: number[]) =>
    (
      await bench.q1<{ id: number } | undefined>(
        `select ${column} as id from applications where ${column} = any($1::int[])
          group by ${column} order by count(*) desc limit 1`,
        [ids],
      )
    )?.id ?? ids[0];
  const productId = await widest(
    'loan_product_id',
    options.products.map((p) => p.id),
  );
  const dealerId = await widest(
    'dealer_id',
    options.dealers.map((d) => d.id),
  );
  const first = await get(`${reports[0].endpoints.get.path}`);
  if (first.status !== 200) throw new Error(`${reports[0].key}: HTTP ${first.status} ${first.text.slice(0, 300)}`);
  const today = (JSON.parse(first.text) as { period: { today: string } }).period.today;
  const mixes: Mix[] = [
    { label: 'default', filters: {} },
    ...(productId === undefined ? [] : [{ label: 'product', filters: { productId } }]),
    ...(dealerId === undefined ? [] : [{ label: 'dealer', filters: { dealerId } }]),
    { label: 'long', filters: { from: addDays(today, -REPORT_MAX_DAYS), to: today } },
  ];
  out(
    `As ${user}; mixes: ${mixes.map((m) => `${m.label} ${queryString(m.filters) || '(no filters)'}`).join(', ')}; ` +
      `${WARMUP} untimed + ${ROUNDS} timed calls per report and mix, one at a time; target p95 <= ${TARGET_MS} ms`,
  );
  out('');
  const mixHeader = mixes.map((m) => `p95 ${m.label}`.padStart(13)).join('');
  out(
    `${'report'.padEnd(18)}${'p50'.padStart(8)}${'p95'.padStart(8)}${'max'.padStart(8)}${mixHeader}${'rows'.padStart(9)}  target`,
  );

  let over = 0;
  for (const report of reports) {
    const all: number[] = [];
    const mixP95: string[] = [];
    const failures = new Map<number, number>();
    let rows = '';
    for (const mix of mixes) {
      const path = `${report.endpoints.get.path}${queryString(mix.filters)}`;
      const times: number[] = [];
      for (let i = 0; i < WARMUP + ROUNDS; i++) {
        const answer = await get(path);
        if (answer.status !== 200) {
          failures.set(answer.status, (failures.get(answer.status) ?? 0) + 1);
          if (failures.size === 1 && failures.get(answer.status) === 1)
            out(`  ${report.key} ${mix.label}: HTTP ${answer.status} ${answer.text.slice(0, 200)}`);
          continue;
        }
        if (mix.label === 'default' && i === 0) rows = String((JSON.parse(answer.text) as { total: number }).total);
        if (i >= WARMUP) times.push(answer.ms);
      }
      times.sort((a, b) => a - b);
      all.push(...times);
      mixP95.push((times.length ? percentile(times, 95).toFixed(0) : '-').padStart(13));
    }
    all.sort((a, b) => a - b);
    const p95 = all.length ? percentile(all, 95) : Number.POSITIVE_INFINITY;
    const meets = failures.size === 0 && p95 <= TARGET_MS;
    if (!meets) over++;
    const figure = (ms: number | undefined) => (ms === undefined ? '-' : ms.toFixed(0)).padStart(8);
    out(
      `${report.key.padEnd(18)}${figure(all.length ? percentile(all, 50) : undefined)}${figure(all.length ? p95 : undefined)}` +
        `${figure(all.at(-1))}${mixP95.join('')}${rows.padStart(9)}  ${meets ? 'ok' : 'OVER'}` +
        (failures.size ? `  (errors: ${[...failures].map(([s, n]) => `${s}×${n}`).join(', ')})` : ''),
    );
  }
  out('');
  out(
    over === 0
      ? `Every report (${reports.length}) meets p95 <= ${TARGET_MS} ms.`
      : `${over} of ${reports.length} reports miss p95 <= ${TARGET_MS} ms (or answered errors).`,
  );
} finally {
  if (api) await stopApi(api.child);
  await bench.close();
}
