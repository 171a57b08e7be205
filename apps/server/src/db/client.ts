import type { SQL } from 'drizzle-orm';
import { drizzle, type NodePgDatabase, type NodePgQueryResultHKT } from 'drizzle-orm/node-postgres';
import { PgDialect, type PgDatabase } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
export type Db = NodePgDatabase<Schema>;
/** The pool or a transaction: what a repository function runs its queries on. */
export type DbExecutor = PgDatabase<NodePgQueryResultHKT, Schema>;
export type Database = { pool: pg.Pool; db: Db; close: () => Promise<void> };

/**
 * How long the pool waits on PostgreSQL (0 = no limit). `statementTimeoutMs` is the server's own limit (the
 * statement is cancelled, the connection stays usable); `queryTimeoutMs` is the client's limit for an answer
 * (a frozen or unreachable server: the connection is dropped, never reused); `connectionTimeoutMs` bounds
 * getting a connection (a new one, or a free one from a busy pool). Each ends in an error the API answers 503.
 */
export type DatabaseTimeouts = { statementTimeoutMs: number; queryTimeoutMs: number; connectionTimeoutMs: number };

/**
 * Tools (migrations, seeding, tests) keep a generous server limit; the API process passes its configured,
 * shorter ones (DB_STATEMENT_TIMEOUT_MS, DB_QUERY_TIMEOUT_MS, DB_CONNECT_TIMEOUT_MS). The client limit is
 * always a little above the server's, so a slow but healthy statement is cancelled by the server first.
 */
export const TOOL_DATABASE_TIMEOUTS: DatabaseTimeouts = {
  statementTimeoutMs: 30_000,
  queryTimeoutMs: 35_000,
  connectionTimeoutMs: 3000,
};

// numeric stays a string (exact money); bigint counts come back as numbers.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

/** The message node-postgres gives a query that got no answer within query_timeout. */
export const QUERY_TIMEOUT_MESSAGE = 'Query read timeout';

type Callback = (error: Error | undefined, result: unknown) => void;

/**
 * node-postgres answers a timed-out query with an error but keeps the connection, with the query still in
 * flight: the pool would hand it out again, and a transaction whose ROLLBACK never reached the server could be
 * continued (and committed) by the next request. A timed-out connection is therefore destroyed at once: the
 * server rolls its transaction back when it sees the socket closed, and the pool drops the client on release.
 */
const dropConnectionOnTimeout = (client: pg.PoolClient) => {
  const destroy = (error: unknown) => {
    if (error instanceof Error && error.message === QUERY_TIMEOUT_MESSAGE) {
      (client as unknown as { connection?: { stream?: { destroy: () => void } } }).connection?.stream?.destroy();
    }
  };
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const last = args.length > 1 ? args[args.length - 1] : undefined;
    if (typeof last === 'function') {
      const callback = last as Callback;
      args[args.length - 1] = (error: Error | undefined, result: unknown) => {
        destroy(error);
        callback(error, result);
      };
      return query(...args);
    }
    const result = query(...args);
    if (result instanceof Promise) result.catch(destroy);
    return result;
  };
};

export const connectDatabase = (url: string, max = 10, timeouts: Partial<DatabaseTimeouts> = {}): Database => {
  const t = { ...TOOL_DATABASE_TIMEOUTS, ...timeouts };
  const pool = new pg.Pool({
    connectionString: url,
    max,
    // When the database is down or frozen, fail fast so the API can answer 503 instead of hanging.
    connectionTimeoutMillis: t.connectionTimeoutMs,
    idleTimeoutMillis: 30_000,
    ...(t.statementTimeoutMs > 0 ? { statement_timeout: t.statementTimeoutMs } : {}),
    ...(t.queryTimeoutMs > 0 ? { query_timeout: t.queryTimeoutMs } : {}),
  });
  // An idle client that loses its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  pool.on('connect', (client) => {
    // Nor a client in use (in a transaction) whose server dies: its queries fail, the pool drops it on release.
    client.on('error', () => {});
    if (t.queryTimeoutMs > 0) dropConnectionOnTimeout(client);
  });
  return { pool, db: drizzle(pool, { schema }), close: () => pool.end() };
};

const dialect = new PgDialect();

/** The SQL text and bound parameters of a statement, without running it (benchmarks, prepared statements). */
export const toSqlText = (query: SQL): { sql: string; params: unknown[] } => {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return { sql: text, params };
};

/**
 * A hot statement of a fixed text run as a named prepared statement on the pool: each connection parses it once
 * and PostgreSQL keeps a generic plan after a few executions, instead of planning it on every request (the
 * session check ran on every API request and spent 0.5 ms planning for 0.14 ms executing). The name must be
 * unique to the text: node-postgres refuses one name with two texts.
 */
export const queryPrepared = async <T extends pg.QueryResultRow>(db: Db, name: string, query: SQL): Promise<T[]> => {
  const { sql: text, params } = toSqlText(query);
  const pool = (db as Db & { $client: pg.Pool }).$client;
  return (await pool.query<T>({ name, text, values: params })).rows;
};
