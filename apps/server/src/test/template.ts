import pg from 'pg';
import { connectDatabase } from '../db/client.ts';
import { runMigrations } from '../db/migrate.ts';
import { seedDemo } from '../db/seed/demo.ts';

/** The migrated, seeded database every integration test file clones. */
export const TEMPLATE_DB = 'credence_test_template';

/** The data encryption key of the test databases: the template is seeded with it and every test app uses it. */
export const TEST_DATA_ENCRYPTION_KEY = Buffer.alloc(32, 7).toString('base64');

/** `adminUrl` (a superuser's URL) pointed at another database of the same server. */
export const databaseUrl = (adminUrl: string, name: string): string => {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

/**
 * (Re)creates `name` on the server of `adminUrl`, migrated and seeded with the demo (the demo's users' passwords
 * live `passwordLifetimeDays`), for the test runs to clone with `cloneDatabase` — seeding once, copying in a second.
 */
export const createSeededTemplate = async (adminUrl: string, name: string, passwordLifetimeDays = 90) => {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name}`);
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const template = connectDatabase(databaseUrl(adminUrl, name), 2);
  try {
    await runMigrations(template.db);
    await seedDemo(template.db, {
      passwordLifetimeDays,
      dataEncryptionKey: Buffer.from(TEST_DATA_ENCRYPTION_KEY, 'base64'),
    });
  } finally {
    await template.close();
  }
};

/** A new database `name` copied from `template` (which nobody may be connected to); answers its URL. */
export const cloneDatabase = async (adminUrl: string, template: string, name: string): Promise<string> => {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name}`);
    await admin.query(`create database ${name} template ${template}`);
  } finally {
    await admin.end();
  }
  return databaseUrl(adminUrl, name);
};
