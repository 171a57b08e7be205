import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { EmbeddedDatabase } from '../db/embedded.ts';

/** `databaseProcess`: the embedded PostgreSQL's watchdog when the process runs one (health checks read it). */
export type AppDeps = { db: Db; config: Config; databaseProcess?: Pick<EmbeddedDatabase, 'state'> };
export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** A server module: registers its routes (modules/index.ts lists them; app.ts walks the list). */
export type Module = { name: string; register: (app: App, deps: AppDeps) => void };

export type RouteInfo = { method: string; url: string; public: boolean; right: string | undefined };
