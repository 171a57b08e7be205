import { z } from 'zod';

/** The one error body of every failed call: `{code, message, errors?}` (DESIGN convention 6). */
export const fieldErrorSchema = z.object({ field: z.string(), message: z.string() });
export const errorBodySchema = z.object({
  code: z.string(),
  message: z.string(),
  errors: z.array(fieldErrorSchema).optional(),
  /** Facts about the conflict the client may show, e.g. who holds an application's lock. */
  details: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
});
export type FieldError = z.infer<typeof fieldErrorSchema>;
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const errorCodes = [
  'VALIDATION',
  'BAD_REQUEST',
  'UNAUTHENTICATED',
  'INVALID_CREDENTIALS',
  'PASSWORD_EXPIRED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'APPLICATION_LOCKED',
  'LOCK_REQUIRED',
  'FUNDED_CONFIRMATION_REQUIRED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  /** The Idempotency-Key was used before for a different request (422). */
  'IDEMPOTENCY_KEY_REUSED',
  /** The first request with this Idempotency-Key is still running (409 with Retry-After). */
  'IDEMPOTENCY_KEY_IN_PROGRESS',
  'DB_UNAVAILABLE',
  /** The application has a decision: the change retracts it, and the caller must confirm (409). */
  'RETRACTION_CONFIRMATION_REQUIRED',
  /** The decision's terms pass a limit of the policy (422; details.mayOverride says whether the caller may except). */
  'OUTSIDE_POLICY',
  /** A third party (a bureau, a screening provider) failed or could not be reached (502). */
  'THIRD_PARTY_ERROR',
  /** Every upload slot of the process is taken (503 with Retry-After). */
  'BUSY',
  /** A risky action needs a second factor verified within the last five minutes (403; issue 36, contracts mfa.ts). */
  'MFA_STEP_UP_REQUIRED',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof errorCodes)[number];
