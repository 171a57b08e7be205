import { z } from 'zod';
import { requiredText } from '../applications/common.ts';
import { endpoint } from '../kit/endpoint.ts';
import { booleanQuery } from '../kit/list.ts';
import { defineResource } from '../kit/resource.ts';
import { messages } from '../messages.ts';
import { idValueSchema, textSchema } from '../primitives.ts';

/** The lender-protection insurers a lender may hold credentials with (only the sandbox Lend Pro today). */
export const lenderProtectionProviders = ['Lend Pro'] as const;
export type LenderProtectionProviderName = (typeof lenderProtectionProviders)[number];

export const LENDER_PROTECTION_USER_NAME_MAX = 100;
export const LENDER_PROTECTION_PASSWORD_MAX = 200;
export const LENDER_PROTECTION_PROGRAM_CODE_MAX = 50;

/** The texts of Administration › Lender Protection: spec 2 §8 'Credentials Failed', and ours. */
export const lenderProtectionAdminTexts = {
  title: 'Lender Protection',
  testCredentials: 'Test credentials',
  credentialsSuccessful: 'Credentials successful',
  credentialsFailed: 'Credentials Failed',
  providerTaken: 'This provider already has credentials: edit them instead.',
  passwordRequired: 'A password is required.',
  passwordKept: 'Leave blank to keep the saved password.',
  unknownProduct: 'This loan product is not available.',
  productsHelp: 'None chosen: every vehicle loan product.',
} as const;

const passwordSchema = textSchema()
  .max(LENDER_PROTECTION_PASSWORD_MAX)
  .nullish()
  .transform((v) => (v ? v : null));

/**
 * A lender's credentials with an insurer (spec 2 §1 "lender protection credentials"): the provider, the user name,
 * the password (write-only: stored encrypted, never returned; blank on an update keeps the saved one), the program
 * code, the loan products it insures (none: every vehicle product) and whether it is on.
 */
export const lenderProtectionCredentialInputSchema = z.object({
  provider: z.enum(lenderProtectionProviders, { message: messages.validation.required }),
  userName: requiredText(LENDER_PROTECTION_USER_NAME_MAX),
  password: passwordSchema,
  programCode: requiredText(LENDER_PROTECTION_PROGRAM_CODE_MAX),
  loanProductIds: z.array(idValueSchema).max(200).default([]),
  enabled: z.boolean().default(true),
});
export type LenderProtectionCredentialInput = z.input<typeof lenderProtectionCredentialInputSchema>;

export const lenderProtectionCredentialSchema = z.object({
  id: z.number().int(),
  provider: z.enum(lenderProtectionProviders),
  userName: z.string(),
  programCode: z.string(),
  loanProductIds: z.array(z.number().int()),
  enabled: z.boolean(),
  /** Whether a password is saved (the password itself is never returned). */
  passwordSet: z.boolean(),
});
export type LenderProtectionCredential = z.infer<typeof lenderProtectionCredentialSchema>;

/**
 * Administration › Lender Protection (/admin/lenderProtection, right canManageLenderProtection): the kit's verbs
 * over the lender's credentials, one per provider, every write audited (the password never in the audit).
 */
export const lenderProtectionResource = defineResource({
  name: 'lenderProtection',
  title: 'Lender Protection',
  singular: 'Lender Protection Credential',
  path: '/api/lenderProtection/credentials',
  right: 'canManageLenderProtection',
  row: lenderProtectionCredentialSchema,
  input: lenderProtectionCredentialInputSchema,
  verbs: ['list', 'get', 'create', 'update', 'delete', 'enable', 'disable', 'isUnique'],
  unique: { field: 'provider', message: lenderProtectionAdminTexts.providerTaken },
  labelField: 'provider',
  list: {
    sort: ['provider', 'userName', 'programCode', 'enabled'],
    text: ['provider', 'userName', 'programCode'],
    filters: { enabled: booleanQuery },
  },
});

/** 'Test credentials': the form's values (a blank password with an id tests the saved one). */
export const lenderProtectionCredentialTestSchema = z.object({
  id: idValueSchema.nullish().transform((v) => v ?? null),
  provider: z.enum(lenderProtectionProviders, { message: messages.validation.required }),
  userName: requiredText(LENDER_PROTECTION_USER_NAME_MAX),
  password: passwordSchema,
  programCode: requiredText(LENDER_PROTECTION_PROGRAM_CODE_MAX),
});
export type LenderProtectionCredentialTest = z.input<typeof lenderProtectionCredentialTestSchema>;

/** Spec 2 §5: success when the provider says the credentials are good; otherwise its first error is shown. */
export const lenderProtectionCredentialTestResultSchema = z.object({
  successful: z.boolean(),
  /** 'Credentials successful', or the provider's first error. */
  message: z.string(),
  errors: z.array(z.string()),
});
export type LenderProtectionCredentialTestResult = z.infer<typeof lenderProtectionCredentialTestResultSchema>;

export const lenderProtectionAdminEndpoints = {
  testCredentials: endpoint({
    method: 'POST',
    path: '/api/lenderProtection/credentials/test',
    access: { right: 'canManageLenderProtection' },
    tag: 'lenderProtection',
    summary: "Test credentials with the provider (the form's values; a blank password with an id: the saved one)",
    body: lenderProtectionCredentialTestSchema,
    response: lenderProtectionCredentialTestResultSchema,
  }),
  /** The vehicle loan products credentials may be limited to. */
  loanProducts: endpoint({
    method: 'GET',
    path: '/api/lenderProtection/loanProducts',
    access: { right: 'canManageLenderProtection' },
    tag: 'lenderProtection',
    summary: "The lender's vehicle loan products (enabled or not) for the credentials' product choices",
    response: z.array(z.object({ id: z.number().int(), name: z.string(), enabled: z.boolean() })),
  }),
};
