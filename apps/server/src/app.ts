import type { Writable } from 'node:stream';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { modules } from './modules/index.ts';
import type { AppDeps, RouteInfo } from './platform/app-types.ts';
import { registerAuthGuard } from './platform/auth.ts';
import { registerErrorHandling } from './platform/errors.ts';
import { registerIdempotency } from './platform/idempotency.ts';
import { registerSecurityHeaders } from './platform/security-headers.ts';
import { parseQueryString } from './platform/query-string.ts';
import { registerWebStatic } from './platform/web-static.ts';
import { loggerOptions } from './platform/logger.ts';

/** `logStream` sends the logs elsewhere than stdout (tests read them); `logger: false` silences them. */
export const buildApp = async (deps: AppDeps, options: { logger?: boolean; logStream?: Writable } = {}) => {
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : { ...loggerOptions(deps.config.logLevel), ...(options.logStream ? { stream: options.logStream } : {}) },
    trustProxy: deps.config.trustProxy,
    bodyLimit: 1_048_576,
    // The spec writes some paths with a trailing slash (crosssell/, worksheetChangeRule/, reserves/,
    // reserveMatrix/resolveReserveByMatrix/, applications/{id}/collaterals/): every route answers both ways.
    routerOptions: { ignoreTrailingSlash: true, querystringParser: parseQueryString },
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
    // The default parser answers through `done`; its type allows a promise, but it returns nothing to await.
    else void parseJson(request, text, done);
  });

  // Every route, for the guard test and the docs: none under /api may be reachable by accident.
  const routes: RouteInfo[] = [];
  app.addHook('onRoute', (route) => {
    // The API documentation (registered by @fastify/swagger-ui) is public.
    if (route.url.startsWith('/api/docs')) route.config = { ...route.config, public: true };
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      routes.push({
        method,
        url: route.url,
        public: route.config?.public === true,
        right: route.config?.right ?? route.config?.anyRight?.join('|'),
      });
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

  for (const module of modules) module.register(app, deps);

  await registerWebStatic(app, deps.config.webDist);

  return { app, routes };
};
