/**
 * Funding benchmark (issue 14): the API in-process over HTTP on 127.0.0.1, against the benchmark database
 * (bench-database.ts). Each round creates a New Auto application of Summit, pulls credit, approves it, saves the
 * loan draft, then fires DUPLICATES concurrent `POST applications/{id}/loans/fund` calls — half with one
 * Idempotency-Key, half without — as a user pressing Fund ten times on a flaky network would. Prints the latency
 * of the calls and checks the invariant: exactly one booking row and one core account per application.
 *
 * Run: npx tsx bench/funding.bench.ts   (FUNDING_ROUNDS, FUNDING_DUPLICATES change the sizes; prints figures,
 * exits 1 when a loan was booked more than once).
 */
import { buildApp } from '../apps/server/src/app.ts';
import { openBenchDatabase, out, percentile, signIn } from './bench-database.ts';
import { fundableApplication, fundingTraces } from './fundable-application.ts';

const ROUNDS = Number(process.env.FUNDING_ROUNDS ?? 10);
const DUPLICATES = Number(process.env.FUNDING_DUPLICATES ?? 20);

const bench = await openBenchDatabase();
const { config, database, bare, lenders, q1 } = bench;
let failed = false;
try {
  const summit = lenders.find((l) => l.name === 'Summit Federal Credit Union')!;
  const product = await q1<{ id: number }>(`select id from loan_products where lender_id = $1 and name = 'New Auto'`, [
    summit.id,
  ]);
  // The mappings the dry run needs for these loans (the demo's funding administration may already have them).
  await bare.query(
    `insert into core_code_mappings (lender_id, code_type, credence_value, core_code)
     values ($1, 'loanProduct', $2, 'AUTO-NEW'), ($1, 'paymentFrequency', 'Monthly', 'M')
     on conflict do nothing`,
    [summit.id, String(product.id)],
  );
  await bare.query(
    `insert into core_code_mappings (lender_id, code_type, credence_value, core_code)
     select lender_id, 'disbursalMethod', id::text, 'DM' || id from lender_disbursal_methods where lender_id = $1
     on conflict do nothing`,
    [summit.id],
  );
  const { app } = await buildApp({ db: database.db, config }, { logger: false });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  /** The calls of one signed-in user: status, body text and the time the answer took. */
  const callsOf =
    (headers: Record<string, string>) =>
    async (method: string, url: string, body?: unknown, extra: Record<string, string> = {}) => {
      const started = performance.now();
      const response = await fetch(`${address}${url}`, {
        method,
        headers: { ...headers, ...extra },
        ...(method === 'GET' ? {} : { body: JSON.stringify(body ?? {}) }),
      });
      const text = await response.text();
      return { status: response.status, text, ms: performance.now() - started };
    };
  const call = callsOf((await signIn(address, 'officer', 'Officer2026')).headers);
  const admin = callsOf((await signIn(address, 'admin', 'Admin2026')).headers);
  const holidays = new Set(
    (
      await bare.query<{ d: string }>(`select holiday_date::text as d from lender_holidays where lender_id = $1`, [
        summit.id,
      ])
    ).rows.map((r) => r.d),
  );

  out(`Credence funding benchmark: ${ROUNDS} loans × ${DUPLICATES} concurrent fund calls`);
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  for (let round = 0; round < ROUNDS; round++) {
    const id = await fundableApplication(call, {
      productId: product.id,
      ssn: `123-45-${String(7000 + round).padStart(4, '0')}`,
      closedDays: holidays,
      loanId: (n) => `B${n}`,
      clearAs: admin,
    });
    const results = await Promise.all(
      Array.from({ length: DUPLICATES }, (_, i) =>
        call(
          'POST',
          `/api/applications/${id}/loans/fund`,
          undefined,
          i % 2 === 0 ? { 'idempotency-key': `bench-${id}` } : {},
        ),
      ),
    );
    for (const r of results) {
      latencies.push(r.ms);
      statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
    }
    const traces = await fundingTraces(q1, summit.id, id);
    if (traces.bookings !== 1 || traces.coreAccounts !== 1) {
      failed = true;
      out(
        `application ${id}: ${traces.bookings} booking rows, ${traces.coreAccounts} core accounts (expected 1 and 1)`,
      );
    }
  }
  latencies.sort((a, b) => a - b);
  out(`fund calls: ${latencies.length}; statuses ${[...statuses].map(([s, n]) => `${s}×${n}`).join(', ')}`);
  out(
    `latency p50 ${Math.round(percentile(latencies, 50))} ms, p95 ${Math.round(percentile(latencies, 95))} ms, max ${Math.round(latencies.at(-1) ?? 0)} ms`,
  );
  out(failed ? 'FAILED: a loan was booked more than once' : 'every loan booked exactly once');
  await app.close();
} finally {
  await bench.close();
}
if (failed) process.exitCode = 1;
