/** Issue 41, Truth in Lending exact: the defects found by the independent check and the new disclosure inputs. */
import { describe, expect, it } from 'vitest';
import { amortize, type LoanTerms } from './loan-schedule.ts';
import { fromCents } from './exact.ts';
import { LoanMathError, amountForPayment, levelPaymentCents, rateForPayment } from './payment.ts';
import { firstPeriodUnits } from './unit-periods.ts';

const loan = (terms: Partial<LoanTerms>): LoanTerms => ({
  amount: '10000',
  annualRatePercent: '18',
  termMonths: 60,
  frequency: 'Monthly',
  firstPaymentDate: '2026-03-01',
  ...terms,
});

describe('APR by Appendix J unit periods (the exact figures of the independent check)', () => {
  it.each([
    // (b)(4)(ii), (b)(5)(vii): one payment, a term of 50 days, not whole months: 365/50 unit periods a year.
    ['single payment, days', { termMonths: 1, contractDate: '2026-01-10' }, '18.869770'],
    // (b)(5)(vii): 278 days.
    [
      'single annual payment, days',
      {
        annualRatePercent: '12',
        termMonths: 12,
        frequency: 'Annually',
        contractDate: '2026-01-15',
        firstPaymentDate: '2026-10-20',
      },
      '11.999966',
    ],
    // (b)(5)(vi): a term of exactly 4 months: 12/4 unit periods a year.
    [
      'single quarterly payment, whole months',
      {
        annualRatePercent: '10',
        termMonths: 3,
        frequency: 'Quarterly',
        contractDate: '2026-01-15',
        firstPaymentDate: '2026-05-15',
      },
      '10.047900',
    ],
    // (b)(5)(iii): Jun 30 back: May 30, Apr 30, Mar 30, Feb 28 (the 30th in February), then 28 days: f = 148/180.
    [
      'semi-annual, short first period',
      {
        amount: '100000',
        annualRatePercent: '9',
        termMonths: 36,
        frequency: 'SemiAnnually',
        contractDate: '2026-01-31',
        firstPaymentDate: '2026-06-30',
      },
      '9.006862',
    ],
    // (b)(5)(iii): Feb 15 back a month to Jan 15, then 14 days: 44 days, t = 2, f = 14/15.
    [
      'semi-monthly, long first period',
      {
        amount: '30000',
        annualRatePercent: '12',
        termMonths: 48,
        frequency: 'SemiMonthly',
        contractDate: '2026-01-01',
        firstPaymentDate: '2026-02-15',
      },
      '12.006433',
    ],
    // (b)(3)(iv): payments on the last day of the month: Mar 31 back to Feb 28, then Jan 31; 26 days from Jan 5.
    [
      'month-end anchor',
      {
        amount: '25000',
        annualRatePercent: '7.49',
        termMonths: 60,
        contractDate: '2025-01-05',
        firstPaymentDate: '2025-03-31',
      },
      '7.463397',
    ],
  ] as const)('%s', (_, terms, apr) => {
    expect(amortize(loan(terms)).apr.toFixed(6)).toBe(apr);
  });

  it('counts the first period back from the first payment (month ends and quarters)', () => {
    expect(firstPeriodUnits('2025-01-05', '2025-03-31', 'Monthly')).toEqual({ whole: 2, fraction: 26 / 30 });
    expect(firstPeriodUnits('2026-01-31', '2026-06-30', 'SemiAnnually')).toEqual({ whole: 0, fraction: 148 / 180 });
    expect(firstPeriodUnits('2026-01-01', '2026-02-15', 'SemiMonthly')).toEqual({ whole: 2, fraction: 14 / 15 });
    // (b)(5)(v): annual, 9 whole months: 9/12; else days over 365.
    expect(firstPeriodUnits('2026-01-15', '2026-10-15', 'Annually')).toEqual({ whole: 0, fraction: 9 / 12 });
    expect(firstPeriodUnits('2026-01-15', '2027-10-20', 'Annually')).toEqual({ whole: 1, fraction: 278 / 365 });
  });
});

describe('balloon', () => {
  const terms = loan({ amount: '30000', annualRatePercent: '6', termMonths: 60, balloonAmount: '10000' });
  it('amortizes to the balloon; the last payment is the balloon and the last regular payment', () => {
    const d = amortize(terms);
    expect(d.payment.toFixed(2)).toBe('436.66'); // (30 000 − 10 000 v^60) r / (1 − v^60)
    expect(d.balloonAmount.toFixed(2)).toBe('10000.00');
    // The balloon and the last regular payment, less what the payment's rounding up paid ahead (about 0.19 × s60).
    expect(d.finalPayment.toFixed(2)).toBe('10436.41');
    expect(d.schedule.at(-1)!.balanceCents).toBe(0n);
    expect(d.aprIrregular).toBe(false); // an odd final payment is not an irregularity (§1026.22(a)(3))
  });
  it('is refused above the amount, naming the Balloon Amount', () => {
    expect(() => amortize({ ...terms, balloonAmount: '30000.01' })).toThrow(LoanMathError);
    expect(() => amortize({ ...terms, balloonAmount: '30000.01' })).toThrow('Balloon Amount cannot be more than');
  });
});

