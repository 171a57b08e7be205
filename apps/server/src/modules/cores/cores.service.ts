import {
  coreServices,
  coreTexts,
  type ApplicationDebtRequest,
  type CoreDebtView,
  type CoreService,
  type GeneratedId,
  type LoanIdDialogData,
  type LoanIdPatchResult,
  type MemberLookup,
} from '@credence/contracts';
import { eq, sql } from 'drizzle-orm';
import { lenders } from '../../db/schema/index.ts';
import { withTenant, type TenantTx } from '../../db/tenancy.ts';
import {
  CoreError,
  createCoreProvider,
  type CoreMemberLookup,
  type CoreProvider,
} from '../../integrations/cores/index.ts';
import type { AuthContext } from '../../platform/auth.ts';
import { protectedPurposes } from '../../platform/crypto.ts';
import { recordSsnLookup, takeSsnLookup } from '../../platform/ssn-lookup.ts';
import { AppError, fieldError, forbidden, notFound } from '../../platform/errors.ts';
import type { ApplicationContext } from '../applications/application-context.ts';
import * as repo from './cores.repository.ts';

/**
 * The lender's core as the worksheets reach it (spec 3 §7 "Loan id, account number, core"; spec 2 "Application
 * debt"). The tenant transaction reads what Credence knows (the application, its primary applicant, the loan,
 * the lender's core) and ends before the core is called: the core is an external system reached on its own
 * connection, and a slow core never holds a transaction open.
 *
 * Core failures are never a 500: a refusal or an unavailable core answers 502, no answer in time 504, each with
 * the spec's text followed by the core's own messages (code THIRD_PARTY_ERROR).
 */

/** The service's context: the application context, and how long a core call may take (tests pass a small one). */
export type CoreContext = ApplicationContext & { coreTimeoutMs?: number };

export type LenderCoreSettings = {
  coreService: CoreService;
  sendLoansToCore: boolean;
  fundOnlyFinalizedEnvelopes: boolean;
  exportLoanSummaryOnFunding: boolean;
};

const asCoreService = (value: string | null | undefined): CoreService =>
  (coreServices as readonly string[]).includes(value ?? '') ? (value as CoreService) : 'SymXchange';

/**
 * The lender's core and funding settings, read in the caller's tenant transaction (the lender is the
 * transaction's own: `app.lender_id`). For the funding module.
 */
export const lenderCoreSettings = async (tx: TenantTx): Promise<LenderCoreSettings> => {
  const [row] = await tx
    .select({
      coreService: lenders.coreService,
      sendLoansToCore: lenders.sendLoansToCore,
      fundOnlyFinalizedEnvelopes: lenders.fundOnlyFinalizedEnvelopes,
      exportLoanSummaryOnFunding: lenders.exportLoanSummaryOnFunding,
    })
    .from(lenders)
    .where(eq(lenders.id, sql`nullif(current_setting('app.lender_id', true), '')::int`));
  if (!row) throw notFound();
  return { ...row, coreService: asCoreService(row.coreService) };
};

/** The provider of the lender's core (the owner's connection: a core's writes survive the caller's rollback). */
export const coreProviderFor = (
  ctx: Pick<CoreContext, 'db' | 'coreTimeoutMs'>,
  coreService: CoreService,
): CoreProvider =>
  createCoreProvider(ctx.db, coreService, ctx.coreTimeoutMs === undefined ? {} : { timeoutMs: ctx.coreTimeoutMs });

/** A core failure as the API answers it: 504 when the core did not answer, else 502; the spec's text first. */
export const coreFailure = (error: unknown, text: string): unknown => {
  if (!(error instanceof CoreError)) return error;
  const fallback = error.kind === 'timeout' ? coreTexts.coreTimeout : coreTexts.coreUnavailable;
  const coreMessage = error.coreMessages.join('; ') || fallback;
  return new AppError(
    error.kind === 'timeout' ? 504 : 502,
    'THIRD_PARTY_ERROR',
    `${text}: ${coreMessage}`,
    undefined,
    undefined,
    {
      coreKind: error.kind,
      coreMessage,
    },
  );
};
const callCore = async <T>(text: string, work: () => Promise<T>): Promise<T> => {
  try {
    return await work();
  } catch (error) {
    throw coreFailure(error, text);
  }
};
/** A preview the dialog may do without: a failure answers null (spec 3 §8 "failing silently use the default text"). */
const quietly = async <T>(work: () => Promise<T>): Promise<T | null> => {
  try {
    return await work();
  } catch (error) {
    if (error instanceof CoreError) return null;
    throw error;
  }
};

