/**
 * Funding (issue 14; spec 3 §3–§5): the pure rules of the funding worksheet — a lien's payoff at the funding
 * date (per diem), the balance of the disbursements against the amount financed, the proposed disbursements,
 * the booking reference sent to the core, and the date rules of the lender calendar. Money is exact (cents as
 * bigint); dates are ISO `YYYY-MM-DD`.
 */
import { isBusinessDay, rescissionDeadline } from './business-calendar.ts';
import { centsOf, fromCents } from './exact.ts';
import { addDays, daysBetween, type IsoDate } from './loan-dates.ts';
import { payoffAt } from './ratios.ts';
import { toCents, type Money, type MoneyInput } from './money.ts';

/* ------------------------------------------------------------------------------------------- payoffs */

export type PayoffInput = {
  payoffAmount: MoneyInput;
  perDiem: MoneyInput;
  /** The date the payoff amount was quoted for. */
  goodThrough: IsoDate;
  /** The date the payoff is paid (the funding date). */
  payoffDate: IsoDate;
};

/**
 * The payoff of a lien or an internal refinance at a date: `payoffAmount + perDiem × days` from the date the
 * amount was quoted for; no days are taken off when the payoff date is before it. A per diem often has more
 * than two decimals (16.2383): it is multiplied by the days first and the sum rounded once, half up to the cent.
 */
export const payoffAtDate = ({ payoffAmount, perDiem, goodThrough, payoffDate }: PayoffInput) => ({
  days: Math.max(0, daysBetween(goodThrough, payoffDate)),
  total: payoffAt(payoffAmount, perDiem, goodThrough, payoffDate),
});

/* ------------------------------------------------------------------------------------ disbursements */

export type DisbursementBalance = {
  total: Money;
  /** amount − total: positive when short, negative when over, zero when balanced. */
  remaining: Money;
  balanced: boolean;
  /** |remaining|. */
  difference: Money;
  over: boolean;
};

/** The disbursements against the amount financed, exact to the cent. */
export const disbursementBalance = (amount: MoneyInput, amounts: readonly MoneyInput[]): DisbursementBalance => {
  const totalCents = amounts.reduce<bigint>((sum, a) => sum + centsOf(toCents(a)), 0n);
  const remainingCents = centsOf(toCents(amount)) - totalCents;
  return {
    total: fromCents(totalCents),
    remaining: fromCents(remainingCents),
    balanced: remainingCents === 0n,
    difference: fromCents(remainingCents < 0n ? -remainingCents : remainingCents),
    over: remainingCents < 0n,
  };
};

export type ProposedLine<T> = T & { amount: Money };

/**
 * The proposed disbursements (spec 3 §7, issue 14 item 4): each lien payoff, then each financed add-on, then
 * the rest of the amount financed to the remainder payee (the dealer of an indirect loan, the member of a
 * direct one). The rest is never negative: when payoffs and add-ons exceed the amount, the lines stay as they
 * are and the balance shows the difference.
 */
export const proposeDisbursements = <P extends object, A extends object, R extends object>(input: {
  amount: MoneyInput;
  payoffs: readonly (P & { amount: MoneyInput })[];
  additions: readonly (A & { amount: MoneyInput })[];
  remainder: R;
}): { payoffs: ProposedLine<P>[]; additions: ProposedLine<A>[]; remainder: ProposedLine<R> } => {
  const payoffs = input.payoffs.map((p) => ({ ...p, amount: toCents(p.amount) }));
  const additions = input.additions.map((a) => ({ ...a, amount: toCents(a.amount) }));
  const { remaining } = disbursementBalance(
    input.amount,
    [...payoffs, ...additions].map((x) => x.amount),
  );
  return {
    payoffs,
    additions,
    remainder: { ...input.remainder, amount: remaining.isNegative() ? fromCents(0n) : remaining },
  };
};

/* ------------------------------------------------------------------------------------------ booking */

/**
 * The idempotency reference of a booking: `{lenderId}-{applicationId}-{fundingSequence}`. The core books once
 * per reference; a reversal raises the sequence, so funding again is a new booking.
 */
export const bookingReference = (lenderId: number, applicationId: number, fundingSequence: number): string =>
  `${lenderId}-${applicationId}-${fundingSequence}`;

/* -------------------------------------------------------------------------------------------- dates */

export type LoanDateProblemCode =
  | 'contractDateNotBusinessDay'
  | 'contractDateTooEarly'
  | 'firstPaymentNotAfterContract'
  | 'fundingDateNotBusinessDay'
  | 'fundingDateBeforeContract'
  | 'fundingDateBeforeRescission'
  | 'rescissionDateTooEarly'
  | 'rescissionRequired';

export type LoanDateProblem = {
  field: 'contractDate' | 'firstPaymentDate' | 'fundingDate' | 'rescissionDate';
  code: LoanDateProblemCode;
};

export type LoanDatesInput = {
  contractDate: IsoDate | null;
  firstPaymentDate: IsoDate | null;
  rescissionDate: IsoDate | null;
  fundingDate: IsoDate | null;
  /** The product has a right of rescission (a HEL: three business days). */
  hasRescission: boolean;
  /** Today in the lender's time zone. */
  lenderDate: IsoDate;
  /** The lender's holidays (observed dates). */
  holidays: ReadonlySet<IsoDate>;
  /** How far back a contract date may be (default 30 days). */
  maxContractDaysBack?: number;
};

/** The Regulation Z rescission deadline of a contract date (the third rescission business day after it). */
export const rescissionDateFor = (contractDate: IsoDate): IsoDate => rescissionDeadline(contractDate);

/**
 * The date rules of the funding worksheet (spec 3 §5, issue 14 item 4): the contract date a business day, not
 * more than 30 days before the lender date; the first payment after the contract date; the funding date a
 * business day on or after the contract date, and after the rescission date when there is one; the rescission
 * date not before the end of the rescission period. Missing dates are not problems here (a draft may be
 * incomplete): the dry run reports them.
 */
export const loanDateProblems = (input: LoanDatesInput): LoanDateProblem[] => {
  const problems: LoanDateProblem[] = [];
  const { contractDate, firstPaymentDate, rescissionDate, fundingDate, holidays } = input;
  if (contractDate) {
    if (!isBusinessDay(contractDate, holidays))
      problems.push({ field: 'contractDate', code: 'contractDateNotBusinessDay' });
    else if (contractDate < addDays(input.lenderDate, -(input.maxContractDaysBack ?? 30)))
      problems.push({ field: 'contractDate', code: 'contractDateTooEarly' });
    if (firstPaymentDate && firstPaymentDate <= contractDate)
      problems.push({ field: 'firstPaymentDate', code: 'firstPaymentNotAfterContract' });
  }
  if (input.hasRescission && contractDate) {
    if (rescissionDate && rescissionDate < rescissionDateFor(contractDate))
      problems.push({ field: 'rescissionDate', code: 'rescissionDateTooEarly' });
  }
  if (fundingDate) {
    if (!isBusinessDay(fundingDate, holidays))
      problems.push({ field: 'fundingDate', code: 'fundingDateNotBusinessDay' });
    else if (contractDate && fundingDate < contractDate)
      problems.push({ field: 'fundingDate', code: 'fundingDateBeforeContract' });
    else if (input.hasRescission && rescissionDate && fundingDate <= rescissionDate)
      problems.push({ field: 'fundingDate', code: 'fundingDateBeforeRescission' });
    else if (input.hasRescission && !rescissionDate && contractDate && fundingDate <= rescissionDateFor(contractDate))
      problems.push({ field: 'fundingDate', code: 'fundingDateBeforeRescission' });
  }
  return problems;
};
