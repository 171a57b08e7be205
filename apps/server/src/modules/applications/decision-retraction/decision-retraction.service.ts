import {
  hasRetractableDecision,
  retractableFieldLabel,
  type Collateral,
  type RetractionCheckResult,
} from '@credence/contracts';
import {
  applicantChanges,
  applicantMonthlyTotals,
  changesRetract,
  collateralChanges,
  requestChanges,
  type ApplicantRetractionFacts,
  type CollateralRetractionFacts,
  type RequestRetractionFacts,
  type RetractableField,
} from '@credence/domain';
import { eq, sql } from 'drizzle-orm';
import { applications } from '../../../db/schema/index.ts';
import type { TenantTx } from '../../../db/tenancy.ts';
import type { AuthContext } from '../../../platform/auth.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { retractionPolicy } from '../../decision-engine/decision-engine.service.ts';
import type { HistoryWriter } from '../application-context.ts';
import type { ApplicantWrite, LoadedApplicant } from '../applicants/applicants.repository.ts';
import type { CollateralWrite } from '../collaterals/collaterals.repository.ts';
import { refreshRequirementsOutstanding } from '../funding-requirements/funding-requirements.service.ts';
import * as repo from './decision-retraction.repository.ts';

/** Spec 3 §4: only an approved or counteroffer decision is retracted (contracts `retractableStates`). */
export { hasRetractableDecision, retractableStates } from '@credence/contracts';

/** The state a retracted application returns to (the Decision queue). */
const RETRACTED_STATE = 'reviewed';

/**
 * The one way a decision is retracted (spec 3 §4, issue 13 item 5), shared by every write path — the request,
 * applicants and collaterals saves and the credit worksheet when a change matches the lender's rule set, and the
 * decision worksheet's 'Retract Decision' — in the caller's transaction:
 * - an approved or counteroffer application goes back to `reviewed` (any other state is left alone: false);
 * - the decision's receipt gets a new version, a `retraction` row naming the retracted receipt row (its type,
 *   the state before and after, and the retracted receipt with `retraction: { retractsDecisionId, reason,
 *   changes }`), never an update of it (the table is insert-only);
 * - the funding requirements that decision carried and that are still open become `withdrawn`;
 * - a 'Decision Retracted' history row naming the changed fields by their labels, and an audit row (the
 *   fields by the rule sets' names, as the receipt keeps them).
 *
 * Applications decided before receipts were kept (older demo data) have no decision row: their state is still
 * retracted, with the history and audit rows, but no retraction row is written (there is nothing it could
 * name). Likewise when the newest receipt row is already a retraction.
 *
 * Answers whether it retracted, and the retraction's receipt row id when one was written.
 */
export const retractDecisionWithReceipt = async (
  tx: TenantTx,
  auth: AuthContext,
  application: { id: number; state: string },
  history: HistoryWriter,
  reason: string,
  changes: readonly string[] = [],
): Promise<{ retracted: boolean; retractionId: number | null }> => {
  if (!hasRetractableDecision(application.state)) return { retracted: false, retractionId: null };
  await tx
    .update(applications)
    .set({ state: RETRACTED_STATE, updatedAt: sql`now()` })
    .where(eq(applications.id, application.id));

  const latest = await repo.findLatestReceipt(tx, application.id);
  let retractionId: number | null = null;
  let withdrawn = 0;
  if (latest?.entryKind === 'decision') {
    const version = latest.version + 1;
    const decidedBy = { userId: auth.userId, name: (await repo.findUserName(tx, auth.userId)) ?? '' };
    retractionId = await repo.insertReceipt(tx, {
      lenderId: auth.lenderId,
      applicationId: application.id,
      version,
      entryKind: 'retraction',
      decisionType: latest.decisionType,
      retractsDecisionId: latest.id,
      source: 'manual',
      stateBefore: application.state,
      stateAfter: RETRACTED_STATE,
      receipt: {
        ...latest.receipt,
        entryKind: 'retraction',
        version,
        decidedAt: new Date().toISOString(),
        decidedBy,
        source: 'manual',
        retraction: { retractsDecisionId: latest.id, reason, changes: [...changes] },
      },
      createdByUserId: auth.userId,
    });
    withdrawn = await repo.withdrawFundingRequirements(tx, application.id, latest.id);
    await refreshRequirementsOutstanding(tx, application.id);
  }

  // The history names the changed fields as a person reads them ("(Requested Amount, Term (months))").
  const changed = changes.length > 0 ? ` (${changes.map(retractableFieldLabel).join(', ')})` : '';
  await history({
    action: 'Decision Retracted',
    description: `Decision retracted: ${reason}${changed}`,
    entity: 'Decision',
    changes: [
      {
        entity: 'Application',
        entityId: application.id,
        property: 'state',
        oldValue: application.state,
        newValue: RETRACTED_STATE,
      },
      ...(withdrawn > 0
        ? [
            {
              entity: 'Decision',
              entityId: latest!.id,
              property: 'fundingRequirements',
              oldValue: `${withdrawn} open`,
              newValue: 'withdrawn',
            },
          ]
        : []),
    ],
  });
  await recordAudit(tx, auth, {
    area: 'applications',
    action: 'retractDecision',
    recordId: application.id,
    details: {
      label: `Application ${application.id}`,
      reason,
      retractsDecisionId: latest?.entryKind === 'decision' ? latest.id : null,
      retractionId,
      fieldsChanged: [...changes],
      changes: { state: { old: application.state, new: RETRACTED_STATE } },
    },
  });
  return { retracted: true, retractionId };
};

