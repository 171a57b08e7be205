import { z } from 'zod';
import { loginResponseSchema } from './auth.ts';
import { endpoint } from './kit/endpoint.ts';
import { pathIdSchema } from './applications/common.ts';
import { textSchema } from './primitives.ts';
import { adminRights, type Right } from './rights.ts';

/**
 * Multi-factor authentication (issue 36): TOTP factors (RFC 6238: 30-second steps, 6 digits, one step either side)
 * and one-time recovery codes. Kept out of the shell's modules (the sign-in page loads its second step lazily).
 */

/** A lender's requirement: nobody ('off'), the privileged users, or everyone. A new lender starts 'privileged'. */
export const mfaRequirements = ['off', 'privileged', 'everyone'] as const;
export type MfaRequirement = (typeof mfaRequirements)[number];

/** The rights that make a user privileged: every administration right, revealing personal data, funding loans. */
export const mfaPrivilegedRights: readonly Right[] = [...adminRights, 'canRevealSensitiveData', 'canFundALoan'];

/** Minutes within which a verified factor covers a risky action (step-up), and a sign-in challenge lives. */
export const MFA_STEP_UP_MINUTES = 5;
export const MFA_CHALLENGE_MINUTES = 5;
export const MFA_RECOVERY_CODE_COUNT = 10;

/** The 403 code of an action that needs a factor verified within the last five minutes. */
export const MFA_STEP_UP_REQUIRED = 'MFA_STEP_UP_REQUIRED';

export const mfaMessages = {
  codeInvalid: 'The code is incorrect or has already been used.',
  codeRequired: 'Enter the 6-digit code from your authenticator app, or a recovery code.',
  challengeExpired: 'Your sign-in has expired. Please sign in again.',
  alreadyEnrolled: 'An authenticator is already set up for this account.',
  stepUpRequired: 'Confirm it is you: enter the code from your authenticator app.',
  factorNotFound: 'This authenticator was not found.',
  lastFactorRequired: 'Multi-factor authentication is required for your account: add another authenticator first.',
  requirementOff:
    'Multi-factor authentication is off for this lender: users sign in with a password only. The FTC Safeguards Rule requires it for anyone accessing customer information.',
  resetDone: "The user's authenticators and recovery codes were removed; they set up a new one at their next sign-in.",
  requirementLabels: {
    off: 'Off (password only)',
    privileged: 'Required for administrators, SSN reveal and funding',
    everyone: 'Required for everyone',
  } satisfies Record<MfaRequirement, string>,
} as const;

/** A code as typed: a TOTP code (6 digits) or a recovery code ('abcde-fghij'); spaces are ignored. */
export const mfaCodeSchema = textSchema()
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().min(6, mfaMessages.codeRequired).max(20, mfaMessages.codeRequired));

const challengeSchema = z.string().min(1).max(2000);

export const mfaVerifyRequestSchema = z.object({ challenge: challengeSchema, code: mfaCodeSchema });
export const mfaEnrolmentRequestSchema = z.object({ challenge: challengeSchema });
export const mfaEnrolmentConfirmRequestSchema = z.object({ challenge: challengeSchema, code: mfaCodeSchema });

/** A new TOTP secret to scan: the otpauth URI and its QR code (an SVG data URL, drawn by the server). */
export const mfaEnrolmentSchema = z.object({
  factorId: z.number().int(),
  secret: z.string(),
  otpauthUri: z.string(),
  qrCode: z.string(),
});
export type MfaEnrolment = z.infer<typeof mfaEnrolmentSchema>;

export const mfaRecoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export const mfaSignedInSchema = loginResponseSchema.extend({ recoveryCodes: z.array(z.string()).optional() });
export type MfaSignedIn = z.infer<typeof mfaSignedInSchema>;

export const mfaFactorSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['totp']),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type MfaFactor = z.infer<typeof mfaFactorSchema>;

export const mfaStatusSchema = z.object({
  factors: z.array(mfaFactorSchema),
  recoveryCodesLeft: z.number().int(),
  /** Whether a lender of the user requires a second factor of them. */
  required: z.boolean(),
  /** When a factor was last verified in this session (null: not in this session). */
  verifiedAt: z.string().nullable(),
});
export type MfaStatus = z.infer<typeof mfaStatusSchema>;

export const mfaFactorNameSchema = z.object({ name: textSchema().trim().min(1).max(60) });
export const mfaStepUpRequestSchema = z.object({ code: mfaCodeSchema });
export const mfaFactorConfirmRequestSchema = z.object({ code: mfaCodeSchema });
const factorParamsSchema = z.object({ id: pathIdSchema() });

