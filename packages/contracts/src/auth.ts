import { z } from 'zod';
import { endpoint } from './kit/endpoint.ts';
import { messages } from './messages.ts';
import { textSchema } from './primitives.ts';

export const loginRequestSchema = z.object({
  username: textSchema().trim().min(1, messages.password.required).max(100),
  password: textSchema().min(1, messages.password.required).max(200),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const loginResponseSchema = z.object({
  access_token: z.string(),
  /** ISO 8601 date-time the password expires (in the past when already expired). */
  password_expiration_date: z.string(),
  user_id: z.number().int(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;
/** POST login's answer: the session, or (issue 36) no token and the challenge of the second factor (contracts mfa.ts). */
export const loginAnswerSchema = loginResponseSchema.partial().extend({
  mfaRequired: z.boolean().optional(),
  enrolmentRequired: z.boolean().optional(),
  mfaChallenge: z.string().optional(),
});
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 16;
/** Spec 1 §5: 8 to 16 characters with lowercase, uppercase and numbers; special characters allowed, not required. */
export const systemPasswordSchema = textSchema()
  .min(PASSWORD_MIN, messages.password.rules)
  .max(PASSWORD_MAX, messages.password.rules)
  .regex(/[a-z]/, messages.password.rules)
  .regex(/[A-Z]/, messages.password.rules)
  .regex(/[0-9]/, messages.password.rules);

export const changePasswordRequestSchema = z
  .object({
    oldPassword: textSchema().min(1, messages.password.required).max(200),
    password: systemPasswordSchema,
    confirmPassword: textSchema().min(1, messages.password.required).max(200),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: messages.password.mismatch,
    path: ['confirmPassword'],
  });
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

export const changePasswordResponseSchema = z.object({ password_expiration_date: z.string() });

/** Days before expiry in which the 'Password Expiration Warning' dialog shows (spec 1 §9). */
export const PASSWORD_WARNING_DAYS = { min: 1, max: 10 } as const;

/** Signing in and out, the password change and the session's keepalive (spec 1 §4, §8, §9). */
export const authEndpoints = {
  login: endpoint({
    method: 'POST',
    path: '/api/login',
    access: 'public',
    tag: 'auth',
    summary: 'Sign in with username and password',
    body: loginRequestSchema,
    response: loginAnswerSchema,
  }),
  logout: endpoint({
    method: 'POST',
    path: '/api/logout',
    access: 'signedIn',
    allowExpiredPassword: true,
    tag: 'auth',
    summary: 'End the session; its token stops working at once',
    response: z.null().optional(),
    status: 204,
  }),
  changePassword: endpoint({
    method: 'POST',
    path: '/api/user/changePassword',
    access: 'signedIn',
    allowExpiredPassword: true,
    tag: 'auth',
    summary: "Change the caller's password (also when it has expired)",
    body: changePasswordRequestSchema,
    response: changePasswordResponseSchema,
  }),
  keepalive: endpoint({
    method: 'POST',
    path: '/api/session/keepalive',
    access: 'signedIn',
    allowExpiredPassword: true,
    tag: 'auth',
    summary: 'Mark the session active (the client calls it on user activity)',
    response: z.null().optional(),
    status: 204,
  }),
};
