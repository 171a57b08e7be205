import type { CoreService } from '@credence/contracts';
import { addDays, addMonths, isBusinessDay, todayIso } from '@credence/domain';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { createSandboxCore, type CoreProvider } from '../../integrations/cores/index.ts';
import { refreshRequirementsOutstanding } from '../../modules/applications/funding-requirements/funding-requirements.service.ts';
import { fundLoanInTx, saveLoanInTx, type LoanActor } from '../../modules/applications/loans/loans.service.ts';
import { createDataProtector } from '../../platform/crypto.ts';
import { runWithAmbient, type AmbientTransaction, type PoolTx } from '../ambient-transaction.ts';
import type { Db, DbExecutor } from '../client.ts';
import {
  applicants,
  applicationFundingRequirements,
  applications,
  lenderHolidays,
  lenders,
  loanProducts,
  reserveMatrices,
  userLenders,
  users,
} from '../schema/index.ts';
import { withTenant, type TenantTx } from '../tenancy.ts';

/**
 * A demo loan about to be funded has had its conditions met, as the funding team would have done (issue 29, item
 * 1: funding refuses otherwise): its required stipulations cleared by the funder and, for an indirect loan, the
 * dealer packet received on the contract date.
 */
const meetConditions = async (
  tx: TenantTx,
  app: { id: number; direct: boolean },
  userId: number | null,
  date: string,
  waiveReason: string | null = null,
) => {
  const now = new Date();
  // A stipulation the funder waives instead (the first required one still open), with the reason.
  if (waiveReason !== null) {
    const [first] = await tx
      .select({ id: applicationFundingRequirements.id })
      .from(applicationFundingRequirements)
      .where(
        and(
          eq(applicationFundingRequirements.applicationId, app.id),
          eq(applicationFundingRequirements.required, true),
          inArray(applicationFundingRequirements.status, ['outstanding', 'received']),
        ),
      )
      .orderBy(asc(applicationFundingRequirements.id))
      .limit(1);
    if (first)
      await tx
        .update(applicationFundingRequirements)
        .set({ status: 'waived', waiveReason, statusChangedAt: now, statusChangedByUserId: userId, clearedAt: now })
        .where(eq(applicationFundingRequirements.id, first.id));
  }
  await tx
    .update(applicationFundingRequirements)
    .set({ status: 'cleared', statusChangedAt: now, statusChangedByUserId: userId, receivedAt: now, clearedAt: now })
    .where(
      and(
        eq(applicationFundingRequirements.applicationId, app.id),
        eq(applicationFundingRequirements.required, true),
        inArray(applicationFundingRequirements.status, ['outstanding', 'received']),
      ),
    );
  await refreshRequirementsOutstanding(tx, app.id);
  if (!app.direct) await tx.update(applications).set({ packetReceivedDate: date }).where(eq(applications.id, app.id));
};

/** Who funds each demo lender's loans (the loan officers of the decisions seed). */
const funders = ['officer', 'harbor'];

/** Runs `work` as the lender in a savepoint of the seed's transaction (as seed/decisions.ts does). */
const asLender = <T>(tx: DbExecutor, lenderId: number, work: (t: TenantTx) => Promise<T>) => {
  const db = tx as unknown as Db;
  const ambient: AmbientTransaction = {
    db,
    tx: tx as unknown as PoolTx,
    join: (inner) => inner(tx as unknown as PoolTx),
    end: async () => {},
    open: true,
  };
  return runWithAmbient(ambient, () => withTenant(db, lenderId, work));
};

/**
 * The sandbox core on the seed's own connection: its ledger (the `core_sandbox` schema) belongs to the owner, so
 * each call steps out of the tenant role for its duration and back (the funding service calls the core while it
 * holds the lender's tenant savepoint).
 */
