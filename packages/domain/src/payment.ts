import { centsOf, fromCents, ratioOf, roundHalfUp } from './exact.ts';
import { aprPercent } from './apr.ts';
import { Money, money, type MoneyInput } from './money.ts';

/** Payments per year of every frequency a product offers. */
export const paymentFrequencies = {
  Weekly: 52,
  BiWeekly: 26,
  SemiMonthly: 24,
  Monthly: 12,
  Quarterly: 4,
  SemiAnnually: 2,
  Annually: 1,
} as const;
export type PaymentFrequency = keyof typeof paymentFrequencies;
export const paymentFrequencyNames = Object.keys(paymentFrequencies) as PaymentFrequency[];

/** Display names of the payment frequencies. */
export const paymentFrequencyLabels: Record<PaymentFrequency, string> = {
  Weekly: 'Weekly',
  BiWeekly: 'Bi-Weekly',
  SemiMonthly: 'Semi-Monthly',
  Monthly: 'Monthly',
  Quarterly: 'Quarterly',
  SemiAnnually: 'Semi-Annually',
  Annually: 'Annually',
};

/** A loan that cannot be computed as asked; `message` is fit to show on the form field named by `field`. */
export class LoanMathError extends RangeError {
  constructor(
    readonly field:
      | 'amount'
      | 'rate'
      | 'term'
      | 'frequency'
      | 'firstPaymentDate'
      | 'contractDate'
      | 'payment'
      | 'balloonAmount'
      | 'prepaidFinanceCharge',
    message: string,
  ) {
    super(message);
    this.name = 'LoanMathError';
  }
}

/** The smallest term in months that is a whole number of payments at the frequency. */
export const termStepMonths = (frequency: PaymentFrequency): number => {
  const perYear = paymentFrequencies[frequency];
  let step = 1;
  while ((step * perYear) % 12 !== 0) step += 1;
  return step;
};

/**
 * A term in months is valid only when it is a whole number of payments at the frequency: annual needs a
 * multiple of 12 months, semi-annual 6, quarterly 3 (a quarter is three months), bi-weekly 6 (13 payments a
 * half year), weekly 3; monthly and semi-monthly take any whole number of months.
 */
export const isValidTerm = (termMonths: number, frequency: PaymentFrequency): boolean =>
  Number.isInteger(termMonths) && termMonths > 0 && termMonths % termStepMonths(frequency) === 0;

export const invalidTermMessage = (frequency: PaymentFrequency): string => {
  const step = termStepMonths(frequency);
  if (step === 1) return 'Term must be a whole number of months.';
  const label = paymentFrequencyLabels[frequency].toLowerCase();
  return `${/^[aeiou]/.test(label) ? 'An' : 'A'} ${label} term must be a multiple of ${step} months.`;
};

/** Number of payments of a term in months at a frequency; throws a LoanMathError when they do not fit. */
export const numberOfPayments = (termMonths: number, frequency: PaymentFrequency): number => {
  if (!isValidTerm(termMonths, frequency)) throw new LoanMathError('term', invalidTermMessage(frequency));
  return (termMonths * paymentFrequencies[frequency]) / 12;
};

/** The periodic rate of an annual percentage at a frequency, as an exact fraction. */
export const periodicRate = (annualRatePercent: MoneyInput, frequency: PaymentFrequency) => {
  const { n, d } = ratioOf(annualRatePercent);
  return { n, d: d * 100n * BigInt(paymentFrequencies[frequency]) };
};

export type LevelPaymentInput = {
  amount: MoneyInput;
  /** Annual percentage rate, e.g. 6.25 for 6.25 %. */
  annualRatePercent: MoneyInput;
  numberOfPayments: number;
  frequency: PaymentFrequency;
  /** A balloon (residual) owed with the last payment, on top of it; none by default. */
  balloonAmount?: MoneyInput;
};

const checkRate = (annualRatePercent: MoneyInput) => {
  const rate = money(annualRatePercent);
  if (!rate.isFinite() || rate.isNegative()) throw new LoanMathError('rate', 'Interest Rate cannot be negative.');
};

const checkAmountAndRate = (amount: MoneyInput, annualRatePercent: MoneyInput) => {
  const principal = money(amount);
  if (!principal.isFinite() || principal.lte(0))
    throw new LoanMathError('amount', 'Loan Amount must be greater than 0.');
  checkRate(annualRatePercent);
};

/** An amount in whole cents, half up. */
export const amountCents = (amount: MoneyInput) => centsOf(money(amount).toDecimalPlaces(2, Money.ROUND_HALF_UP));

/** The balloon in cents: 0 to the amount. */
export const balloonCents = (balloonAmount: MoneyInput | undefined, principalCents: bigint): bigint => {
  const cents = balloonAmount === undefined ? 0n : amountCents(balloonAmount);
  if (cents < 0n) throw new LoanMathError('balloonAmount', 'Balloon Amount cannot be negative.');
  if (cents > principalCents)
    throw new LoanMathError('balloonAmount', 'Balloon Amount cannot be more than the Loan Amount.');
  return cents;
};