export const mfaSettingsSchema = z.object({ mfaRequirement: z.enum(mfaRequirements) });
export type MfaSettings = z.infer<typeof mfaSettingsSchema>;

export const mfaEndpoints = {
  verify: endpoint({
    method: 'POST',
    path: '/api/login/mfa/verify',
    access: 'public',
    tag: 'auth',
    summary: 'Second step of a sign-in: a TOTP or recovery code for the challenge; answers the session',
    body: mfaVerifyRequestSchema,
    response: loginResponseSchema,
  }),
  enrol: endpoint({
    method: 'POST',
    path: '/api/login/mfa/enrolment',
    access: 'public',
    tag: 'auth',
    summary: 'A sign-in that must set up a factor first: a new TOTP secret and its QR code for the challenge',
    body: mfaEnrolmentRequestSchema,
    response: mfaEnrolmentSchema,
  }),
  confirmEnrolment: endpoint({
    method: 'POST',
    path: '/api/login/mfa/enrolment/confirm',
    access: 'public',
    tag: 'auth',
    summary: 'Confirms the new factor with a code; answers the session and the recovery codes (shown once)',
    body: mfaEnrolmentConfirmRequestSchema,
    response: mfaSignedInSchema,
  }),
  status: endpoint({
    method: 'GET',
    path: '/api/user/mfa',
    access: 'signedIn',
    tag: 'auth',
    summary: "The caller's factors, recovery codes left and whether a factor is required",
    response: mfaStatusSchema,
  }),
  stepUp: endpoint({
    method: 'POST',
    path: '/api/user/mfa/stepUp',
    access: 'signedIn',
    tag: 'auth',
    summary: 'Verifies a factor in this session (risky actions need one verified within 5 minutes)',
    body: mfaStepUpRequestSchema,
    response: z.object({ verifiedAt: z.string() }),
  }),
  addFactor: endpoint({
    method: 'POST',
    path: '/api/user/mfa/factors',
    access: 'signedIn',
    tag: 'auth',
    summary: 'Starts adding a TOTP factor (step-up when the caller has one): its secret and QR code',
    body: mfaFactorNameSchema,
    response: mfaEnrolmentSchema,
  }),
  confirmFactor: endpoint({
    method: 'POST',
    path: '/api/user/mfa/factors/:id/confirm',
    access: 'signedIn',
    tag: 'auth',
    summary: 'Confirms a new factor with a code; the first factor also answers new recovery codes (shown once)',
    params: factorParamsSchema,
    body: mfaFactorConfirmRequestSchema,
    response: mfaRecoveryCodesSchema,
  }),
  renameFactor: endpoint({
    method: 'PUT',
    path: '/api/user/mfa/factors/:id',
    access: 'signedIn',
    tag: 'auth',
    summary: 'Renames a factor',
    params: factorParamsSchema,
    body: mfaFactorNameSchema,
    response: mfaFactorSchema,
  }),
  removeFactor: endpoint({
    method: 'DELETE',
    path: '/api/user/mfa/factors/:id',
    access: 'signedIn',
    tag: 'auth',
    summary: 'Removes a factor (step-up)',
    params: factorParamsSchema,
    response: z.null().optional(),
    status: 204,
  }),
  newRecoveryCodes: endpoint({
    method: 'POST',
    path: '/api/user/mfa/recoveryCodes',
    access: 'signedIn',
    tag: 'auth',
    summary: 'Replaces the recovery codes (step-up); the new ones are shown once',
    response: mfaRecoveryCodesSchema,
  }),
  resetUser: endpoint({
    method: 'POST',
    path: '/api/users/:id/mfa/reset',
    access: { right: 'canManageUsers' },
    tag: 'users',
    summary: "Removes a user's factors and recovery codes (audited; the user is told by e-mail)",
    params: factorParamsSchema,
    response: z.null().optional(),
    status: 204,
  }),
  settings: endpoint({
    method: 'GET',
    path: '/api/mfa/settings',
    access: 'signedIn',
    tag: 'auth',
    summary: "The current lender's MFA requirement (the administration home's banner)",
    response: mfaSettingsSchema,
  }),
  saveSettings: endpoint({
    method: 'PUT',
    path: '/api/mfa/settings',
    access: { right: 'canManageUsers' },
    tag: 'auth',
    summary: "Sets the current lender's MFA requirement (audited)",
    body: mfaSettingsSchema,
    response: mfaSettingsSchema,
  }),
};
