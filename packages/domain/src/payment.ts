import { Money, money, toCents, type MoneyInput } from './money.ts';

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

export type PaymentInput = {
  amount: MoneyInput;
  /** Annual percentage rate, e.g. 6.25 for 6.25 %. */
  annualRatePercent: MoneyInput;
  termMonths: number;
  frequency: PaymentFrequency;
};

export type PaymentResult = {
  numberOfPayments: number;
  payment: Money;
  totalOfPayments: Money;
  totalInterest: Money;
};

/** Number of payments in a term given in months, at the frequency's payments per year (at least one). */
export const numberOfPayments = (termMonths: number, frequency: PaymentFrequency): number =>
  Math.max(1, Math.round((termMonths * paymentFrequencies[frequency]) / 12));

/**
 * Level payment of a fully amortising loan: P·r / (1 − (1 + r)^−n), r the periodic rate; P / n at 0 %.
 * The payment is rounded to the cent, half up; totals are computed from the rounded payment.
 */
export const calculatePayment = ({ amount, annualRatePercent, termMonths, frequency }: PaymentInput): PaymentResult => {
  if (!Number.isInteger(termMonths) || termMonths <= 0)
    throw new RangeError('termMonths must be a positive whole number');
  const principal = money(amount);
  const rate = money(annualRatePercent);
  if (principal.isNegative()) throw new RangeError('amount must not be negative');
  if (rate.isNegative()) throw new RangeError('annualRatePercent must not be negative');
  const n = numberOfPayments(termMonths, frequency);
  const r = rate.div(100).div(paymentFrequencies[frequency]);
  const exact = r.isZero() ? principal.div(n) : principal.times(r).div(new Money(1).minus(r.plus(1).pow(-n)));
  const payment = toCents(exact);
  const totalOfPayments = payment.times(n);
  return { numberOfPayments: n, payment, totalOfPayments, totalInterest: totalOfPayments.minus(principal) };
};
