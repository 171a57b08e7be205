/**
 * Decision retraction by rule set (spec 3 §4, issue 13 item 5): which fields of an application a save changes,
 * in the vocabulary of the lender's decision-retraction rule sets (`retractableApplicationFields`), and whether
 * any of them is one the rule set in effect names. Only a change of a named field retracts an approved or
 * counteroffer decision; any other edit leaves the decision alone.
 *
 * The server compares what is stored with what a save would write (the same comparison answers the dry-run
 * calls the worksheet asks before saving, and runs inside the save itself). Amounts are compared as decimals
 * ("100" and "100.00" are the same amount); the income and the housing payment of an applicant are compared as
 * monthly totals, so re-ordering the lines or splitting them without changing the total retracts nothing.
 */
import type { retractableApplicationFields } from '@credence/contracts/policy';
import { money, type MoneyInput } from './money.ts';
import { monthlyEquivalent } from './ratios.ts';
import { paymentFrequencies, type PaymentFrequency } from './payment.ts';

export type RetractableField = (typeof retractableApplicationFields)[number];

/** The request values a rule set can name. */
export type RequestRetractionFacts = {
  loanProductId: number | null;
  dealerId: number | null;
  /** The requested amount. */
  requestedAmount: MoneyInput | null;
  /** The amount financed estimated from the request (what the policy decides on): a change is an amount change. */
  estAmtFinanced: MoneyInput | null;
  termMonths: number | null;
  cashDown: MoneyInput | null;
  tradeInValue: MoneyInput | null;
};

/** One collateral's values a rule set can name; `key` is its id (null for a new one). */
export type CollateralRetractionFacts = {
  key: number | null;
  value: MoneyInput | null;
  year: number | null;
  mileage: number | null;
  /** 'New', 'Used' or null. */
  newUsed: string | null;
};

/** One applicant's values a rule set can name; `key` is its id (null for a new one). */
export type ApplicantRetractionFacts = {
  key: number | null;
  /** Monthly income (see `applicantMonthlyTotals`). */
  income: MoneyInput | null;
  /** Monthly housing and other obligations the applicant declares. */
  housingPayment: MoneyInput | null;
  /** A keyed hash of the SSN (never the number), or null. */
  ssn: string | null;
  dateOfBirth: string | null;
};

const sameAmount = (a: MoneyInput | null, b: MoneyInput | null) =>
  a === null || b === null ? a === b : money(a).equals(money(b));

const isFrequency = (value: string | null | undefined): value is PaymentFrequency =>
  value !== null && value !== undefined && Object.hasOwn(paymentFrequencies, value);

/**
 * An applicant's monthly income and monthly obligations from what the applicant declares, as the policy facts
 * count them: current employment salaries at their pay period, income lines, a business's gross income; the
 * other finance lines and a business's debt are obligations. Null when nothing is declared.
 */
export const applicantMonthlyTotals = (a: {
  employments: readonly { salary: MoneyInput | null; payPeriod: string | null; isCurrent: boolean }[];
  finances: readonly { amount: MoneyInput; isIncome: boolean }[];
  companyGrossIncome?: MoneyInput | null;
  companyGrossIncomeFrequency?: string | null;
  companyDebt?: MoneyInput | null;
}): { income: string | null; housingPayment: string | null } => {
  const income = [
    ...a.employments.flatMap((e) =>
      e.isCurrent && e.salary !== null && isFrequency(e.payPeriod) ? [monthlyEquivalent(e.salary, e.payPeriod)] : [],
    ),
    ...a.finances.filter((f) => f.isIncome).map((f) => money(f.amount)),
    ...(a.companyGrossIncome != null && isFrequency(a.companyGrossIncomeFrequency)
      ? [monthlyEquivalent(a.companyGrossIncome, a.companyGrossIncomeFrequency)]
      : []),
  ];
  const obligations = [
    ...a.finances.filter((f) => !f.isIncome).map((f) => money(f.amount)),
    ...(a.companyDebt != null ? [money(a.companyDebt)] : []),
  ];
  const total = (lines: ReturnType<typeof money>[]) =>
    lines.length === 0 ? null : lines.reduce((t, l) => t.plus(l), money(0)).toFixed(2);
  return { income: total(income), housingPayment: total(obligations) };
};

