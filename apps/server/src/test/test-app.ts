import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { connectDatabase } from '../db/client.ts';
import { TEMPLATE_DB, TEST_DATA_ENCRYPTION_KEY } from './template.ts';

/** A fresh database cloned from the migrated, seeded template: each test file starts from the demo data. */
export const createTestDatabase = async () => {
  const adminUrl = inject('adminDatabaseUrl');
  const name = `credence_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${TEMPLATE_DB}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = connectDatabase(url.toString(), 5);
  return {
    ...database,
    url: url.toString(),
    drop: async () => {
      await database.close();
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
};

/** The whole API on a fresh database, with its logs captured so tests can read them. */
export const createTestApp = async (env: Record<string, string> = {}) => {
  const database = await createTestDatabase();
  const config = loadConfig({
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
  return {
    app,
    routes,
    config,
    db: database.db,
    pool: database.pool,
    logs,
    login,
    bearer,
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
};
export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
