/**
 * The amortization schedule of a closed-end loan and what Regulation Z discloses from it: payments, total of
 * payments, finance charge, amount financed and APR (Appendix J actuarial method).
 */
import { centsOf, fromCents, ratioOf, roundHalfUp } from './exact.ts';
import { aprPercent, type AprPayment } from './apr.ts';
import {
  daysBetween,
  days360,
  formatUsDate,
  monthsPerPeriod,
  paymentDate,
  periodBefore,
  type IsoDate,
} from './loan-dates.ts';
import { money, type Money, type MoneyInput } from './money.ts';
import {
  LoanMathError,
  levelPaymentCents,
  numberOfPayments as paymentsOfTerm,
  paymentFrequencies,
  periodicRate,
  type PaymentFrequency,
} from './payment.ts';

/** How odd days (from the contract date to the start of a regular first period) accrue. */
export type DayCountBasis = 'actual/365' | '30/360';
/** Where odd-days interest is collected: with the first payment, or at closing as a prepaid finance charge. */
export type OddDaysInterestTreatment = 'firstPayment' | 'prepaid';

export type LoanTerms = {
  /** The note amount: what the borrower owes at consummation. */
  amount: MoneyInput;
  annualRatePercent: MoneyInput;
  termMonths: number;
  frequency: PaymentFrequency;
  /** Consummation; the term begins here. Defaults to one period before the first payment (no odd days). */
  contractDate?: IsoDate;
  firstPaymentDate: IsoDate;
  /** Actual/365 by default; 30/360 where the product says so. */
  dayCountBasis?: DayCountBasis;
  oddDaysInterest?: OddDaysInterestTreatment;
  /** Finance charges paid at or before consummation (fees), which reduce the amount financed. */
  prepaidFinanceCharge?: MoneyInput;
};

/** One row of the schedule. Its amounts are kept in cents and turned into decimals only when read. */
export class ScheduleRow {
  constructor(
    readonly number: number,
    readonly date: IsoDate,
    readonly paymentCents: bigint,
    readonly interestCents: bigint,
    readonly balanceCents: bigint,
  ) {}
  get payment(): Money {
    return fromCents(this.paymentCents);
  }
  get interest(): Money {
    return fromCents(this.interestCents);
  }
  get principal(): Money {
    return fromCents(this.paymentCents - this.interestCents);
  }
  get balance(): Money {
    return fromCents(this.balanceCents);
  }
}

export type LoanDisclosure = {
  numberOfPayments: number;
  /** The level payment (payments 2 … n − 1). */
  payment: Money;
  firstPayment: Money;
  finalPayment: Money;
  firstPaymentDate: IsoDate;
  lastPaymentDate: IsoDate;
  /** Days between the contract date and the start of a regular first period (negative: a short first period). */
  oddDays: number;
  oddDaysInterest: Money;
  amountFinanced: Money;
  financeCharge: Money;
  totalOfPayments: Money;
  totalInterest: Money;
  /** Annual percentage rate, exact to well within 0.0001 points; shown to 3 decimals. */
  apr: Money;
  schedule: ScheduleRow[];
};

const oddDaysOf = (contractDate: IsoDate, regularStart: IsoDate, basis: DayCountBasis): number =>
  basis === '30/360' ? days360(contractDate, regularStart) : daysBetween(contractDate, regularStart);

/**
 * Whole unit periods and the fraction of one from the contract date to the first payment (Appendix J
 * (b)(5)): whole periods are counted back from the first payment date; the rest is a fraction, its days over
 * 30 per month of the unit period, or over the period's days for weekly and semi-monthly periods.
 */
export const firstPeriodUnits = (contractDate: IsoDate, firstPaymentDate: IsoDate, frequency: PaymentFrequency) => {
  if (daysBetween(contractDate, firstPaymentDate) <= 0)
    throw new LoanMathError('firstPaymentDate', 'First Payment Date must be after the Contract Date.');
  let whole = 0;
  let start = firstPaymentDate;
  for (;;) {
    const earlier = periodBefore(start, frequency);
    if (daysBetween(contractDate, earlier) < 0) break;
    whole += 1;
    start = earlier;
  }
  const months = monthsPerPeriod[frequency];
  const daysInUnit =
    months !== undefined ? 30 * months : frequency === 'SemiMonthly' ? 15 : frequency === 'BiWeekly' ? 14 : 7;
  return { whole, fraction: daysBetween(contractDate, start) / daysInUnit };
};

/**
 * The schedule: each period's interest is the balance times the periodic rate rounded to the cent, the rest
 * of the payment reduces principal, and the final payment is whatever clears the balance with its interest,
 * so the principal paid sums exactly to the note amount. Odd-days interest (simple interest on the note
 * amount for the odd days, by the day-count basis) is added to the first payment or prepaid at closing.
 */
