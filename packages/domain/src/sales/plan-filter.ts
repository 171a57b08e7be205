/**
 * Which add-on plans may be offered on a loan (issue 34 item 7, "compliant by construction"): every plan is either
 * offered or left out with the reason a person reads. Pure and exact (decimal arithmetic, never a JS number for an
 * amount), shared by the server (the plans it lists) and anything that shows them.
 *
 * The rules, in the order they are checked (the first that refuses a plan is its reason):
 * 1. GAP on a salvaged or branded title, or on a vehicle used commercially: refused (the CFPB has called GAP sold
 *    where it cannot pay out unlawful; GAP contracts exclude salvage titles and commercial use).
 * 2. GAP over its maximum LTV: the loan's LTV (amount financed / collateral value) above the plan's `maxLtv`.
 * 3. State price caps (lender-editable rules): the plan's price at most `percent` of the amount financed, or the
 *    cap's `minimumAmount` when that is greater (Colorado: greater of 4 % or $600; Texas: 5 %). The amount financed
 *    is the loan's before the add-on: the stricter reading of "the amount financed".
 * 4. Military Lending Act (32 CFR 232.4): for a covered borrower, the MAPR — the APR with the add-on's price
 *    counted as a finance charge (credit insurance and debt cancellation, 232.4(c)(1)(iii)–(iv); GAP is a debt
 *    cancellation contract) — must be at most 36 %; otherwise the plan is refused with the figure. Without the
 *    loan's rate and term the MAPR cannot be computed and a covered borrower's credit-related plan is refused.
 */
import { formatApr } from '../apr.ts';
import { amortize, type LoanTerms } from '../loan-schedule.ts';
import { money, toCents, type Money, type MoneyInput } from '../money.ts';
import { loanToValue } from '../ratios.ts';

/** The product kinds (contracts `addOnProducts`). */
export type SalesAddOnProduct = 'gap' | 'serviceContract' | 'creditLife' | 'creditDisability' | 'debtProtection';

/** The products counted in the MAPR (credit insurance and debt cancellation). */
export const maprProducts: readonly SalesAddOnProduct[] = ['gap', 'creditLife', 'creditDisability', 'debtProtection'];

/** The MLA's limit: 36 %. */
export const MLA_MAPR_LIMIT = '36';

export type FilterPlan = {
  id: number;
  title: string;
  product: SalesAddOnProduct;
  /** What the member pays (the retail price), a decimal string. */
  price: MoneyInput;
  /** A GAP plan's maximum LTV in percent; null: no limit. */
  maxLtv: MoneyInput | null;
};

export type PriceCapRule = {
  state: string;
  products: readonly SalesAddOnProduct[];
  /** Percent of the amount financed ('4' for 4 %). */
  percent: MoneyInput;
  /** The cap is at least this amount (Colorado's $600); null: none. */
  minimumAmount: MoneyInput | null;
};

/** The loan terms of the MAPR, without the add-on (its amount is the amount financed before the add-on). */
export type MaprTerms = Omit<LoanTerms, 'amount' | 'disclosedApr' | 'disclosedFinanceCharge'>;

export type PlanFilterFacts = {
  /** The amount financed before any add-on. */
  amountFinanced: MoneyInput;
  /** The collateral's value; null or zero: no LTV known (a GAP plan with a max LTV is then left out). */
  collateralValue: MoneyInput | null;
  /** The borrower's state (two letters), for the price caps. */
  state: string | null;
  salvagedTitle: boolean;
  usedCommercially: boolean;
  /** A covered borrower under the Military Lending Act (the credit report's MLA indicator). */
  mlaCovered: boolean;
  /** The loan's terms for the MAPR; null: not known yet. */
  terms: MaprTerms | null;
};

export type PlanRefusal =
  | { rule: 'gapSalvagedTitle'; reason: string }
  | { rule: 'gapCommercialUse'; reason: string }
  | { rule: 'gapLtv'; reason: string; ltv: string | null; maxLtv: string }
  | { rule: 'stateCap'; reason: string; cap: string; state: string }
  | { rule: 'mapr'; reason: string; mapr: string | null };

export type PlanDecision<P extends FilterPlan> =
  { plan: P; offered: true } | { plan: P; offered: false; refusal: PlanRefusal };

