import type { Writable } from 'node:stream';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type RawReplyDefaultExpression,
  type RawRequestDefaultExpression,
  type RawServerDefault,
} from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import type { EmbeddedDatabase } from './db/embedded.ts';
import { registerApplicantRoutes } from './modules/applicants/applicants.routes.ts';
import { registerApplicationHistoryRoutes } from './modules/application-history/application-history.routes.ts';
import { registerApplicationLockRoutes } from './modules/application-locks/application-locks.routes.ts';
import { registerApplicationRoutes } from './modules/applications/applications.routes.ts';
import { registerAuditRoutes } from './modules/audit/audit.routes.ts';
import { registerAuthRoutes } from './modules/auth/auth.routes.ts';
import { registerCollateralRoutes } from './modules/collaterals/collaterals.routes.ts';
import { registerCommentRoutes } from './modules/comments/comments.routes.ts';
import { registerDealerRoutes } from './modules/dealers/dealers.routes.ts';
import { registerFileRoutes } from './modules/files/files.routes.ts';
import { registerHealthRoutes } from './modules/health/health.routes.ts';
import { registerActionItemRoutes } from './modules/action-items/action-items.routes.ts';
import { registerDealerPacketRoutes } from './modules/dealer-packets/dealer-packets.routes.ts';
import { registerApplicationAlertRoutes } from './modules/application-alerts/application-alerts.routes.ts';
import { registerCustomFieldRoutes } from './modules/custom-fields/custom-fields.routes.ts';
import { registerPromotionRoutes } from './modules/promotions/promotions.routes.ts';
import { registerApplicationQueueRoutes } from './modules/application-queues/application-queues.routes.ts';
import { registerGridSettingRoutes } from './modules/grid-settings/grid-settings.routes.ts';
import { registerRecentApplicationRoutes } from './modules/recent-applications/recent-applications.routes.ts';
import { registerApplicationShareRoutes } from './modules/application-shares/application-shares.routes.ts';
import { registerHmdaRoutes } from './modules/hmda/hmda.routes.ts';
import { registerLoanProductRoutes } from './modules/loan-products/loan-products.routes.ts';
import { registerMenuRoutes } from './modules/menu/menu.routes.ts';
import { registerNotificationRoutes } from './modules/notifications/notifications.routes.ts';
import { registerSearchFilterRoutes } from './modules/search-filters/search-filters.routes.ts';
import { registerSettingsRoutes } from './modules/settings/settings.routes.ts';
import { registerTransactionRoutes } from './modules/transactions/transactions.routes.ts';
import { registerUsefulLinkRoutes } from './modules/useful-links/useful-links.routes.ts';
import { registerUserRoutes } from './modules/users/users.routes.ts';
import { registerAuthGuard } from './platform/auth.ts';
import { registerErrorHandling } from './platform/errors.ts';
import { registerIdempotency } from './platform/idempotency.ts';
import { registerSecurityHeaders } from './platform/security-headers.ts';
import { registerWebStatic } from './platform/web-static.ts';
import { loggerOptions } from './platform/logger.ts';

/** `databaseProcess`: the embedded PostgreSQL's watchdog when the process runs one (health checks read it). */
export type AppDeps = { db: Db; config: Config; databaseProcess?: Pick<EmbeddedDatabase, 'state'> };
export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

export type RouteInfo = { method: string; url: string; public: boolean; right: string | undefined };

/** `logStream` sends the logs elsewhere than stdout (tests read them); `logger: false` silences them. */
export const buildApp = async (deps: AppDeps, options: { logger?: boolean; logStream?: Writable } = {}) => {
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : { ...loggerOptions(deps.config.logLevel), ...(options.logStream ? { stream: options.logStream } : {}) },
    trustProxy: deps.config.trustProxy,
    bodyLimit: 1_048_576,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // A POST with Content-Type: application/json and no body (logout, lock, enable, …) has no body, not a 400: the
  // default parser refused it, so a client's logout silently failed. Anything else parses as before.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text === '') done(null, undefined);
    else parseJson(request, text, done);
  });

  // Every route, for the guard test and the docs: none under /api may be reachable by accident.
  const routes: RouteInfo[] = [];
  app.addHook('onRoute', (route) => {
    // The API documentation (registered by @fastify/swagger-ui) is public.
    if (route.url.startsWith('/api/docs')) route.config = { ...route.config, public: true };
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      routes.push({ method, url: route.url, public: route.config?.public === true, right: route.config?.right });
    }
  });

  registerErrorHandling(app);
  registerAuthGuard(app, deps);
  registerIdempotency(app, deps);
  registerSecurityHeaders(app);

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Credence API', description: 'Loan origination back office', version: '0.1.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list' } });

  registerHealthRoutes(app, deps);
  registerSettingsRoutes(app, deps);
  registerAuthRoutes(app, deps);
  registerUserRoutes(app, deps);
  registerMenuRoutes(app, deps);
  registerUsefulLinkRoutes(app, deps);
  registerAuditRoutes(app, deps);
  registerNotificationRoutes(app, deps);
  registerLoanProductRoutes(app, deps);
  registerDealerRoutes(app, deps);
  registerApplicationRoutes(app, deps);
  registerApplicationLockRoutes(app, deps);
  registerApplicantRoutes(app, deps);
  registerCollateralRoutes(app, deps);
  registerTransactionRoutes(app, deps);
  registerCommentRoutes(app, deps);
  registerFileRoutes(app, deps);
  registerApplicationHistoryRoutes(app, deps);
  registerHmdaRoutes(app, deps);
  registerActionItemRoutes(app, deps);
  registerDealerPacketRoutes(app, deps);
  registerApplicationShareRoutes(app, deps);
  registerApplicationAlertRoutes(app, deps);
  registerCustomFieldRoutes(app, deps);
  registerPromotionRoutes(app, deps);
  registerApplicationQueueRoutes(app, deps);
  registerRecentApplicationRoutes(app, deps);
  registerGridSettingRoutes(app, deps);
  registerSearchFilterRoutes(app, deps);

  await registerWebStatic(app, deps.config.webDist);

  return { app, routes };
};
