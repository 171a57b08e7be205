import { describe, expect, it } from 'vitest';
import { calculatePayment, numberOfPayments } from './payment.ts';

describe('calculatePayment', () => {
  it.each([
    // amount, rate %, months, frequency, payment, number of payments
    ['25000', '6', 60, 'Monthly', '483.32', 60],
    ['10000', '0', 12, 'Monthly', '833.33', 12],
    ['30000', '4.5', 72, 'Monthly', '476.22', 72],
    ['20000', '7.25', 48, 'BiWeekly', '221.80', 104],
    ['15000', '5', 36, 'Weekly', '103.59', 156],
    ['12000', '12', 12, 'Annually', '13440.00', 1],
  ] as const)('%s at %s%% for %i months %s pays %s', (amount, rate, months, frequency, payment, n) => {
    const result = calculatePayment({ amount, annualRatePercent: rate, termMonths: months, frequency });
    expect(result.payment.toFixed(2)).toBe(payment);
    expect(result.numberOfPayments).toBe(n);
  });

  it('totals come from the rounded payment, to the cent', () => {
    const r = calculatePayment({ amount: '25000', annualRatePercent: '6', termMonths: 60, frequency: 'Monthly' });
    expect(r.totalOfPayments.toFixed(2)).toBe('28999.20');
    expect(r.totalInterest.toFixed(2)).toBe('3999.20');
  });

  it('amortises to within one payment of rounding for many random loans', () => {
    let seed = 42;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 300; i++) {
      const amount = (1000 + Math.floor(rand() * 99_000_00) / 100).toFixed(2);
      const rate = (rand() * 20).toFixed(3);
      const months = 6 + Math.floor(rand() * 114);
      const r = calculatePayment({ amount, annualRatePercent: rate, termMonths: months, frequency: 'Monthly' });
      // Run the schedule with the rounded payment: what is left is only the half-cent rounding, compounded.
      const periodic = Number(rate) / 100 / 12;
      let b = Number(amount);
      for (let k = 0; k < r.numberOfPayments; k++) b = b * (1 + periodic) - r.payment.toNumber();
      const drift = 0.005 * r.numberOfPayments * (1 + periodic) ** r.numberOfPayments;
      expect(Math.abs(b)).toBeLessThanOrEqual(drift + 1e-6);
    }
  });

  it('rejects a non-positive term and negative amounts', () => {
    expect(() =>
      calculatePayment({ amount: '100', annualRatePercent: '1', termMonths: 0, frequency: 'Monthly' }),
    ).toThrow(RangeError);
    expect(() =>
      calculatePayment({ amount: '-1', annualRatePercent: '1', termMonths: 12, frequency: 'Monthly' }),
    ).toThrow(RangeError);
  });

  it('counts payments per frequency', () => {
    expect(numberOfPayments(60, 'SemiMonthly')).toBe(120);
    expect(numberOfPayments(1, 'Annually')).toBe(1);
  });
});
