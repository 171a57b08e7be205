import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import type { App } from '../platform/app-types.ts';
import { loadConfig } from '../config.ts';
import { isDatabaseUnavailable } from '../platform/errors.ts';
import { TEST_DATA_ENCRYPTION_KEY } from '../test/template.ts';
import { connectDatabase, type Database } from './client.ts';
import { postgresProcessIds, startEmbeddedPostgres, type EmbeddedDatabase } from './embedded.ts';
import { runMigrations } from './migrate.ts';

/**
 * Database faults (issue 10, item 13) on a dedicated embedded PostgreSQL in a temporary folder (never the shared
 * test server): frozen with SIGSTOP, killed with SIGKILL, and killed with restarts made impossible.
 */
const QUERY_TIMEOUT_MS = 1500;
const CONNECT_TIMEOUT_MS = 1000;

let dataDir: string;
let embedded: EmbeddedDatabase;
let database: Database;
let app: App;
let frozen: number[] = [];

const signal = (pids: number[], name: NodeJS.Signals) => {
  for (const pid of pids) {
    try {
      process.kill(pid, name);
    } catch {
      // already gone
    }
  }
};

/** A call that reaches the database (the user lookup of a sign-in); 401 when the database answers. */
const signIn = (username = 'nobody') =>
  app.inject({ method: 'POST', url: '/api/login', payload: { username, password: 'wrong-password' } });

const waitFor = async (what: string, check: () => Promise<boolean> | boolean, withinMs: number) => {
  const until = Date.now() + withinMs;
  while (Date.now() < until) {
    if (await check()) return;
    await sleep(100);
  }
  throw new Error(`not ${what} within ${withinMs} ms`);
};
const ready = async () => (await app.inject({ method: 'GET', url: '/readyz' })).statusCode === 200;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'credence-faults-'));
  embedded = await startEmbeddedPostgres(dataDir, () => {}, {
    restartAttempts: 4,
    restartDelayMs: 200,
    failedRetryMs: 500,
  });
  const setup = connectDatabase(embedded.url, 1);
  await runMigrations(setup.db);
  await setup.close();
  database = connectDatabase(embedded.url, 4, {
    statementTimeoutMs: 1000,
    queryTimeoutMs: QUERY_TIMEOUT_MS,
    connectionTimeoutMs: CONNECT_TIMEOUT_MS,
  });
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: embedded.url,
    JWT_SECRET: 'f'.repeat(48),
    DATA_ENCRYPTION_KEY: TEST_DATA_ENCRYPTION_KEY,
    WEB_DIST: '/nonexistent',
    LOGIN_MAX_FAILURES_PER_IP: '100000',
    LOGIN_MAX_FAILURES_PER_USERNAME: '100000',
    LOGIN_MAX_FAILURES: '100000',
  });
  ({ app } = await buildApp({ db: database.db, config, databaseProcess: embedded }, { logger: false }));
  await app.ready();
});

