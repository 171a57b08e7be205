/**
 * Runs the browser tests against the built app: two Credence servers, each on its own embedded PostgreSQL
 * with fresh demo data — one with the normal timers, one with short inactivity timers — then Playwright.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// E2E_PORT_BASE lets two runs share a machine (each takes the base port and the next one).
const portBase = Number(process.env.E2E_PORT_BASE ?? 3100);
const servers: { name: string; port: number; env: Record<string, string> }[] = [
  { name: 'main', port: portBase, env: {} },
  { name: 'short-idle', port: portBase + 1, env: { IDLE_SECONDS: '4', IDLE_TIMEOUT_SECONDS: '6' } },
];

const ensure = spawnSync('bash', [path.join(root, 'scripts/ensure-test-tools.sh')], { stdio: 'inherit' });
if (ensure.status !== 0) process.exit(ensure.status ?? 1);

const running: { child: ChildProcess; dataDir: string }[] = [];
const stopAll = async () => {
  await Promise.all(
    running.map(
      ({ child }) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
          setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
        }),
    ),
  );
  for (const { dataDir } of running) rmSync(dataDir, { recursive: true, force: true });
};

const waitReady = async (port: number, child: ChildProcess) => {
  // The demo seed (funding included) takes about a minute on a quiet two-core machine; allow for a busy one.
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server on ${port} exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server on ${port} was not ready in time`);
};

let exitCode = 1;
try {
  for (const server of servers) {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), `credence-e2e-${server.name}-`));
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(server.port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
        ...server.env,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    running.push({ child, dataDir });
  }
  await Promise.all(servers.map((s, i) => waitReady(s.port, running[i]!.child)));
  const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], {
    cwd: path.join(root, 'e2e'),
    stdio: 'inherit',
    env: {
      ...process.env,
      CREDENCE_URL: `http://127.0.0.1:${servers[0]!.port}`,
      CREDENCE_SHORT_IDLE_URL: `http://127.0.0.1:${servers[1]!.port}`,
    },
  });
  exitCode = result.status ?? 1;
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
} finally {
  await stopAll();
}
process.exit(exitCode);