describe('prepaid finance charges, odd days and tolerances', () => {
  const base = loan({
    amount: '20000',
    annualRatePercent: '6',
    contractDate: '2027-01-10',
    firstPaymentDate: '2027-03-01',
  });
  it("'none' charges no odd-days interest; the APR then is below the note rate", () => {
    const d = amortize({ ...base, oddDaysInterest: 'none' });
    expect(d.oddDays).toBe(22);
    expect(d.oddDaysInterest.toFixed(2)).toBe('0.00');
    expect(d.firstPayment.toFixed(2)).toBe('386.66');
    expect(d.apr.lt(6)).toBe(true);
  });
  it('amount financed = amount − prepaid finance charges, and the APR, finance charge and tolerances follow', () => {
    const d = amortize({ ...base, prepaidFinanceCharge: '495.00', oddDaysInterest: 'prepaid' });
    expect(d.prepaidFinanceCharge.toFixed(2)).toBe('567.33'); // 495.00 + 72.33 odd-days interest
    expect(d.amountFinanced.toFixed(2)).toBe('19432.67');
    expect(d.financeCharge.toFixed(2)).toBe(d.totalOfPayments.minus(d.amountFinanced).toFixed(2));
    expect(d).toMatchObject({ aprIrregular: false, aprTolerance: '0.125', aprWithinTolerance: true });
    expect(d.financeChargeTolerance.toFixed(2)).toBe('10.00');
    expect(d.financeChargeWithinTolerance).toBe(true);
  });
  it('checks a stated APR and finance charge (§1026.22(a)(2), §1026.18(d))', () => {
    const d = amortize(base);
    const understated = d.financeCharge.minus('10.01').toFixed(2);
    expect(amortize({ ...base, disclosedApr: d.apr.plus(0.125) }).aprWithinTolerance).toBe(true);
    expect(amortize({ ...base, disclosedApr: d.apr.plus(0.126) }).aprWithinTolerance).toBe(false);
    expect(amortize({ ...base, disclosedFinanceCharge: understated }).financeChargeWithinTolerance).toBe(false);
    expect(amortize({ ...base, disclosedFinanceCharge: d.financeCharge.plus(50) }).financeChargeWithinTolerance).toBe(
      true,
    );
    const home = amortize({ ...base, disclosedFinanceCharge: understated, securedByDwelling: true });
    expect(home.financeChargeTolerance.toFixed(2)).toBe('100.00');
    expect(home.financeChargeWithinTolerance).toBe(true);
  });
});

describe('solvers', () => {
  it('the amount a payment buys: the largest whose payment is not above it', () => {
    const input = { annualRatePercent: '6', termMonths: 60, frequency: 'Monthly' } as const;
    for (const payment of ['386.66', '100.00', '2500.01']) {
      const amount = amountForPayment({ ...input, payment });
      const cents = (a: string) => levelPaymentCents({ ...input, amount: a, numberOfPayments: 60 });
      expect(fromCents(cents(amount.toFixed(2))).lte(payment)).toBe(true);
      expect(fromCents(cents(amount.plus(0.01).toFixed(2))).gt(payment)).toBe(true);
    }
    expect(amountForPayment({ ...input, annualRatePercent: '0', payment: '100' }).toFixed(2)).toBe('6000.29');
    const balloon = amountForPayment({ ...input, payment: '436.66', balloonAmount: '10000' });
    expect(balloon.minus(30000).abs().lte(1)).toBe(true);
  });
  it('the rate of a payment', () => {
    const rate = rateForPayment({ amount: '20000', payment: '386.66', termMonths: 60, frequency: 'Monthly' });
    expect(rate.minus(6).abs().lte(0.001)).toBe(true);
    const withBalloon = rateForPayment({
      amount: '30000',
      payment: '436.66',
      termMonths: 60,
      frequency: 'Monthly',
      balloonAmount: '10000',
    });
    expect(withBalloon.minus(6).abs().lte(0.001)).toBe(true);
    expect(() => rateForPayment({ amount: '20000', payment: '300', termMonths: 60, frequency: 'Monthly' })).toThrow(
      LoanMathError,
    );
  });
});
