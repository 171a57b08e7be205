import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../db/embedded.ts';
import { createSeededTemplate, TEMPLATE_DB } from './template.ts';

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
    const embedded = await startEmbeddedPostgres(dataDir, undefined, { disposable: true });
    adminUrl = embedded.url;
    stop = embedded.stop;
  }
  await createSeededTemplate(adminUrl, TEMPLATE_DB);
  project.provide('adminDatabaseUrl', adminUrl);
  return async () => {
    await stop?.();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
}
