import { centsOf, fromCents, ratioOf, roundHalfUp } from './exact.ts';
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
    readonly field: 'amount' | 'rate' | 'term' | 'frequency' | 'firstPaymentDate' | 'contractDate' | 'payment',
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
};

const checkAmountAndRate = (amount: MoneyInput, annualRatePercent: MoneyInput) => {
  const principal = money(amount);
  const rate = money(annualRatePercent);
  if (!principal.isFinite() || principal.lte(0))
    throw new LoanMathError('amount', 'Loan Amount must be greater than 0.');
  if (!rate.isFinite() || rate.isNegative()) throw new LoanMathError('rate', 'Interest Rate cannot be negative.');
};

/**
 * Level payment of a fully amortising loan, P·r / (1 − (1 + r)^−n) with r the periodic rate (P / n at 0 %),
 * rounded half up to the cent with the tie decided exactly: $911.00 at 4.5 % over one annual payment is
 * 951.995, so $952.00. A payment that rounds to $0.00 is an error, not a schedule.
 */
export const levelPaymentCents = ({ amount, annualRatePercent, numberOfPayments: n, frequency }: LevelPaymentInput) => {
  checkAmountAndRate(amount, annualRatePercent);
  if (!Number.isInteger(n) || n < 1) throw new LoanMathError('term', 'Term must be at least one payment.');
  const principal = centsOf(money(amount).toDecimalPlaces(2, Money.ROUND_HALF_UP));
  const r = periodicRate(annualRatePercent, frequency);
  let cents: bigint;
  if (r.n === 0n) cents = roundHalfUp(principal, BigInt(n));
  else {
    // P·(rn/rd)·(rd+rn)^n / ((rd+rn)^n − rd^n), all in integers.
    const grown = (r.d + r.n) ** BigInt(n);
    const base = r.d ** BigInt(n);
    cents = roundHalfUp(principal * r.n * grown, r.d * (grown - base));
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
};

/** The level payment of a term in months (which must fit the frequency). */
export const calculatePayment = ({ amount, annualRatePercent, termMonths, frequency }: PaymentInput): Money =>
  fromCents(
    levelPaymentCents({
      amount,
      annualRatePercent,
      numberOfPayments: numberOfPayments(termMonths, frequency),
      frequency,
    }),
  );
