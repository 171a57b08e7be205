import type { ControlType } from '@credence/contracts';
import { Money, money, type MoneyInput } from './money.ts';

/** The Loan Itemization dialog (spec 1 §2, §5). An empty field counts as zero. */
export type ItemizationInput = {
  salesPrice?: MoneyInput | null;
  ttlEstimate?: MoneyInput | null;
  cashDown?: MoneyInput | null;
  rebate?: MoneyInput | null;
  tradeInValue?: MoneyInput | null;
  /** The variable front-end fee rows (negative amounts are allowed), or their total. */
  otherFrontEndFees?: readonly (MoneyInput | null)[] | MoneyInput | null;
  gap?: MoneyInput | null;
  creditDisability?: MoneyInput | null;
  creditLife?: MoneyInput | null;
  warranty?: MoneyInput | null;
  otherBackEndFees?: MoneyInput | null;
  /** A total front-end amount the user typed over the calculated one (the dialog stops recalculating it). */
  totalFrontEndAmountOverride?: MoneyInput | null;
};

export type Itemization = {
  totalFrontEndFees: Money;
  totalDownPayment: Money;
  /** fees + sales price + TT&L − (cash down + rebate + trade in), unless overridden. */
  totalFrontEndAmount: Money;
  calculatedFrontEndAmount: Money;
  /** gap + credit disability + credit life + warranty + other back-end fees. */
  totalBackEndFees: Money;
  /** total front-end amount + back-end fees. */
  totalLoanAmount: Money;
};

const orZero = (value: MoneyInput | null | undefined): Money =>
  value === null || value === undefined || value === '' ? new Money(0) : money(value);

const sum = (values: readonly (MoneyInput | null | undefined)[]): Money =>
  values.reduce<Money>((total, v) => total.plus(orZero(v)), new Money(0));

export const calculateItemization = (input: ItemizationInput): Itemization => {
  const fees = input.otherFrontEndFees;
  const totalFrontEndFees = Array.isArray(fees) ? sum(fees) : orZero(fees as MoneyInput | null | undefined);
  const totalDownPayment = sum([input.cashDown, input.rebate, input.tradeInValue]);
  const calculatedFrontEndAmount = totalFrontEndFees
    .plus(orZero(input.salesPrice))
    .plus(orZero(input.ttlEstimate))
    .minus(totalDownPayment);
  const override = input.totalFrontEndAmountOverride;
  const totalFrontEndAmount =
    override === null || override === undefined || override === '' ? calculatedFrontEndAmount : money(override);
  const totalBackEndFees = sum([
    input.gap,
    input.creditDisability,
    input.creditLife,
    input.warranty,
    input.otherBackEndFees,
  ]);
  return {
    totalFrontEndFees,
    totalDownPayment,
    totalFrontEndAmount,
    calculatedFrontEndAmount,
    totalBackEndFees,
    totalLoanAmount: totalFrontEndAmount.plus(totalBackEndFees),
  };
};

export type AmountFinancedInput = {
  controlType: ControlType;
  /** The credit limit asked for (credit cards). */
  requestedAmount?: MoneyInput | null;
  /** The amount asked for (personal, CD share and home equity loans). */
  amount?: MoneyInput | null;
  itemization: ItemizationInput;
};

/**
 * Estimated amount financed (spec 3 §5): the requested amount for a credit card; the amount for personal,
 * CD share and home equity loans; otherwise (automotive, boat, RV) the loan total of the itemization.
 * Null when the figure it comes from is empty.
 */
export const estimatedAmountFinanced = ({
  controlType,
  requestedAmount,
  amount,
  itemization,
}: AmountFinancedInput): Money | null => {
  const orNull = (v: MoneyInput | null | undefined) => (v === null || v === undefined || v === '' ? null : money(v));
  switch (controlType) {
    case 'CREDIT_CARD':
      return orNull(requestedAmount);
    case 'PERSONAL':
    case 'CD_SHARE':
    case 'HEL':
      return orNull(amount);
    case 'AUTOMOTIVE':
    case 'BOAT':
    case 'RV':
      return calculateItemization(itemization).totalLoanAmount;
  }
};
