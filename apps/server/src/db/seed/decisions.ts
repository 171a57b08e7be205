import {
  decisionSubmitSchema,
  type ApplicationState,
  type ControlType,
  type DecisionSubmit,
  type DecisionType,
  type DecisionWorksheet,
  type Right,
} from '@credence/contracts';
import { addMonths, isValidTerm, money, termStepMonths, todayIso, type PaymentFrequency } from '@credence/domain';
import { and, asc, eq, inArray, isNotNull, ne } from 'drizzle-orm';
import { runWithAmbient, type AmbientTransaction, type PoolTx } from '../ambient-transaction.ts';
import type { Db, DbExecutor } from '../client.ts';
import { withTenant, type TenantTx } from '../tenancy.ts';
import type { AuthContext } from '../../platform/auth.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { ApplicationContext, HistoryWriter } from '../../modules/applications/application-context.ts';
import { recordHistory } from '../../modules/applications/application-history/application-history.repository.ts';
import { findForWrite } from '../../modules/applications/application-locks/application-locks.repository.ts';
import { getWorksheet, submitDecision } from '../../modules/applications/decisions/decisions.service.ts';
import { applicants, applications, decisionCodes, lenders, loanProducts, userLenders, users } from '../schema/index.ts';
import { HARBOR, SUMMIT } from './lender-names.ts';
import { createRandom } from './random.ts';

/** Who decided each lender's demo applications: Olivia Chen at Summit, Hector Ruiz at Harbor (their usernames). */
const deciders: Record<string, string> = { [SUMMIT]: 'officer', [HARBOR]: 'harbor' };
/**
 * Terms the policy declines (or limits it sets) are approved as an exception to policy by someone with the right
 * (issue 29, item 5): the administrator, with the reason the receipt keeps.
 */
const EXCEPTIONS_BY = 'admin';
const EXCEPTION_REASON =
  'Member for 14 years with no late payment on two prior auto loans; the branch manager vouches for the income.';

/** The decision a decided state implies. */
const decisionOfState: Partial<Record<ApplicationState, DecisionType>> = {
  approved: 'approve',
  counteroffer: 'counteroffer',
  pending: 'pending',
  declined: 'decline',
  cancelled: 'cancel',
  // A funded application was approved first; its loan is funded by seed/loans.ts (`fundDemoHistory`).
  funded: 'approve',
};
const decidedStates = Object.keys(decisionOfState) as ApplicationState[];

/** The rate of a product the demo policy does not price (no auto-approval workflow): the lender's rate sheet. */
const sheetRates: Record<ControlType, string> = {
  AUTOMOTIVE: '6.490',
  BOAT: '7.990',
  RV: '7.490',
  PERSONAL: '10.990',
  CREDIT_CARD: '14.900',
  HEL: '7.250',
  CD_SHARE: '3.990',
};

/** The Regulation B C-1 reasons a loan officer gives for these files (codes of seed/decision-codes.ts). */
const declineCodes = [
  'OBLIGATIONS',
  'LOW-INCOME',
  'DELINQUENT',
  'LIMITED-CREDIT',
  'INQUIRIES',
  'EMPLOYMENT-LENGTH',
  'COLLECTION',
  'VERIFY-INCOME',
];
const securedTypes: ControlType[] = ['AUTOMOTIVE', 'BOAT', 'RV'];

/** The first `count` distinct codes of `pool`, in the order `random` draws them. */
const drawCodes = (random: ReturnType<typeof createRandom>, pool: string[], count: number) => {
  const left = [...pool];
  return Array.from({ length: count }, () => left.splice(Math.floor(random.next() * left.length), 1)[0]!);
};

/** A term the payment frequency allows: the nearest multiple of its step (at least one step). */
const validTerm = (term: number, frequency: PaymentFrequency) => {
  if (isValidTerm(term, frequency)) return term;
  const step = termStepMonths(frequency);
  return Math.max(step, Math.round(term / step) * step);
};

type CodeOf = (codeType: string, code: string) => number;

