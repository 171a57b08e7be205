import { drizzle, type NodePgDatabase, type NodePgQueryResultHKT } from 'drizzle-orm/node-postgres';
import type { PgDatabase } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
export type Db = NodePgDatabase<Schema>;
/** The pool or a transaction: what a repository function runs its queries on. */
export type DbExecutor = PgDatabase<NodePgQueryResultHKT, Schema>;
export type Database = { pool: pg.Pool; db: Db; close: () => Promise<void> };

// numeric stays a string (exact money); bigint counts come back as numbers.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export const connectDatabase = (url: string, max = 10): Database => {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    // When the database is down, fail fast so the API can answer 503 instead of hanging.
    connectionTimeoutMillis: 3000,
    idleTimeoutMillis: 30_000,
    statement_timeout: 30_000,
  });
  // An idle client that loses its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  return { pool, db: drizzle(pool, { schema }), close: () => pool.end() };
};
