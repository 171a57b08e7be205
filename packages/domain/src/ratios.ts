/**
 * Ratios and derived amounts a credit decision reads: LTV, percent down, DTI, PTI, NDI, vehicle age, payoff
 * at a date and add-ons priced per $1,000. Percentages are returned exact (decimal); round only to show them.
 */
import { daysBetween, type IsoDate } from './loan-dates.ts';
import { money, toCents, type Money, type MoneyInput } from './money.ts';
import { paymentFrequencies, type PaymentFrequency } from './payment.ts';

const percentOf = (part: MoneyInput, whole: MoneyInput): Money | null => {
  const w = money(whole);
  return w.isZero() ? null : money(part).div(w).times(100);
};

/** Loan-to-value in percent: the loan amount over the collateral value (null without a value). */
export const loanToValue = (loanAmount: MoneyInput, collateralValue: MoneyInput) =>
  percentOf(loanAmount, collateralValue);

/** Requested LTV: the amount asked for over the value. */
export const requestedLoanToValue = (requestedAmount: MoneyInput, collateralValue: MoneyInput) =>
  percentOf(requestedAmount, collateralValue);

/** Percent down: the total down payment over the sales price. */
export const percentDown = (totalDown: MoneyInput, salesPrice: MoneyInput) => percentOf(totalDown, salesPrice);

/** A payment at any frequency as its monthly equivalent (payment × payments per year / 12), to the cent. */
export const monthlyEquivalent = (payment: MoneyInput, frequency: PaymentFrequency): Money =>
  toCents(money(payment).times(paymentFrequencies[frequency]).div(12));

/** Debt-to-income: monthly debts plus the new monthly payment over monthly income, in percent. */
export const debtToIncome = (monthlyDebts: MoneyInput, newMonthlyPayment: MoneyInput, monthlyIncome: MoneyInput) =>
  percentOf(money(monthlyDebts).plus(newMonthlyPayment), monthlyIncome);

/** Payment-to-income: the new monthly payment over monthly income, in percent. */
export const paymentToIncome = (monthlyPayment: MoneyInput, monthlyIncome: MoneyInput) =>
  percentOf(monthlyPayment, monthlyIncome);

/** Spec 3 §5: PTI is shown rounded to a whole percent (half up). */
export const formatPti = (pti: Money | null): string => (pti === null ? '' : `${pti.toDecimalPlaces(0).toString()}%`);

/** A percentage with 1 to 2 decimals (the spec's percent format 1.1-2, used for LTV). */
export const formatPercent = (value: Money | null, minDecimals = 1, maxDecimals = 2): string => {
  if (value === null) return '';
  const rounded = value.toDecimalPlaces(maxDecimals);
  return `${rounded.decimalPlaces() < minDecimals ? rounded.toFixed(minDecimals) : rounded.toString()}%`;
};

/** Net disposable income: monthly income less monthly debts and the new monthly payment. */
export const netDisposableIncome = (
  monthlyIncome: MoneyInput,
  monthlyDebts: MoneyInput,
  newMonthlyPayment: MoneyInput,
) => toCents(money(monthlyIncome).minus(monthlyDebts).minus(newMonthlyPayment));

/** Vehicle age in whole years at a date: the calendar year less the model year, never below 0. */
export const vehicleAge = (modelYear: number, asOf: IsoDate): number =>
  Math.max(0, Number(asOf.slice(0, 4)) - modelYear);

/** Payoff at a date: the quoted payoff plus the per diem for each day past the good-through date. */
export const payoffAt = (payoff: MoneyInput, perDiem: MoneyInput, goodThrough: IsoDate, on: IsoDate): Money =>
  toCents(money(payoff).plus(money(perDiem).times(Math.max(0, daysBetween(goodThrough, on)))));

/** An add-on priced per $1,000 of the loan amount (spec 3 §2 loan add-ons), to the cent. */
export const perThousandAmount = (ratePer1000: MoneyInput, loanAmount: MoneyInput): Money =>
  toCents(money(loanAmount).div(1000).times(ratePer1000));

/** An add-on's amount: its flat amount, or its rate per $1,000 of the loan amount. */
export const additionAmount = (
  addition: { flatAmount?: MoneyInput | null; ratePer1000?: MoneyInput | null },
  loanAmount: MoneyInput,
): Money =>
  addition.ratePer1000 !== undefined && addition.ratePer1000 !== null
    ? perThousandAmount(addition.ratePer1000, loanAmount)
    : toCents(addition.flatAmount ?? 0);
