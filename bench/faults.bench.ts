/**
 * Fault drill: the API as an operator runs it (`apps/server/src/main.ts` in its own process, embedded PostgreSQL
 * under a temporary DATA_DIR, default timeouts), hit over HTTP on 127.0.0.1 while things break:
 *
 *   (a) PostgreSQL frozen (SIGSTOP of every postgres process) under a bounded load, then resumed (SIGCONT);
 *   (b) PostgreSQL killed (SIGKILL of the postmaster) under load: the API's watchdog restarts it;
 *   (c) `kill -9` of the API during 5 000 comment writes retried with an `Idempotency-Key` (same key, same
 *       stored answer): acknowledged = stored, no duplicates;
 *   (d) 50 lock races on one application (`POST /api/applications/{id}/lock`), 50 users each: one winner, 409s;
 *   (e) 50 fund races: 50 approved applications, each funded by 50 calls at once (`POST` and `PUT
 *       /api/applications/{id}/loans/fund`, no Idempotency-Key): one booking and one core account each, and every
 *       call answers the same core loan id.
 *
 * Run: npm run bench:faults   (prints figures; nothing is asserted; all traffic stays on loopback, every phase is
 * bounded in requests and time, and the drill cleans up after itself). FAULTS_WRITES changes the number of writes;
 * FAULTS_ONLY picks drills by letter (FAULTS_ONLY=e).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freeLoopbackPort, postgresProcessIds, runningPostmaster } from '../apps/server/src/db/embedded.ts';
import { fundableApplication, fundingTraces } from './fundable-application.ts';

const WRITES = Number(process.env.FAULTS_WRITES ?? 5000);
const LOAD_WORKERS = 16;
const FREEZE_MS = 10_000;
const LOCK_RACES = 50;
const LOCK_CONTENDERS = 50;
const FUND_RACES = 50;
const FUND_CONTENDERS = 50;
/** FAULTS_ONLY=de runs only drills (d) and (e); all by default. */
const runs = (drill: string) => !process.env.FAULTS_ONLY || process.env.FAULTS_ONLY.includes(drill);

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = (line: string) => process.stdout.write(`${line}\n`);
const ms = (n: number | undefined) => (n === undefined ? '—' : `${Math.round(n)} ms`);
const now = () => performance.now();

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'credence-faults-'));
const clusterDir = path.join(dataDir, 'pg');
const port = await freeLoopbackPort();
const base = `http://127.0.0.1:${port}`;
const apiLog = createWriteStream(path.join(dataDir, 'api.log'));

// ---------------------------------------------------------------- the API process
let api: ChildProcess | undefined;
const startApi = async () => {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    JWT_SECRET: 'faults-drill-'.padEnd(48, 'x'),
    DATA_ENCRYPTION_KEY: Buffer.alloc(32, 13).toString('base64'),
    WEB_DIST: '/nonexistent',
    LOG_LEVEL: 'warn',
    LOGIN_MAX_FAILURES_PER_IP: '100000',
  };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(apiLog, { end: false });
  child.stderr?.pipe(apiLog, { end: false });
  api = child;
  const started = now();
  while (now() - started < 180_000) {
    if (child.exitCode !== null) throw new Error(`the API exited while starting (see ${dataDir}/api.log)`);
    try {
      if ((await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(1000) })).ok) return now() - started;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error('the API did not start within 180 s');
};
const killApi = () => {
  const child = api;
  api = undefined;
  child?.kill('SIGKILL');
  return child
    ? new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', () => resolve())))
    : undefined;
};

const postmaster = () => {
  const pid = runningPostmaster(clusterDir);
  if (pid === undefined) throw new Error('no postmaster running');
  return pid;
};
const signalAll = (pids: number[], signal: NodeJS.Signals) => {
  for (const pid of pids) {
    try {
      process.kill(pid, signal);
    } catch {
      // gone
    }
  }
};
let frozen: number[] = [];

