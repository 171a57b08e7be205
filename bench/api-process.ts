/**
 * `npm start`'s entry point (apps/server/src/main.ts) in a child process on loopback, as an operator runs it, for
 * the benchmarks that measure the API from outside (bench:load, bench:hub): production mode, warnings only, no
 * demo seeding (the benchmark database is seeded by openBenchDatabase), the benchmark settings of `benchEnv`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { freeLoopbackPort } from '../apps/server/src/db/embedded.ts';
import { benchEnv, repoRoot } from './bench-database.ts';

export type ApiProcess = { address: string; child: ChildProcess };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts the API on `url` with `env` added (and `nodeArgs` before the entry point); answers once /readyz is ok. */
export const startApi = async (
  url: string,
  { env = {}, nodeArgs = [] }: { env?: Record<string, string>; nodeArgs?: string[] } = {},
): Promise<ApiProcess> => {
  const port = await freeLoopbackPort();
  const main = path.join(repoRoot, 'apps/server/src/main.ts');
  const child = spawn(process.execPath, [...nodeArgs, ...process.execArgv, main], {
    cwd: repoRoot,
    env: {
      ...process.env,
      ...benchEnv(url, {
        HOST: '127.0.0.1',
        PORT: String(port),
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        SEED_DEMO: 'false',
        ...env,
      }),
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const address = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the API exited (${child.exitCode}):\n${stderr}`);
    try {
      const response = await fetch(`${address}/readyz`, { signal: AbortSignal.timeout(1000) });
      await response.arrayBuffer();
      if (response.ok) return { address, child };
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  child.kill('SIGKILL');
  throw new Error(`the API did not answer /readyz within 60 s:\n${stderr}`);
};

/** Stops it as an operator does (SIGTERM; SIGKILL after 10 s). */
export const stopApi = async (child: ChildProcess) => {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
};