afterAll(async () => {
  signal(frozen, 'SIGCONT');
  if (dataDir) chmodSync(path.join(dataDir, 'pg'), 0o700);
  await app?.close();
  await database?.close();
  await embedded?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('database faults', () => {
  it('every way node-postgres reports a lost, frozen or refused database is a 503', () => {
    for (const message of [
      'Query read timeout',
      'timeout exceeded when trying to connect',
      'Connection terminated unexpectedly',
      'Client has encountered a connection error and is not queryable',
      'Client was closed and is not queryable',
    ]) {
      expect(isDatabaseUnavailable(new Error(message)), message).toBe(true);
    }
    expect(isDatabaseUnavailable(Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('shutting down'), { code: '57P01' }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
  });

  it('a frozen database (SIGSTOP) answers 503 with Retry-After within the timeouts, and recovers on resume', async () => {
    // Warm the pool: these connections are open when the database freezes, so their queries hang.
    expect((await signIn()).statusCode).toBe(401);
    await Promise.all([signIn(), signIn(), signIn(), signIn()]);

    frozen = postgresProcessIds(embedded.pid()!);
    signal(frozen, 'SIGSTOP');
    const started = Date.now();
    // More calls than connections: some wait on a held connection's query, some for a free one, some connect.
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => signIn(`frozen${i}`)));
    const elapsed = Date.now() - started;
    for (const answer of answers) {
      expect(answer.statusCode).toBe(503);
      expect(answer.headers['retry-after']).toBe('5');
      expect(answer.json()).toMatchObject({ code: 'DB_UNAVAILABLE' });
    }
    // Bounded: at worst a wait for a free connection, then a query timeout (today: hangs until SIGCONT).
    expect(elapsed).toBeLessThan(QUERY_TIMEOUT_MS + CONNECT_TIMEOUT_MS + 2000);
    const readiness = await app.inject({ method: 'GET', url: '/readyz' });
    expect(readiness.statusCode).toBe(503);
    expect(readiness.headers['retry-after']).toBe('5');
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);

    signal(frozen, 'SIGCONT');
    frozen = [];
    await waitFor('ready after resume', ready, 5000);
    // The connections that timed out were dropped, not handed out again: every call is answered normally.
    const after = await Promise.all(Array.from({ length: 8 }, (_, i) => signIn(`resumed${i}`)));
    expect(after.map((a) => a.statusCode)).toEqual(Array(8).fill(401));
    const leftOpen = await database.pool.query<{ n: number }>(
      "select count(*)::int as n from pg_stat_activity where state like 'idle in transaction%'",
    );
    expect(leftOpen.rows[0]!.n).toBe(0);
  });

  it('a second start on a cluster a running process still uses is refused, its server left alone', async () => {
    const pid = embedded.pid();
    await expect(startEmbeddedPostgres(dataDir)).rejects.toThrow(/used by another process/);
    expect(embedded.pid()).toBe(pid);
    expect(await ready()).toBe(true);
  });

  it('the embedded server killed (kill -9 of its postmaster) is restarted and the API recovers by itself', async () => {
    expect(await ready()).toBe(true);
    const before = embedded.pid()!;
    // Calls in flight when the server dies (some inside their transaction) end in 503 too, never a 500.
    const inFlight = Promise.all(Array.from({ length: 8 }, (_, i) => signIn(`inflight${i}`)));
    process.kill(before, 'SIGKILL');
    for (const answer of await inFlight) expect([401, 503]).toContain(answer.statusCode);
    const down = await signIn();
    expect(down.statusCode).toBe(503);
    expect(down.headers['retry-after']).toBe('5');
    // The process itself is fine: only readiness reflects the outage.
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);

    await waitFor('ready after the restart', ready, 15_000);
    expect(embedded.state()).toBe('running');
    expect(embedded.restarts()).toBe(1);
    expect(embedded.pid()).not.toBe(before);
    expect((await signIn()).statusCode).toBe(401);
  });

  it('/healthz answers 503 while the embedded server cannot be restarted, and 200 again once it can', async () => {
    expect(await ready()).toBe(true);
    // The cluster becomes unusable (as a full or broken disk would make it), then the server dies.
    chmodSync(path.join(dataDir, 'pg'), 0o000);
    process.kill(embedded.pid()!, 'SIGKILL');
    await waitFor('failed', () => embedded.state() === 'failed', 15_000);
    const health = await app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(503);
    expect(health.headers['retry-after']).toBe('5');
    const readiness = await app.inject({ method: 'GET', url: '/readyz' });
    expect(readiness.statusCode).toBe(503);
    expect(readiness.headers['retry-after']).toBe('5');
    expect((await signIn()).statusCode).toBe(503);

    // Repaired: the slow retry brings it back without restarting the API.
    chmodSync(path.join(dataDir, 'pg'), 0o700);
    await waitFor('ready after the repair', ready, 15_000);
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    expect((await signIn()).statusCode).toBe(401);
  });
});
