import { z } from 'zod';
import { idParamsSchema, optionalPhone, optionalText, requiredText } from '../applications/common.ts';
import { systemPasswordSchema } from '../auth.ts';
import { endpoint } from '../kit/endpoint.ts';
import { booleanQuery } from '../kit/list.ts';
import { defineResource } from '../kit/resource.ts';
import { messages } from '../messages.ts';
import { adminMessages } from '../admin-messages.ts';
import { idValueSchema, textSchema } from '../primitives.ts';

/**
 * Administration › Users (spec 2 §7: list, system users, branch id, password reset email, enrollment email).
 *
 * A user is a person of the platform (username, names, e-mail, enabled) who works in one or more lenders with a
 * role each (user_lenders). The area edits the person and **their membership in the current lender** (role,
 * branch, user groups); the other lenders they work in are shown read-only (an administrator switches lender to
 * change those), so no write ever reaches another lender's rows. Creating a user sets no password: the
 * enrollment e-mail carries a single-use link to set one.
 */
export const userInputSchema = z.object({
  /** Unique across the platform in any case (sign-in); the sign-in form's text rules. */
  username: textSchema().trim().min(1, messages.validation.required).max(100),
  name: requiredText(100),
  fullName: requiredText(200),
  email: z.email().max(254),
  jobTitle: optionalText(100),
  phoneNumber: optionalPhone,
  /** A branch of the current lender, or none. */
  branchId: idValueSchema.nullish().transform((v) => v ?? null),
  /** The role in the current lender. */
  roleId: idValueSchema,
  /** User groups of the current lender. */
  userGroupIds: z
    .array(idValueSchema)
    .max(200)
    .optional()
    .transform((v) => [...new Set(v ?? [])].sort((a, b) => a - b)),
  enabled: z
    .boolean()
    .optional()
    .transform((v) => v ?? true),
});
export type UserInput = z.input<typeof userInputSchema>;

/** A lender the user works in, with the role there (read-only in the area). */
export const userLenderSchema = z.object({
  lenderId: z.number().int(),
  lenderName: z.string(),
  roleName: z.string(),
});
export type UserLender = z.infer<typeof userLenderSchema>;

/** A user as seen in the current lender. */
export const adminUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  fullName: z.string(),
  email: z.string(),
  jobTitle: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  branchId: z.number().int().nullable(),
  branchName: z.string().nullable(),
  roleId: z.number().int(),
  roleName: z.string(),
  userGroupIds: z.array(z.number().int()),
  /** Whether the current lender is the user's home lender (the person's own fields are edited there only). */
  homeLender: z.boolean(),
  /** Every lender the user works in that the caller also works in, the current one included. */
  lenders: z.array(userLenderSchema),
  enabled: z.boolean(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const usersResource = defineResource({
  name: 'users',
  title: 'Users',
  singular: 'User',
  path: '/api/users',
  right: 'canManageUsers',
  row: adminUserSchema,
  input: userInputSchema,
  // Usernames are unique across the platform (sign-in), so no per-lender isUnique: a taken one is the 422.
  verbs: ['list', 'get', 'create', 'update', 'enable', 'disable'],
  unique: { field: 'username', message: adminMessages.users.usernameTaken },
  labelField: 'username',
  list: {
    sort: ['username', 'fullName', 'email', 'jobTitle', 'branchName', 'roleName', 'enabled'],
    text: ['username', 'fullName', 'email', 'jobTitle'],
    filters: {
      enabled: booleanQuery,
      branchId: z.coerce.number().int().positive().optional(),
      roleId: z.coerce.number().int().positive().optional(),
    },
  },
});

/** A user for a picker (shares, group members, queue filters). */
export const systemUserSchema = z.object({ id: z.number().int(), fullName: z.string() });
export type SystemUser = z.infer<typeof systemUserSchema>;

export const roleOptionSchema = z.object({ id: z.number().int(), name: z.string() });
export type RoleOption = z.infer<typeof roleOptionSchema>;

const sentSchema = z.object({ sent: z.literal(true) });

/** Not in the spec: the answer of a set-password link that is unknown, used or expired. */
export const userLinkMessages = {
  invalidLink: 'This link is invalid or has expired. Ask your administrator to send a new one.',
  passwordSet: 'Your password has been set. You can sign in now.',
} as const;

export const setPasswordRequestSchema = z
  .object({
    token: z
      .string()
      .min(20)
      .max(200)
      .regex(/^[A-Za-z0-9_-]+$/),
    password: systemPasswordSchema,
    confirmPassword: textSchema().min(1, messages.password.required).max(200),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: messages.password.mismatch,
    path: ['confirmPassword'],
  });
export type SetPasswordRequest = z.input<typeof setPasswordRequestSchema>;

/** The calls of the users area beyond the resource verbs. */
export const usersEndpoints = {
  /** Spec: "system users" — the lender's enabled users for pickers. */
  system: endpoint({
    method: 'GET',
    path: '/api/users/system',
    access: 'signedIn',
    tag: 'users',
    summary: "The current lender's enabled users, for pickers",
    response: z.array(systemUserSchema),
  }),
  roles: endpoint({
    method: 'GET',
    path: '/api/users/roles',
    access: { right: 'canManageUsers' },
    tag: 'users',
    summary: "The current lender's roles",
    response: z.array(roleOptionSchema),
  }),
  passwordResetEmail: endpoint({
    method: 'POST',
    path: '/api/users/:id/passwordResetEmail',
    access: { right: 'canManageUsers' },
    tag: 'users',
    summary: 'E-mail the user a single-use link to set a new password',
    params: idParamsSchema,
    response: sentSchema,
  }),
  enrollmentEmail: endpoint({
    method: 'POST',
    path: '/api/users/:id/enrollmentEmail',
    access: { right: 'canManageUsers' },
    tag: 'users',
    summary: 'E-mail the user a single-use enrollment link to set their password',
    params: idParamsSchema,
    response: sentSchema,
  }),
  /** The page behind an e-mailed link: a token and a new password (public; the token is the proof). */
  setPassword: endpoint({
    method: 'POST',
    path: '/api/users/setPassword',
    access: 'public',
    tag: 'users',
    summary: 'Set a password with a single-use link token from an enrollment or password reset e-mail',
    body: setPasswordRequestSchema,
    response: z.object({ username: z.string() }),
  }),
};
