import { z } from 'zod';
import { idParamsSchema, idSchema } from '../applications/common.ts';
import { applicationPatchSchema, applicationPromotionsSchema } from '../applications/promotions.ts';
import { endpoint } from '../kit/endpoint.ts';
import { moneySchema } from '../money.ts';
import { idValueSchema, textSchema } from '../primitives.ts';
import { coreServices } from './enums.ts';

/**
 * The lender's core as the worksheets reach it (issue 14, item 2–3; spec 3 §2 "Loan Id dialog", §3 "Loan id
 * dialog data", §7 "Loan id, account number, core", §8, §9; spec 2 "Application debt").
 */

/* ------------------------------------------------------------------------------------------------ texts */

export const LOAN_ID_MAX_LENGTH = 100;

export const coreTexts = {
  // Spec 3 §2, §8, §9 (exact).
  title: 'Loan Id',
  titleWithAccountNumber: 'Loan Id and Share Account Number',
  loanIdMaxLength: 'Loan Id exceeds max length.',
  noInformation: 'No information returned from core.',
  hintExisting: 'This is the existing loan Id.',
  hintPotential: 'This is the potential loan Id and is subject to change.',
  retrieveLoanIdFailed: 'Failed to retrieve Application Create Loan Id',
  generateLoanIdFailed: 'Failed to generate Loan Id',
  updateFailed: 'Loan Id failed to Update',
  memberLookupFailed: 'Member look up failed',
  getAccountNumberFailed: 'Failed to Get Account Number',
  generateAccountNumberFailed: 'Failed to Generate Account Number',
  accountNumberFailedDetail: 'Error occurred attempting to generate account number',
  /** Spec 2 "Workflow errors" (exact). */
  debtFailed: 'An error occurred retrieving Debt from the api.',
  /** Spec 3 §8 says a success toast shows, its text is not shown: Credence's wording. */
  loanIdUpdated: 'Loan Id Updated',
  // Credence's wording.
  /** The application history action of a loan id / share account number change. */
  historyAction: 'Loan Id updated',
  cannotGenerateIncrease:
    'A loan id cannot be generated when increasing an existing credit limit: choose the existing loan id.',
  shareAccountNotGenerated: (core: string) => `Share account numbers cannot be generated for the ${core} core.`,
  loanIsFunded: 'The loan is funded: its loan id and share account number can no longer be changed.',
  patchNotAllowed: 'Only replace of /potentialLoanId or /potentialShareAccountNumber is supported.',
  coreTimeout: 'The core did not answer in time.',
  coreUnavailable: 'The core could not be reached.',
  noPrimaryApplicant: 'The application has no primary applicant.',
} as const;

/* ----------------------------------------------------------------------------------------------- shapes */

export const coreServiceSchema = z.enum(coreServices);

export const userCoreServiceSchema = z.object({ coreService: coreServiceSchema });
export type UserCoreService = z.infer<typeof userCoreServiceSchema>;

export const coreAddressSchema = z.object({
  addressLine1: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
});

/** A member as the core answers (the membership summary: name "last, first", role, current addresses). */
export const coreMemberSchema = z.object({
  memberNumber: z.string(),
  name: z.string(),
  role: z.string(),
  addresses: z.array(coreAddressSchema),
  status: z.enum(['open', 'closed']),
});
export type CoreMemberView = z.infer<typeof coreMemberSchema>;

/** Spec 3 §3 "Member lookup". */
export const memberLookupSchema = z.object({
  membersList: z.array(coreMemberSchema),
  cardAccountsSupported: z.boolean(),
  chargeOffSupported: z.boolean(),
});
export type MemberLookup = z.infer<typeof memberLookupSchema>;

/**
 * Spec 3 §3 "Loan id dialog data". `potentialLoanId`: the loan id saved on the application, else the core's next
 * id (a preview; null when the core could not say); `loanId`: the funded loan's id (the dialog is then
 * read-only); `potentialAccountNumber`: the saved share account number, else the core's next one when it can be
 * generated; `accountNumber`: the funded loan's share account; `existingLoanIds`: the member's loans at the core
 * (the autocomplete); `hint`: SymXchange only.
 */
