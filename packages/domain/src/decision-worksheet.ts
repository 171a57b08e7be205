/**
 * The decision worksheet's own figures (spec 3 §3, §4, §9), composed from the loan maths: the derived values
 * of the request (loan amount, total down, percent down, LTV, requested LTV, vehicle age, total back-end), the
 * buy rate, the additions, the rate grid as the approval fields see it, and the disclosure of the approved
 * terms (payment, last payment date, APR, finance charge, total of payments). Money stays decimal throughout;
 * the server and the web page call the same functions so that what is shown is what is stored.
 */
import type { ControlType } from '@credence/contracts';
import { calculateItemization, estimatedAmountFinanced, type ItemizationInput } from './itemization.ts';
import type { IsoDate } from './loan-dates.ts';
import { amortize, type DayCountBasis, type OddDaysInterestTreatment } from './loan-schedule.ts';
import { money, toCents, type Money, type MoneyInput } from './money.ts';
import { LoanMathError, type PaymentFrequency } from './payment.ts';
import {
  isRateGridTermEnabled,
  reselectRateGridCell,
  selectRateGridCell,
  type RateGridCell,
  type RateGridRow,
} from './rate-grid.ts';
import { additionAmount, loanToValue, percentDown, requestedLoanToValue, vehicleAge } from './ratios.ts';

type Amount = MoneyInput | null | undefined;

const isBlank = (v: Amount): v is null | undefined | '' => v === null || v === undefined || v === '';
const orZero = (v: Amount): Money => (isBlank(v) ? money(0) : money(v));
const orNull = (v: Amount): Money | null => (isBlank(v) ? null : money(v));

/** The request as the decision worksheet reads it (spec 3 §3 "Decision worksheet"). */
export type DecisionRequestInput = {
  controlType: ControlType;
  negotiatedPrice?: Amount;
  otherFees?: Amount;
  /** Tax, title and license (the request's TT&L estimate). */
  saleTax?: Amount;
  cashDown?: Amount;
  netTradeIn?: Amount;
  rebate?: Amount;
  gap?: Amount;
  creditDisability?: Amount;
  creditLife?: Amount;
  warranty?: Amount;
  otherBackEndFees?: Amount;
  /** A total front-end amount typed over the calculated one. */
  totalFrontEndAmount?: Amount;
  /** The credit limit asked for (credit cards). */
  requestedAmount?: Amount;
  estAmtFinanced?: Amount;
  /** The collateral value. */
  value?: Amount;
  year?: number | null;
};

export type DecisionDerivedValues = {
  /** Auto, boat and RV: from price, fees, back-end fees, tax and down items; otherwise the estimated amount financed. */
  loanAmount: Money | null;
  totalDown: Money;
  /** Total down over the sales price, in percent (null without a price). */
  percentDown: Money | null;
  /** The amount decided (the loan amount until one is chosen) over the collateral value, in percent. */
  ltv: Money | null;
  /** The loan amount asked for over the collateral value, in percent. */
  requestedLtv: Money | null;
  /** Whole years, null without a model year. */
  vehicleAge: number | null;
  /** gap + credit disability + credit life + warranty + other back-end fees (spec 3 §9). */
  totalBackEnd: Money;
};

/**
 * Every derived value of spec 3 §3. `decidedAmount` is the amount on the decision when one is typed or chosen
 * on the rate grid; `asOf` the calendar day the vehicle age is counted at.
 */
export const decisionDerivedValues = (
  input: DecisionRequestInput,
  options: { asOf: IsoDate; decidedAmount?: Amount },
): DecisionDerivedValues => {
  const items: ItemizationInput = {
    salesPrice: input.negotiatedPrice,
    ttlEstimate: input.saleTax,
    cashDown: input.cashDown,
    rebate: input.rebate,
    tradeInValue: input.netTradeIn,
    otherFrontEndFees: input.otherFees,
    gap: input.gap,
    creditDisability: input.creditDisability,
    creditLife: input.creditLife,
    warranty: input.warranty,
    otherBackEndFees: input.otherBackEndFees,
    totalFrontEndAmountOverride: input.totalFrontEndAmount,
  };
  const itemization = calculateItemization(items);
  // Auto, boat and RV: the itemization's loan total; every other product: the estimated amount financed.
  const loanAmount = estimatedAmountFinanced({
    controlType: input.controlType,
    requestedAmount: isBlank(input.estAmtFinanced) ? input.requestedAmount : input.estAmtFinanced,
    amount: input.estAmtFinanced,
    itemization: items,
  });
  const value = orNull(input.value);
  const decided = orNull(options.decidedAmount) ?? loanAmount;
  const price = orNull(input.negotiatedPrice);
  return {
    loanAmount: loanAmount === null ? null : toCents(loanAmount),
    totalDown: itemization.totalDownPayment,
    percentDown: price === null ? null : percentDown(itemization.totalDownPayment, price),
    ltv: value === null || decided === null ? null : loanToValue(decided, value),
    requestedLtv: value === null || loanAmount === null ? null : requestedLoanToValue(loanAmount, value),
    vehicleAge: input.year === null || input.year === undefined ? null : vehicleAge(input.year, options.asOf),
    totalBackEnd: itemization.totalBackEndFees,
  };
};

