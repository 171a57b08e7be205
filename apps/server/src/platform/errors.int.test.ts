import Fastify from 'fastify';
import pg from 'pg';
import { messages } from '@credence/contracts';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { registerErrorHandling } from './errors.ts';

/**
 * A query stopped by the statement timeout (the server's bound on one query, DB_STATEMENT_TIMEOUT_MS) is the
 * server's limit, not a fault: the caller gets 503 BUSY with Retry-After and a text, never a 500 (bench:reports
 * met 500s on a slow report).
 */
const app = Fastify();
beforeAll(async () => {
  registerErrorHandling(app);
  app.get('/slow', async () => {
    const client = new pg.Client({ connectionString: inject('adminDatabaseUrl'), statement_timeout: 30 });
    await client.connect();
    try {
      await client.query('select pg_sleep(2)');
    } finally {
      await client.end();
    }
    return { done: true };
  });
  await app.ready();
});
afterAll(() => app.close());

it('answers a statement timeout 503 BUSY with Retry-After', async () => {
  const response = await app.inject({ method: 'GET', url: '/slow' });
  expect(response.statusCode).toBe(503);
  expect(response.headers['retry-after']).toBe('5');
  expect(response.json()).toEqual({ code: 'BUSY', message: messages.errors.queryTimedOut });
});
