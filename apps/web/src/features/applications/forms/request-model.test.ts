import { describe, expect, it } from 'vitest';
import type { ApplicationRequest } from '@credence/contracts';
import {
  blankRequest,
  estimatedAmountOf,
  hasPersonalBalloon,
  itemizationOf,
  requestPayload,
  requestValues,
  type RequestValues,
} from './request-model.ts';

const vehicle: RequestValues = {
  ...blankRequest(),
  negotiatedPrice: '30,000.00',
  ttlEstimate: '1,800.00',
  cashDown: '5,000.00',
  rebate: '500',
  netTradeIn: '-1,200.00',
  otherFrontEndFees: [
    { name: 'Doc fee', value: '499.00', financeCharge: true },
    { name: 'Adjustment', value: '-99.01', financeCharge: false },
  ],
  gap: '695.00',
  warranty: '1,250.50',
  requestedAmount: '9,999.00',
  estAmtFinanced: '12,345.67',
};

describe('loan itemization (spec 1 §5)', () => {
  it('front end = fees + price + TT&L - (cash down + rebate + trade in); total = front end + back end', () => {
    const totals = itemizationOf(vehicle);
    expect(totals.totalFrontEndFees.toFixed(2)).toBe('399.99');
    expect(totals.totalDownPayment.toFixed(2)).toBe('4300.00');
    expect(totals.totalFrontEndAmount.toFixed(2)).toBe('27899.99');
    expect(totals.totalBackEndFees.toFixed(2)).toBe('1945.50');
    expect(totals.totalLoanAmount.toFixed(2)).toBe('29845.49');
  });

  it('a total front-end amount typed over the calculated one is kept', () => {
    const totals = itemizationOf({ ...vehicle, isTotalFrontEndAmountManual: true, totalFrontEndAmount: '25,000.00' });
    expect(totals.totalFrontEndAmount.toFixed(2)).toBe('25000.00');
    expect(totals.totalLoanAmount.toFixed(2)).toBe('26945.50');
  });
});

describe('estimated amount financed by control type (spec 3 §5)', () => {
  it.each([
    ['AUTOMOTIVE', '29845.49'],
    ['BOAT', '29845.49'],
    ['RV', '29845.49'],
    ['CREDIT_CARD', '9999.00'],
    ['PERSONAL', '12345.67'],
    ['CD_SHARE', '12345.67'],
    ['HEL', '12345.67'],
  ] as const)('%s: %s', (controlType, expected) => {
    expect(estimatedAmountOf(controlType, vehicle)).toBe(expected);
  });

  it('the payload carries it, the fee rows, and null for a calculated total', () => {
    const payload = requestPayload(
      'AUTOMOTIVE',
      { ...vehicle, otherFrontEndFees: [...vehicle.otherFrontEndFees, { name: '', value: '', financeCharge: true }] },
      'request',
      {},
    );
    expect(payload.estAmtFinanced).toBe('29845.49');
    // Each row says whether it is a finance charge (issue 41); a blank row is not sent, ticked or not.
    expect(payload.otherFrontEndFees).toEqual([
      { name: 'Doc fee', value: '499.00', financeCharge: true },
      { name: 'Adjustment', value: '-99.01', financeCharge: false },
    ]);
    expect(payload.otherFees).toBeNull();
    expect(payload.totalFrontEndAmount).toBeNull();
    expect(payload.netTradeIn).toBe('-1200.00');
  });
});

/** An application's request as the API answers it (a vehicle loan with only a price). */
const requestRead: ApplicationRequest = {
  id: 1,
  loanProductId: 1,
  dealerId: null,
  negotiatedPrice: '20000.00',
  ttlEstimate: null,
  cashDown: null,
  rebate: null,
  netTradeIn: null,
  otherFees: null,
  otherFrontEndFees: [],
  totalFrontEndAmount: '20000.00',
  isTotalFrontEndAmountManual: false,
  totalDownPayment: '0.00',
  gap: null,
  creditDisability: null,
  creditLife: null,
  warranty: null,
  otherBackEndFees: null,
  totalBackEndFees: '0.00',
  totalLoanAmount: '20000.00',
  requestedAmount: null,
  estAmtFinanced: null,
  residualAmount: null,
  value: null,
  termMonths: 60,
  paymentFrequencyId: 'Monthly',
  isOpenEnded: false,
  increaseExistingCreditLimit: false,
  potentialLoanId: null,
  potentialShareAccountNumber: null,
  purpose: null,
};

describe('front-end fee rows read from the application (issue 41)', () => {
  it('keep whether each fee is a finance charge, and send it back as read', () => {
    const fees = [
      { id: 7, name: 'Loan fee', value: '250.00', financeCharge: true },
      { id: 8, name: 'Title fee', value: '75.00', financeCharge: false },
    ];
    const read = { ...requestRead, otherFrontEndFees: fees };
    const values = requestValues(read);
    expect(values.otherFrontEndFees).toEqual([
      { name: 'Loan fee', value: '250.00', financeCharge: true },
      { name: 'Title fee', value: '75.00', financeCharge: false },
    ]);
    expect(requestPayload('AUTOMOTIVE', values, '', {}).otherFrontEndFees).toEqual([
      { name: 'Loan fee', value: '250.00', financeCharge: true },
      { name: 'Title fee', value: '75.00', financeCharge: false },
    ]);
  });
});

describe('personal balloon warning', () => {
  it('shows for a personal loan with a balloon above zero only', () => {
    expect(hasPersonalBalloon('PERSONAL', { residualAmount: '500' })).toBe(true);
    expect(hasPersonalBalloon('PERSONAL', { residualAmount: '0.00' })).toBe(false);
    expect(hasPersonalBalloon('PERSONAL', { residualAmount: '' })).toBe(false);
    expect(hasPersonalBalloon('AUTOMOTIVE', { residualAmount: '500' })).toBe(false);
  });
});
