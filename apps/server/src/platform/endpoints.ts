import { errorBodySchema, type Endpoint, type EndpointResult } from '@credence/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { App } from './app-types.ts';
import { authOf, type AuthContext } from './auth.ts';

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export type EndpointRequest<E> =
  E extends Endpoint<infer P, infer Q, infer B, z.ZodType>
    ? { params: Out<P>; query: Out<Q>; body: Out<B>; auth: AuthContext; raw: FastifyRequest }
    : never;

export type EndpointHandler<E extends Endpoint> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<EndpointResult<E>> | EndpointResult<E>;

const errorResponses = {
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  422: errorBodySchema,
  429: errorBodySchema,
  502: errorBodySchema,
};

/** What only the server decides about a declared endpoint. */
export type EndpointOptions = {
  /** `false`: the endpoint ignores Idempotency-Key (a POST that only reads, or answers a stream or a secret). */
  idempotency?: false;
  /** A file opened in a new window: a single-use download token (?dt=) stands for the session (platform/auth.ts). */
  downloadToken?: true;
};

/**
 * Registers a declared endpoint (contracts): its method, path, schemas and access come from the declaration, so
 * the server and the web client cannot disagree. Public endpoints get no `auth` (reading it throws). A handler
 * may set headers on `reply` and answer a stream or a Buffer (a file), which is sent as it is.
 */
export const registerEndpoint = <E extends Endpoint>(
  app: App,
  declaration: E,
  handler: EndpointHandler<E>,
  options: EndpointOptions = {},
) => {
  const { access } = declaration;
  const status = declaration.status ?? 200;
  app.route({
    method: declaration.method,
    url: declaration.path,
    config: {
      ...(access === 'public'
        ? { public: true }
        : access === 'signedIn'
          ? {}
          : 'anyOf' in access
            ? { anyRight: access.anyOf }
            : { right: access.right }),
      ...(declaration.allowExpiredPassword ? { allowExpiredPassword: true } : {}),
      ...(options.idempotency === false ? { idempotency: false } : {}),
      ...(options.downloadToken ? { downloadToken: true } : {}),
    },
    schema: {
      tags: [declaration.tag],
      summary: declaration.summary,
      ...(declaration.params ? { params: declaration.params } : {}),
      ...(declaration.query ? { querystring: declaration.query } : {}),
      ...(declaration.body ? { body: declaration.body } : {}),
      response: { [status]: declaration.response, ...errorResponses },
    },
    handler: async (request, reply) => {
      const args = {
        params: request.params,
        query: request.query,
        body: request.body,
        raw: request,
        get auth() {
          return authOf(request);
        },
      } as unknown as EndpointRequest<E>;
      const result = await handler(args, reply);
      return reply.status(status).send(result as never);
    },
  });
};
