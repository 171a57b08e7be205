import type { z } from 'zod';
import { errorBodySchema, messages, type ErrorBody, type FieldError } from '@credence/contracts';
import { emitAuthEvent } from './auth-events.ts';
import { getSession } from './session-store.ts';

/** A failed call: the HTTP status (0 when the server could not be reached) and the server's error body. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  /** The server's own message, when it sent one. */
  readonly serverMessage: string | undefined;
  readonly errors: FieldError[];
  /** Facts about a conflict the server sent (e.g. who holds an application's lock). */
  readonly details: NonNullable<ErrorBody['details']>;

  constructor(
    status: number,
    body?: { code?: string; message?: string; errors?: FieldError[]; details?: ErrorBody['details'] },
  ) {
    super(body?.message || messages.errors.backend);
    this.name = 'ApiError';
    this.status = status;
    this.code = body?.code;
    this.serverMessage = body?.message || undefined;
    this.errors = body?.errors ?? [];
    this.details = body?.details ?? {};
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** Errors that the shell answers by navigating (to sign-in or to the password change), not by a toast. */
export const isSessionError = (error: unknown): boolean =>
  isApiError(error) &&
  ((error.status === 401 && error.code === 'UNAUTHENTICATED') ||
    (error.status === 403 && error.code === 'PASSWORD_EXPIRED'));

export type RequestOptions<T> = {
  /** Validate (and type) the answer with a contracts schema. */
  schema?: z.ZodType<T>;
  query?: Record<string, string | number | boolean | undefined | null>;
  /** Send the bearer token (default true). */
  auth?: boolean;
  /** Raise session events on 401 UNAUTHENTICATED / 403 PASSWORD_EXPIRED (default true). */
  authEvents?: boolean;
  signal?: AbortSignal;
  /** Let the call outlive the page (`fetch` keepalive), e.g. releasing a lock on `pagehide`. */
  keepalive?: boolean;
  /** Extra request headers (e.g. `Idempotency-Key` of a funding attempt). */
  headers?: Record<string, string>;
};

let lastCallAt = 0;
/** When the last authenticated call was sent (used to keep the server-side session alive while the user works). */
export const getLastAuthenticatedCallAt = (): number => lastCallAt;

export const buildUrl = (path: string, query?: RequestOptions<unknown>['query']): string => {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}${path.includes('?') ? '&' : '?'}${text}` : path;
};

const readBody = async (response: Response): Promise<unknown> => {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

export const request = async <T = unknown>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
  options: RequestOptions<T> = {},
): Promise<T> => {
  const { schema, query, auth = true, authEvents = true, signal, keepalive } = options;
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  // A FormData body (file upload) is sent as multipart/form-data; the browser sets its boundary.
  const isForm = body instanceof FormData;
  if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
  const token = auth ? getSession().token : null;
  if (token) {
    headers.Authorization = `Bearer ${token}`;
    lastCallAt = Date.now();
  }

  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), {
      method,
      headers,
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
      signal,
      ...(keepalive ? { keepalive } : {}),
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0);
  }

  const payload = await readBody(response);
  if (!response.ok) {
    const parsed = errorBodySchema.safeParse(payload);
    const error = new ApiError(response.status, parsed.success ? parsed.data : undefined);
    if (token && authEvents) {
      if (error.status === 401 && error.code === 'UNAUTHENTICATED') emitAuthEvent('unauthenticated');
      if (error.status === 403 && error.code === 'PASSWORD_EXPIRED') emitAuthEvent('passwordExpired');
    }
    throw error;
  }

  if (!schema) return payload as T;
  const result = schema.safeParse(payload);
  // An answer that does not match its contract is a server fault: shown as 'backend server error'.
  if (!result.success) throw new ApiError(response.status);
  return result.data;
};

export const apiClient = {
  get: <T = unknown>(path: string, options?: RequestOptions<T>) => request<T>('GET', path, undefined, options),
  post: <T = unknown>(path: string, body?: unknown, options?: RequestOptions<T>) =>
    request<T>('POST', path, body, options),
  put: <T = unknown>(path: string, body?: unknown, options?: RequestOptions<T>) =>
    request<T>('PUT', path, body, options),
  patch: <T = unknown>(path: string, body?: unknown, options?: RequestOptions<T>) =>
    request<T>('PATCH', path, body, options),
  delete: <T = unknown>(path: string, options?: RequestOptions<T>) => request<T>('DELETE', path, undefined, options),
};

/**
 * A file the server builds (a CSV export, a printed PDF), fetched with the bearer header — never with a token in
 * the URL — and answered as a Blob; a failure is an ApiError like any call's. A POST (an export of posted
 * criteria) sends its body as JSON.
 */
export const fetchBlob = async (
  path: string,
  accept: string,
  post?: { method: 'POST' | 'PUT'; body: unknown },
): Promise<Blob> => {
  const token = getSession().token;
  const headers: Record<string, string> = { Accept: `${accept}, application/json` };
  if (post) headers['Content-Type'] = 'application/json';
  if (token) {
    headers.Authorization = `Bearer ${token}`;
    lastCallAt = Date.now();
  }
  let response: Response;
  try {
    response = await fetch(
      path,
      post ? { method: post.method, headers, body: JSON.stringify(post.body) } : { headers },
    );
  } catch {
    throw new ApiError(0);
  }
  if (!response.ok) {
    const parsed = errorBodySchema.safeParse(await readBody(response).catch(() => undefined));
    const error = new ApiError(response.status, parsed.success ? parsed.data : undefined);
    if (token && error.status === 401 && error.code === 'UNAUTHENTICATED') emitAuthEvent('unauthenticated');
    if (token && error.status === 403 && error.code === 'PASSWORD_EXPIRED') emitAuthEvent('passwordExpired');
    throw error;
  }
  return response.blob();
};