/** The embedded cluster as a superuser (bypasses row-level security): to read what was really stored. */
const superuser = () => {
  const password = readFileSync(path.join(dataDir, 'pg-password'), 'utf8').trim();
  const pgPort = Number(readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8').split('\n')[3]);
  return new pg.Client({ connectionString: `postgres://postgres:${password}@127.0.0.1:${pgPort}/credence` });
};

const signIn = async (username: string, password: string) => {
  const response = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!response.ok) throw new Error(`sign-in ${username}: HTTP ${response.status} ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
};
const waitReady = async (withinMs: number) => {
  const started = now();
  while (now() - started < withinMs) {
    try {
      if ((await fetch(`${base}/readyz`, { signal: AbortSignal.timeout(2000) })).ok) return;
    } catch {
      // not yet
    }
    await sleep(200);
  }
  throw new Error(`not ready within ${withinMs} ms`);
};

// ---------------------------------------------------------------- bounded load
type Answer = { start: number; end: number; status: number };
/** LOAD_WORKERS loops of GET /api/menu (session guard + queries), each request bounded to 20 s, until stopped. */
const runLoad = (token: string, maxRequests = 100_000) => {
  const answers: Answer[] = [];
  let stopped = false;
  const workers = Array.from({ length: LOAD_WORKERS }, async () => {
    while (!stopped && answers.length < maxRequests) {
      const start = now();
      let status = 0;
      try {
        const response = await fetch(`${base}/api/menu`, {
          headers: { authorization: `Bearer ${token}` },
          signal: AbortSignal.timeout(20_000),
        });
        await response.arrayBuffer();
        status = response.status;
      } catch {
        status = 0; // refused, reset or timed out
      }
      answers.push({ start, end: now(), status });
      if (status !== 200) await sleep(50);
    }
  });
  return {
    answers,
    stop: async () => {
      stopped = true;
      await Promise.all(workers);
    },
  };
};

const outage = (answers: Answer[], faultAt: number, recoverFrom: number) => {
  const after = answers.filter((a) => a.end >= faultAt);
  const first503 = after.filter((a) => a.status === 503).sort((a, b) => a.end - b.end)[0];
  const firstFailure = after.filter((a) => a.status !== 200).sort((a, b) => a.end - b.end)[0];
  const recovered = answers.filter((a) => a.status === 200 && a.start >= recoverFrom).sort((a, b) => a.end - b.end)[0];
  const failed = after.filter((a) => a.status !== 200);
  const byStatus = new Map<number, number>();
  for (const a of failed) byStatus.set(a.status, (byStatus.get(a.status) ?? 0) + 1);
  return {
    first503: first503 && first503.end - faultAt,
    firstFailure: firstFailure && firstFailure.end - faultAt,
    recovered: recovered && recovered.end - recoverFrom,
    longest: Math.max(0, ...after.map((a) => a.end - a.start)),
    total: answers.length,
    failed: failed.length,
    byStatus: [...byStatus].map(([s, n]) => `${s === 0 ? 'no answer' : s}: ${n}`).join(', ') || 'none',
  };
};

// ---------------------------------------------------------------- the drill
try {
  out(`Credence fault drill (${os.cpus().length} cores, Node ${process.version}); DATA_DIR ${dataDir}`);
  out(`API started (new embedded cluster, migrations, demo seed) in ${ms(await startApi())}`);
  const officer = await signIn('officer', 'Officer2026');

  // (a) frozen
  if (runs('a')) {
    const load = runLoad(officer);
    await sleep(2000);
    frozen = postgresProcessIds(postmaster());
    const frozenCount = frozen.length;
    const frozenAt = now();
    signalAll(frozen, 'SIGSTOP');
    await sleep(FREEZE_MS);
    const resumedAt = now();
    signalAll(frozen, 'SIGCONT');
    frozen = [];
    await sleep(5000);
    await load.stop();
    const f = outage(load.answers, frozenAt, resumedAt);
    out(
      `\n(a) PostgreSQL frozen (SIGSTOP of ${frozenCount} processes) for ${FREEZE_MS / 1000} s under ${LOAD_WORKERS} looping clients`,
    );
    out(
      `    time to first 503 ${ms(f.first503)} (first failure ${ms(f.firstFailure)}); longest request ${ms(f.longest)}`,
    );
    out(`    time to recover after resume ${ms(f.recovered)}`);
    out(`    requests ${f.total}, failed ${f.failed} (${f.byStatus})`);
  }
  await waitReady(30_000);

  // (b) killed
  if (runs('b')) {
    const load = runLoad(officer);
    await sleep(2000);
    const killedAt = now();
    process.kill(postmaster(), 'SIGKILL');
    const until = killedAt + 30_000;
    while (now() < until && !load.answers.some((a) => a.status === 200 && a.start >= killedAt + 100)) await sleep(100);
    await sleep(3000);
    await load.stop();
    const f = outage(load.answers, killedAt, killedAt);
    out(
      `\n(b) PostgreSQL killed (SIGKILL of the postmaster) under ${LOAD_WORKERS} looping clients; the API restarts it`,
    );
    out(
      `    time to first 503 ${ms(f.first503)} (first failure ${ms(f.firstFailure)}); longest request ${ms(f.longest)}`,
    );
    out(`    time to recover ${ms(f.recovered)}`);
    out(`    requests ${f.total}, failed ${f.failed} (${f.byStatus})`);
    // What the API's watchdog did (its log lines).
    for (const line of readFileSync(path.join(dataDir, 'api.log'), 'utf8').split('\n')) {
      const message = /"msg":"(embedded PostgreSQL[^"]*)"/.exec(line)?.[1];
      if (message) out(`    watchdog: ${message}`);
    }
  }
  await waitReady(30_000);

  // (c) kill -9 of the API during idempotent writes
  if (runs('c')) {
    const db = superuser();
    await db.connect();
    const { rows: targets } = await db.query<{ id: number }>(
      `select a.id from applications a join users u on u.home_lender_id = a.lender_id
        where u.username = 'officer' order by a.id limit 10`,
    );
    await db.end();
    const run = randomBytes(4).toString('hex');
    const messageOf = (i: number) => `fault drill ${run} #${i}`;
    const acknowledged = new Map<number, number>(); // write -> comment id answered
    let next = 0;
    let attempts = 0;
    let giveUps = 0;
    const killsAt = [0.2, 0.4, 0.6, 0.8].map((share) => Math.floor(WRITES * share));
    let kills = 0;
    let restartMs = 0;
    let restarting: Promise<void> | undefined;
    const started = now();
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < WRITES) {
          const i = next++;
          const key = `fault-drill-${run}-${i}`;
          const deadline = now() + 120_000;
          for (;;) {
            attempts++;
            try {
              const response = await fetch(`${base}/api/applications/${targets[i % targets.length]!.id}/comments`, {
                method: 'POST',
                headers: {
                  authorization: `Bearer ${officer}`,
                  'content-type': 'application/json',
                  'idempotency-key': key,
                },
                body: JSON.stringify({ type: 'JOURNAL', message: messageOf(i) }),
                signal: AbortSignal.timeout(15_000),
              });
              const body = (await response.json()) as { id?: number };
              if (response.status === 201 && typeof body.id === 'number') {
                acknowledged.set(i, body.id);
                break;
              }
              if (response.status < 500 && response.status !== 429 && response.status !== 409) {
                throw new Error(`write ${i}: HTTP ${response.status} ${JSON.stringify(body)}`);
              }
            } catch (error) {
              if (error instanceof Error && error.message.startsWith('write ')) throw error;
              // refused or reset (the API is down): retried with the same key
            }
            if (now() > deadline) {
              giveUps++;
              break;
            }
            await sleep(200);
          }
          if (kills < killsAt.length && acknowledged.size >= killsAt[kills]! && !restarting) {
            kills++;
            restarting = (async () => {
              await killApi();
              restartMs += await startApi();
              restarting = undefined;
            })();
          }
        }
      }),
    );
    await restarting;
    const seconds = (now() - started) / 1000;
    const check = superuser();
    await check.connect();
    const { rows } = await check.query<{ id: number; message: string }>(
      'select id, message from comments where message like $1',
      [`fault drill ${run} #%`],
    );
    await check.end();
    const byMessage = new Map<string, number[]>();
    for (const row of rows) byMessage.set(row.message, [...(byMessage.get(row.message) ?? []), row.id]);
    const duplicates = [...byMessage.values()].reduce((n, ids) => n + ids.length - 1, 0);
    let missing = 0;
    let otherAnswer = 0;
    for (const [i, id] of acknowledged) {
      const ids = byMessage.get(messageOf(i));
      if (!ids) missing++;
      else if (!ids.includes(id)) otherAnswer++;
    }
    const unacknowledgedStored = [...byMessage.keys()].filter(
      (m) => !acknowledged.has(Number(m.slice(m.lastIndexOf('#') + 1))),
    ).length;
    out(
      `\n(c) kill -9 of the API ${kills} times during ${WRITES} comment writes (8 writers, retried with Idempotency-Key)`,
    );
    out(
      `    ${seconds.toFixed(1)} s; ${attempts} attempts; API restarts took ${ms(restartMs / Math.max(1, kills))} on average`,
    );
    out(`    acknowledged ${acknowledged.size}, stored rows ${rows.length} (${byMessage.size} distinct writes)`);
    out(
      `    duplicates ${duplicates}, acknowledged but missing ${missing}, answered id not the stored one ${otherAnswer}`,
    );
    out(`    stored but never acknowledged ${unacknowledgedStored}, writes given up ${giveUps}`);
    out(
      `    acknowledged = stored: ${acknowledged.size === rows.length && duplicates === 0 && missing === 0 ? 'yes' : 'NO'}`,
    );
  }

  // (d) lock races
  if (runs('d')) {
    const db = superuser();
    await db.connect();
    // LOCK_CONTENDERS - 1 copies of the officer (same lender, role and password) so each contender is a different user.
    await db.query(
      `insert into users (username, name, full_name, email, password_hash, password_expires_at, home_lender_id)
       select 'racer' || n, 'Racer ' || n, 'Racer ' || n, 'racer' || n || '@example.com', password_hash,
              password_expires_at, home_lender_id
         from users, generate_series(1, $1::int) n where username = 'officer'
       on conflict do nothing`,
      [LOCK_CONTENDERS - 1],
    );
    await db.query(
      `insert into user_lenders (user_id, lender_id, role_id)
       select r.id, ul.lender_id, ul.role_id from users r, users o join user_lenders ul on ul.user_id = o.id
        where o.username = 'officer' and r.username like 'racer%' on conflict do nothing`,
    );
    const { rows } = await db.query<{ id: number }>(
      `select a.id from applications a join users u on u.home_lender_id = a.lender_id
        where u.username = 'officer' order by a.id desc limit 1`,
    );
    await db.end();
    const applicationId = rows[0]!.id;
    const tokens = [officer];
    for (let n = 1; n < LOCK_CONTENDERS; n++) tokens.push(await signIn(`racer${n}`, 'Officer2026'));
    const url = `${base}/api/applications/${applicationId}/lock`;
    const call = (token: string, method: 'POST' | 'DELETE') =>
      fetch(url, { method, headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(20_000) }).then(
        async (r) => {
          await r.arrayBuffer();
          return r.status;
        },
      );
    await call(officer, 'DELETE');
    const counts = new Map<number, number>();
    let oneWinner = 0;
    const durations: number[] = [];
    for (let race = 0; race < LOCK_RACES; race++) {
      const t0 = now();
      const statuses = await Promise.all(tokens.map((t) => call(t, 'POST')));
      durations.push(now() - t0);
      for (const s of statuses) counts.set(s, (counts.get(s) ?? 0) + 1);
      const winners = statuses.filter((s) => s === 200).length;
      if (winners === 1 && statuses.filter((s) => s === 409).length === statuses.length - 1) oneWinner++;
      await call(officer, 'DELETE');
    }
    durations.sort((a, b) => a - b);
    out(`\n(d) ${LOCK_RACES} lock races on application ${applicationId}, ${LOCK_CONTENDERS} users each at once`);
    out(`    races with exactly one winner and ${LOCK_CONTENDERS - 1} × 409: ${oneWinner} of ${LOCK_RACES}`);
    out(`    answers ${[...counts].map(([s, n]) => `${s}: ${n}`).join(', ')}`);
    out(`    race p50 ${ms(durations[Math.floor(durations.length / 2)])}, max ${ms(durations.at(-1))}`);
  }

  // (e) fund races
  if (runs('e')) {
    const db = superuser();
    await db.connect();
    const rowsOf = async <T>(text: string, params: unknown[] = []) => (await db.query(text, params)).rows as T[];
    const q1 = async <T>(text: string, params: unknown[] = []) => (await rowsOf<T>(text, params))[0]!;
    const [target] = await rowsOf<{ lender: number; product: number }>(
      `select u.home_lender_id as lender, p.id as product from users u
         join loan_products p on p.lender_id = u.home_lender_id and p.name = 'New Auto' where u.username = 'officer'`,
    );
    const { lender, product } = target!;
    const closed = new Set(
      (
        await rowsOf<{ d: string }>('select holiday_date::text as d from lender_holidays where lender_id = $1', [
          lender,
        ])
      ).map((r) => r.d),
    );
    const callAs = (token: string) => async (method: string, url: string, body?: unknown) => {
      const response = await fetch(`${base}${url}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(30_000),
      });
      const text = await response.text();
      return { status: response.status, text, json: () => JSON.parse(text) as Record<string, unknown> };
    };
    const call = callAs(officer);
    const admin = callAs(await signIn('admin', 'Admin2026'));
    // Approved applications saved as fundable drafts, through the API as an officer makes them (not measured).
    const ids: number[] = [];
    for (let n = 0; n < FUND_RACES; n++)
      ids.push(
        await fundableApplication(call, {
          productId: product,
          ssn: `123-46-${String(n + 1).padStart(4, '0')}`,
          closedDays: closed,
          loanId: (id) => `L${id}`,
          clearAs: admin,
        }),
      );
    const statuses = new Map<number, number>();
    const durations: number[] = [];
    let good = 0;
    let splitAnswers = 0;
    let extraBookings = 0;
    for (const id of ids) {
      const t0 = now();
      const answers = await Promise.all(
        Array.from({ length: FUND_CONTENDERS }, (_, i) =>
          call(i % 2 === 0 ? 'POST' : 'PUT', `/api/applications/${id}/loans/fund`, i % 2 === 0 ? undefined : {}),
        ),
      );
      durations.push(now() - t0);
      for (const a of answers) statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
      const loanIds = new Set(answers.filter((a) => a.status === 200).map((a) => a.json().coreLoanId));
      const { bookings, coreAccounts } = await fundingTraces(q1, lender, id);
      if (loanIds.size > 1) splitAnswers++;
      extraBookings += Math.max(0, bookings - 1) + Math.max(0, coreAccounts - 1);
      if (answers.every((a) => a.status === 200) && loanIds.size === 1 && bookings === 1 && coreAccounts === 1) good++;
    }
    await db.end();
    durations.sort((a, b) => a - b);
    out(`\n(e) ${FUND_RACES} fund races, ${FUND_CONTENDERS} calls at once on each approved application (POST and PUT)`);
    out(
      `    races funded once (one booking, one core account, every call 200 with the same loan id): ${good} of ${FUND_RACES}`,
    );
    out(`    answers ${[...statuses].map(([s, n]) => `${s}: ${n}`).join(', ')}`);
    out(`    races answering two loan ids ${splitAnswers}; extra bookings or core accounts ${extraBookings}`);
    out(`    race p50 ${ms(durations[Math.floor(durations.length / 2)])}, max ${ms(durations.at(-1))}`);
  }
} catch (error) {
  const log = readFileSync(path.join(dataDir, 'api.log'), 'utf8').split('\n').slice(-40).join('\n');
  out(`\nThe drill stopped: ${error instanceof Error ? error.message : String(error)}\nAPI log (last lines):\n${log}`);
  process.exitCode = 1;
} finally {
  signalAll(frozen, 'SIGCONT');
  const child = api;
  if (child && child.exitCode === null) {
    // A graceful stop also stops the embedded PostgreSQL.
    child.kill('SIGTERM');
    await Promise.race([new Promise((resolve) => child.once('exit', resolve)), sleep(20_000)]);
    if (child.exitCode === null) child.kill('SIGKILL');
  }
  const left = runningPostmaster(clusterDir);
  if (left !== undefined) {
    process.kill(left, 'SIGQUIT');
    await sleep(2000);
  }
  apiLog.end();
  rmSync(dataDir, { recursive: true, force: true });
}
