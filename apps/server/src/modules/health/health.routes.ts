import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { App, AppDeps } from '../../platform/app-types.ts';

const status = z.object({ status: z.string() });

/**
 * `/healthz` (liveness): 503 only when this process cannot recover by itself — its embedded PostgreSQL exited
 * and every restart failed — so a supervisor restarts it. A database that is merely down, frozen or restarting
 * is not a reason to restart the API: that is `/readyz` (readiness), 503 while the database does not answer.
 * Both 503s carry Retry-After (platform/errors.ts).
 */
export const registerHealthRoutes = (app: App, { db, databaseProcess }: AppDeps) => {
  app.get(
    '/healthz',
    {
      config: { public: true },
      schema: {
        tags: ['operations'],
        summary: 'The process is up and can recover by itself',
        response: { 200: status, 503: status },
      },
    },
    async (_request, reply) => {
      if (databaseProcess?.state() === 'failed') {
        return reply.status(503).send({ status: 'embedded database cannot be restarted' });
      }
      return { status: 'ok' };
    },
  );
  app.get(
    '/readyz',
    {
      config: { public: true },
      schema: { tags: ['operations'], summary: 'The database answers', response: { 200: status, 503: status } },
    },
    async (_request, reply) => {
      const state = databaseProcess?.state();
      if (state === 'restarting' || state === 'failed' || state === 'stopped') {
        return reply.status(503).send({ status: `embedded database ${state}` });
      }
      try {
        // Bounded by the pool's connection and query timeouts: a frozen database answers 503 within them.
        await db.execute(sql`select 1`);
        return { status: 'ready' };
      } catch {
        return reply.status(503).send({ status: 'database unavailable' });
      }
    },
  );
};