/** Derived values as decimal strings, as the receipt stores them (percentages to 4 decimals). */
export const derivedValuesForReceipt = (d: DecisionDerivedValues) => {
  const pct = (v: Money | null) => (v === null ? null : v.toDecimalPlaces(4).toString());
  return {
    loanAmount: d.loanAmount === null ? null : d.loanAmount.toFixed(2),
    totalDown: toCents(d.totalDown).toFixed(2),
    percentDown: pct(d.percentDown),
    ltv: pct(d.ltv),
    requestedLtv: pct(d.requestedLtv),
    vehicleAge: d.vehicleAge,
    totalBackEnd: toCents(d.totalBackEnd).toFixed(2),
  };
};

/**
 * The buy rate (spec 3 §9): the approved rate itself when rate matching is on; otherwise the approved rate
 * less the product's maximum spread, never below 0. Null without an approved rate.
 */
export const buyRate = (approvedRate: Amount, options: { rateMatching: boolean; maximumSpread?: Amount }) => {
  const rate = orNull(approvedRate);
  if (rate === null) return null;
  if (options.rateMatching) return rate;
  const bought = rate.minus(orZero(options.maximumSpread));
  return bought.isNegative() ? money(0) : bought;
};

export type DecisionAdditionInput = {
  id: number;
  feeType: 'flat' | 'per1000';
  /** The flat amount, or the rate per $1,000 of the loan amount. */
  flatAmount: Amount;
  selected: boolean;
};

/** An addition's amount: its flat amount, or its rate per $1,000 of the loan amount (to the cent). */
export const decisionAdditionAmount = (addition: Omit<DecisionAdditionInput, 'id' | 'selected'>, loanAmount: Amount) =>
  addition.feeType === 'per1000'
    ? additionAmount({ ratePer1000: orZero(addition.flatAmount) }, orZero(loanAmount))
    : additionAmount({ flatAmount: orZero(addition.flatAmount) }, orZero(loanAmount));

/** Each addition with its amount, and the total of the selected ones. */
export const decisionAdditions = <T extends DecisionAdditionInput>(additions: readonly T[], loanAmount: Amount) => {
  const priced = additions.map((a) => ({ ...a, amount: decisionAdditionAmount(a, loanAmount) }));
  const total = priced.filter((a) => a.selected).reduce<Money>((sum, a) => sum.plus(a.amount), money(0));
  return { additions: priced, total };
};

/** The approval fields of the worksheet the rate grid and the disclosure read and set. */
export type DecisionApprovalTerms = {
  amount: string | null;
  term: number | null;
  interestRate: string | null;
  monthlyPayment: string | null;
  paymentFrequency: PaymentFrequency;
};

/** The rate grid rows with whether each can be chosen at the payment frequency (invalid terms are disabled). */
export const rateGridRowsFor = <T extends RateGridRow>(grid: readonly T[], frequency: PaymentFrequency) =>
  grid.map((row) => ({ ...row, enabled: isRateGridTermEnabled(row.term, frequency) }));

/**
 * Choosing a grid cell (spec 3 §4): term, rate and amount = value × LTV capped at the approved total; the
 * payment is recomputed afterwards (cleared until then). A row whose term does not fit the frequency is refused
 * (the approval is returned unchanged).
 */
export const chooseRateGridCell = <T extends DecisionApprovalTerms>(
  approval: T,
  row: RateGridRow,
  cell: RateGridCell,
  value: MoneyInput,
  approvedTotal: MoneyInput,
): T => {
  if (!isRateGridTermEnabled(row.term, approval.paymentFrequency)) return approval;
  const chosen = selectRateGridCell(row, cell, value, approvedTotal);
  return {
    ...approval,
    term: chosen.term,
    interestRate: chosen.rate,
    amount: chosen.amount === null ? approval.amount : chosen.amount.toFixed(2),
    monthlyPayment: null,
  };
};

