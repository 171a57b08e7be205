import { endpointPath, type Endpoint, type EndpointArgs, type EndpointResult } from '@credence/contracts';
import { buildUrl, fetchBlob, request, type RequestOptions } from './api-client.ts';

/**
 * Calls a declared endpoint (contracts): its method and path come from the declaration the server registered, the
 * arguments are typed by its schemas and the answer is validated by its response schema.
 */
export const callEndpoint = <E extends Endpoint>(
  declaration: E,
  args: EndpointArgs<E>,
  options: Pick<RequestOptions<unknown>, 'signal' | 'keepalive' | 'auth' | 'authEvents'> = {},
): Promise<EndpointResult<E>> => {
  const { params, query, body } = args as { params?: Record<string, unknown>; query?: object; body?: unknown };
  return request(declaration.method, endpointPath(declaration, params), body, {
    ...options,
    schema: declaration.response as RequestOptions<EndpointResult<E>>['schema'],
    query: query as RequestOptions<unknown>['query'],
  });
};

/**
 * Calls a declared endpoint that answers a file (a CSV export): the same path, query and body as `callEndpoint`,
 * the answer read as a Blob (`accept` is the file's media type).
 */
export const fetchEndpointBlob = <E extends Endpoint>(declaration: E, args: EndpointArgs<E>, accept: string) => {
  const { params, query, body } = args as { params?: Record<string, unknown>; query?: object; body?: unknown };
  const url = buildUrl(endpointPath(declaration, params), query as RequestOptions<unknown>['query']);
  const { method } = declaration;
  return fetchBlob(url, accept, method === 'POST' || method === 'PUT' ? { method, body } : undefined);
};

/** Sends a multipart form (a file upload) to a declared endpoint; the server reads its parts itself. */
export const uploadToEndpoint = <E extends Endpoint>(
  declaration: E,
  params: Record<string, string | number>,
  form: FormData,
): Promise<EndpointResult<E>> =>
  request(declaration.method, endpointPath(declaration, params), form, {
    schema: declaration.response as RequestOptions<EndpointResult<E>>['schema'],
  });