const asOwnerCore = (core: CoreProvider, on: DbExecutor): CoreProvider => {
  const asOwner = async <T>(work: () => Promise<T>): Promise<T> => {
    const [row] = (await on.execute<{ role: string }>(sql`select current_setting('role') as role`)).rows;
    await on.execute(sql`select set_config('role', 'none', true)`);
    try {
      return await work();
    } finally {
      await on.execute(sql`select set_config('role', ${row?.role ?? 'none'}, true)`);
    }
  };
  return {
    ...core,
    canGenerateLoanId: core.canGenerateLoanId,
    canGenerateShareAccountNumber: core.canGenerateShareAccountNumber,
    coreService: core.coreService,
    lookupMembers: (lenderId, query) => asOwner(() => core.lookupMembers(lenderId, query)),
    createMember: (lenderId, member) => asOwner(() => core.createMember(lenderId, member)),
    existingLoanIds: (lenderId, memberNumber) => asOwner(() => core.existingLoanIds(lenderId, memberNumber)),
    potentialLoanId: (lenderId, memberNumber) => asOwner(() => core.potentialLoanId(lenderId, memberNumber)),
    generateLoanId: (lenderId, memberNumber) => asOwner(() => core.generateLoanId(lenderId, memberNumber)),
    potentialShareAccountNumber: (lenderId) => asOwner(() => core.potentialShareAccountNumber(lenderId)),
    generateShareAccountNumber: (lenderId) => asOwner(() => core.generateShareAccountNumber(lenderId)),
    bookLoan: (lenderId, request) => asOwner(() => core.bookLoan(lenderId, request)),
    findBooking: (lenderId, reference) => asOwner(() => core.findBooking(lenderId, reference)),
    reverseBooking: (lenderId, reference) => asOwner(() => core.reverseBooking(lenderId, reference)),
    existingDebt: (lenderId, memberNumber) => asOwner(() => core.existingDebt(lenderId, memberNumber)),
  };
};

export type SeedLoansResult = {
  drafts: number;
  funded: number;
  /** The applications the rules refused, with the reason (a missing core code mapping, a date, the core). */
  skipped: { applicationId: number; reason: string }[];
};

export type SeedLoansOptions = {
  /** How many approved applications get a funded loan (booked into the sandbox core); default 4. */
  funded?: number;
  /** How many more get a saved draft loan (they stay in the Requirements / Funding queues); default 4. */
  drafts?: number;
  /** Only needed when a funded loan's member must be created at the core (demo applicants have member numbers). */
  dataEncryptionKey?: Buffer;
  /**
   * The funded history instead (the reports' demo): the applications generated as funded that the decisions seed
   * approved (they stay in the funded state, with no loan) get their loan funded, every third with a stipulation
   * waived; those the rules refuse are left as they are. `funded` and `drafts` do not apply.
   */
  history?: boolean;
};

/** Why the funder waived a stipulation of a demo loan (the funded history). */
const DEMO_WAIVE_REASON = 'Verified with the dealer by phone; the signed copy follows with the title.';

/**
 * The demo loans (issue 14): a few approved or counter-offered applications of the lender get a saved draft loan
 * (dates on the lender calendar, the loan id, the member number, the first enabled reserve matrix for an indirect
 * loan, the proposed disbursements), and the first few of them with a member number and no right of rescission
 * have their conditions met (meetConditions) and are funded through the funding service itself — the dry run, the booking into the lender's sandbox core, the
 * booking record, the history and the `loan.funded` outbox event — so the Funding queue, the loan summary and the
 * widgets have data. An application the rules refuse (a missing core code mapping, a date) is left as it is.
 *
 * Runs as the owner inside the demo seed's transaction (`tx`); `coreDb` is where the sandbox core writes its
 * ledger — pass the same `tx`: the demo's core members are seeded in that transaction, and a failed seed then
 * leaves no core accounts behind. Run it after the decisions, the
 * funding administration (disbursal methods, disbursements, core code mappings), the reserves, the lender
 * calendar and the core sandbox members. Answers how many drafts and funded loans it made, and which applications it skipped and why.
 */