/** `retractDecisionWithReceipt`, answering only whether it retracted (the credit worksheet's form). */
export const retractDecision = async (...args: Parameters<typeof retractDecisionWithReceipt>): Promise<boolean> =>
  (await retractDecisionWithReceipt(...args)).retracted;

/** The auto-decision as a retraction reruns it (the decisions module's `decideAutomatically`). */
export type AutoDecisionRerun = (
  tx: TenantTx,
  auth: AuthContext,
  history: HistoryWriter,
  application: { id: number; state: string },
) => Promise<unknown>;

let autoDecisionRerun: AutoDecisionRerun | null = null;

/**
 * HOOK for the auto-decision (issue 13 item 3): wired at start-up by the decision-retraction routes with the
 * decisions module's `decideAutomatically` (which itself reaches this module through the applicants service,
 * so it cannot be imported here without a cycle).
 */
export const setAutoDecisionRerun = (rerun: AutoDecisionRerun | null) => {
  autoDecisionRerun = rerun;
};

/**
 * When the decision-engine settings say so (`retractionPolicy().rerun`: auto-decision on and "rerun on
 * application change"), the auto-approval workflow runs again after a retraction by rule set, in the same
 * transaction, on the application now `reviewed`.
 */
export const rerunAutoDecisionAfterRetraction = async (
  tx: TenantTx,
  auth: AuthContext,
  history: HistoryWriter,
  applicationId: number,
): Promise<void> => {
  await autoDecisionRerun?.(tx, auth, history, { id: applicationId, state: RETRACTED_STATE });
};

/* -------------------------------------------------------------------------------- retraction by rule set */

/** The request values a rule set can name, from a stored application row or the columns a save writes. */
export const requestFactsOf = (r: {
  loanProductId: number | null;
  dealerId: number | null;
  requestedAmount?: string | null;
  estAmtFinanced?: string | null;
  termMonths?: number | null;
  cashDown?: string | null;
  netTradeIn?: string | null;
}): RequestRetractionFacts => ({
  loanProductId: r.loanProductId,
  dealerId: r.dealerId,
  requestedAmount: r.requestedAmount ?? null,
  estAmtFinanced: r.estAmtFinanced ?? null,
  termMonths: r.termMonths ?? null,
  cashDown: r.cashDown ?? null,
  tradeInValue: r.netTradeIn ?? null,
});

const newUsedOf = (c: { isNew?: boolean | null; isUsed?: boolean | null }) =>
  c.isNew ? 'New' : c.isUsed ? 'Used' : null;

/** A stored collateral's values (as the API shows it). */
const storedCollateralFacts = (c: Collateral): CollateralRetractionFacts => ({
  key: c.id,
  value: c.value,
  year: c.year,
  mileage: c.mileage,
  newUsed: newUsedOf(c),
});

/** A collateral as a save would write it. */
const writtenCollateralFacts = (w: CollateralWrite): CollateralRetractionFacts => ({
  key: w.id ?? null,
  value: w.values.value ?? null,
  year: w.values.year ?? null,
  mileage: w.values.mileage ?? null,
  newUsed: newUsedOf(w.values),
});