export const amortize = (terms: LoanTerms): LoanDisclosure => {
  const { frequency, firstPaymentDate } = terms;
  const n = paymentsOfTerm(terms.termMonths, frequency);
  const principalCents = centsOf(money(terms.amount).toDecimalPlaces(2));
  const payment = levelPaymentCents({
    amount: terms.amount,
    annualRatePercent: terms.annualRatePercent,
    numberOfPayments: n,
    frequency,
  });
  const r = periodicRate(terms.annualRatePercent, frequency);

  const regularStart = periodBefore(firstPaymentDate, frequency);
  const contractDate = terms.contractDate ?? regularStart;
  const units = firstPeriodUnits(contractDate, firstPaymentDate, frequency);
  const basis = terms.dayCountBasis ?? 'actual/365';
  const oddDays = oddDaysOf(contractDate, regularStart, basis);
  const annual = ratioOf(terms.annualRatePercent);
  const oddInterest = roundHalfUp(
    principalCents * annual.n * BigInt(oddDays),
    annual.d * 100n * (basis === '30/360' ? 360n : 365n),
  );
  const prepaidOdd = terms.oddDaysInterest === 'prepaid' && oddInterest > 0n ? oddInterest : 0n;
  const prepaidFees = terms.prepaidFinanceCharge === undefined ? 0n : centsOf(terms.prepaidFinanceCharge);
  if (prepaidFees < 0n) throw new LoanMathError('amount', 'A prepaid finance charge cannot be negative.');
  const amountFinancedCents = principalCents - prepaidFees - prepaidOdd;
  if (amountFinancedCents <= 0n)
    throw new LoanMathError('amount', 'The prepaid finance charges exceed the loan amount.');

  const schedule: ScheduleRow[] = [];
  const aprPayments: AprPayment[] = [];
  let balance = principalCents;
  let totalOfPayments = 0n;
  for (let k = 1; k <= n; k += 1) {
    let interest = roundHalfUp(balance * r.n, r.d);
    if (k === 1 && prepaidOdd === 0n) interest += oddInterest;
    const due = k === n ? balance + interest : payment + (k === 1 && prepaidOdd === 0n ? oddInterest : 0n);
    balance -= due - interest;
    if (balance < 0n || due <= 0n)
      throw new LoanMathError(
        'term',
        'The rounded payment pays the loan off before the end of the term: shorten the term.',
      );
    totalOfPayments += due;
    const date = paymentDate(firstPaymentDate, k - 1, frequency);
    schedule.push(new ScheduleRow(k, date, due, interest, balance));
    aprPayments.push({ cents: due, periods: units.whole + k - 1 });
  }
  const first = schedule[0]!;
  const last = schedule[schedule.length - 1]!;
  const financeChargeCents = totalOfPayments - amountFinancedCents;
  return {
    numberOfPayments: n,
    payment: fromCents(payment),
    firstPayment: first.payment,
    finalPayment: last.payment,
    firstPaymentDate,
    lastPaymentDate: last.date,
    oddDays,
    oddDaysInterest: fromCents(oddInterest),
    amountFinanced: fromCents(amountFinancedCents),
    financeCharge: fromCents(financeChargeCents),
    totalOfPayments: fromCents(totalOfPayments),
    totalInterest: fromCents(totalOfPayments - principalCents),
    apr: aprPercent({
      amountFinancedCents,
      payments: aprPayments,
      fraction: units.fraction,
      unitPeriodsPerYear: paymentFrequencies[frequency],
    }),
    schedule,
  };
};

const usd = (m: Money) => `$${m.toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;

/**
 * The payment schedule as §1026.18(g) discloses it: runs of equal payments with their number, amount, timing
 * and first due date, e.g. "59 payments of $386.66 monthly beginning 02/01/2027, 1 final payment of $386.41
 * on 01/01/2032".
 */
export const paymentScheduleText = (disclosure: LoanDisclosure, frequencyLabel: string): string => {
  const runs: { count: number; cents: bigint; date: IsoDate }[] = [];
  for (const row of disclosure.schedule) {
    const run = runs[runs.length - 1];
    if (run && run.cents === row.paymentCents) run.count += 1;
    else runs.push({ count: 1, cents: row.paymentCents, date: row.date });
  }
  return runs
    .map((run, i) => {
      const isFinal = i === runs.length - 1 && i > 0 && run.count === 1;
      const amount = usd(fromCents(run.cents));
      if (isFinal) return `1 final payment of ${amount} on ${formatUsDate(run.date)}`;
      const noun = run.count === 1 ? 'payment' : 'payments';
      return run.count === 1
        ? `1 ${noun} of ${amount} on ${formatUsDate(run.date)}`
        : `${run.count} ${noun} of ${amount} ${frequencyLabel.toLowerCase()} beginning ${formatUsDate(run.date)}`;
    })
    .join(', ');
};

/** The schedule as CSV (RFC 4180; plain numbers so a spreadsheet sums them). */
export const scheduleCsv = (disclosure: LoanDisclosure): string =>
  [
    'Payment Number,Date,Payment,Interest,Principal,Balance',
    ...disclosure.schedule.map((r) =>
      [
        r.number,
        formatUsDate(r.date),
        r.payment.toFixed(2),
        r.interest.toFixed(2),
        r.principal.toFixed(2),
        r.balance.toFixed(2),
      ].join(','),
    ),
  ].join('\r\n') + '\r\n';