/** A decline (1–3 Regulation B reasons per applicant) or a cancel (one cancel reason): nothing of the terms. */
const closingBody = (
  type: 'decline' | 'cancel',
  app: { id: number; controlType: ControlType; applicantIds: number[] },
  code: CodeOf,
  index: number,
): DecisionSubmit => {
  if (type === 'cancel') {
    const reason = ['WITHDRAWN', 'ELSEWHERE', 'NOT-PURCHASED', 'NO-RESPONSE', 'DUPLICATE'][index % 5]!;
    return { applicationId: app.id, decisionType: type, reasons: [code('cancelReason', reason)] };
  }
  const random = createRandom(app.id * 7919 + index);
  const pool = securedTypes.includes(app.controlType) ? [...declineCodes, 'COLLATERAL'] : declineCodes;
  return {
    applicationId: app.id,
    decisionType: type,
    decisionApplicants: app.applicantIds.map((applicantId) => ({
      applicantId,
      declineReasons: drawCodes(random, pool, random.int(1, 3)).map((c) => ({ codeId: code('declineReason', c) })),
    })),
  };
};

/**
 * What the decision worksheet posts for approve, counter-offer or pending: its opening terms (the request's amount
 * and term at the policy's suggested rate, from today; the lender's sheet rate when the policy prices nothing),
 * the default add-ons and stipulations; a counter-offer lowers the amount, shortens the term or raises the rate,
 * with its counter reason.
 */
const termsBody = (
  type: 'approve' | 'counteroffer' | 'pending',
  w: DecisionWorksheet,
  code: CodeOf,
  gathersInsurance: boolean,
  index: number,
  variedAddons = false,
): DecisionSubmit => {
  const opening = w.approval;
  const frequency: PaymentFrequency = opening.paymentFrequencyId ?? w.requestedPaymentFrequencyId ?? 'Monthly';
  const amountText = opening.amount ?? w.derived.loanAmount ?? w.requestedAmount ?? w.estAmtFinanced;
  if (amountText === null) throw new Error(`Demo application ${w.id} has no amount to decide.`);
  let amount = money(amountText);
  let term = validTerm(opening.term ?? w.requestedTerm ?? 36, frequency);
  let rate = money(opening.interestRate ?? sheetRates[w.loanProductControlType]).toDecimalPlaces(3);
  const reasons: number[] = [];
  if (type === 'counteroffer') {
    const variant = index % 3;
    const shorter = term - 12;
    if (variant === 1 && shorter >= 12 && isValidTerm(shorter, frequency)) {
      term = shorter;
      reasons.push(code('counterReason', 'TERM'));
    } else if (variant === 2 && opening.interestRate !== null) {
      // (A counter-offer differs in rate only from a rate the policy suggested.)
      rate = rate.plus(1);
      reasons.push(code('counterReason', 'RATE'));
    } else {
      // Nine tenths of the request, down to the $100.
      amount = amount.times(0.9).dividedBy(100).floor().times(100);
      reasons.push(code('counterReason', 'AMOUNT'));
    }
  }
  // The demo decides within the policy (issue 29, item 5): at most its maximum, on a term it allows.
  const max = w.policy?.maxAmount ? money(w.policy.maxAmount) : null;
  if (max !== null && amount.gt(max)) amount = max;
  const allowed = (w.policy?.terms ?? []).filter((t) => isValidTerm(t, frequency));
  if (allowed.length > 0 && !allowed.includes(term))
    term = Math.max(...allowed.filter((t) => t <= term), Math.min(...allowed));
  // Not below the rate the policy gives on that term, whatever the loan's LTV band.
  for (const cell of w.rateGrid.find((r) => r.term === term)?.cells ?? [])
    if (money(cell.rate).gt(rate)) rate = money(cell.rate).toDecimalPlaces(3);
  const today = todayIso();
  const conditions =
    type === 'pending'
      ? ['VERIFY-EMPLOYMENT', 'PROOF-INCOME']
      : gathersInsurance
        ? ['PROOF-INSURANCE', 'TITLE-LIEN']
        : ['PROOF-INCOME'];
  return {
    applicationId: w.id,
    decisionType: type,
    approval: {
      contractDate: opening.contractDate ?? today,
      firstPaymentDate: opening.firstPaymentDate ?? addMonths(today, 1),
      amount: amount.toFixed(2),
      term,
      interestRate: rate.toFixed(3),
      paymentFrequencyId: frequency,
      // Issue 41: every fifth vehicle approval with a balloon of a fifth of the amount (down to the $100).
      balloonAmount:
        type !== 'pending' && index % 5 === 2 && ['AUTOMOTIVE', 'RV'].includes(w.loanProductControlType)
          ? amount.dividedBy(500).floor().times(100).toFixed(2)
          : null,
      paymentMethodId: index % 2 === 0 ? 2 : 1,
      approvalConditionCodeIds: conditions.map((c) => code('approvalCondition', c)),
    },
    // The default add-ons; every third decision also the processing fee (a prepaid finance charge). The loans of
    // the funded applications sell more (the Add-on penetration report): the i-th add-on offered on every
    // (i + 2)-th loan, the default ones on three loans in four.
    additions: w.additions.map((a, i) => ({
      id: a.id,
      flatAmount: a.flatAmount,
      selected: variedAddons
        ? (a.isDefault && index % 4 !== 3) || (index + i) % (i + 2) === 0
        : a.selected || a.isDefault || (a.financeCharge && index % 3 === 0),
    })),
    decisionApplicants: w.applicants.map((a) => ({ applicantId: a.id })),
    fundingRequirements:
      type === 'approve' && index % 2 === 1
        ? [{ description: 'Two most recent pay stubs of the primary applicant' }]
        : [],
    reasons,
  };
};

