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
  return /timeout exceeded when trying to connect|Connection terminated/i.test(error.message);
};

const body = (code: ErrorCode, message: string, errors?: FieldError[]): ErrorBody =>
  errors ? { code, message, errors } : { code, message };

export const registerErrorHandling = (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) void reply.headers(error.headers);
      return reply.status(error.status).send(body(error.code, error.message, error.errors));
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
      request.log.warn({ err: { message: error.message } }, 'database unavailable');
      return reply
        .status(503)
        .header('Retry-After', '5')
        .send(body('DB_UNAVAILABLE', messages.errors.databaseUnavailable));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.status(500).send(body('INTERNAL', messages.errors.backend));
    }
    const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send(body(status === 429 ? 'RATE_LIMITED' : 'BAD_REQUEST', error.message));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(body('INTERNAL', messages.errors.backend));
  });
};