/** What the tenant transaction gives the core calls about one application. */
type ApplicationFacts = {
  settings: LenderCoreSettings;
  application: repo.ApplicationLoanIds;
  loan: Awaited<ReturnType<typeof repo.findLoan>>;
  primary: repo.PrimaryApplicant | null;
  /** The primary applicant's SSN digits, decrypted for the core lookup only (never logged, never answered). */
  ssn: string | null;
};

const readFacts = (ctx: CoreContext, auth: AuthContext, applicationId: number): Promise<ApplicationFacts> =>
  withTenant(ctx.db, auth.lenderId, async (tx) => {
    const application = await repo.findApplicationLoanIds(tx, applicationId);
    if (!application) throw notFound();
    const primary = await repo.findPrimaryApplicant(tx, applicationId);
    return {
      settings: await lenderCoreSettings(tx),
      application,
      loan: await repo.findLoan(tx, applicationId),
      primary,
      ssn: primary?.ssnEncrypted ? ctx.protector.decrypt(primary.ssnEncrypted, protectedPurposes.ssn) : null,
    };
  });

const isFunded = (facts: ApplicationFacts) => facts.loan?.isFunded === true;

const lookupPrimary = (core: CoreProvider, auth: AuthContext, facts: ApplicationFacts): Promise<CoreMemberLookup> =>
  facts.primary?.memberNumber || facts.ssn
    ? core.lookupMembers(auth.lenderId, { memberNumber: facts.primary?.memberNumber ?? null, ssn: facts.ssn })
    : Promise.resolve({ membersList: [], cardAccountsSupported: false, chargeOffSupported: false });

/* ------------------------------------------------------------------------------------------------ reads */

export const getUserCoreService = (ctx: CoreContext, auth: AuthContext) =>
  withTenant(ctx.db, auth.lenderId, async (tx) => ({ coreService: (await lenderCoreSettings(tx)).coreService }));

/**
 * Spec 3 §3 "Loan id dialog data". The core's previews fail quietly (null, no existing ids): the dialog still
 * opens and the user may type the id.
 */
export const getLoanIdDialogData = async (
  ctx: CoreContext,
  auth: AuthContext,
  applicationId: number,
): Promise<LoanIdDialogData> => {
  const facts = await readFacts(ctx, auth, applicationId);
  const { application, settings, loan } = facts;
  const core = coreProviderFor(ctx, settings.coreService);
  const funded = isFunded(facts);
  const memberNumber = facts.primary?.memberNumber ?? null;
  const [lookup, preview, sharePreview] = await Promise.all([
    quietly(() => lookupPrimary(core, auth, facts)),
    application.potentialLoanId || funded ? null : quietly(() => core.potentialLoanId(auth.lenderId, memberNumber)),
    application.potentialShareAccountNumber || funded || !core.canGenerateShareAccountNumber
      ? null
      : quietly(() => core.potentialShareAccountNumber(auth.lenderId)),
  ]);
  const members = lookup?.membersList ?? [];
  const coreMemberNumber =
    members.find((m) => m.memberNumber === memberNumber)?.memberNumber ?? members[0]?.memberNumber;
  const existingLoanIds = coreMemberNumber
    ? ((await quietly(() => core.existingLoanIds(auth.lenderId, coreMemberNumber))) ?? [])
    : [];
  // Spec 3 §9: Fiserv or Universal, when no members are returned.
  const canGenerateShareAccountNumber = core.canGenerateShareAccountNumber && members.length === 0 && !funded;
  const fundedLoanId = funded ? (loan?.loanId ?? null) : null;
  const existing = fundedLoanId !== null || application.potentialLoanId !== null;
  return {
    applicationId,
    potentialLoanId: application.potentialLoanId ?? preview,
    loanId: fundedLoanId,
    coreService: settings.coreService,
    increaseExistingCreditLimit: application.increaseExistingCreditLimit,
    primaryApplicantId: facts.primary?.id ?? null,
    memberNumber: coreMemberNumber ?? memberNumber,
    potentialAccountNumber:
      application.potentialShareAccountNumber ?? (canGenerateShareAccountNumber ? sharePreview : null),
    potentialShareAccountNumber: application.potentialShareAccountNumber,
    accountNumber: funded ? (loan?.shareAccountNumber ?? null) : null,
    existingLoanIds,
    canGenerateLoanId: core.canGenerateLoanId && !application.increaseExistingCreditLimit && !funded,
    canGenerateShareAccountNumber,
    hint: settings.coreService === 'SymXchange' ? (existing ? coreTexts.hintExisting : coreTexts.hintPotential) : null,
  };
};

