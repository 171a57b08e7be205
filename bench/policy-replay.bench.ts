/**
 * The policy sandbox's replay (issue 12, item 3): a rate-matrix draft replayed beside the published policy over
 * 100 000 applications, end to end — `POST /api/policyReplays` over HTTP, the pg-boss job of this process reading
 * the applications' facts in batches and running both compiled policies on each, the progress polled as the page
 * does, the report stored — on a fresh embedded PostgreSQL with the demo seeded and 100 000 set-based
 * applications (a primary applicant each, plus a current monthly salary and, for the vehicle products, a vehicle
 * with its year, mileage and value, so most runs go through the whole auto-approval workflow).
 * Prints the replay's time and throughput (target: ≤ 30 s for 100 000 on this 2-core machine).
 * Run: npm run bench:policy-replay   (REPLAY_APPLICATIONS=… to change the size; nothing is asserted)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PolicyReplay } from '@credence/contracts';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { connectDatabase } from '../apps/server/src/db/client.ts';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded.ts';
import { runMigrations } from '../apps/server/src/db/migrate.ts';
import { seedDemo } from '../apps/server/src/db/seed/demo.ts';
import { seedQueueApplications } from '../apps/server/src/modules/application-queues/queue-bulk-seed.ts';
import { startJobs } from '../apps/server/src/platform/jobs.ts';
import { benchEnv, out } from './bench-database.ts';

const COUNT = Number(process.env.REPLAY_APPLICATIONS ?? 100_000);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'credence-bench-replay-'));
const embedded = await startEmbeddedPostgres(dataDir);
const config = loadConfig(benchEnv(embedded.url));
const database = connectDatabase(embedded.url, 10);
let stopJobs: (() => Promise<void>) | undefined;
try {
  await runMigrations(database.db);
  await seedDemo(database.db, config);
  // Seeding as the owner without the request pool's statement timeout.
  const pool = new pg.Pool({ connectionString: embedded.url, max: 2 });
  const summit = (await pool.query<{ id: number }>("select id from lenders where name like 'Summit%'")).rows[0]!.id;

  out(`Seeding ${COUNT} applications for Summit (set-based)…`);
  const t0 = performance.now();
  await seedQueueApplications(pool, { lenderId: summit, count: COUNT, dataEncryptionKey: config.dataEncryptionKey });
  // Their income and vehicles, set-based: a monthly salary of 3 000–15 000 for every primary applicant, and for
  // the vehicle products a car 0–12 years old (new when 0), its mileage and a value around the amount financed.
  await pool.query(
    `insert into applicant_employments (lender_id, applicant_id, sort_order, status, employer, salary, pay_period, is_current)
     select a.lender_id, a.id, 0, 'EMPLOYED', 'Bench Employer', round((3000 + random() * 12000)::numeric, 2), 'Monthly', true
       from applicants a where a.lender_id = $1
        and not exists (select 1 from applicant_employments e where e.applicant_id = a.id)`,
    [summit],
  );
  await pool.query(
    `insert into collaterals (lender_id, application_id, family, type, year, mileage, value, is_new, is_used, sort_order)
     select x.lender_id, x.id, 'Auto', 'AUTO', 2026 - x.age, case when x.age = 0 then 20 else x.age * 12000 end,
            round((coalesce(x.est_amt_financed, 20000) * (0.75 + random() * 0.6))::numeric, 2), x.age = 0, x.age > 0, 0
       from (select a.id, a.lender_id, a.est_amt_financed, floor(random() * 13)::int as age
               from applications a join loan_products p on p.id = a.loan_product_id
              where a.lender_id = $1 and p.control_type = 'AUTOMOTIVE'
                and not exists (select 1 from collaterals c where c.application_id = a.id)) x`,
    [summit],
  );
  await pool.query('vacuum analyze');
  await pool.end();
  out(`  seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const { app } = await buildApp({ db: database.db, config }, { logger: false });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const jobs = await startJobs({ url: embedded.url, db: database.db, config });
  stopJobs = async () => {
    await jobs.stop();
    await app.close();
  };
  const login = await fetch(`${address}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'Admin2026' }),
  });
  const { access_token: token } = (await login.json()) as { access_token: string };
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const call = async <T>(method: string, url: string, body?: unknown) => {
    const response = await fetch(`${address}${url}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok) throw new Error(`${method} ${url}: HTTP ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };

  // The draft: used cars of 8 years and more pay 2.50 instead of 1.00, new cars get 0.50 off instead of 0.25.
  type Row = { id: number; name: string; config: { rows: { result: Record<string, string> }[] } };
  const list = await call<{ data: Row[] }>('GET', '/api/matrices?text=additional&pageSize=50');
  const matrix = await call<Row>('GET', `/api/matrices/${list.data[0]!.id}`);
  const rows = matrix.config.rows.map((r, i) =>
    i === 0 ? { ...r, result: { adjustment: '-0.50' } } : i === 3 ? { ...r, result: { adjustment: '2.50' } } : r,
  );
  await call('PUT', `/api/matrices/${matrix.id}`, {
    name: matrix.name,
    enabled: true,
    config: { ...matrix.config, rows },
  });

  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const started = performance.now();
  let replay = await call<PolicyReplay>('POST', '/api/policyReplays', {
    policyObjectId: matrix.id,
    from: day(-3 * 366 - 7),
    to: day(1),
  });
  let lastShown = -1;
  while (replay.status === 'queued' || replay.status === 'running') {
    await new Promise((resolve) => setTimeout(resolve, 250));
    replay = await call<PolicyReplay>('GET', `/api/policyReplays/${replay.id}`);
    const tenths = replay.total ? Math.floor((replay.processed * 10) / replay.total) : -1;
    if (tenths !== lastShown && replay.total) {
      lastShown = tenths;
      out(
        `  ${((performance.now() - started) / 1000).toFixed(1)} s: ${replay.processed} of ${replay.total} (${replay.status})`,
      );
    }
  }
  const seconds = (performance.now() - started) / 1000;
  if (replay.status !== 'done' || !replay.report) throw new Error(`replay ${replay.status}: ${replay.error}`);
  const report = replay.report;
  out('');
  out(`Replay of ${report.applications} applications: ${seconds.toFixed(1)} s end to end (target ≤ 30 s)`);
  out(`  ${Math.round(report.applications / seconds)} applications/s, both policies on each`);
  out(`  changed: ${report.changed}; approval rate ${report.published.approvalRate}% → ${report.draft.approvalRate}%`);
  out(`  average rate ${report.published.averageRate}% → ${report.draft.averageRate}%`);
  out(`  outcomes (published): ${JSON.stringify(report.published.outcomes)}`);
  out(`  nodes never reached: ${report.neverFired.map((n) => n.nodeName).join(', ') || 'none'}`);
} finally {
  await stopJobs?.();
  await database.close();
  await embedded.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
