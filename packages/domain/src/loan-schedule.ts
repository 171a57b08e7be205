/**
 * The amortization schedule of a closed-end loan and what Regulation Z discloses from it: payments, total of
 * payments, finance charge, amount financed and APR (Appendix J actuarial method).
 */
import { csvLine } from './csv.ts';
import { centsOf, fromCents, ratioOf, roundHalfUp } from './exact.ts';
import {
  aprPercent,
  aprTolerance,
  financeChargeTolerance,
  isAprWithinTolerance,
  isFinanceChargeWithinTolerance,
} from './apr.ts';
import { daysBetween, days360, formatUsDate, paymentDates, periodBefore, type IsoDate } from './loan-dates.ts';
import { money, type Money, type MoneyInput } from './money.ts';
import {
  LoanMathError,
  amountCents,
  balloonCents,
  levelPaymentCents,
  numberOfPayments as paymentsOfTerm,
  periodicRate,
  type PaymentFrequency,
} from './payment.ts';
import { checkFirstPaymentDate, unitPeriods } from './unit-periods.ts';

/** How odd days (from the contract date to the start of a regular first period) accrue. */
export type DayCountBasis = 'actual/365' | '30/360';
/**
 * Odd-days interest: collected with the first payment, prepaid at closing (a prepaid finance charge), or not
 * charged at all.
 */
export type OddDaysInterestTreatment = 'firstPayment' | 'prepaid' | 'none';

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
  /** With the first payment by default. */
  oddDaysInterest?: OddDaysInterestTreatment;
  /** Finance charges paid at or before consummation (fees), which reduce the amount financed. */
  prepaidFinanceCharge?: MoneyInput;
  /** A balloon (residual) due with the last payment: the payments amortize the amount down to it. */
  balloonAmount?: MoneyInput;
  /** An APR stated elsewhere (a dealer's contract) to check; by default the APR disclosed to 3 decimals. */
  disclosedApr?: MoneyInput;
  /** A finance charge stated elsewhere to check; by default the one computed. */
  disclosedFinanceCharge?: MoneyInput;
  /** Secured by real property or a dwelling (§1026.18(d)(1): $100 finance charge tolerance). */
  securedByDwelling?: boolean;
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
  /** The last payment: with a balloon, the balloon and the last regular payment. */
  finalPayment: Money;
  /** The balloon in the final payment ($0.00 without one). */
  balloonAmount: Money;
  firstPaymentDate: IsoDate;
  lastPaymentDate: IsoDate;
  /** Days between the contract date and the start of a regular first period (negative: a short first period). */
  oddDays: number;
  oddDaysInterest: Money;
  /** Fees and prepaid odd-days interest: the finance charges paid at closing. */
  prepaidFinanceCharge: Money;
  amountFinanced: Money;
  financeCharge: Money;
  totalOfPayments: Money;
  totalInterest: Money;
  /** Annual percentage rate (Appendix J), exact to well within 0.0001 points; shown to 3 decimals. */
  apr: Money;
  /** §1026.22(a)(3): irregular payment amounts or periods besides an odd first period or first or final payment. */
  aprIrregular: boolean;
  /** §1026.22(a)(2)–(3): 1/8 point for a regular transaction, 1/4 for an irregular one. */
  aprTolerance: '0.125' | '0.25';
  /** The disclosed APR (`disclosedApr`, by default the APR to 3 decimals) is within `aprTolerance`. */
  aprWithinTolerance: boolean;
  /** §1026.18(d): the understatement of the finance charge that is still accurate. */
  financeChargeTolerance: Money;
  /** The disclosed finance charge is not understated by more than `financeChargeTolerance`. */
  financeChargeWithinTolerance: boolean;
  schedule: ScheduleRow[];
};

const oddDaysOf = (contractDate: IsoDate, regularStart: IsoDate, basis: DayCountBasis): number =>
  basis === '30/360' ? days360(contractDate, regularStart) : daysBetween(contractDate, regularStart);

/** Simple interest on the note amount for the odd days by the day-count basis, half up to the cent. */
const oddDaysInterestCents = (terms: LoanTerms, principalCents: bigint, oddDays: number): bigint => {
  if (terms.oddDaysInterest === 'none') return 0n;
  const annual = ratioOf(terms.annualRatePercent);
  const yearDays = terms.dayCountBasis === '30/360' ? 360n : 365n;
  return roundHalfUp(principalCents * annual.n * BigInt(oddDays), annual.d * 100n * yearDays);
};

const nonNegativeCents = (value: MoneyInput | undefined, message: string): bigint => {
  const cents = value === undefined ? 0n : centsOf(value);
  if (cents < 0n) throw new LoanMathError('amount', message);
  return cents;
};

type Rows = { rows: ScheduleRow[]; totalCents: bigint; payment: bigint };

/**
 * The schedule: each period's interest is the balance times the periodic rate rounded to the cent, the rest
 * of the payment reduces principal, and the final payment is whatever clears the balance with its interest
 * (with a balloon, the balloon and the last regular payment), so the principal paid sums exactly to the note
 * amount. `firstExtra` (odd-days interest, negative for a short first period) is added to the first payment.
 */
