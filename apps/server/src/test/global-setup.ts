import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { connectDatabase } from '../db/client.ts';
import { startEmbeddedPostgres } from '../db/embedded.ts';
import { runMigrations } from '../db/migrate.ts';
import { seedDemo } from '../db/seed/demo.ts';
import { TEMPLATE_DB, TEST_DATA_ENCRYPTION_KEY } from './template.ts';

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  export interface ProvidedContext {
    adminDatabaseUrl: string;
  }
}

/**
 * One real PostgreSQL for the integration run: TEST_DATABASE_URL when set, otherwise an embedded server in
 * a temporary folder. A template database is migrated and seeded once; each test file clones it.
 */
export default async function setup(project: TestProject) {
  let stop: (() => Promise<void>) | undefined;
  let dataDir: string | undefined;
  let adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'credence-test-'));
    const embedded = await startEmbeddedPostgres(dataDir);
    adminUrl = embedded.url;
    stop = embedded.stop;
  }
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${TEMPLATE_DB}`);
  await admin.query(`create database ${TEMPLATE_DB}`);
  const url = new URL(adminUrl);
  url.pathname = `/${TEMPLATE_DB}`;
  const template = connectDatabase(url.toString(), 2);
  await runMigrations(template.db);
  await seedDemo(template.db, {
    passwordLifetimeDays: 90,
    dataEncryptionKey: Buffer.from(TEST_DATA_ENCRYPTION_KEY, 'base64'),
  });
  await template.close();
  await admin.end();
  project.provide('adminDatabaseUrl', adminUrl);
  return async () => {
    await stop?.();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
}
