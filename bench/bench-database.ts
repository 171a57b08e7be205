/**
 * The benchmark database shared by bench:queues and bench:load: DATABASE_URL when set, otherwise an embedded
 * PostgreSQL kept under `.data/bench` (or the directory given, or BENCH_DATA_DIR), migrated, with the demo seeded and, once,
 * bulk applications up to the size asked for, so a re-run reuses them.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { loadConfig, type Config } from '../apps/server/src/config.ts';
import { connectDatabase, type Database } from '../apps/server/src/db/client.ts';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded.ts';
import { runMigrations } from '../apps/server/src/db/migrate.ts';
import { seedDemo } from '../apps/server/src/db/seed/demo.ts';
import { seedQueueApplications } from '../apps/server/src/modules/application-queues/queue-bulk-seed.ts';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DEFAULT_BENCH_DATA_DIR = path.join(repoRoot, '.data', 'bench');
// A fixed key, so the SSN hashes seeded on a first run still match on the next.
export const BENCH_DATA_ENCRYPTION_KEY = Buffer.alloc(32, 11).toString('base64');

export const out = (line: string) => process.stdout.write(`${line}\n`);
export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/**
 * The settings every benchmark API runs with (plus what a benchmark adds): a fixed secret and data key, and
 * per-user abuse limits lifted, since a few benchmark sessions stand for a whole office (SSN lookups are
 * still audited).
 */
export const benchEnv = (url: string, extra: Record<string, string> = {}): Record<string, string> => ({
  DATABASE_URL: url,
  JWT_SECRET: 'q'.repeat(48),
  DATA_ENCRYPTION_KEY: BENCH_DATA_ENCRYPTION_KEY,
  WEB_DIST: '/nonexistent',
  LOGIN_MAX_FAILURES_PER_IP: '100000',
  SSN_LOOKUPS_PER_MINUTE: '1000000',
  SSN_LOOKUPS_PER_DAY: '100000000',
  ...extra,
});

export type BenchDatabase = {
  url: string;
  config: Config;
  /** Drizzle over its own pool (migrations, seeding, an in-process API). */
  database: Database;
  /** Plain pg, as the database owner (no row-level security). */
  bare: pg.Pool;
  lenders: { id: number; name: string }[];
  q1: <T>(text: string, params?: unknown[]) => Promise<T>;
  serverVersion: string;
  close: () => Promise<void>;
};

/** Starts (or connects to) the benchmark database, migrates it and seeds the demo (idempotent). */
export const openBenchDatabase = async (
  options: { dataDir?: string; env?: Record<string, string>; poolMax?: number } = {},
): Promise<BenchDatabase> => {
  let stopEmbedded: (() => Promise<void>) | undefined;
  let url = process.env.DATABASE_URL;
  if (!url) {
    const embedded = await startEmbeddedPostgres(
      // Relative to where npm was run (npm runs the script inside bench/).
      path.resolve(
        process.env.INIT_CWD ?? process.cwd(),
        options.dataDir ?? process.env.BENCH_DATA_DIR ?? DEFAULT_BENCH_DATA_DIR,
      ),
    );
    url = embedded.url;
    stopEmbedded = embedded.stop;
  }
  const config = loadConfig(benchEnv(url, options.env));
  const database = connectDatabase(url, options.poolMax ?? 10);
  const bare = new pg.Pool({ connectionString: url, max: options.poolMax ?? 10 });
  const close = async () => {
    await bare.end();
    await database.close();
    await stopEmbedded?.();
  };
  try {
    await runMigrations(database.db);
    await seedDemo(database.db, config);
    const q1 = async <T>(text: string, params: unknown[] = []) => (await bare.query(text, params)).rows[0] as T;
    const lenders = (await bare.query<{ id: number; name: string }>('select id, name from lenders order by id')).rows;
    const serverVersion = (await q1<{ v: string }>("select current_setting('server_version') as v")).v;
    return { url, config, database, bare, lenders, q1, serverVersion, close };
  } catch (error) {
    await close();
    throw error;
  }
};

/**
 * Seeds bulk applications (spread over the lenders) until there are `total`, set-based, then VACUUM ANALYZE
 * (also when nothing was seeded: a migration may have rewritten the tables since, and the visibility map must
 * allow index-only scans again, as autovacuum would in a running system).
 */
export const ensureApplications = async (bench: BenchDatabase, total: number) => {
  const { bare, config, lenders } = bench;
  const existing = (await bench.q1<{ n: number }>('select count(*)::int as n from applications')).n;
  if (existing < total) {
    const perLender = Math.ceil((total - existing) / lenders.length);
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
    // Databases seeded before the Amount column (issue 17) have no estimated amount financed on the bulk rows:
    // the bulk seeder now writes the requested amount there too; once, the same here.
    const missing = await bench.q1<{ n: number }>(
      'select count(*)::int as n from (select 1 from applications where est_amt_financed is null and requested_amount is not null limit 1000) x',
    );
    if (missing.n >= 1000) {
      const t2 = performance.now();
      out('Filling the estimated amount financed of the bulk applications (once)…');
      await bare.query(
        'update applications set est_amt_financed = requested_amount where est_amt_financed is null and requested_amount is not null',
      );
      out(`  filled in ${((performance.now() - t2) / 1000).toFixed(0)} s`);
    }
    const t1 = performance.now();
    await bare.query('vacuum analyze');
    out(
      `${existing} applications already there: seeding skipped; VACUUM ANALYZE ${((performance.now() - t1) / 1000).toFixed(0)} s`,
    );
  }
};

export type Session = { token: string; userId: number; headers: Record<string, string> };

/** Signs in over HTTP, as the web app does. */
export const signIn = async (address: string, username: string, password: string): Promise<Session> => {
  const response = await fetch(`${address}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!response.ok) throw new Error(`sign-in of ${username}: HTTP ${response.status} ${await response.text()}`);
  const { access_token: token, user_id: userId } = (await response.json()) as { access_token: string; user_id: number };
  return { token, userId, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } };
};