const scheduleRows = (terms: LoanTerms, n: number, principalCents: bigint, firstExtra: bigint): Rows => {
  const payment = levelPaymentCents({ ...terms, numberOfPayments: n });
  const r = periodicRate(terms.annualRatePercent, terms.frequency);
  const dateOf = paymentDates(terms.firstPaymentDate, terms.frequency);
  const rows: ScheduleRow[] = [];
  let balance = principalCents;
  let totalCents = 0n;
  for (let k = 1; k <= n; k += 1) {
    const extra = k === 1 ? firstExtra : 0n;
    const interest = roundHalfUp(balance * r.n, r.d) + extra;
    const due = k === n ? balance + interest : payment + extra;
    balance -= due - interest;
    if (balance < 0n || due <= 0n)
      throw new LoanMathError(
        'term',
        'The rounded payment pays the loan off before the end of the term: shorten the term.',
      );
    totalCents += due;
    rows.push(new ScheduleRow(k, dateOf(k - 1), due, interest, balance));
  }
  return { rows, totalCents, payment };
};

/** §1026.22(a)(3): irregular when a payment other than the first and the last differs from the others. */
const isIrregular = (rows: ScheduleRow[]): boolean =>
  rows.slice(1, -1).some((row) => row.paymentCents !== rows[1]!.paymentCents);

/** Appendix J APR of the schedule: the amount financed against each payment at its unit periods. */
const aprOf = (terms: LoanTerms, contractDate: IsoDate, amountFinancedCents: bigint, rows: ScheduleRow[]) => {
  const units = unitPeriods(contractDate, terms.firstPaymentDate, rows.length, terms.frequency);
  return aprPercent({
    amountFinancedCents,
    payments: rows.map((row, k) => ({ cents: row.paymentCents, periods: units.whole + k })),
    fraction: units.fraction,
    unitPeriodsPerYear: units.perYear,
  });
};

/**
 * The disclosure of a closed-end loan (Regulation Z §1026.18): schedule, amount financed (the note amount less
 * prepaid finance charges: fees and prepaid odd-days interest), finance charge, total of payments, APR and
 * their tolerances.
 */
export const amortize = (terms: LoanTerms): LoanDisclosure => {
  const { frequency, firstPaymentDate } = terms;
  const n = paymentsOfTerm(terms.termMonths, frequency);
  const principalCents = amountCents(terms.amount);
  const regularStart = periodBefore(firstPaymentDate, frequency);
  const contractDate = terms.contractDate ?? regularStart;
  checkFirstPaymentDate(contractDate, firstPaymentDate);
  const oddDays = oddDaysOf(contractDate, regularStart, terms.dayCountBasis ?? 'actual/365');
  const oddInterest = oddDaysInterestCents(terms, principalCents, oddDays);
  const prepaidOdd = terms.oddDaysInterest === 'prepaid' && oddInterest > 0n ? oddInterest : 0n;
  const fees = nonNegativeCents(terms.prepaidFinanceCharge, 'A prepaid finance charge cannot be negative.');
  const amountFinancedCents = principalCents - fees - prepaidOdd;
  if (amountFinancedCents <= 0n)
    throw new LoanMathError('prepaidFinanceCharge', 'The prepaid finance charges exceed the loan amount.');

  const { rows, totalCents, payment } = scheduleRows(terms, n, principalCents, prepaidOdd === 0n ? oddInterest : 0n);
  const first = rows[0]!;
  const last = rows[rows.length - 1]!;
  const financeCharge = fromCents(totalCents - amountFinancedCents);
  const amountFinanced = fromCents(amountFinancedCents);
  const apr = aprOf(terms, contractDate, amountFinancedCents, rows);
  const irregular = isIrregular(rows);
  return {
    numberOfPayments: n,
    payment: fromCents(payment),
    firstPayment: first.payment,
    finalPayment: last.payment,
    balloonAmount: fromCents(balloonCents(terms.balloonAmount, principalCents)),
    firstPaymentDate,
    lastPaymentDate: last.date,
    oddDays,
    oddDaysInterest: fromCents(oddInterest),
    prepaidFinanceCharge: fromCents(fees + prepaidOdd),
    amountFinanced,
    financeCharge,
    totalOfPayments: fromCents(totalCents),
    totalInterest: fromCents(totalCents - principalCents),
    apr,
    aprIrregular: irregular,
    aprTolerance: aprTolerance(irregular),
    aprWithinTolerance: isAprWithinTolerance(money(terms.disclosedApr ?? apr.toDecimalPlaces(3)), apr, irregular),
    financeChargeTolerance: financeChargeTolerance(amountFinanced, terms.securedByDwelling),
    financeChargeWithinTolerance: isFinanceChargeWithinTolerance(
      terms.disclosedFinanceCharge ?? financeCharge,
      financeCharge,
      amountFinanced,
      terms.securedByDwelling,
    ),
    schedule: rows,
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

/** The schedule as CSV (the shared quoted cells; plain numbers so a spreadsheet sums them). */
export const scheduleCsv = (disclosure: LoanDisclosure): string =>
  [
    csvLine(['Payment Number', 'Date', 'Payment', 'Interest', 'Principal', 'Balance']),
    ...disclosure.schedule.map((r) =>
      csvLine([
        r.number,
        formatUsDate(r.date),
        r.payment.toFixed(2),
        r.interest.toFixed(2),
        r.principal.toFixed(2),
        r.balance.toFixed(2),
      ]),
    ),
  ].join('');
