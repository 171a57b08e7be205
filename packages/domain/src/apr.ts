/**
 * Annual percentage rate by the actuarial method of Regulation Z Appendix J, general equation (b)(8):
 *
 *   A = Σ P_k / ((1 + f·i)(1 + i)^t_k)
 *
 * A the amount financed, P_k the payments, t_k the whole unit periods from the start of the term to payment
 * k, f the fraction of a unit period in the first period, i the rate per unit period; APR = i × unit periods
 * per year. The payments are whole cents, exact in a double; only the rate being solved is binary floating
 * point, and it is solved far tighter (1e-10 points) than the 0.0001 points asked.
 */
import { Money } from './money.ts';

export type AprPayment = { cents: bigint; periods: number };

export type AprInput = {
  amountFinancedCents: bigint;
  payments: AprPayment[];
  /** f: the fraction of a unit period before the whole periods (0 for a regular first period). */
  fraction: number;
  unitPeriodsPerYear: number;
};

const presentValue = (input: AprInput, amounts: number[], i: number) => {
  let value = 0;
  let slope = 0;
  const f = input.fraction;
  const odd = 1 + f * i;
  // Payments fall on consecutive periods, so the discount factor is carried from one to the next.
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

/** The APR in percent, rounded to 6 decimals (display it with `formatApr`). */
export const aprPercent = (input: AprInput): Money => {
  const amounts = input.payments.map((p) => Number(p.cents));
  const target = Number(input.amountFinancedCents);
  const total = amounts.reduce((a, b) => a + b, 0);
  if (total <= target) return new Money(0);
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
    if (Math.abs(next - i) * input.unitPeriodsPerYear * 100 < 1e-10) {
      i = next;
      break;
    }
    i = next;
  }
  return new Money(i * input.unitPeriodsPerYear * 100).toDecimalPlaces(6);
};

/** An APR as disclosed: three decimals. */
export const formatApr = (apr: Money): string => `${apr.toFixed(3)}%`;

/**
 * §1026.22(a)(2)–(3): a disclosed APR is accurate within 1/8 of a percentage point of the computed one for a
 * regular transaction, 1/4 of a point for an irregular one (multiple advances, irregular periods or amounts).
 */
export const isAprWithinTolerance = (disclosed: Money, computed: Money, irregular = false): boolean =>
  disclosed
    .minus(computed)
    .abs()
    .lte(irregular ? 0.25 : 0.125);