export const loanIdDialogDataSchema = z.object({
  applicationId: z.number().int(),
  potentialLoanId: z.string().nullable(),
  loanId: z.string().nullable(),
  coreService: coreServiceSchema,
  increaseExistingCreditLimit: z.boolean(),
  primaryApplicantId: z.number().int().nullable(),
  memberNumber: z.string().nullable(),
  potentialAccountNumber: z.string().nullable(),
  potentialShareAccountNumber: z.string().nullable(),
  accountNumber: z.string().nullable(),
  existingLoanIds: z.array(z.string()),
  canGenerateLoanId: z.boolean(),
  canGenerateShareAccountNumber: z.boolean(),
  hint: z.string().nullable(),
});
export type LoanIdDialogData = z.infer<typeof loanIdDialogDataSchema>;

/** `generateLoanId` and `generateShareAccountNumber` answer `{ response }` (spec 3 §7). */
export const generatedIdSchema = z.object({ response: z.string() });
export type GeneratedId = z.infer<typeof generatedIdSchema>;

export const potentialShareAccountNumberSchema = z.object({ potentialShareAccountNumber: z.string().nullable() });

/* ----------------------------------------------------------------------------------------- PATCH application */

export const LOAN_ID_PATCH_PATHS = ['/potentialLoanId', '/potentialShareAccountNumber'] as const;

const loanIdValue = z
  .union([textSchema().trim().max(LOAN_ID_MAX_LENGTH, coreTexts.loanIdMaxLength), z.null()])
  .transform((value) => (value === null || value === '' ? null : value));

/** Is this JSON patch about the loan id (every op on one of LOAN_ID_PATCH_PATHS)? The PATCH route dispatches on it. */
export const isLoanIdPatch = (body: unknown): boolean =>
  Array.isArray(body) &&
  body.length > 0 &&
  body.every(
    (op) =>
      typeof op === 'object' &&
      op !== null &&
      (LOAN_ID_PATCH_PATHS as readonly unknown[]).includes((op as { path?: unknown }).path),
  );

/**
 * PATCH application on /potentialLoanId and /potentialShareAccountNumber (spec 3 §7): replace operations, a value
 * of at most 100 characters ('Loan Id exceeds max length.') or null/'' to clear it. The last op per path wins.
 */
export const loanIdPatchSchema = z
  .array(
    z.object({
      op: textSchema().max(20),
      path: textSchema().max(200),
      value: z.unknown().optional(),
      from: textSchema().max(200).optional(),
    }),
  )
  .min(1)
  .max(10)
  .superRefine((ops, ctx) => {
    ops.forEach((op, i) => {
      if (op.op !== 'replace') ctx.addIssue({ code: 'custom', path: [i, 'op'], message: coreTexts.patchNotAllowed });
      if (!(LOAN_ID_PATCH_PATHS as readonly string[]).includes(op.path)) {
        ctx.addIssue({ code: 'custom', path: [i, 'path'], message: coreTexts.patchNotAllowed });
      }
      const value = loanIdValue.safeParse(op.value ?? null);
      if (!value.success) {
        for (const issue of value.error.issues)
          ctx.addIssue({ code: 'custom', path: [i, 'value'], message: issue.message });
      }
    });
  })
  .transform((ops) => {
    const result: { potentialLoanId?: string | null; potentialShareAccountNumber?: string | null } = {};
    for (const op of ops) {
      const value = loanIdValue.parse(op.value ?? null);
      if (op.path === '/potentialLoanId') result.potentialLoanId = value;
      else result.potentialShareAccountNumber = value;
    }
    return result;
  });
export type LoanIdPatch = z.input<typeof loanIdPatchSchema>;

/** What the loan id PATCH answers: the values now saved on the application. */
export const loanIdPatchResultSchema = z.object({
  applicationId: z.number().int(),
  potentialLoanId: z.string().nullable(),
  potentialShareAccountNumber: z.string().nullable(),
});
export type LoanIdPatchResult = z.infer<typeof loanIdPatchResultSchema>;

/**
 * The body of PATCH application: a loan id patch (every op on /potentialLoanId or /potentialShareAccountNumber)
 * or the promotions patch (/promotionIds), each validated by its own schema; `kind` says which.
 */