const dollars = (value: Money) =>
  `$${toCents(value)
    .toFixed(2)
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;
const percentText = (value: Money) => `${value.toDecimalPlaces(2).toString()}%`;

/** The most a plan may cost under a state's cap: the greater of percent × amount financed and the minimum. */
export const stateCapAmount = (rule: PriceCapRule, amountFinanced: MoneyInput): Money => {
  const byPercent = toCents(money(amountFinanced).times(money(rule.percent)).div(100));
  const minimum = rule.minimumAmount === null ? money(0) : money(rule.minimumAmount);
  return byPercent.greaterThan(minimum) ? byPercent : minimum;
};

/** The MAPR with a plan's price financed and counted as a prepaid finance charge (exact APR, Appendix J). */
export const maprWith = (terms: MaprTerms, amountFinanced: MoneyInput, price: MoneyInput): Money => {
  const fees = money(terms.prepaidFinanceCharge ?? 0).plus(money(price));
  return amortize({
    ...terms,
    amount: money(amountFinanced).plus(money(price)).toFixed(2),
    prepaidFinanceCharge: fees.toFixed(2),
  }).apr;
};

const refuse = (facts: PlanFilterFacts, plan: FilterPlan, caps: readonly PriceCapRule[]): PlanRefusal | null => {
  const isGap = plan.product === 'gap';
  if (isGap && facts.salvagedTitle)
    return { rule: 'gapSalvagedTitle', reason: 'GAP is not offered on a salvaged or branded title.' };
  if (isGap && facts.usedCommercially)
    return { rule: 'gapCommercialUse', reason: 'GAP is not offered on a vehicle used commercially.' };
  if (isGap && plan.maxLtv !== null) {
    const max = money(plan.maxLtv);
    const ltv =
      facts.collateralValue === null || money(facts.collateralValue).isZero()
        ? null
        : loanToValue(facts.amountFinanced, facts.collateralValue);
    if (ltv === null)
      return {
        rule: 'gapLtv',
        reason: `The loan's LTV is not known (no collateral value); this GAP plan allows at most ${percentText(max)}.`,
        ltv: null,
        maxLtv: max.toString(),
      };
    if (ltv.greaterThan(max))
      return {
        rule: 'gapLtv',
        reason: `The loan's LTV of ${percentText(ltv)} exceeds this GAP plan's maximum of ${percentText(max)}.`,
        ltv: ltv.toString(),
        maxLtv: max.toString(),
      };
  }
  const state = facts.state?.toUpperCase() ?? null;
  for (const cap of caps) {
    if (state === null || cap.state.toUpperCase() !== state || !cap.products.includes(plan.product)) continue;
    const most = stateCapAmount(cap, facts.amountFinanced);
    if (money(plan.price).greaterThan(most)) {
      const how =
        cap.minimumAmount === null
          ? `${percentText(money(cap.percent))} of the amount financed`
          : `the greater of ${percentText(money(cap.percent))} of the amount financed or ${dollars(money(cap.minimumAmount))}`;
      return {
        rule: 'stateCap',
        reason: `The price of ${dollars(money(plan.price))} exceeds ${state}'s cap of ${dollars(most)} (${how}).`,
        cap: most.toFixed(2),
        state,
      };
    }
  }
  if (facts.mlaCovered && maprProducts.includes(plan.product)) {
    if (facts.terms === null)
      return {
        rule: 'mapr',
        reason:
          "A Military Lending Act covered borrower: the MAPR cannot be computed without the loan's rate and term.",
        mapr: null,
      };
    const mapr = maprWith(facts.terms, facts.amountFinanced, plan.price);
    if (mapr.greaterThan(money(MLA_MAPR_LIMIT)))
      return {
        rule: 'mapr',
        reason: `A Military Lending Act covered borrower: the MAPR with this plan would be ${formatApr(mapr)}, above 36%.`,
        mapr: mapr.toFixed(3),
      };
  }
  return null;
};

/** Each plan offered or left out with its reason, in the plans' order. */
export const filterPlans = <P extends FilterPlan>(
  plans: readonly P[],
  facts: PlanFilterFacts,
  caps: readonly PriceCapRule[],
): PlanDecision<P>[] =>
  plans.map((plan) => {
    const refusal = refuse(facts, plan, caps);
    return refusal === null ? { plan, offered: true } : { plan, offered: false, refusal };
  });
