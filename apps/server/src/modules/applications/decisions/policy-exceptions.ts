import {
  decisionTexts,
  decisionTypeLabels,
  policyLimitLabels,
  type FieldError,
  type PolicyException,
  type PolicyFacts,
} from '@credence/contracts';
import { money } from '@credence/domain';
import type { AuthContext } from '../../../platform/auth.ts';
import { AppError } from '../../../platform/errors.ts';
import { usd } from './decision-format.ts';
import type { EvaluatedPolicy } from './decision-policy.ts';

type Limit = PolicyException['limits'][number];
type DecidedTerms = {
  decisionType: 'approve' | 'counteroffer';
  amount: string;
  term: number;
  interestRate: string;
  ltv: string | null;
};

/** A policy's outcome that refuses the loan: approving or countering it anyway is an exception. */
const DECLINING_OUTCOME = /^decline/i;

/**
 * The limits of the policy the decided terms pass (issue 29, item 5): the policy evaluated again at the decided
 * amount, term and LTV (as the rate grid evaluates it per cell) — an amount above its maximum, a term outside its
 * term set, a rate below the rate it gives — and an approval or counter-offer of terms the policy declines. No
 * policy (no workflow in effect): no limits.
 */
export const limitsPassed = (evaluated: EvaluatedPolicy | null, facts: PolicyFacts, decided: DecidedTerms): Limit[] => {
  if (!evaluated) return [];
  const { values, outcome } = evaluated.compiled.evaluate({
    ...facts,
    amount: decided.amount,
    termMonths: decided.term,
    ...(decided.ltv === null ? {} : { ltv: decided.ltv }),
  });
  const limits: Limit[] = [];
  const limit = (key: Limit['limit'], policyValue: string, decidedValue: string) =>
    limits.push({ limit: key, label: policyLimitLabels[key], policyValue, decidedValue });
  if (DECLINING_OUTCOME.test(outcome)) limit('outcome', outcome, decisionTypeLabels[decided.decisionType]);
  if (values.maxAmount !== null && money(decided.amount).gt(money(values.maxAmount)))
    limit('amount', money(values.maxAmount).toFixed(2), money(decided.amount).toFixed(2));
  const terms = values.terms;
  if (terms && terms.length > 0 && !terms.includes(decided.term)) limit('term', terms.join(', '), String(decided.term));
  if (values.rate !== null && money(decided.interestRate).lt(money(values.rate)))
    limit('rate', money(values.rate).toFixed(3), money(decided.interestRate).toFixed(3));
  return limits;
};

const fieldOf: Record<Limit['limit'], string> = {
  amount: 'approval.amount',
  term: 'approval.term',
  rate: 'approval.interestRate',
  outcome: 'decisionType',
};

const messageOf = (l: Limit) => {
  if (l.limit === 'amount') return decisionTexts.amountAbovePolicy(usd(l.decidedValue), usd(l.policyValue));
  if (l.limit === 'term') return decisionTexts.termOutsidePolicy(Number(l.decidedValue), l.policyValue);
  if (l.limit === 'outcome') return decisionTexts.againstPolicyOutcome(l.policyValue, l.decidedValue);
  return decisionTexts.rateBelowPolicy(l.decidedValue, l.policyValue);
};

/**
 * The exception a decision outside the policy is recorded with, or null within it. Outside it, the caller needs
 * `canOverridePolicy` and a reason: otherwise 422 OUTSIDE_POLICY naming each limit at its field (details.mayOverride
 * tells the worksheet whether to ask for the reason).
 */
export const policyExceptionOf = (
  auth: AuthContext,
  limits: Limit[],
  given: { reason: string } | null | undefined,
  decidedBy: PolicyException['decidedBy'],
): PolicyException | null => {
  if (limits.length === 0) return null;
  const mayOverride = auth.rights.has('canOverridePolicy');
  if (mayOverride && given) return { limits, reason: given.reason, decidedBy };
  const errors: FieldError[] = limits.map((l) => ({ field: fieldOf[l.limit], message: messageOf(l) }));
  errors.push({
    field: 'policyException',
    message: mayOverride ? decisionTexts.exceptionReasonRequired : decisionTexts.exceptionRightRequired,
  });
  throw new AppError(422, 'OUTSIDE_POLICY', decisionTexts.outsidePolicy, errors, undefined, { mayOverride });
};
