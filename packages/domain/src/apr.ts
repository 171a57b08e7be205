/**
 * Annual percentage rate by the actuarial method of Regulation Z Appendix J, general equation (b)(8), for a
 * single advance:
 *
 *   A = Σ P_k / ((1 + f·i)(1 + i)^t_k)
 *
 * A the amount financed, P_k the payments, t_k the full unit periods from the beginning of the term to payment
 * k, f the fraction of a unit period before them (`unit-periods.ts`), i the rate per unit period; APR = i × the
 * unit periods in a year ((b)(1)). The payments are whole cents, exact in a double; only the rate being solved is
 * binary floating point, and it is solved far tighter (1e-10 points) than the 0.0001 points asked.
 */
import { Money, money, type MoneyInput } from './money.ts';

/** A payment: its cents and t, the full unit periods from the beginning of the term. */
export type AprPayment = { cents: bigint; periods: number };

export type AprInput = {
  amountFinancedCents: bigint;
  payments: AprPayment[];
  /** f: the fraction of a unit period before the full ones (0 for a regular first period). */
  fraction: number;
  /** w: 12 for months, 24 semimonths, 52 weeks …; for a single payment 12 / months or 365 / days of its term. */
  unitPeriodsPerYear: number;
};

const presentValue = (input: AprInput, amounts: number[], i: number) => {
  let value = 0;
  let slope = 0;
  const f = input.fraction;
  const odd = 1 + f * i;
  // Payments mostly fall on consecutive periods, so the discount factor is carried from one to the next.
  const step = 1 / (1 + i);
  let grow = 0;
  let previous = Number.NaN;
  input.payments.forEach((p, k) => {
    grow = p.periods === previous + 1 ? grow * step : (1 + i) ** -p.periods;
    previous = p.periods;
    const amount = amounts[k]!;
    value += (amount * grow) / odd;
    slope += amount * ((-f * grow) / (odd * odd) - (p.periods * grow * step) / odd);
  });
  return { value, slope };
};

/** i, the rate per unit period that solves the general equation (0 when the payments do not exceed A). */
const unitPeriodRate = (input: AprInput): number => {
  const amounts = input.payments.map((p) => Number(p.cents));
  const target = Number(input.amountFinancedCents);
  const total = amounts.reduce((a, b) => a + b, 0);
  if (total <= target) return 0;
  // Newton from a simple estimate, kept inside a bracket [lo, hi] where PV(lo) > A > PV(hi).
  let lo = 0;
  let hi = 1;
  while (presentValue(input, amounts, hi).value > target) hi *= 2;
  let i = Math.min(hi / 2, (2 * (total - target)) / (target * (amounts.length + 1)));
  for (let step = 0; step < 200; step += 1) {
    const { value, slope } = presentValue(input, amounts, i);
    const error = value - target;
    if (error > 0) lo = i;
    else hi = i;
    let next = i - error / slope;
    if (!(next > lo && next < hi)) next = (lo + hi) / 2;
    const done = Math.abs(next - i) * input.unitPeriodsPerYear * 100 < 1e-10;
    i = next;
    if (done) break;
  }
  return i;
};

/** The APR in percent, rounded to 6 decimals (display it with `formatApr`). */
export const aprPercent = (input: AprInput): Money =>
  new Money(unitPeriodRate(input) * input.unitPeriodsPerYear * 100).toDecimalPlaces(6);

/** An APR as disclosed: three decimals. */
export const formatApr = (apr: Money): string => `${apr.toFixed(3)}%`;

/**
 * §1026.22(a)(2)–(3): a disclosed APR is accurate within 1/8 of a percentage point of the computed one for a
 * regular transaction, 1/4 of a point for an irregular one (multiple advances, irregular payment periods or
 * amounts other than an odd first period or an odd first or final payment).
 */
export const aprTolerance = (irregular: boolean): '0.125' | '0.25' => (irregular ? '0.25' : '0.125');

export const isAprWithinTolerance = (disclosed: Money, computed: Money, irregular = false): boolean =>
  disclosed.minus(computed).abs().lte(aprTolerance(irregular));

/**
 * §1026.18(d): how far a disclosed finance charge may understate the actual one and still be accurate: $100
 * for a loan secured by real property or a dwelling ((d)(1)), else $5 when the amount financed is $1,000 or
 * less and $10 above ((d)(2)). Any overstatement is accurate.
 */
export const financeChargeTolerance = (amountFinanced: MoneyInput, securedByDwelling = false): Money =>
  money(securedByDwelling ? 100 : money(amountFinanced).lte(1000) ? 5 : 10);

export const isFinanceChargeWithinTolerance = (
  disclosed: MoneyInput,
  actual: MoneyInput,
  amountFinanced: MoneyInput,
  securedByDwelling = false,
): boolean => money(actual).minus(disclosed).lte(financeChargeTolerance(amountFinanced, securedByDwelling));