export const getPotentialShareAccountNumber = async (ctx: CoreContext, auth: AuthContext, applicationId: number) => {
  const facts = await readFacts(ctx, auth, applicationId);
  const saved =
    facts.application.potentialShareAccountNumber ?? (isFunded(facts) ? facts.loan?.shareAccountNumber : null);
  if (saved) return { potentialShareAccountNumber: saved };
  const core = coreProviderFor(ctx, facts.settings.coreService);
  if (!core.canGenerateShareAccountNumber) return { potentialShareAccountNumber: null };
  return { potentialShareAccountNumber: await quietly(() => core.potentialShareAccountNumber(auth.lenderId)) };
};

/** Member lookup for the dialog: the primary applicant by member number, else by SSN. */
export const lookupMembers = async (
  ctx: CoreContext,
  auth: AuthContext,
  applicationId: number,
): Promise<MemberLookup> => {
  const facts = await readFacts(ctx, auth, applicationId);
  const core = coreProviderFor(ctx, facts.settings.coreService);
  return callCore(coreTexts.memberLookupFailed, () => lookupPrimary(core, auth, facts));
};

/* --------------------------------------------------------------------------------------------- generate */

const refuseWhenFunded = (facts: ApplicationFacts) => {
  if (isFunded(facts)) throw new AppError(409, 'CONFLICT', coreTexts.loanIsFunded);
};

export const generateLoanId = async (
  ctx: CoreContext,
  auth: AuthContext,
  applicationId: number,
): Promise<GeneratedId> => {
  const facts = await readFacts(ctx, auth, applicationId);
  refuseWhenFunded(facts);
  // Spec 3 §9: every core allows Generate, except when increasing an existing credit limit.
  if (facts.application.increaseExistingCreditLimit) {
    throw fieldError('potentialLoanId', coreTexts.cannotGenerateIncrease);
  }
  const core = coreProviderFor(ctx, facts.settings.coreService);
  if (!core.canGenerateLoanId) throw fieldError('potentialLoanId', coreTexts.generateLoanIdFailed);
  const memberNumber = facts.primary?.memberNumber ?? null;
  return {
    response: await callCore(coreTexts.generateLoanIdFailed, () => core.generateLoanId(auth.lenderId, memberNumber)),
  };
};

export const generateShareAccountNumber = async (
  ctx: CoreContext,
  auth: AuthContext,
  applicationId: number,
): Promise<GeneratedId> => {
  const facts = await readFacts(ctx, auth, applicationId);
  refuseWhenFunded(facts);
  const core = coreProviderFor(ctx, facts.settings.coreService);
  if (!core.canGenerateShareAccountNumber) {
    throw fieldError('potentialShareAccountNumber', coreTexts.shareAccountNotGenerated(facts.settings.coreService));
  }
  return {
    response: await callCore(coreTexts.generateAccountNumberFailed, () =>
      core.generateShareAccountNumber(auth.lenderId),
    ),
  };
};

/* -------------------------------------------------------------------------------------------------- save */

/**
 * PATCH application on /potentialLoanId and /potentialShareAccountNumber: saved on the application with a
 * history row. It is staff's funding work, not the loan request: it needs canFundALoan but neither the edit lock
 * nor the funded confirmation; a funded loan's ids can no longer change (409).
 */
