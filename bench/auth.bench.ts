/**
 * Sign-in and guarded-request latency on a fresh embedded PostgreSQL, measured over HTTP on loopback.
 * Run: npm run bench:auth   (prints p50/p95/p99 and throughput; nothing is asserted)
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

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

const measure = async (label: string, total: number, concurrency: number, call: () => Promise<Response>) => {
  const times: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        next++;
        const t0 = performance.now();
        const response = await call();
        await response.arrayBuffer();
        if (!response.ok) throw new Error(`${label}: HTTP ${response.status}`);
        times.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  const f = (n: number) => n.toFixed(1).padStart(7);
  process.stdout.write(
    `${label.padEnd(38)} n=${String(total).padStart(5)} c=${String(concurrency).padStart(2)}  p50 ${f(percentile(times, 50))} ms  p95 ${f(percentile(times, 95))} ms  p99 ${f(percentile(times, 99))} ms  ${(total / seconds).toFixed(0).padStart(6)} req/s\n`,
  );
};

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'credence-bench-'));
const embedded = await startEmbeddedPostgres(dataDir);
const config = loadConfig({
  DATABASE_URL: embedded.url,
  JWT_SECRET: 'b'.repeat(48),
  WEB_DIST: '/nonexistent',
  LOGIN_MAX_FAILURES_PER_IP: '100000',
});
const database = connectDatabase(embedded.url, 10);
try {
  await runMigrations(database.db);
  await seedDemo(database.db, config);
  const { app } = await buildApp({ db: database.db, config }, { logger: false });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const login = () =>
    fetch(`${address}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'officer', password: 'Officer2026' }),
    });
  const { access_token: token } = (await (await login()).json()) as { access_token: string };
  const headers = { authorization: `Bearer ${token}` };
  process.stdout.write(`Credence auth benchmark (${os.cpus().length} cores, Node ${process.version})\n`);
  await measure('POST /api/login (argon2id)', 100, 4, login);
  await measure('GET /api/menu (session guard)', 3000, 10, () => fetch(`${address}/api/menu`, { headers }));
  await measure('GET /api/UsefulLinks (guard + RLS tx)', 3000, 10, () =>
    fetch(`${address}/api/UsefulLinks`, { headers }),
  );
  await measure('GET /healthz (no database)', 3000, 10, () => fetch(`${address}/healthz`));
  await app.close();
} finally {
  await database.close();
  await embedded.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
