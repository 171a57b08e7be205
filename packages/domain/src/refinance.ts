/**
 * Refinance cross-sell maths (issue 11, item 5; spec 3 §3 cross-sell opportunity): from an open installment
 * tradeline at another creditor — its balance, monthly payment and remaining term — estimate the rate the
 * borrower pays today, and price the lender's offers (term + rate from the cross-sell settings) against it.
 */
import { LoanMathError, calculatePayment } from './payment.ts';
import { formatMoney, Money, money, type MoneyInput } from './money.ts';

/** The highest rate the estimate looks for: beyond it the tradeline's figures are not a loan's. */
export const REFINANCE_MAX_RATE_PERCENT = 100;

/** Bisection stops when the bracket is narrower than this (in percentage points): far below the 0.001 shown. */
const RATE_TOLERANCE = new Money('1e-9');

export type RefinanceTradeline = {
  balance: MoneyInput;
  monthlyPayment: MoneyInput;
  /** Whole months left to pay. */
  remainingTermMonths: number;
};

/** The exact (unrounded) level monthly payment of `balance` over `n` months at an annual rate in percent. */
const exactPayment = (balance: Money, annualRatePercent: Money, n: number): Money => {
  if (annualRatePercent.isZero()) return balance.div(n);
  const r = annualRatePercent.div(1200);
  return balance.times(r).div(Money.sub(1, r.plus(1).pow(-n)));
};

/**
 * The annual rate in percent (three decimals, half up) at which `remainingTermMonths` level payments of
 * `monthlyPayment` repay `balance` exactly: solved by bisection on decimals, the payment growing with the rate.
 * Null when no rate from 0 to REFINANCE_MAX_RATE_PERCENT solves it (payments that never repay the balance, or
 * that repay it at an absurd rate) or when a figure is missing or not positive: the UI then shows 'Rate could
 * not be calculated'.
 */
export const estimateAnnualRatePercent = ({
  balance,
  monthlyPayment,
  remainingTermMonths: n,
}: RefinanceTradeline): Money | null => {
  const b = money(balance);
  const p = money(monthlyPayment);
  if (!b.isFinite() || !p.isFinite() || b.lte(0) || p.lte(0) || !Number.isInteger(n) || n < 1) return null;
  let lo = new Money(0);
  let hi = new Money(REFINANCE_MAX_RATE_PERCENT);
  // The payment at 0 % is balance / n: a smaller payment needs a negative rate; a larger one than at the cap, a
  // rate beyond it.
  if (p.lt(exactPayment(b, lo, n)) || p.gt(exactPayment(b, hi, n))) return null;
  while (hi.minus(lo).gt(RATE_TOLERANCE)) {
    const mid = lo.plus(hi).div(2);
    if (exactPayment(b, mid, n).lt(p)) lo = mid;
    else hi = mid;
  }
  return lo.plus(hi).div(2).toDecimalPlaces(3, Money.ROUND_HALF_UP);
};

/** One offer of the lender's cross-sell settings. */
export type RefinanceOffer = {
  termMonths: number;
  /** Annual rate in percent. */
  ratePercent: MoneyInput;
  /** Shown in the list; defaults to '{term} months at {rate}%'. */
  description?: string;
};

/** One priced offer (spec 3 §3: options[{description, termMonths, rate, monthlyPayment, difference}]). */
export type RefinanceOption = {
  description: string;
  termMonths: number;
  /** Annual rate in percent as offered, e.g. '5.990'. */
  rate: string;
  /** The new monthly payment on the balance, half up to the cent. */
  monthlyPayment: string;
  /** New payment less today's: negative when the borrower would pay less each month. */
  difference: string;
};

/**
 * Prices every offer on the tradeline's balance with the domain's payment maths (monthly, half up to the cent)
 * and the difference from today's payment. An offer whose term or rate the payment maths refuses throws its
 * LoanMathError: the settings that made it are wrong, not the tradeline.
 */
export const refinanceOptions = (
  tradeline: Pick<RefinanceTradeline, 'balance' | 'monthlyPayment'>,
  offers: readonly RefinanceOffer[],
): RefinanceOption[] => {
  const today = money(tradeline.monthlyPayment);
  return offers.map((offer) => {
    const rate = money(offer.ratePercent);
    const payment = calculatePayment({
      amount: tradeline.balance,
      annualRatePercent: rate,
      termMonths: offer.termMonths,
      frequency: 'Monthly',
    });
    return {
      description: offer.description ?? `${offer.termMonths} months at ${rate.toFixed(3)}%`,
      termMonths: offer.termMonths,
      rate: rate.toFixed(3),
      monthlyPayment: formatMoney(payment),
      difference: formatMoney(payment.minus(today)),
    };
  });
};

export type RefinanceOpportunity = {
  /** Today's estimated rate in percent (three decimals), or null: 'Rate could not be calculated'. */
  estimatedRate: string | null;
  options: RefinanceOption[];
};

/** The estimate and the priced offers of one tradeline. */
export const refinanceOpportunity = (
  tradeline: RefinanceTradeline,
  offers: readonly RefinanceOffer[],
): RefinanceOpportunity => {
  if (money(tradeline.balance).lte(0)) throw new LoanMathError('amount', 'Loan Amount must be greater than 0.');
  const estimate = estimateAnnualRatePercent(tradeline);
  return {
    estimatedRate: estimate === null ? null : estimate.toFixed(3),
    options: refinanceOptions(tradeline, offers),
  };
};
