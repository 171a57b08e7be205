import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { Db } from './client.ts';

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Applies the committed migrations; drizzle takes an advisory lock, so concurrent starts are safe. */
export const runMigrations = (db: Db) => migrate(db, { migrationsFolder });