/**
 * The application context of the seed, for one lender at a time: the decision calls run in the tenant transaction
 * the seed holds for that lender (a savepoint of its own transaction, where row-level security applies), and a
 * write takes the application row as the API's write guard does — without the edit lock, which only serialises
 * people at their screens (nobody else sees the seed's uncommitted rows).
 */
const seedContext = (t: TenantTx) => {
  const history =
    (into: TenantTx, auth: AuthContext, applicationId: number): HistoryWriter =>
    (entry) =>
      recordHistory(into, { lenderId: auth.lenderId, applicationId, userId: auth.userId, ...entry });
  const context: Pick<ApplicationContext, 'open' | 'write' | 'annotate' | 'history'> = {
    open: (auth, applicationId, work) => work(t, history(t, auth, applicationId)),
    write: async (auth, applicationId, _confirmFunded, work) => {
      const application = await findForWrite(t, applicationId, auth.userId);
      if (!application) throw notFound();
      return work(t, application, history(t, auth, applicationId));
    },
    annotate: (auth, applicationId, work) => context.write(auth, applicationId, undefined, work),
    history,
  };
  // The decision calls use only the members above (not the pool, the settings or the protector).
  return context as ApplicationContext;
};

/**
 * Runs `work` as the lender, in a savepoint of the seed's transaction: the seed's transaction is made the ambient
 * transaction that `withTenant` joins, so the owner's role is put back afterwards.
 */
const asLender = <T>(tx: DbExecutor, lenderId: number, work: (t: TenantTx) => Promise<T>) => {
  // The seed's transaction stands for the database: `withTenant(db, …)` finds it as the ambient transaction.
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
 * The decisions of the demo (issue 13): every demo application in a decided state gets the decision its state
 * implies, made through the decision worksheet's own calls — the worksheet read, then the submit, which computes
 * the payment and disclosures, stores the insert-only receipt (credit reports, scores, policy version and trace),
 * the stipulations, history and audit — as the lender's loan officer (Olivia Chen at Summit, Hector Ruiz at
 * Harbor). The application is first put back to `reviewed`, the state a decision is made from, so that its
 * receipt and history read reviewed → decided. The `reviewed` applications (the Decision queue) are left
 * undecided. Needs the decision codes (seedDecisionCodes), the credit reports and the demo policy; runs as the
 * owner in the demo seed's transaction. Deterministic but for the dates (decided today).
 */
