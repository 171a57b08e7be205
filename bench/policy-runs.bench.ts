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
import type { MetricEvaluation, PolicyRun } from '@credence/contracts';
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
  const signIn = async (username: string, password: string) => {
    const login = await fetch(`${address}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password }),
    });
    const { access_token: token } = (await login.json()) as { access_token: string };
    return { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  };
  const lenderHeaders = {
    Summit: await signIn('officer', 'Officer2026'),
    Harbor: await signIn('harbor', 'Harbor2026'),
  };
  const headers = lenderHeaders.Summit;
  const ids = async (controlTypes: string[], lender = 'Summit') =>
    (
      await database.pool.query<{ id: number }>(
        `select a.id from applications a join lenders l on l.id = a.lender_id join loan_products p on p.id = a.loan_product_id
          where l.name like $2 || '%' and p.control_type = any($1) and not p.is_business_loan order by a.id`,
        [controlTypes, lender],
      )
    ).rows.map((r) => r.id);
  const auto = await ids(['AUTOMOTIVE']);
  const eligibleTypes = ['AUTOMOTIVE', 'BOAT', 'RV', 'PERSONAL'];

  const run = async (id: number, call: string, as = headers) => {
    const t0 = performance.now();
    const response = await fetch(`${address}/api/Applications/${id}/${call}`, {
      method: 'POST',
      headers: as,
      body: '{}',
    });
    const body = (await response.json()) as PolicyRun;
    if (!response.ok) throw new Error(`${call} ${id}: HTTP ${response.status} ${JSON.stringify(body)}`);
    return { ms: performance.now() - t0, outcome: body.outcomeType ?? '?', run: body };
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
  const summitEligible = await ids(eligibleTypes);
  await measure('runautoapprovalworkflow (demo apps)', summitEligible, 'runautoapprovalworkflow', 200, 4);

  // The outcomes of every lender's demo applications, once each (POLICY_RUNS_DETAIL=1: one line per application).
  const detail = process.env.POLICY_RUNS_DETAIL === '1';
  for (const lender of ['Summit', 'Harbor'] as const) {
    const as = lenderHeaders[lender];
    const rows = (
      await database.pool.query<{ id: number; controlType: string; state: string; last4: string | null }>(
        `select a.id, p.control_type as "controlType", a.state,
                (select ssn_last4 from applicants x where x.application_id = a.id and x.role = 'PRIMARY' limit 1) as last4
           from applications a join lenders l on l.id = a.lender_id join loan_products p on p.id = a.loan_product_id
          where l.name like $2 || '%' and p.control_type = any($1) and not p.is_business_loan order by a.id`,
        [eligibleTypes, lender],
      )
    ).rows;
    const outcomes = new Map<string, number>();
    for (const row of rows) {
      const { outcome, run: ran } = await run(row.id, 'runautoapprovalworkflow', as);
      outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
      if (!detail) continue;
      const metrics = (await (
        await fetch(`${address}/api/applications/${row.id}/metricEvaluations`, { headers: as })
      ).json()) as MetricEvaluation[];
      const metric = (type: string) =>
        metrics.find((m) => m.metricType === `Application${type}`)?.metricEvaluationResultValues.value ?? '-';
      const tier = ran.result?.values.tier ?? '-';
      out(
        `  ${lender} #${String(row.id).padEnd(4)} ${row.controlType.padEnd(10)} ${row.state.padEnd(10)} ssn …${row.last4 ?? '----'}  score ${metric('CreditScore').padStart(4)} ${String(tier).padEnd(2)}  income ${metric('Income').padStart(9)}  DTI ${metric('Dti').padStart(6)}  PTI ${metric('Pti').padStart(6)}  LTV ${metric('FrontEndLtv').padStart(7)}  age ${metric('VehicleAge').padStart(2)}  ${outcome} (${ran.result?.outcomeNodeId ?? ''}${ran.result?.reasonCodes.length ? ` ${ran.result.reasonCodes.join(' ')}` : ''})`,
      );
    }
    const total = rows.length;
    out(
      `auto-approval outcomes of ${lender}'s ${total} auto, boat, RV and personal demo applications: ${[
        'Approve',
        'ManualReview',
        'Decline',
      ]
        .map((k) => `${k} ${outcomes.get(k) ?? 0} (${Math.round(((outcomes.get(k) ?? 0) * 100) / total)} %)`)
        .join(', ')}`,
    );
  }
  await app.close();
} finally {
  await database.close();
  await embedded.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
