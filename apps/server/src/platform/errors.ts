import type { ErrorBody, ErrorCode, FieldError } from '@credence/contracts';
import { messages } from '@credence/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';

/** The one error type: a code, an HTTP status and a user-facing message (DESIGN convention 6). */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly errors?: FieldError[],
    readonly headers?: Record<string, string>,
    readonly details?: ErrorBody['details'],
  ) {
    super(message);
  }
}

export const validationError = (errors: FieldError[]) =>
  new AppError(422, 'VALIDATION', messages.errors.validation, errors);
export const unauthenticated = (message: string = messages.errors.unauthenticated) =>
  new AppError(401, 'UNAUTHENTICATED', message);
export const forbidden = () => new AppError(403, 'FORBIDDEN', messages.errors.forbidden);
export const notFound = (message: string = messages.errors.notFound) => new AppError(404, 'NOT_FOUND', message);
/** A rule about one field broken: 422 with that field. */
export const fieldError = (field: string, message: string) => validationError([{ field, message }]);

/** The text of a query inside a message ('Failed query: select … from …', 'insert into …'), to its end. */
const QUERY_TEXT =
  /(failed query:|\bselect\b[\s\S]*?\bfrom\b|\binsert\s+into\b|\bupdate\s+\S+\s+set\b|\bdelete\s+from\b)[\s\S]*/i;

/**
 * A message fit for the logs (issue 30, item 11): its first line, without the text of a query or its parameters
 * (a library may put both in its message), at most 300 characters.
 */
export const scrubbedMessage = (message: string): string =>
  (message.split('\n')[0] ?? '')
    .replace(QUERY_TEXT, '[query]')
    .replace(/\bparams?:.*$/i, '')
    .trim()
    .slice(0, 300);

/**
 * What may be logged about an error. A failed query's message carries its parameters (names, addresses,
 * encrypted numbers): only the database's own error code, constraint and message are kept, never the
 * parameters or the text of the query. Other errors keep their type, code and scrubbed message; the stack only
 * where it is asked for (an error a developer must read: an unhandled one), never for the expected ones (a pool
 * timeout, the database gone).
 */
export const loggableError = (error: unknown, { stack = false }: { stack?: boolean } = {}): Record<string, unknown> => {
  if (!(error instanceof Error)) return { message: scrubbedMessage(String(error)) };
  const type = error.constructor.name || error.name;
  const cause = (error as { cause?: unknown }).cause;
  if ((error as { query?: unknown }).query !== undefined) {
    return { type, cause: cause ? loggableError(cause) : undefined };
  }
  const pg = error as { code?: unknown; constraint?: unknown; table?: unknown; column?: unknown };
  if (typeof pg.code === 'string' && /^[0-9A-Z]{5}$/.test(pg.code)) {
    // A PostgreSQL error: its message names the problem; its detail (the values) is left out.
    return { type, code: pg.code, constraint: pg.constraint, table: pg.table, message: scrubbedMessage(error.message) };
  }
  return {
    type,
    ...(typeof pg.code === 'string' ? { code: pg.code } : {}),
    message: scrubbedMessage(error.message),
    ...(stack ? { stack: error.stack } : {}),
    cause: cause ? loggableError(cause, { stack }) : undefined,
  };
};

const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  '57P01',
  '57P02',
  '57P03',
]);
/** PostgreSQL unreachable, restarting or refusing connections: answered 503, retried by the client later. */
export const isDatabaseUnavailable = (error: unknown): boolean => {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (CONNECTION_CODES.has(code) || code.startsWith('08'))) return true;
  // 'Query read timeout': no answer within DB_QUERY_TIMEOUT_MS (a frozen server); the connection is dropped.
  // 'is not queryable': the next statement of a transaction whose connection was lost (server killed, timeout).
  return /timeout exceeded when trying to connect|Connection terminated|Query read timeout|is not queryable/i.test(
    error.message,
  );
};

/** Seconds a client is told to wait (Retry-After) before retrying a 503. */
export const RETRY_AFTER_SECONDS = 5;

/**
 * PostgreSQL data exceptions caused by the input, not by the server: the request schemas refuse these values
 * first (primitives.ts in the contracts); whatever still reaches the database is the caller's 422, never a 500.
 * 22001 string too long, 22003 numeric out of range, 22007 invalid date-time format, 22008 date-time field
 * overflow, 22021 invalid byte sequence (NUL), 22P02 invalid text representation, 22P05 untranslatable character.
 */
const BAD_INPUT_CODES = new Set(['22001', '22003', '22007', '22008', '22021', '22P02', '22P05']);
export const pgCodeOf = (error: unknown): string | undefined => {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
};
/** 57014 query_canceled: the statement timeout (or a cancel) stopped the query. */
const QUERY_CANCELED = '57014';
/** Did the database refuse a value of the request (see BAD_INPUT_CODES)? */
export const isBadInputFromDatabase = (error: unknown): boolean => BAD_INPUT_CODES.has(pgCodeOf(error) ?? '');

const body = (code: ErrorCode, message: string, errors?: FieldError[], details?: ErrorBody['details']): ErrorBody => ({
  code,
  message,
  ...(errors ? { errors } : {}),
  ...(details ? { details } : {}),
});

export const registerErrorHandling = (app: FastifyInstance) => {
  // Every 503 (database unavailable, not ready, not healthy, busy) tells the client when to come back.
  app.addHook('onSend', async (_request, reply) => {
    if (reply.statusCode === 503 && !reply.hasHeader('retry-after')) {
      void reply.header('Retry-After', String(RETRY_AFTER_SECONDS));
    }
  });
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) void reply.headers(error.headers);
      return reply.status(error.status).send(body(error.code, error.message, error.errors, error.details));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // instancePath is '/password' or '/applicants/0/ssn'; a whole-object error names its part (body, querystring).
      const fieldErrors = error.validation.map((v) => ({
        field: v.instancePath.replace(/^\//, '').replaceAll('/', '.') || (error.validationContext ?? 'body'),
        message: v.message ?? messages.errors.validation,
      }));
      const unique = fieldErrors.filter(
        (e, i) => fieldErrors.findIndex((o) => o.field === e.field && o.message === e.message) === i,
      );
      return reply.status(422).send(body('VALIDATION', messages.errors.validation, unique));
    }
    if (isDatabaseUnavailable(error) || isDatabaseUnavailable((error as { cause?: unknown }).cause)) {
      request.log.warn({ err: loggableError(error) }, 'database unavailable');
      return reply
        .status(503)
        .header('Retry-After', String(RETRY_AFTER_SECONDS))
        .send(body('DB_UNAVAILABLE', messages.errors.databaseUnavailable));
    }
    if (pgCodeOf(error) === QUERY_CANCELED) {
      // The statement timeout stopped a query: the server's bound on heavy work, answered BUSY (503), never a 500.
      request.log.warn({ err: loggableError(error), url: request.routeOptions.url }, 'statement timeout');
      return reply.status(503).send(body('BUSY', messages.errors.queryTimedOut));
    }
    if (isBadInputFromDatabase(error)) {
      request.log.warn({ err: loggableError(error) }, 'the database refused a value of the request');
      return reply.status(422).send(body('VALIDATION', messages.errors.unstorableValue));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.status(500).send(body('INTERNAL', messages.errors.backend));
    }
    const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send(body(status === 429 ? 'RATE_LIMITED' : 'BAD_REQUEST', error.message));
    }
    request.log.error({ err: loggableError(error, { stack: true }) }, 'unhandled error');
    return reply.status(500).send(body('INTERNAL', messages.errors.backend));
  });
};