/**
 * After the term or the amount changed (spec 3 §4): the cell of the first LTV bucket at or above the computed
 * LTV (else the last) gives the rate; without a cell (no row for the term, no value, no amount) the rate and the
 * payment are cleared. Without a grid the approval is left as typed.
 */
export const reselectAfterChange = <T extends DecisionApprovalTerms>(
  approval: T,
  grid: readonly RateGridRow[],
  value: Amount,
): { approval: T; cell: RateGridCell | null } => {
  if (grid.length === 0) return { approval, cell: null };
  const amount = orNull(approval.amount);
  const collateral = orNull(value);
  if (approval.term === null || amount === null || collateral === null || collateral.isZero())
    return { approval: { ...approval, interestRate: null, monthlyPayment: null }, cell: null };
  const chosen = reselectRateGridCell([...grid], approval.term, amount, collateral);
  if (chosen.rate === null || chosen.ltv === null)
    return { approval: { ...approval, interestRate: null, monthlyPayment: null }, cell: null };
  return {
    approval: { ...approval, interestRate: chosen.rate, monthlyPayment: null },
    cell: { ltv: chosen.ltv, rate: chosen.rate },
  };
};

export type DecisionDisclosureInput = {
  amount: Amount;
  interestRate: Amount;
  term: number | null;
  paymentFrequency: PaymentFrequency;
  contractDate?: IsoDate | null;
  firstPaymentDate?: IsoDate | null;
  dayCountBasis?: DayCountBasis;
  oddDaysInterest?: OddDaysInterestTreatment;
  /** Finance charges paid at consummation (fees), which reduce the amount financed. */
  prepaidFinanceCharge?: Amount;
  /** Due with the last payment. */
  balloonAmount?: Amount;
};

export type DecisionDisclosure = {
  payment: Money;
  lastPaymentDate: IsoDate;
  apr: Money;
  financeCharge: Money;
  amountFinanced: Money;
  totalOfPayments: Money;
};

/**
 * The disclosure of the approved terms (Regulation Z, by the loan maths): null while a figure is missing, an
 * error with the field to show it on when the terms cannot be computed (a term that does not fit the frequency,
 * a first payment not after the contract date, …).
 */
export const decisionDisclosure = (
  input: DecisionDisclosureInput,
): { disclosure: DecisionDisclosure | null; error: LoanMathError | null } => {
  const amount = orNull(input.amount);
  const rate = orNull(input.interestRate);
  if (amount === null || rate === null || input.term === null || !input.firstPaymentDate)
    return { disclosure: null, error: null };
  try {
    const d = amortize({
      amount,
      annualRatePercent: rate,
      termMonths: input.term,
      frequency: input.paymentFrequency,
      firstPaymentDate: input.firstPaymentDate,
      ...(input.contractDate ? { contractDate: input.contractDate } : {}),
      ...(input.dayCountBasis ? { dayCountBasis: input.dayCountBasis } : {}),
      ...(input.oddDaysInterest ? { oddDaysInterest: input.oddDaysInterest } : {}),
      ...(isBlank(input.prepaidFinanceCharge) ? {} : { prepaidFinanceCharge: toCents(input.prepaidFinanceCharge) }),
      ...(isBlank(input.balloonAmount) ? {} : { balloonAmount: toCents(input.balloonAmount) }),
    });
    return {
      disclosure: {
        payment: d.payment,
        lastPaymentDate: d.lastPaymentDate,
        apr: d.apr,
        financeCharge: d.financeCharge,
        amountFinanced: d.amountFinanced,
        totalOfPayments: d.totalOfPayments,
      },
      error: null,
    };
  } catch (error) {
    if (error instanceof LoanMathError) return { disclosure: null, error };
    if (error instanceof RangeError)
      return { disclosure: null, error: new LoanMathError('firstPaymentDate', error.message) };
    throw error;
  }
};

/** A rate as the worksheet shows it: 1 to 3 decimals (spec 3 §9), e.g. '5.99%', '6.0%'. */
/** A rate on the wire: three decimals, as the rate primitive has it ('6.490'; the columns keep four). */
export const rateOnWire = (rate: MoneyInput): string => money(rate).toFixed(3);

export const formatRate = (rate: Amount): string => {
  const r = orNull(rate);
  if (r === null) return '';
  const rounded = r.toDecimalPlaces(3);
  return `${rounded.decimalPlaces() < 1 ? rounded.toFixed(1) : rounded.toString()}%`;
};