export const applicationJsonPatchSchema = z.unknown().transform((body, ctx) => {
  const fail = (issues: readonly { path: readonly PropertyKey[]; message: string }[]) => {
    for (const issue of issues) {
      ctx.addIssue({
        code: 'custom',
        path: issue.path.map((p) => (typeof p === 'number' ? p : String(p))),
        message: issue.message,
      });
    }
    return z.NEVER;
  };
  if (isLoanIdPatch(body)) {
    const parsed = loanIdPatchSchema.safeParse(body);
    return parsed.success ? { kind: 'loanIds' as const, loanIds: parsed.data } : fail(parsed.error.issues);
  }
  const parsed = applicationPatchSchema.safeParse(body);
  return parsed.success
    ? { kind: 'promotions' as const, promotionIds: parsed.data.promotionIds }
    : fail(parsed.error.issues);
});

/** What PATCH application answers: the Promotions Summary, or the saved loan ids. */
export const applicationPatchResultSchema = z.union([applicationPromotionsSchema, loanIdPatchResultSchema]);

/* --------------------------------------------------------------------------------------- application debt */

/** Spec 2 "Application debt request": the member's existing debt at the core. */
export const applicationDebtRequestSchema = z.object({
  loanProductId: idValueSchema,
  memberNumber: textSchema().trim().max(50).nullish(),
  ssn: z
    .string()
    .regex(/^\d{3}-?\d{2}-?\d{4}$/, 'Enter a nine-digit Social Security Number.')
    .nullish(),
  applicationId: idValueSchema.nullish(),
});
export type ApplicationDebtRequest = z.input<typeof applicationDebtRequestSchema>;

export const coreDebtSchema = z.object({
  memberNumber: z.string(),
  accountId: z.string(),
  description: z.string(),
  balance: moneySchema,
  monthlyPayment: moneySchema.nullable(),
  interestRate: z.string().nullable(),
});
export type CoreDebtView = z.infer<typeof coreDebtSchema>;

/* ------------------------------------------------------------------------------------------- endpoints */

/** Reading the core (the Loan Id dialog, the member lookup, existing debt): whoever decides or funds loans. */
const read = { anyOf: ['canFundALoan', 'canDecisionALoan'] } as const;
const fund = { right: 'canFundALoan' } as const;

export const coreEndpoints = {
  coreService: endpoint({
    method: 'GET',
    path: '/api/user/coreService',
    access: read,
    tag: 'cores',
    summary: "The lender's core (lenders.core_service)",
    response: userCoreServiceSchema,
  }),
  potentialLoanId: endpoint({
    method: 'GET',
    path: '/api/applications/:id/potentialLoanId',
    access: read,
    tag: 'cores',
    summary: 'The Loan Id dialog data: saved or potential loan id, funded loan id, existing ids, what can be generated',
    params: idParamsSchema,
    response: loanIdDialogDataSchema,
  }),
  generateLoanId: endpoint({
    method: 'GET',
    path: '/api/applications/:id/generateLoanId',
    access: fund,
    tag: 'cores',
    summary: 'Take the next loan id at the core (refused when increasing an existing credit limit)',
    params: idParamsSchema,
    response: generatedIdSchema,
  }),
  generateShareAccountNumber: endpoint({
    method: 'GET',
    path: '/api/applications/:id/generateShareAccountNumber',
    access: fund,
    tag: 'cores',
    summary: 'Take the next share account number at the core (Fiserv and Universal only)',
    params: idParamsSchema,
    response: generatedIdSchema,
  }),
  potentialShareAccountNumber: endpoint({
    method: 'GET',
    path: '/api/applications/:id/potentialShareAccountNumber',
    access: read,
    tag: 'cores',
    summary: 'The saved share account number, else the next one the core would give (null when it gives none)',
    params: idParamsSchema,
    response: potentialShareAccountNumberSchema,
  }),
  members: endpoint({
    method: 'GET',
    path: '/api/applications/:id/members',
    access: read,
    tag: 'cores',
    summary: "Member lookup at the core: the primary applicant's member number, else the SSN",
    params: idParamsSchema,
    response: memberLookupSchema,
  }),
  debt: endpoint({
    method: 'POST',
    path: '/api/applications/debt/:loanProductId',
    access: read,
    tag: 'cores',
    summary: "The member's existing debt at the core (spec 2 'Application debt')",
    params: z.object({ loanProductId: idSchema }),
    body: applicationDebtRequestSchema,
    response: z.array(coreDebtSchema),
  }),
};
