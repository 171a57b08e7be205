import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { App, AppDeps } from '../../app.ts';

const status = z.object({ status: z.string() });

export const registerHealthRoutes = (app: App, { db }: AppDeps) => {
  app.get(
    '/healthz',
    {
      config: { public: true },
      schema: { tags: ['operations'], summary: 'The process is up', response: { 200: status } },
    },
    async () => ({ status: 'ok' }),
  );
  app.get(
    '/readyz',
    {
      config: { public: true },
      schema: { tags: ['operations'], summary: 'The database answers', response: { 200: status, 503: status } },
    },
    async (_request, reply) => {
      try {
        await db.execute(sql`select 1`);
        return { status: 'ready' };
      } catch {
        return reply.status(503).send({ status: 'database unavailable' });
      }
    },
  );
};
