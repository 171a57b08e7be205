import type { z } from 'zod';
import {
  vehicleControlTypes,
  type ApplicationRequest,
  type ControlType,
  type requestFieldsSchema,
} from '@credence/contracts';
import {
  calculateItemization,
  estimatedAmountFinanced,
  formatMoney,
  money,
  type Itemization,
  type ItemizationInput,
  type PaymentFrequency,
} from '@credence/domain';
import {
  compactRows,
  intText,
  moneyText,
  type RowMap,
  textOf,
  toInt,
  toMoney,
  toOption,
  toText,
} from '../../../components/form/values.ts';

/** A front-end fee row; `financeCharge`: the lender's own charge for the credit, a prepaid finance charge (issue 41). */
export type FeeValues = { name: string; value: string; financeCharge: boolean };

/** The loan itemization (spec 1 §2): prices, down payment, front-end fee rows, back-end fees. */
export type ItemizationValues = {
  negotiatedPrice: string;
  ttlEstimate: string;
  cashDown: string;
  rebate: string;
  netTradeIn: string;
  otherFrontEndFees: FeeValues[];
  /** Typed over the calculated total (then `isTotalFrontEndAmountManual`); '' while calculated. */
  totalFrontEndAmount: string;
  isTotalFrontEndAmountManual: boolean;
  gap: string;
  creditDisability: string;
  creditLife: string;
  warranty: string;
  otherBackEndFees: string;
};

/** The application request as its forms hold it. */
export type RequestValues = ItemizationValues & {
  /** Front-end fees stored as one total, without rows (kept until the itemization is edited). */
  otherFees: string;
  requestedAmount: string;
  /** The amount asked for (personal, CD share and home equity loans). */
  estAmtFinanced: string;
  residualAmount: string;
  value: string;
  termMonths: string;
  paymentFrequencyId: PaymentFrequency | '';
  isOpenEnded: boolean;
  increaseExistingCreditLimit: boolean;
  potentialLoanId: string;
  potentialShareAccountNumber: string;
  purpose: string;
};

export const isVehicleProduct = (controlType: ControlType | undefined): boolean =>
  controlType !== undefined && vehicleControlTypes.includes(controlType);

export const blankRequest = (): RequestValues => ({
  negotiatedPrice: '',
  ttlEstimate: '',
  cashDown: '',
  rebate: '',
  netTradeIn: '',
  otherFrontEndFees: [],
  totalFrontEndAmount: '',
  isTotalFrontEndAmountManual: false,
  gap: '',
  creditDisability: '',
  creditLife: '',
  warranty: '',
  otherBackEndFees: '',
  otherFees: '',
  requestedAmount: '',
  estAmtFinanced: '',
  residualAmount: '',
  value: '',
  termMonths: '',
  paymentFrequencyId: 'Monthly',
  isOpenEnded: false,
  increaseExistingCreditLimit: false,
  potentialLoanId: '',
  potentialShareAccountNumber: '',
  purpose: '',
});

/** Spec 3 §5: the negotiated price shows empty unless it is above 0. */
const priceText = (value: string | null) => (value !== null && money(value).greaterThan(0) ? moneyText(value) : '');

export const requestValues = (r: ApplicationRequest): RequestValues => ({
  negotiatedPrice: priceText(r.negotiatedPrice),
  ttlEstimate: moneyText(r.ttlEstimate),
  cashDown: moneyText(r.cashDown),
  rebate: moneyText(r.rebate),
  netTradeIn: moneyText(r.netTradeIn),
  otherFrontEndFees: r.otherFrontEndFees.map((f) => ({
    name: f.name,
    value: moneyText(f.value),
    financeCharge: f.financeCharge,
  })),
  totalFrontEndAmount: r.isTotalFrontEndAmountManual ? moneyText(r.totalFrontEndAmount) : '',
  isTotalFrontEndAmountManual: r.isTotalFrontEndAmountManual,
  gap: moneyText(r.gap),
  creditDisability: moneyText(r.creditDisability),
  creditLife: moneyText(r.creditLife),
  warranty: moneyText(r.warranty),
  otherBackEndFees: moneyText(r.otherBackEndFees),
  otherFees: r.otherFrontEndFees.length > 0 ? '' : moneyText(r.otherFees),
  requestedAmount: moneyText(r.requestedAmount),
  estAmtFinanced: moneyText(r.estAmtFinanced),
  residualAmount: moneyText(r.residualAmount),
  value: moneyText(r.value),
  termMonths: intText(r.termMonths),
  paymentFrequencyId: r.paymentFrequencyId ?? '',
  isOpenEnded: r.isOpenEnded,
  increaseExistingCreditLimit: r.increaseExistingCreditLimit,
  potentialLoanId: textOf(r.potentialLoanId),
  potentialShareAccountNumber: textOf(r.potentialShareAccountNumber),
  purpose: textOf(r.purpose),
});

