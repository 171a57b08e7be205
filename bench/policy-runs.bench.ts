/**
 * The decision engine end to end (issue 12): `POST /api/Applications/{id}/runloanpolicyworkflow` and
 * `…/runautoapprovalworkflow` over HTTP on loopback against a fresh embedded PostgreSQL with the demo seeded —
 * facts read from the application and its credit reports, the compiled workflow (cached per published
 * versions), the run stored with its trace and a history row. Prints p50/p95/p99 (target: p95 ≤ 50 ms) and the
 * auto-approval outcomes of the demo applications.
 * Run: npm run bench:policy-runs   (nothing is asserted)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { connectDatabase } from '../apps/server/src/db/client.ts';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded.ts';
import { runMigrations } from '../apps/server/src/db/migrate.ts';
import { seedDemo } from '../apps/server/src/db/seed/demo.ts';
import { benchEnv, out, percentile } from './bench-database.ts';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'credence-bench-policy-'));
const embedded = await startEmbeddedPostgres(dataDir);
const config = loadConfig(benchEnv(embedded.url));
const database = connectDatabase(embedded.url, 10);
try {
  await runMigrations(database.db);
  await seedDemo(database.db, config);
  const { app } = await buildApp({ db: database.db, config }, { logger: false });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const login = await fetch(`${address}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'officer', password: 'Officer2026' }),
  });
  const { access_token: token } = (await login.json()) as { access_token: string };
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const ids = async (controlTypes: string[]) =>
    (
      await database.pool.query<{ id: number }>(
        `select a.id from applications a join lenders l on l.id = a.lender_id join loan_products p on p.id = a.loan_product_id
          where l.name like 'Summit%' and p.control_type = any($1) and not p.is_business_loan order by a.id`,
        [controlTypes],
      )
    ).rows.map((r) => r.id);
  const auto = await ids(['AUTOMOTIVE']);
  const eligible = await ids(['AUTOMOTIVE', 'BOAT', 'RV', 'PERSONAL']);

  const run = async (id: number, call: string) => {
    const t0 = performance.now();
    const response = await fetch(`${address}/api/Applications/${id}/${call}`, { method: 'POST', headers, body: '{}' });
    const body = (await response.json()) as { outcomeType?: string };
    if (!response.ok) throw new Error(`${call} ${id}: HTTP ${response.status} ${JSON.stringify(body)}`);
    return { ms: performance.now() - t0, outcome: body.outcomeType ?? '?' };
  };
  const measure = async (label: string, list: number[], call: string, total: number, concurrency: number) => {
    const times: number[] = [];
    const outcomes = new Map<string, number>();
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < total) {
          const id = list[next++ % list.length]!;
          const { ms, outcome } = await run(id, call);
          times.push(ms);
          outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    times.sort((a, b) => a - b);
    const f = (n: number) => n.toFixed(1).padStart(6);
    out(
      `${label.padEnd(34)} n=${String(total).padStart(5)} c=${concurrency}  p50 ${f(percentile(times, 50))} ms  p95 ${f(percentile(times, 95))} ms  p99 ${f(percentile(times, 99))} ms  ${(total / seconds).toFixed(0).padStart(5)} runs/s`,
    );
    return outcomes;
  };

  out(`Credence decision engine, end to end (${os.cpus().length} cores, Node ${process.version})`);
  await run(auto[0]!, 'runloanpolicyworkflow'); // the first compile
  await measure('runloanpolicyworkflow', auto, 'runloanpolicyworkflow', 600, 1);
  await measure('runloanpolicyworkflow', auto, 'runloanpolicyworkflow', 600, 4);
  const outcomes = await measure(
    'runautoapprovalworkflow (demo apps)',
    eligible,
    'runautoapprovalworkflow',
    eligible.length,
    4,
  );
  out(
    `auto-approval outcomes of Summit's ${eligible.length} auto, boat, RV and personal demo applications: ${[
      ...outcomes,
    ]
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}`,
  );
  await app.close();
} finally {
  await database.close();
  await embedded.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
