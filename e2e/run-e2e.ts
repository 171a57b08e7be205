/**
 * Runs the browser tests against the built app (issue 28): one embedded PostgreSQL whose demo database is migrated
 * and seeded once — while the web app builds, with `--build` — then cloned for every server: one Credence server
 * per Playwright worker with the normal timers, one with short inactivity timers, and one that a test may stop and
 * start again (the hub's reconnection, issue 31: POST {CREDENCE_RESTART_CONTROL_URL}/stop and /start). Then
 * Playwright, with the other arguments passed on. E2E_WORKERS sets the workers (2 by default: measured faster than 1
 * on two cores).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded.ts';
import { cloneDatabase, createSeededTemplate, TEST_DATA_ENCRYPTION_KEY } from '../apps/server/src/test/template.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const build = args.includes('--build');
const playwrightArgs = args.filter((arg) => arg !== '--build');
const workers = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));
// E2E_PORT_BASE lets two runs share a machine (each takes the base port and the ones after it).
const portBase = Number(process.env.E2E_PORT_BASE ?? 3100);
const TEMPLATE = 'credence_e2e_template';
const servers = [
  ...Array.from({ length: workers }, (_, i) => ({ name: `main-${i + 1}`, port: portBase + i, env: {} })),
  { name: 'short-idle', port: portBase + workers, env: { IDLE_SECONDS: '4', IDLE_TIMEOUT_SECONDS: '6' } },
  { name: 'restartable', port: portBase + workers + 1, env: {} },
];
const controlPort = portBase + workers + 2;

const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;
const say = (line: string) => process.stdout.write(`[e2e] ${line}\n`);

const ensure = spawnSync('bash', [path.join(root, 'scripts/ensure-test-tools.sh')], { stdio: 'inherit' });
if (ensure.status !== 0) process.exit(ensure.status ?? 1);

/** `npm run <script>` as a promise of its exit code. */
const npmRun = (script: string) =>
  new Promise<number>((resolve) => {
    const child = spawn('npm', ['run', script], { cwd: root, stdio: 'inherit' });
    child.once('exit', (code) => resolve(code ?? 1));
  });

const buildWeb = async () => {
  const started = Date.now();
  if ((await npmRun('build')) !== 0) throw new Error('the web app did not build');
  say(`web app built in ${seconds(started)}`);
  const checked = Date.now();
  if ((await npmRun('test:size')) !== 0) throw new Error('the size budget failed');
  say(`size budget checked in ${seconds(checked)}`);
};

const tempDirs: string[] = [];
const tempDir = (name: string) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), `credence-e2e-${name}-`));
  tempDirs.push(dir);
  return dir;
};
const running: ChildProcess[] = [];
let stopDatabase: (() => Promise<void>) | undefined;

/** Stops a process as an operator does: SIGTERM, SIGKILL after 10 s. */
const stop = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
  });

let control: http.Server | undefined;
const stopAll = async () => {
  control?.close();
  await Promise.all(running.map(stop));
  await stopDatabase?.();
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
};

const waitReady = async (port: number, child: ChildProcess) => {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server on ${port} exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server on ${port} was not ready in time`);
};

/** The demo seeded once into a template database of a new embedded PostgreSQL; answers its superuser URL. */
const prepareDatabase = async () => {
  const started = Date.now();
  const database = await startEmbeddedPostgres(tempDir('db'), undefined, { disposable: true });
  stopDatabase = database.stop;
  await createSeededTemplate(database.url, TEMPLATE);
  say(`demo database migrated and seeded in ${seconds(started)}`);
  return database.url;
};

/** A server's data folder (its token secret among others): the same one when it starts again. */
const dataDirs = new Map<string, string>();
const dataDirOf = (name: string) => {
  if (!dataDirs.has(name)) dataDirs.set(name, tempDir(name));
  return dataDirs.get(name)!;
};

const startServer = (server: (typeof servers)[number], databaseUrl: string) => {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(server.port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDirOf(server.name),
      DATABASE_URL: databaseUrl,
      SEED_DEMO: 'false',
      DATA_ENCRYPTION_KEY: TEST_DATA_ENCRYPTION_KEY,
      LOG_LEVEL: 'warn',
      // Webhooks to the tests' receivers on 127.0.0.1 (platform/outbound-url.ts).
      WEBHOOKS_ALLOW_LOOPBACK: 'true',
      ...server.env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  running.push(child);
  children.set(server.name, child);
  return waitReady(server.port, child);
};
const children = new Map<string, ChildProcess>();

/**
 * The restartable server's switch, for a test: POST /stop stops it as an operator does (SIGTERM), POST /start starts
 * it again on the same port and database; each answers 204 once done.
 */
const startControl = (server: (typeof servers)[number], databaseUrl: string) => {
  control = http.createServer((request, response) => {
    const answer = (status: number) => response.writeHead(status).end();
    const child = children.get(server.name);
    if (request.method === 'POST' && request.url === '/stop' && child) {
      void stop(child).then(() => answer(204));
    } else if (request.method === 'POST' && request.url === '/start') {
      startServer(server, databaseUrl).then(
        () => answer(204),
        () => answer(500),
      );
    } else answer(404);
  });
  control.listen(controlPort, '127.0.0.1');
};

let exitCode = 1;
// Stopped from outside (Ctrl-C, a kill): the servers, the browsers' runner and the database stop too.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void stopAll().then(() => process.exit(130)));
}
try {
  const [adminUrl] = await Promise.all([prepareDatabase(), build ? buildWeb() : undefined]);
  const started = Date.now();
  const urls: string[] = [];
  for (const server of servers)
    urls.push(await cloneDatabase(adminUrl, TEMPLATE, `credence_e2e_${server.name.replace('-', '_')}`));
  await Promise.all(servers.map((server, i) => startServer(server, urls[i]!)));
  say(`${servers.length} servers on their own copies of the demo started in ${seconds(started)}`);
  startControl(servers.at(-1)!, urls.at(-1)!);
  const origins = servers.map((server) => `http://127.0.0.1:${server.port}`);
  const playwright = spawn('npx', ['playwright', 'test', ...playwrightArgs], {
    cwd: path.join(root, 'e2e'),
    stdio: 'inherit',
    env: {
      ...process.env,
      E2E_WORKERS: String(workers),
      CREDENCE_URL: origins[0],
      CREDENCE_URLS: origins.slice(0, workers).join(','),
      CREDENCE_SHORT_IDLE_URL: origins[workers],
      CREDENCE_RESTARTABLE_URL: origins[workers + 1],
      CREDENCE_RESTART_CONTROL_URL: `http://127.0.0.1:${controlPort}`,
    },
  });
  running.push(playwright);
  exitCode = await new Promise<number>((resolve) => playwright.once('exit', (code) => resolve(code ?? 1)));
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
} finally {
  await stopAll();
}
process.exit(exitCode);