/** The rule-set fields a change of the request touches. */
export const requestChanges = (before: RequestRetractionFacts, after: RequestRetractionFacts): RetractableField[] => {
  const changes: RetractableField[] = [];
  if (before.loanProductId !== after.loanProductId) changes.push('loanProductId');
  if (
    !sameAmount(before.requestedAmount, after.requestedAmount) ||
    !sameAmount(before.estAmtFinanced, after.estAmtFinanced)
  )
    changes.push('requestedAmount');
  if (before.termMonths !== after.termMonths) changes.push('termMonths');
  if (!sameAmount(before.cashDown, after.cashDown)) changes.push('cashDown');
  if (!sameAmount(before.tradeInValue, after.tradeInValue)) changes.push('tradeInValue');
  if (before.dealerId !== after.dealerId) changes.push('dealer');
  return changes;
};

/** Pairs the items before and after by key; a new item (null key) pairs with nothing. */
const pairs = <T extends { key: number | null }>(before: readonly T[], after: readonly T[]) => {
  const stored = new Map(before.flatMap((b) => (b.key === null ? [] : [[b.key, b] as const])));
  const kept = new Set(after.flatMap((a) => (a.key !== null && stored.has(a.key) ? [a.key] : [])));
  return {
    changed: after.flatMap((a) => (a.key !== null && stored.has(a.key) ? [[stored.get(a.key)!, a] as const] : [])),
    added: after.filter((a) => a.key === null || !stored.has(a.key)),
    removed: before.filter((b) => b.key === null || !kept.has(b.key)),
  };
};

const unique = (fields: RetractableField[]) => [...new Set(fields)].sort();

/**
 * The rule-set fields a change of the collaterals touches. An added or removed collateral changes the values
 * the decision read: its value, year, mileage and new/used (as many as it has) count as changed.
 */
export const collateralChanges = (
  before: readonly CollateralRetractionFacts[],
  after: readonly CollateralRetractionFacts[],
): RetractableField[] => {
  const { changed, added, removed } = pairs(before, after);
  const empty: CollateralRetractionFacts = { key: null, value: null, year: null, mileage: null, newUsed: null };
  const compare = (b: CollateralRetractionFacts, a: CollateralRetractionFacts): RetractableField[] => [
    ...(sameAmount(b.value, a.value) ? [] : (['collateral.value'] as const)),
    ...(b.year === a.year ? [] : (['collateral.year'] as const)),
    ...(b.mileage === a.mileage ? [] : (['collateral.mileage'] as const)),
    ...(b.newUsed === a.newUsed ? [] : (['collateral.newUsed'] as const)),
  ];
  return unique([
    ...changed.flatMap(([b, a]) => compare(b, a)),
    ...added.flatMap((a) => compare(empty, a)),
    ...removed.flatMap((b) => compare(b, empty)),
  ]);
};

/** The rule-set fields a change of the applicants touches (an added or removed applicant is its own field). */
export const applicantChanges = (
  before: readonly ApplicantRetractionFacts[],
  after: readonly ApplicantRetractionFacts[],
): RetractableField[] => {
  const { changed, added, removed } = pairs(before, after);
  return unique([
    ...changed.flatMap(([b, a]): RetractableField[] => [
      ...(sameAmount(b.income, a.income) ? [] : (['applicant.income'] as const)),
      ...(sameAmount(b.housingPayment, a.housingPayment) ? [] : (['applicant.housingPayment'] as const)),
      ...(b.ssn === a.ssn ? [] : (['applicant.ssn'] as const)),
      ...(b.dateOfBirth === a.dateOfBirth ? [] : (['applicant.dateOfBirth'] as const)),
    ]),
    ...(added.length > 0 ? (['applicant.added'] as const) : []),
    ...(removed.length > 0 ? (['applicant.removed'] as const) : []),
  ]);
};

/**
 * The changes of a save that the rule set in effect names (its `fields`, from the decision-engine settings):
 * a non-empty answer retracts the decision, an empty one does not. No rule set, no retraction.
 */
export const changesRetract = (fields: readonly string[], changes: readonly string[]): RetractableField[] => {
  const named = new Set(fields);
  return unique(changes.filter((c): c is RetractableField => named.has(c)));
};
