import { z } from 'zod';
import { changePasswordRequestSchema } from './auth.ts';
import { endpoint } from './kit/endpoint.ts';
import { profileMessages } from './profile-messages.ts';
import { idValueSchema, textSchema } from './primitives.ts';

/**
 * My Profile ('User Profile', spec 1 §2, §3, §5): the signed-in user's own page. Paths are "not shown" in the
 * spec: `/api/user/profile` (get, update) and `/api/user/profile/avatar` (upload).
 */

/** Spec 1 §5: a phone is sent as digits only — a North American number (area code and exchange not 0 or 1). */
export const PHONE_PATTERN = /^[2-9]\d{2}[2-9]\d{6}$/;
/** The digits of a phone as typed ('(303) 555-0100' -> '3035550100'). */
export const phoneDigits = (value: string) => value.replace(/\D/g, '');
export const isValidPhone = (digits: string) => PHONE_PATTERN.test(digits);

/** Spec 1 §9: integration user name 200, password 40, code 100; core password 1 to 16. */
export const INTEGRATION_LIMITS = { username: 200, password: 40, code: 100 } as const;
export const CORE_PASSWORD_MAX = 16;
/** eDOCS limits are "not shown": the integration limits. */
export const EDOCS_LIMITS = { username: 200, password: 40 } as const;

/** Spec 1 §5 / §9: avatar types; "resized server-side to a small square" of this side, at most this big. */
export const AVATAR_EXTENSIONS = ['png', 'jpg', 'jpeg'] as const;
export const AVATAR_SIZE_PX = 128;
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_MAX_MEGAPIXELS = 40;
/** The client's first check, by name (the server checks the content): png, jpg or jpeg. */
export const hasAvatarExtension = (fileName: string) =>
  (AVATAR_EXTENSIONS as readonly string[]).includes(fileName.toLowerCase().split('.').pop() ?? '') &&
  fileName.includes('.');

/**
 * Spec 1 §5: "the code field shows only for one specific provider; the password field is hidden for another
 * specific provider (both identified by provider name in the data)". CUDL (CU Direct) signs a user in with a
 * lender code as well; Dealertrack signs in by single sign-on, with the user name only.
 */
export const VENDOR_NEEDING_CODE = 'CUDL';
export const VENDOR_WITHOUT_PASSWORD = 'Dealertrack';
export const vendorFieldsOf = (vendorName: string) => ({
  code: vendorName.trim().toLowerCase() === VENDOR_NEEDING_CODE.toLowerCase(),
  password: vendorName.trim().toLowerCase() !== VENDOR_WITHOUT_PASSWORD.toLowerCase(),
});

/** Spec 1 §3 'User vendor'; the password is never returned, only whether one is stored. */
export const userVendorSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  vendorId: z.number().int(),
  vendorName: z.string(),
  name: z.string(),
  username: z.string().nullable(),
  code: z.string().nullable(),
  hasExistingPassword: z.boolean(),
});
export type UserVendor = z.infer<typeof userVendorSchema>;

/** Spec 1 §3 'My profile': no secret is ever returned, only `has…` flags. */
export const myProfileSchema = z.object({
  id: z.number().int(),
  fullName: z.string(),
  name: z.string(),
  email: z.string(),
  jobTitle: z.string().nullable(),
  /** The names of the user's groups in the home lender. */
  userGroups: z.array(z.string()),
  /** A data URL (image/jpeg) of the small square avatar, or null for the default avatar. */
  avatar: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  edocsUsername: z.string().nullable(),
  hasCorePassword: z.boolean(),
  hasEdocsPassword: z.boolean(),
  userVendors: z.array(userVendorSchema),
  lenderEnabledVendors: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type MyProfile = z.infer<typeof myProfileSchema>;

const tooLong = (label: string, max: number) => profileMessages.tooLong(label, max);
/** A text of at most `max` characters, trimmed; null or empty clears it, left out keeps it. */
const clearableText = (label: string, max: number) =>
  textSchema().trim().max(max, tooLong(label, max)).nullable().optional();

/** One vendor's credentials as sent: a password left out (or empty) keeps the stored one. */
export const userVendorUpdateSchema = z.object({
  id: idValueSchema,
  username: clearableText('User name', INTEGRATION_LIMITS.username),
  password: textSchema().max(INTEGRATION_LIMITS.password, tooLong('Password', INTEGRATION_LIMITS.password)).optional(),
  code: clearableText('Code', INTEGRATION_LIMITS.code),
});
export type UserVendorUpdate = z.infer<typeof userVendorUpdateSchema>;

/**
 * Spec 1 §3 'Profile update payload'. What is left out is kept: a secret (core, eDOCS, vendor password) is only
 * ever replaced, never read back; `systemPassword` changes the sign-in password under the change-password rules
 * (current password under the sign-in limits, composition, history), in the same transaction as the rest.
 */
export const profileUpdateSchema = z.object({
  /** The caller's own id (spec); any other id is refused. */
  id: idValueSchema.optional(),
  /** Digits only; empty or null clears it. */
  phoneNumber: z
    .string()
    .refine((v) => v === '' || isValidPhone(v), profileMessages.invalidPhone)
    .nullable()
    .optional(),
  corePassword: textSchema()
    .min(1, profileMessages.corePasswordLength(CORE_PASSWORD_MAX))
    .max(CORE_PASSWORD_MAX, profileMessages.corePasswordLength(CORE_PASSWORD_MAX))
    .optional(),
  systemPassword: changePasswordRequestSchema.optional(),
  edocsUsername: clearableText('eDOCS user name', EDOCS_LIMITS.username),
  edocsPassword: textSchema().max(EDOCS_LIMITS.password, tooLong('eDOCS password', EDOCS_LIMITS.password)).optional(),
  userVendors: z.array(userVendorUpdateSchema).max(50).optional(),
});
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

/** The answer of an avatar upload: the stored small square (a data URL). */
export const avatarUploadResponseSchema = z.object({ avatar: z.string() });

export const profileEndpoints = {
  get: endpoint({
    method: 'GET',
    path: '/api/user/profile',
    access: 'signedIn',
    tag: 'user',
    summary: 'My profile: identity, groups, avatar, phone, which secrets are set (never the secrets), vendors',
    response: myProfileSchema,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/user/profile',
    access: 'signedIn',
    tag: 'user',
    summary:
      'Update my profile (phone, core and eDOCS credentials, vendor credentials, optionally the sign-in password), all or nothing, audited; refused (403) while impersonating another lender',
    body: profileUpdateSchema,
    response: myProfileSchema,
  }),
  /** Multipart (one file part `avatar`): registered in its own scope on the server, sent as FormData by the web. */
  uploadAvatar: endpoint({
    method: 'POST',
    path: '/api/user/profile/avatar',
    access: 'signedIn',
    tag: 'user',
    summary: `Upload my avatar (multipart, one file part "avatar"): PNG or JPEG by content (not by name), at most ${AVATAR_MAX_BYTES / 1024 / 1024} MB and ${AVATAR_MAX_MEGAPIXELS} megapixels; stored as a ${AVATAR_SIZE_PX} px square JPEG, made in a worker thread (at most 2 at once per process, then 503 BUSY with Retry-After); refused (403) while impersonating`,
    response: avatarUploadResponseSchema,
  }),
};
