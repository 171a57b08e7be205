import { z } from 'zod';
import type { Right } from '../rights.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may call an endpoint: a named right, any signed-in user, or anyone (sign-in, settings). The server's guard
 * and the API documentation read it from the declaration; nothing else decides it.
 */
export type Access = { right: Right } | { anyOf: readonly [Right, Right, ...Right[]] } | 'signedIn' | 'public';

/**
 * One call of the API, declared once: the server registers exactly this (path, method, schemas, access) and the
 * web client calls exactly this, so no path is written twice and no body is `unknown`.
 */
export type Endpoint<
  P extends z.ZodType | undefined = z.ZodType | undefined,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType = z.ZodType,
> = {
  method: HttpMethod;
  /** Fastify-style: '/api/branches/:id'. */
  path: string;
  access: Access;
  /** Reachable while the caller's password has expired (change password, me, logout, keepalive); signed-in only. */
  allowExpiredPassword?: true;
  /** For the API documentation. */
  summary: string;
  tag: string;
  params?: P;
  query?: Q;
  body?: B;
  /** The answer; `status` says with which code (200 unless given). */
  response: R;
  status?: 200 | 201 | 204;
};

export const endpoint = <
  P extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  R extends z.ZodType = z.ZodType,
>(
  declaration: Endpoint<P, Q, B, R>,
): Endpoint<P, Q, B, R> => declaration;

type Part<K extends string, S> = S extends z.ZodType ? { [key in K]: z.input<S> } : { [key in K]?: never };
/** Path parameters travel as text; a caller may pass numbers. */
type ParamsPart<S> = S extends z.ZodType
  ? { params: { [key in keyof z.input<S>]: string | number } }
  : { params?: never };

/** What a caller passes: `params`, `query` and `body` as the endpoint declares them (input types). */
export type EndpointArgs<E> =
  E extends Endpoint<infer P, infer Q, infer B, z.ZodType> ? ParamsPart<P> & Part<'query', Q> & Part<'body', B> : never;

/** What a call answers. */
export type EndpointResult<E> =
  E extends Endpoint<z.ZodType | undefined, z.ZodType | undefined, z.ZodType | undefined, infer R>
    ? z.output<R>
    : never;

/** The endpoint's path with its parameters filled in ('/api/branches/7'). */
export const endpointPath = (declaration: Pick<Endpoint, 'path'>, params?: Record<string, unknown>): string =>
  declaration.path.replace(/:(\w+)/g, (_, key: string) => {
    const value = params?.[key];
    if (value === undefined || value === null) throw new Error(`Missing path parameter ${key}`);
    return encodeURIComponent(String(value));
  });