export const saveLoanIds = (
  ctx: CoreContext,
  auth: AuthContext,
  applicationId: number,
  patch: { potentialLoanId?: string | null; potentialShareAccountNumber?: string | null },
): Promise<LoanIdPatchResult> => {
  if (!auth.rights.has('canFundALoan')) throw forbidden();
  return withTenant(ctx.db, auth.lenderId, async (tx) => {
    const before = await repo.findApplicationLoanIds(tx, applicationId, true);
    if (!before) throw notFound();
    if ((await repo.findLoan(tx, applicationId))?.isFunded) {
      throw new AppError(409, 'CONFLICT', coreTexts.loanIsFunded);
    }
    const changes = (['potentialLoanId', 'potentialShareAccountNumber'] as const).flatMap((property) => {
      const next = patch[property];
      return next === undefined || next === before[property]
        ? []
        : [{ entity: 'Application', entityId: applicationId, property, oldValue: before[property], newValue: next }];
    });
    const after = {
      applicationId,
      potentialLoanId: patch.potentialLoanId === undefined ? before.potentialLoanId : patch.potentialLoanId,
      potentialShareAccountNumber:
        patch.potentialShareAccountNumber === undefined
          ? before.potentialShareAccountNumber
          : patch.potentialShareAccountNumber,
    };
    if (changes.length > 0) {
      await repo.saveLoanIds(tx, applicationId, {
        potentialLoanId: after.potentialLoanId,
        potentialShareAccountNumber: after.potentialShareAccountNumber,
      });
      await ctx.history(
        tx,
        auth,
        applicationId,
      )({
        action: coreTexts.historyAction,
        description: [
          after.potentialLoanId !== before.potentialLoanId ? `Loan Id: ${after.potentialLoanId ?? '(none)'}` : null,
          after.potentialShareAccountNumber !== before.potentialShareAccountNumber
            ? `Share Account Number: ${after.potentialShareAccountNumber ?? '(none)'}`
            : null,
        ]
          .filter((part) => part !== null)
          .join('; '),
        entity: 'Application',
        changes,
      });
    }
    return after;
  });
};

/* -------------------------------------------------------------------------------------------------- debt */

/**
 * Spec 2 "Application debt": the member's open loans at the core, by member number (else by SSN; else the
 * application's primary applicant). A member the core does not know has no debt there.
 */
export const getApplicationDebt = async (
  ctx: CoreContext,
  auth: AuthContext,
  loanProductId: number,
  body: ApplicationDebtRequest,
): Promise<CoreDebtView[]> => {
  const known = await withTenant(ctx.db, auth.lenderId, async (tx) => {
    if (!(await repo.loanProductExists(tx, loanProductId))) throw notFound();
    if (body.loanProductId !== loanProductId)
      throw fieldError('loanProductId', 'The loan product does not match the path.');
    let memberNumber = body.memberNumber?.trim() || null;
    let ssn = body.ssn?.replace(/\D/g, '') || null;
    // An SSN the caller typed is a lookup like the queues' SSN search: budgeted per user and audited.
    if (ssn && !memberNumber) {
      await takeSsnLookup(tx, auth, ctx.config);
      await recordSsnLookup(tx, auth, body.applicationId ? [body.applicationId] : [], 0);
    }
    if (body.applicationId) {
      if (!(await repo.findApplicationLoanIds(tx, body.applicationId))) throw notFound();
      if (!memberNumber && !ssn) {
        const primary = await repo.findPrimaryApplicant(tx, body.applicationId);
        memberNumber = primary?.memberNumber ?? null;
        ssn = primary?.ssnEncrypted ? ctx.protector.decrypt(primary.ssnEncrypted, protectedPurposes.ssn) : null;
      }
    }
    return { settings: await lenderCoreSettings(tx), memberNumber, ssn };
  });
  if (!known.memberNumber && !known.ssn) return [];
  const core = coreProviderFor(ctx, known.settings.coreService);
  return callCore(coreTexts.debtFailed, async () => {
    const { membersList } = await core.lookupMembers(auth.lenderId, {
      memberNumber: known.memberNumber,
      ssn: known.ssn,
    });
    const debts: CoreDebtView[] = [];
    for (const member of membersList) {
      for (const debt of await core.existingDebt(auth.lenderId, member.memberNumber)) {
        debts.push({ memberNumber: member.memberNumber, ...debt });
      }
    }
    return debts;
  });
};
