import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { connectDatabase } from '../db/client.ts';
import { startHub } from '../platform/hub.ts';
import { startJobs, type Jobs } from '../platform/jobs.ts';
import { createMailTransport, emailHandler, mailOutboxDir } from '../platform/mail.ts';
import { drainOutbox, type DrainOptions } from '../platform/outbox.ts';
import { cloneDatabase, TEMPLATE_DB, TEST_DATA_ENCRYPTION_KEY } from './template.ts';

/** A fresh database cloned from the migrated, seeded template: each test file starts from the demo data. */
export const createTestDatabase = async () => {
  const adminUrl = inject('adminDatabaseUrl');
  const name = `credence_test_${randomBytes(6).toString('hex')}`;
  const url = await cloneDatabase(adminUrl, TEMPLATE_DB, name);
  const database = connectDatabase(url, 5);
  return {
    ...database,
    url,
    drop: async () => {
      await database.close();
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
};

/**
 * The whole API on a fresh database, with its logs captured so tests can read them. Its DATA_DIR is a temporary
 * folder of its own (e-mails land in `outboxDir` as .eml files), removed on close.
 *
 * E-mail: `drainOutbox()` delivers the committed outbox rows now (deterministic, no job runner needed);
 * `{ jobs: true }` also starts the pg-boss job runner as `main.ts` does (stopped by `close`).
 */
export const createTestApp = async (
  env: Record<string, string> = {},
  options: { jobs?: boolean; hub?: boolean } = {},
) => {
  const database = await createTestDatabase();
  const dataDir = env.DATA_DIR ? undefined : mkdtempSync(path.join(os.tmpdir(), 'credence-app-'));
  const config = loadConfig({
    ...(dataDir ? { DATA_DIR: dataDir } : {}),
    NODE_ENV: 'test',
    DATABASE_URL: database.url,
    JWT_SECRET: randomBytes(32).toString('hex'),
    DATA_ENCRYPTION_KEY: TEST_DATA_ENCRYPTION_KEY,
    LOG_LEVEL: 'info',
    WEB_DIST: '/nonexistent',
    ...env,
  });
  const logs: string[] = [];
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logs.push(String(chunk));
      done();
    },
  });
  const { app, routes } = await buildApp({ db: database.db, config }, { logStream });
  await app.ready();
  const login = async (username: string, password: string) => {
    const response = await app.inject({ method: 'POST', url: '/api/login', payload: { username, password } });
    if (response.statusCode !== 200) throw new Error(`login ${username}: ${response.statusCode} ${response.body}`);
    return response.json<{ access_token: string; password_expiration_date: string; user_id: number }>();
  };
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const jobs: Jobs | undefined = options.jobs
    ? await startJobs({ url: database.url, db: database.db, config, log: app.log })
    : undefined;
  const transport = jobs?.transport ?? createMailTransport(config);
  // `{ hub: true }`: the real-time hub as main.ts starts it, on a port of its own (`address`) for socket clients.
  const address = options.hub ? await app.listen({ host: '127.0.0.1', port: 0 }) : undefined;
  const hub = options.hub ? await startHub(app, { db: database.db, config, databaseUrl: database.url }) : undefined;
  return {
    app,
    routes,
    config,
    db: database.db,
    pool: database.pool,
    logs,
    login,
    bearer,
    jobs,
    hub,
    address,
    /** Where the .eml files of delivered e-mails are (no SMTP_URL in tests unless a test sets one). */
    outboxDir: mailOutboxDir(config),
    /** Delivers the due outbox rows now; answers how many were delivered and failed. */
    drainOutbox: (drain: DrainOptions = {}) => drainOutbox(database.db, { email: emailHandler(transport) }, drain),
    close: async () => {
      await hub?.close();
      await jobs?.stop();
      transport.close();
      // A test's own HTTP client may leave a connection open (an upload refused before its body was read): close
      // them, or the server waits for them to time out (~65 s in files-streaming).
      const closing = app.close();
      app.server.closeAllConnections();
      await closing;
      await database.drop();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
};
export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