export const seedDecisionDemo = async (tx: DbExecutor) => {
  for (const lender of await tx.select().from(lenders).orderBy(asc(lenders.id))) {
    const username = deciders[lender.name];
    if (!username) continue;
    const member = async (name: string) =>
      (
        await tx
          .select({ id: users.id })
          .from(users)
          .innerJoin(userLenders, and(eq(userLenders.userId, users.id), eq(userLenders.lenderId, lender.id)))
          .where(eq(users.username, name))
      )[0];
    const [decider, excepter] = [await member(username), await member(EXCEPTIONS_BY)];
    if (!decider || !excepter) continue;
    const authOf = (userId: number, rights: Right[]): AuthContext => ({
      sessionId: 'demo-seed',
      userId,
      homeLenderId: lender.id,
      lenderId: lender.id,
      rights: new Set(rights),
      passwordExpired: false,
    });
    const auth = authOf(decider.id, ['canDecisionALoan']);
    const exceptionAuth = authOf(excepter.id, ['canDecisionALoan', 'canOverridePolicy']);
    const codeIds = new Map(
      (await tx.select().from(decisionCodes).where(eq(decisionCodes.lenderId, lender.id))).map((c) => [
        `${c.codeType}/${c.code}`,
        c.id,
      ]),
    );
    const code: CodeOf = (codeType, c) => {
      const id = codeIds.get(`${codeType}/${c}`);
      if (id === undefined) throw new Error(`The demo decisions need the ${codeType} code ${c} (seedDecisionCodes).`);
      return id;
    };
    const candidates = await tx
      .select({
        id: applications.id,
        state: applications.state,
        controlType: loanProducts.controlType,
        gathersInsurance: loanProducts.gathersInsurance,
        rescissionDateType: loanProducts.rescissionDateType,
      })
      .from(applications)
      .innerJoin(loanProducts, eq(loanProducts.id, applications.loanProductId))
      .where(and(eq(applications.lenderId, lender.id), inArray(applications.state, decidedStates)))
      .orderBy(asc(applications.id));
    // A funded application is approved only when seed/loans.ts can fund its loan: its primary applicant is a member
    // of the sandbox core, and the product has no right of rescission (its funding date would come three business
    // days after the contract). The others are left as generated.
    const members = new Set(
      (
        await tx
          .select({ applicationId: applicants.applicationId })
          .from(applicants)
          .where(
            and(eq(applicants.lenderId, lender.id), eq(applicants.role, 'PRIMARY'), isNotNull(applicants.memberNumber)),
          )
      ).map((a) => a.applicationId),
    );
    const decided = candidates.filter(
      (a) => a.state !== 'funded' || (a.rescissionDateType === null && members.has(a.id)),
    );
    // The applicants a decline names: the parties to the credit (not a non-applicant spouse), in worksheet order.
    const parties = await tx
      .select({ id: applicants.id, applicationId: applicants.applicationId })
      .from(applicants)
      .where(
        and(
          inArray(
            applicants.applicationId,
            decided.filter((a) => a.state === 'declined').map((a) => a.id),
          ),
          ne(applicants.role, 'NON_APPLICANT_SPOUSE'),
        ),
      )
      .orderBy(asc(applicants.sortOrder), asc(applicants.id));
    await asLender(tx, lender.id, async (t) => {
      const seen = new Map<string, number>();
      const decide = async (into: TenantTx, app: (typeof decided)[number], index: number) => {
        const ctx = seedContext(into);
        const type = decisionOfState[app.state as ApplicationState]!;
        await into.update(applications).set({ state: 'reviewed' }).where(eq(applications.id, app.id));
        // Approve, counter-offer and pending open the worksheet for its terms; a decline or cancel needs none.
        const body =
          type === 'decline' || type === 'cancel'
            ? closingBody(
                type,
                {
                  id: app.id,
                  controlType: app.controlType as ControlType,
                  applicantIds: parties.filter((p) => p.applicationId === app.id).map((p) => p.id),
                },
                code,
                index,
              )
            : termsBody(
                type,
                await getWorksheet(ctx, auth, app.id),
                code,
                app.gathersInsurance,
                index,
                app.state === 'funded',
              );
        await submitDecision(ctx, auth, app.id, decisionSubmitSchema.parse(body)).catch((error: unknown) => {
          if (!(error instanceof AppError && error.code === 'OUTSIDE_POLICY')) throw error;
          const excepted = { ...body, policyException: { reason: EXCEPTION_REASON } };
          return submitDecision(ctx, exceptionAuth, app.id, decisionSubmitSchema.parse(excepted));
        });
      };
      for (const app of decided) {
        const index = seen.get(app.state) ?? 0;
        seen.set(app.state, index + 1);
        if (app.state !== 'funded') {
          await decide(t, app, index);
          continue;
        }
        // A funded application stays funded (out of the queues) until seed/loans.ts funds its loan; one the
        // decision refuses is left as generated (its savepoint rolled back).
        await t
          .transaction(async (sp) => {
            await decide(sp as unknown as TenantTx, app, index);
            await sp.update(applications).set({ state: 'funded' }).where(eq(applications.id, app.id));
          })
          .catch(() => undefined);
      }
    });
  }
};