type ApplicantSide = {
  id: number | null;
  values: {
    ssnHash?: string | null;
    dob?: string | null;
    companyGrossIncome?: string | null;
    companyGrossIncomeFrequency?: string | null;
    companyDebt?: string | null;
  };
  employments: readonly { salary?: string | null; payPeriod?: string | null; isCurrent?: boolean | null }[];
  finances: readonly { amount: string; isIncome?: boolean | null }[];
};

const applicantFacts = (a: ApplicantSide): ApplicantRetractionFacts => ({
  key: a.id,
  ...applicantMonthlyTotals({
    employments: a.employments.map((e) => ({
      salary: e.salary ?? null,
      payPeriod: e.payPeriod ?? null,
      isCurrent: e.isCurrent ?? false,
    })),
    finances: a.finances.map((f) => ({ amount: f.amount, isIncome: f.isIncome ?? false })),
    companyGrossIncome: a.values.companyGrossIncome ?? null,
    companyGrossIncomeFrequency: a.values.companyGrossIncomeFrequency ?? null,
    companyDebt: a.values.companyDebt ?? null,
  }),
  ssn: a.values.ssnHash ?? null,
  dateOfBirth: a.values.dob ?? null,
});

/** What a save changes, in the rule sets' field names: each section compares what is stored with what it writes. */
export const changesOf = {
  request: (
    stored: Parameters<typeof requestFactsOf>[0],
    written: Parameters<typeof requestFactsOf>[0],
  ): RetractableField[] => requestChanges(requestFactsOf(stored), requestFactsOf(written)),
  collaterals: (stored: readonly Collateral[], written: readonly CollateralWrite[]): RetractableField[] =>
    collateralChanges(stored.map(storedCollateralFacts), written.map(writtenCollateralFacts)),
  applicants: (stored: readonly LoadedApplicant[], written: readonly ApplicantWrite[]): RetractableField[] =>
    applicantChanges(
      stored.map((a) => applicantFacts({ id: a.row.id, values: a.row, ...a })),
      written.map((w) => applicantFacts({ id: w.id ?? null, values: w.values, ...w.children })),
    ),
  /** A report pulled again (or its tradelines re-marked): the credit the decision read changed. */
  creditReport: (): RetractableField[] => ['creditReport.repulled'],
};

/**
 * Whether the changes would retract the application's decision: it has an approved or counteroffer decision
 * and the rule set in effect names at least one of the changed fields. Changes nothing (the dry run).
 */
export const checkRetraction = async (
  tx: TenantTx,
  application: { state: string },
  changes: readonly string[],
): Promise<RetractionCheckResult> => {
  if (!hasRetractableDecision(application.state) || changes.length === 0)
    return { retracts: false, state: application.state, changes: [] };
  const matching = changesRetract((await retractionPolicy(tx)).fields, changes);
  return { retracts: matching.length > 0, state: application.state, changes: matching };
};

/**
 * Called by every save inside its transaction with the changes it makes: when the rule set in effect names one
 * of them, the decision is retracted (`retractDecision`) and, when the settings say so, the auto-decision runs
 * again. Edits without a rule match do not retract. Answers whether it retracted.
 */
export const retractOnRuleMatch = async (
  tx: TenantTx,
  auth: AuthContext,
  application: { id: number; state: string },
  history: HistoryWriter,
  changes: readonly string[],
  reason: string,
): Promise<boolean> => {
  if (!hasRetractableDecision(application.state) || changes.length === 0) return false;
  const policy = await retractionPolicy(tx);
  const matching = changesRetract(policy.fields, changes);
  if (matching.length === 0) return false;
  const retracted = await retractDecision(tx, auth, application, history, reason, matching);
  if (retracted && policy.rerun) await rerunAutoDecisionAfterRetraction(tx, auth, history, application.id);
  return retracted;
};

/** The reasons a save's retraction is recorded with. */
export const retractionReasons = {
  request: 'the application request was updated',
  applicants: 'the applicants were updated',
  collaterals: 'the collateral was updated',
  creditReport: 'the credit report was updated',
  creditReview: 'the credit review changed the tradelines',
} as const;