export const seedLoans = async (
  tx: DbExecutor,
  coreDb: DbExecutor,
  lenderId: number,
  options: SeedLoansOptions = {},
): Promise<SeedLoansResult> => {
  const fundedWanted = options.funded ?? 4;
  const draftsWanted = options.drafts ?? 4;
  const [lender] = await tx.select().from(lenders).where(eq(lenders.id, lenderId));
  if (!lender) return { drafts: 0, funded: 0, skipped: [] };
  const [funder] = await tx
    .select({ id: users.id })
    .from(users)
    .innerJoin(userLenders, and(eq(userLenders.userId, users.id), eq(userLenders.lenderId, lenderId)))
    .where(inArray(users.username, funders))
    .orderBy(asc(users.id))
    .limit(1);
  const actor: LoanActor = { lenderId, userId: funder?.id ?? null };
  const candidates = await tx
    .select({
      id: applications.id,
      direct: applications.direct,
      rescissionDateType: loanProducts.rescissionDateType,
    })
    .from(applications)
    .innerJoin(loanProducts, eq(loanProducts.id, applications.loanProductId))
    .where(
      and(
        eq(applications.lenderId, lenderId),
        options.history
          ? and(
              eq(applications.state, 'funded'),
              sql`not exists (select 1 from loans l where l.application_id = ${applications.id})`,
              sql`exists (select 1 from application_decisions d where d.application_id = ${applications.id}
                           and d.entry_kind = 'decision' and d.decision_type = 'approve')`,
            )
          : inArray(applications.state, ['approved', 'counteroffer']),
      ),
    )
    .orderBy(asc(applications.id));
  const memberOf = new Map(
    (
      await tx
        .select({ applicationId: applicants.applicationId, memberNumber: applicants.memberNumber })
        .from(applicants)
        .where(and(eq(applicants.lenderId, lenderId), eq(applicants.role, 'PRIMARY')))
    ).map((a) => [a.applicationId, a.memberNumber]),
  );
  const holidays = new Set(
    (
      await tx
        .select({ date: lenderHolidays.holidayDate })
        .from(lenderHolidays)
        .where(eq(lenderHolidays.lenderId, lenderId))
    ).map((h) => h.date),
  );
  const [matrix] = await tx
    .select({ id: reserveMatrices.id })
    .from(reserveMatrices)
    .where(and(eq(reserveMatrices.lenderId, lenderId), eq(reserveMatrices.enabled, true)))
    .orderBy(asc(reserveMatrices.id))
    .limit(1);

  let lenderDate: string;
  try {
    lenderDate = todayIso(lender.timeZone);
  } catch {
    lenderDate = todayIso();
  }
  let contractDate = lenderDate;
  while (!isBusinessDay(contractDate, holidays)) contractDate = addDays(contractDate, -1);

  const coreService = lender.coreService as CoreService;
  const core = asOwnerCore(createSandboxCore(coreDb, coreService), coreDb);
  const deps = {
    db: coreDb as unknown as Db,
    protector: createDataProtector(options.dataEncryptionKey ?? Buffer.alloc(32)),
    coreFor: () => core,
  };

  let drafts = 0;
  let funded = 0;
  const skipped: SeedLoansResult['skipped'] = [];
  await asLender(tx, lenderId, async (t) => {
    for (const app of candidates) {
      if (!options.history && drafts + funded >= draftsWanted + fundedWanted) break;
      const memberNumber = memberOf.get(app.id) ?? null;
      const fundIt =
        (options.history || funded < fundedWanted) &&
        memberNumber !== null &&
        app.rescissionDateType === null &&
        lender.sendLoansToCore;
      if (options.history && !fundIt) continue;
      try {
        await t.transaction(async (sp) => {
          const savepoint = sp as unknown as TenantTx;
          // The funded history's application was approved: it is funded from there.
          if (options.history)
            await savepoint.update(applications).set({ state: 'approved' }).where(eq(applications.id, app.id));
          const loanId = fundIt ? await core.generateLoanId(lenderId, memberNumber) : null;
          await saveLoanInTx(savepoint, actor, app.id, {
            contractDate,
            firstPaymentDate: addMonths(contractDate, 1),
            rescissionDate: null,
            fundingDate: app.rescissionDateType === null ? contractDate : null,
            memberNumber,
            loanId,
            shareAccountNumber: null,
            reserveMatrixId: app.direct ? null : (matrix?.id ?? null),
          });
          if (fundIt) {
            const waive = options.history && funded % 3 === 1 ? DEMO_WAIVE_REASON : null;
            await meetConditions(savepoint, app, actor.userId, contractDate, waive);
            await fundLoanInTx(savepoint, deps, actor, app.id);
          }
        });
        if (fundIt) funded += 1;
        else drafts += 1;
      } catch (error) {
        // The rules refused this application (a missing mapping, a date): it keeps no loan.
        const details = (error as { errors?: { message: string }[] }).errors?.map((e) => e.message) ?? [];
        skipped.push({ applicationId: app.id, reason: [String((error as Error).message), ...details].join(' ') });
      }
    }
  });
  return { drafts, funded, skipped };
};