/** A money text as the domain maths reads it: empty or unreadable counts as nothing. */
const amountOf = (text: string): string | null => {
  const value = toMoney(text);
  return value !== null && /^-?\d+\.\d{2}$/.test(value) ? value : null;
};

/** The itemization inputs of the domain rule (spec 1 §5), from what the form holds. */
export const itemizationInput = (
  v: ItemizationValues & { otherFees?: string },
  useOverride = true,
): ItemizationInput => {
  const feeRows = v.otherFrontEndFees.map((f) => amountOf(f.value));
  return {
    salesPrice: amountOf(v.negotiatedPrice),
    ttlEstimate: amountOf(v.ttlEstimate),
    cashDown: amountOf(v.cashDown),
    rebate: amountOf(v.rebate),
    tradeInValue: amountOf(v.netTradeIn),
    otherFrontEndFees: v.otherFrontEndFees.length > 0 ? feeRows : amountOf(v.otherFees ?? ''),
    gap: amountOf(v.gap),
    creditDisability: amountOf(v.creditDisability),
    creditLife: amountOf(v.creditLife),
    warranty: amountOf(v.warranty),
    otherBackEndFees: amountOf(v.otherBackEndFees),
    totalFrontEndAmountOverride: useOverride && v.isTotalFrontEndAmountManual ? amountOf(v.totalFrontEndAmount) : null,
  };
};

export const itemizationOf = (v: ItemizationValues & { otherFees?: string }): Itemization =>
  calculateItemization(itemizationInput(v));

/**
 * Estimated amount financed by control type (spec 3 §5): the requested amount for a credit card, the amount
 * for personal, CD share and home equity loans, otherwise the loan total of the itemization.
 */
export const estimatedAmountOf = (controlType: ControlType, v: RequestValues): string | null => {
  const result = estimatedAmountFinanced({
    controlType,
    requestedAmount: amountOf(v.requestedAmount),
    amount: amountOf(v.estAmtFinanced),
    itemization: itemizationInput(v),
  });
  return result === null ? null : formatMoney(result);
};

type RequestPayload = z.input<typeof requestFieldsSchema>;

/** The request as the API takes it; fee rows left blank are not sent. */
export const requestPayload = (
  controlType: ControlType | undefined,
  v: RequestValues,
  path: string,
  rows: RowMap,
): RequestPayload => {
  const fees = compactRows(
    v.otherFrontEndFees,
    (f) => f.name.trim() === '' && f.value.trim() === '',
    (f) => ({ name: f.name.trim(), value: toMoney(f.value) as string, financeCharge: f.financeCharge }),
    path ? `${path}.otherFrontEndFees` : 'otherFrontEndFees',
    rows,
  );
  const estimated = controlType ? estimatedAmountOf(controlType, v) : toMoney(v.estAmtFinanced);
  return {
    negotiatedPrice: toMoney(v.negotiatedPrice),
    ttlEstimate: toMoney(v.ttlEstimate),
    cashDown: toMoney(v.cashDown),
    rebate: toMoney(v.rebate),
    netTradeIn: toMoney(v.netTradeIn),
    otherFees: fees.length > 0 ? null : toMoney(v.otherFees),
    otherFrontEndFees: fees,
    totalFrontEndAmount: v.isTotalFrontEndAmountManual ? toMoney(v.totalFrontEndAmount) : null,
    gap: toMoney(v.gap),
    creditDisability: toMoney(v.creditDisability),
    creditLife: toMoney(v.creditLife),
    warranty: toMoney(v.warranty),
    otherBackEndFees: toMoney(v.otherBackEndFees),
    requestedAmount: toMoney(v.requestedAmount),
    // The typed amount when it does not read as money, so its own rule reports it.
    estAmtFinanced: controlType && isVehicleProduct(controlType) ? estimated : (estimated ?? toMoney(v.estAmtFinanced)),
    residualAmount: toMoney(v.residualAmount),
    value: toMoney(v.value),
    termMonths: toInt(v.termMonths),
    paymentFrequencyId: toOption(v.paymentFrequencyId) as PaymentFrequency,
    isOpenEnded: v.isOpenEnded,
    increaseExistingCreditLimit: v.increaseExistingCreditLimit,
    potentialLoanId: toText(v.potentialLoanId),
    potentialShareAccountNumber: toText(v.potentialShareAccountNumber),
    purpose: toText(v.purpose),
  };
};

/** Spec 3 §5: a personal loan with a balloon shows a warning and cannot be saved. */
export const PERSONAL_BALLOON_WARNING =
  'A personal loan cannot have a balloon amount. Clear the balloon amount to save.';
export const hasPersonalBalloon = (controlType: ControlType | undefined, v: Pick<RequestValues, 'residualAmount'>) => {
  if (controlType !== 'PERSONAL') return false;
  const residual = amountOf(v.residualAmount);
  return residual !== null && money(residual).greaterThan(0);
};