/** (1 + r)^n = G / D as integers, with r = rn / rd the periodic rate. */
const growth = (r: { n: bigint; d: bigint }, n: number) => ({ G: (r.d + r.n) ** BigInt(n), D: r.d ** BigInt(n) });

/**
 * Level payment of a loan amortising to a balloon B (0 for a fully amortising one), (P − B·v^n)·r / (1 − v^n)
 * with r the periodic rate and v = 1 / (1 + r) ((P − B) / n at 0 %), rounded half up to the cent with the tie
 * decided exactly: $911.00 at 4.5 % over one annual payment is 951.995, so $952.00. A payment that rounds to
 * $0.00 is an error, not a schedule.
 */
export const levelPaymentCents = ({
  amount,
  annualRatePercent,
  numberOfPayments: n,
  frequency,
  balloonAmount,
}: LevelPaymentInput) => {
  checkAmountAndRate(amount, annualRatePercent);
  if (!Number.isInteger(n) || n < 1) throw new LoanMathError('term', 'Term must be at least one payment.');
  const principal = amountCents(amount);
  const balloon = balloonCents(balloonAmount, principal);
  const r = periodicRate(annualRatePercent, frequency);
  let cents: bigint;
  if (r.n === 0n) cents = roundHalfUp(principal - balloon, BigInt(n));
  else {
    // (P·G − B·D)·rn / (rd·(G − D)), all in integers.
    const { G, D } = growth(r, n);
    cents = roundHalfUp((principal * G - balloon * D) * r.n, r.d * (G - D));
  }
  if (cents <= 0n)
    throw new LoanMathError('payment', 'The payment rounds to $0.00: raise the amount or shorten the term.');
  return cents;
};

export type PaymentInput = {
  amount: MoneyInput;
  /** Annual percentage rate, e.g. 6.25 for 6.25 %. */
  annualRatePercent: MoneyInput;
  termMonths: number;
  frequency: PaymentFrequency;
  balloonAmount?: MoneyInput;
};

/** The level payment of a term in months (which must fit the frequency). */
export const calculatePayment = ({ termMonths, ...input }: PaymentInput): Money =>
  fromCents(levelPaymentCents({ ...input, numberOfPayments: numberOfPayments(termMonths, input.frequency) }));

export type AmountForPaymentInput = Omit<PaymentInput, 'amount'> & { payment: MoneyInput };

const floorDiv = (n: bigint, d: bigint) => (n >= 0n ? n / d : -((-n + d - 1n) / d));

/**
 * The loan amount a payment buys: the largest amount whose level payment (`levelPaymentCents`) is not above
 * `payment`, exact to the cent. Rounded half up, the payment X of an amount A is at most p while
 * X < p + ½, i.e. A·G·rn < (2p + 1)·rd·(G − D) / 2 + B·D·rn.
 */
export const amountForPayment = ({
  payment,
  termMonths,
  frequency,
  annualRatePercent,
  balloonAmount,
}: AmountForPaymentInput): Money => {
  checkRate(annualRatePercent);
  const n = numberOfPayments(termMonths, frequency);
  const p = amountCents(payment);
  if (p <= 0n) throw new LoanMathError('payment', 'The payment must be greater than 0.');
  const b = balloonAmount === undefined ? 0n : amountCents(balloonAmount);
  const r = periodicRate(annualRatePercent, frequency);
  if (r.n === 0n) return fromCents(floorDiv(2n * b + (2n * p + 1n) * BigInt(n) - 1n, 2n));
  const { G, D } = growth(r, n);
  return fromCents(floorDiv((2n * p + 1n) * r.d * (G - D) + 2n * b * D * r.n - 1n, 2n * G * r.n));
};

export type RateForPaymentInput = Omit<PaymentInput, 'annualRatePercent'> & { payment: MoneyInput };

/**
 * The annual rate (percent, 6 decimals) at which `payment` (and the balloon with the last one) repays `amount`
 * over the term: the level payment's rate before it is rounded to the cent. A payment that does not repay the
 * amount at 0 % is an error.
 */
export const rateForPayment = ({
  amount,
  payment,
  termMonths,
  frequency,
  balloonAmount,
}: RateForPaymentInput): Money => {
  checkAmountAndRate(amount, 0);
  const n = numberOfPayments(termMonths, frequency);
  const principal = amountCents(amount);
  const p = amountCents(payment);
  const b = balloonCents(balloonAmount, principal);
  if (p * BigInt(n) + b < principal)
    throw new LoanMathError('payment', 'The payment does not repay the Loan Amount over the term.');
  const payments = Array.from({ length: n }, (_, k) => ({ cents: p + (k === n - 1 ? b : 0n), periods: k + 1 }));
  // The rate of a regular schedule is its APR with no fees: the same actuarial equation, no odd period.
  return aprPercent({
    amountFinancedCents: principal,
    payments,
    fraction: 0,
    unitPeriodsPerYear: paymentFrequencies[frequency],
  });
};
