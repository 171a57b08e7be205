/**
 * The dealer reserve (issue 14; spec 3 §7 "Reserves"): what the lender pays the dealer for an indirect loan, by
 * one of three methods, and which reserve of a reserve matrix applies to a loan.
 *
 * - flat: the reserve's flat amount;
 * - percentOfAmount: the amount financed × percent / 100;
 * - rateParticipation: the finance charge at the contract rate less the finance charge at the buy rate (both from
 *   the loan's amortization schedule, `amortize`), × participation percent / 100. For this purpose the contract
 *   rate is capped at the buy rate + the reserve's max spread; nothing when the contract rate is at or below the
 *   buy rate (or the loan has no buy rate).
 *
 * Every method is capped at the reserve's cap amount. Amounts are exact decimals rounded half up to the cent.
 */
import { amortize } from './loan-schedule.ts';
import type { IsoDate } from './loan-dates.ts';
import { money, toCents, type Money } from './money.ts';
import type { PaymentFrequency } from './payment.ts';

export type ReserveMethodName = 'flat' | 'percentOfAmount' | 'rateParticipation';

/** A reserve as stored: exactly the fields of its method are set (decimal strings), the others null. */
export type ReserveTerms = {
  method: ReserveMethodName;
  flatAmount: string | null;
  /** 2 = 2 % of the amount financed. */
  percentOfAmount: string | null;
  /** 25 = the dealer's 25 % share of the finance charge between buy and contract rate. */
  participationPercent: string | null;
  /** Points the contract rate may exceed the buy rate for the reserve (null: no limit). */
  maxSpread: string | null;
  /** The most the reserve pays (null: no cap). */
  capAmount: string | null;
};

export type ReserveLoan = {
  /** The amount financed ("25000.00"). */
  amount: string;
  termMonths: number;
  paymentFrequency: PaymentFrequency;
  /** The loan's annual rate in percent ("6.990"). */
  contractRate: string;
  /** The lender's buy rate in percent; null: none (no rate participation). */
  buyRate: string | null;
  /** Dates of the schedule (odd-days interest counts in the finance charge); a regular first period without. */
  firstPaymentDate?: IsoDate | null;
  contractDate?: IsoDate | null;
};

export type ReserveResult = {
  /** Two decimals ("175.05"). */
  amount: string;
  /** How it was computed, in plain words (shown beside the reserve on the funding worksheet). */
  detail: string;
};

/** A nominal first payment date when the loan has none yet: without odd days the finance charge does not depend on it. */
const NOMINAL_FIRST_PAYMENT: IsoDate = '2001-02-01';

const usd = (m: Money) => {
  const [whole, cents] = toCents(m).abs().toFixed(2).split('.') as [string, string];
  return `${m.isNegative() ? '-' : ''}$${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents}`;
};
const percent = (value: string | Money) => `${money(value).toString()} %`;

/** The finance charge of the loan at an annual rate, from its amortization schedule. */
export const financeChargeAt = (loan: ReserveLoan, annualRatePercent: Money): Money =>
  amortize({
    amount: loan.amount,
    annualRatePercent,
    termMonths: loan.termMonths,
    frequency: loan.paymentFrequency,
    firstPaymentDate: loan.firstPaymentDate ?? NOMINAL_FIRST_PAYMENT,
    ...(loan.firstPaymentDate && loan.contractDate ? { contractDate: loan.contractDate } : {}),
  }).financeCharge;

const uncapped = (reserve: ReserveTerms, loan: ReserveLoan): { amount: Money; detail: string } => {
  switch (reserve.method) {
    case 'flat': {
      const amount = toCents(reserve.flatAmount ?? 0);
      return { amount, detail: `Flat reserve of ${usd(amount)}` };
    }
    case 'percentOfAmount': {
      const rate = money(reserve.percentOfAmount ?? 0);
      const amount = toCents(money(loan.amount).times(rate).dividedBy(100));
      return { amount, detail: `${percent(rate)} of ${usd(money(loan.amount))} = ${usd(amount)}` };
    }
    case 'rateParticipation': {
      const share = money(reserve.participationPercent ?? 0);
      if (loan.buyRate === null) return { amount: money(0), detail: 'No buy rate: no rate participation' };
      const buy = money(loan.buyRate);
      const contract = money(loan.contractRate);
      if (contract.lte(buy))
        return {
          amount: money(0),
          detail: `Contract rate ${percent(contract)} is not above the buy rate ${percent(buy)}: no reserve`,
        };
      const ceiling = reserve.maxSpread === null ? null : buy.plus(reserve.maxSpread);
      const effective = ceiling !== null && contract.gt(ceiling) ? ceiling : contract;
      const difference = financeChargeAt(loan, effective).minus(financeChargeAt(loan, buy));
      const amount = toCents(difference.times(share).dividedBy(100));
      const capped = effective.eq(contract)
        ? ''
        : ` (contract rate ${percent(contract)} capped at ${percent(effective)})`;
      return {
        amount,
        detail:
          `${percent(share)} of the finance charge between ${percent(effective)} and the buy rate ${percent(buy)}` +
          `${capped}: ${usd(difference)} × ${percent(share)} = ${usd(amount)}`,
      };
    }
    default: {
      const never: never = reserve.method;
      throw new RangeError(`Unknown reserve method ${String(never)}`);
    }
  }
};

/**
 * The dealer reserve of a loan under a reserve (see the file's comment for the methods); never negative, never
 * above the cap. Throws the loan maths' `LoanMathError` when the loan cannot be amortized (a term that does not
 * fit the frequency) for a rate participation.
 */
export const computeReserve = (reserve: ReserveTerms, loan: ReserveLoan): ReserveResult => {
  const { amount, detail } = uncapped(reserve, loan);
  const positive = amount.isNegative() ? money(0) : amount;
  if (reserve.capAmount !== null && positive.gt(reserve.capAmount)) {
    const cap = toCents(reserve.capAmount);
    return { amount: cap.toFixed(2), detail: `${detail}, capped at ${usd(cap)}` };
  }
  return { amount: toCents(positive).toFixed(2), detail };
};

/** The conditions of a reserve matrix row (contracts `ReserveMatrixRow`): null / empty means any. */
export type ReserveRowConditions = {
  loanProductIds: readonly number[];
  minTermMonths: number | null;
  maxTermMonths: number | null;
  minAmount: string | null;
  maxAmount: string | null;
  /** true: direct loans only; false: indirect only; null: both. */
  direct: boolean | null;
  reserveId: number;
};

export type ReserveRowInput = {
  loanProductId: number;
  termMonths: number;
  amount: string;
  direct: boolean;
};

/** Whether a row's conditions hold for the loan (ranges inclusive at both ends). */
export const reserveRowMatches = (row: ReserveRowConditions, input: ReserveRowInput): boolean => {
  if (row.loanProductIds.length > 0 && !row.loanProductIds.includes(input.loanProductId)) return false;
  if (row.minTermMonths !== null && input.termMonths < row.minTermMonths) return false;
  if (row.maxTermMonths !== null && input.termMonths > row.maxTermMonths) return false;
  const amount = money(input.amount);
  if (row.minAmount !== null && amount.lt(row.minAmount)) return false;
  if (row.maxAmount !== null && amount.gt(row.maxAmount)) return false;
  if (row.direct !== null && row.direct !== input.direct) return false;
  return true;
};

/** The first row whose conditions hold, with its index; null when none does (the matrix's default applies). */
export const resolveReserveRow = <R extends ReserveRowConditions>(
  rows: readonly R[],
  input: ReserveRowInput,
): { row: R; index: number } | null => {
  const index = rows.findIndex((row) => reserveRowMatches(row, input));
  return index < 0 ? null : { row: rows[index]!, index };
};
