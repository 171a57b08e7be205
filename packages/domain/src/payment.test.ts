import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import references from './reference/loan-references.json' with { type: 'json' };
import { isAprWithinTolerance } from './apr.ts';
import { amortize } from './loan-schedule.ts';
import { money } from './money.ts';
import {
  LoanMathError,
  calculatePayment,
  isValidTerm,
  levelPaymentCents,
  numberOfPayments,
  paymentFrequencyNames,
  termStepMonths,
  type PaymentFrequency,
} from './payment.ts';

type Reference = {
  source: string;
  amount: string;
  rate: string;
  termMonths: number;
  frequency: PaymentFrequency;
  payment: string;
  numberOfPayments: number;
  finalPayment: string;
  totalOfPayments: string;
  apr: string;
};

const published: Reference[] = [
  // Published calculator examples (issue 16), and the schedule figures the issue states for them.
  {
    source: 'published calculator example',
    amount: '20000',
    rate: '6',
    termMonths: 60,
    frequency: 'Monthly',
    payment: '386.66',
    numberOfPayments: 60,
    finalPayment: '386.41',
    totalOfPayments: '23199.35',
    apr: '6.0000',
  },
  {
    source: 'published calculator example',
    amount: '10000',
    rate: '5',
    termMonths: 36,
    frequency: 'Monthly',
    payment: '299.71',
    numberOfPayments: 36,
    finalPayment: '299.69',
    totalOfPayments: '10789.54',
    apr: '5.0001',
  },
  {
    source: 'published calculator example',
    amount: '25000',
    rate: '4.9',
    termMonths: 72,
    frequency: 'Monthly',
    payment: '401.46',
    numberOfPayments: 72,
    finalPayment: '401.81',
    totalOfPayments: '28905.47',
    apr: '4.9000',
  },
  // Issue 16: long high-rate loan, inside Regulation Z's ±$10 finance charge tolerance only from the schedule.
  {
    source: 'issue 16 (schedule total, §1026.18(d)(2))',
    amount: '100000',
    rate: '18',
    termMonths: 360,
    frequency: 'Monthly',
    payment: '1507.09',
    numberOfPayments: 360,
    finalPayment: '1439.73',
    totalOfPayments: '542485.04',
    apr: '18.0000',
  },
  // Issue 16: the exact half-cent tie, 951.995 → 952.00.
  {
    source: 'issue 16 exact tie',
    amount: '911',
    rate: '4.5',
    termMonths: 12,
    frequency: 'Annually',
    payment: '952.00',
    numberOfPayments: 1,
    finalPayment: '952.00',
    totalOfPayments: '952.00',
    apr: '4.5005',
  },
];

const cases = [...published, ...(references as Reference[])];

describe('level payment, schedule and APR against the reference table', () => {
  it('holds at least 300 cases, each with its source', () => {
    expect(cases.length).toBeGreaterThanOrEqual(300);
    for (const c of cases) expect(c.source).not.toBe('');
  });

  it.each(
    cases.map((c) => [`${c.amount} at ${c.rate}% for ${c.termMonths} months ${c.frequency} (${c.source})`, c] as const),
  )('%s', (_, c) => {
    expect(
      calculatePayment({
        amount: c.amount,
        annualRatePercent: c.rate,
        termMonths: c.termMonths,
        frequency: c.frequency,
      }).toFixed(2),
    ).toBe(c.payment);
    const d = amortize({
      amount: c.amount,
      annualRatePercent: c.rate,
      termMonths: c.termMonths,
      frequency: c.frequency,
      firstPaymentDate: '2027-03-15',
    });
    expect(d.numberOfPayments).toBe(c.numberOfPayments);
    expect(d.finalPayment.toFixed(2)).toBe(c.finalPayment);
    expect(d.totalOfPayments.toFixed(2)).toBe(c.totalOfPayments);
    expect(d.apr.minus(c.apr).abs().toNumber()).toBeLessThanOrEqual(0.0001);
  });
});

describe('exact half-cent ties', () => {
  it('rounds $911.00 at 4.5% paid once a year to $952.00, not $951.99', () => {
    expect(
      levelPaymentCents({ amount: '911.00', annualRatePercent: '4.5', numberOfPayments: 1, frequency: 'Annually' }),
    ).toBe(95200n);
  });
  it('rounds every single-payment tie up (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.constantFrom('2.5', '4.5', '7.5', '12.5'),
        (cents, rate) => {
          // cents × (1 + rate/100) in thousandths of a cent: the exact tie is a 5 in the last place.
          const scaled = BigInt(cents) * (1000n + BigInt(Number(rate) * 10)); // (per mille of a cent)
          const expected = (scaled + 500n) / 1000n;
          const paid = levelPaymentCents({
            amount: (cents / 100).toFixed(2),
            annualRatePercent: rate,
            numberOfPayments: 1,
            frequency: 'Annually',
          });
          return paid === expected;
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('term and frequency', () => {
  it('converts only terms that are a whole number of payments', () => {
    expect(numberOfPayments(60, 'Monthly')).toBe(60);
    expect(numberOfPayments(60, 'BiWeekly')).toBe(130);
    expect(numberOfPayments(36, 'Weekly')).toBe(156);
    expect(numberOfPayments(12, 'SemiMonthly')).toBe(24);
    expect(numberOfPayments(12, 'Quarterly')).toBe(4);
    expect(numberOfPayments(3, 'Quarterly')).toBe(1);
    expect(numberOfPayments(24, 'Annually')).toBe(2);
  });
  it.each([
    [1, 'Annually', 'An annually term must be a multiple of 12 months.'],
    [13, 'BiWeekly', 'A bi-weekly term must be a multiple of 6 months.'],
    [4, 'Quarterly', 'A quarterly term must be a multiple of 3 months.'],
    [7, 'SemiAnnually', 'A semi-annually term must be a multiple of 6 months.'],
    [13, 'Weekly', 'A weekly term must be a multiple of 3 months.'],
  ] as const)('refuses %i months paid %s with a message for the form', (months, frequency, message) => {
    expect(isValidTerm(months, frequency)).toBe(false);
    expect(() => numberOfPayments(months, frequency)).toThrow(message);
    expect(() => calculatePayment({ amount: '12000', annualRatePercent: '12', termMonths: months, frequency })).toThrow(
      LoanMathError,
    );
  });
  it('knows the smallest valid step of every frequency', () => {
    expect(paymentFrequencyNames.map((f) => termStepMonths(f))).toEqual([3, 6, 1, 1, 3, 6, 12]);
  });
  it('refuses a payment that rounds to $0.00, a zero amount and a negative rate', () => {
    expect(() =>
      calculatePayment({ amount: '0.01', annualRatePercent: '0', termMonths: 60, frequency: 'Monthly' }),
    ).toThrow('rounds to $0.00');
    expect(() =>
      calculatePayment({ amount: '0', annualRatePercent: '5', termMonths: 12, frequency: 'Monthly' }),
    ).toThrow('greater than 0');
    expect(() =>
      calculatePayment({ amount: '100', annualRatePercent: '-1', termMonths: 12, frequency: 'Monthly' }),
    ).toThrow('cannot be negative');
  });
});

describe('schedule properties', () => {
  const loan = fc.record({
    cents: fc.integer({ min: 100_000, max: 100_000_000 }),
    rateThousandths: fc.oneof(fc.constant(0), fc.integer({ min: 500, max: 30_000 })),
    frequency: fc.constantFrom(...paymentFrequencyNames),
    periods: fc.integer({ min: 1, max: 40 }),
  });
  it('principal sums exactly to the amount, the balance never goes negative before the end, totals add up', () => {
    fc.assert(
      fc.property(loan, ({ cents, rateThousandths, frequency, periods }) => {
        const termMonths = termStepMonths(frequency) * periods;
        const amount = (cents / 100).toFixed(2);
        const rate = (rateThousandths / 1000).toFixed(3);
        let d;
        try {
          d = amortize({ amount, annualRatePercent: rate, termMonths, frequency, firstPaymentDate: '2027-01-31' });
        } catch (e) {
          return e instanceof LoanMathError; // a payment rounding to $0.00, or one that overpays, is refused
        }
        const principal = d.schedule.reduce((sum, r) => sum + (r.paymentCents - r.interestCents), 0n);
        const total = d.schedule.reduce((sum, r) => sum + r.paymentCents, 0n);
        return (
          principal === BigInt(cents) &&
          d.schedule.every((r) => r.balanceCents >= 0n) &&
          d.schedule[d.schedule.length - 1]!.balanceCents === 0n &&
          d.totalOfPayments.times(100).eq(total.toString()) &&
          d.financeCharge.plus(d.amountFinanced).eq(d.totalOfPayments)
        );
      }),
      { numRuns: 300 },
    );
  });
  // Each period's interest is rounded to the cent, so the schedule's APR may differ from the note rate by a
  // few thousandths of a point: always inside the 1/8-point tolerance, within 0.01 from $5,000 up.
  it('the APR of a loan with no fees and no odd days equals its note rate', () => {
    fc.assert(
      fc.property(loan, ({ cents, rateThousandths, frequency, periods }) => {
        const termMonths = termStepMonths(frequency) * periods;
        const rate = (rateThousandths / 1000).toFixed(3);
        let d;
        try {
          d = amortize({
            amount: (cents / 100).toFixed(2),
            annualRatePercent: rate,
            termMonths,
            frequency,
            firstPaymentDate: '2027-06-30',
          });
        } catch (e) {
          return e instanceof LoanMathError;
        }
        const off = d.apr.minus(rate).abs();
        return isAprWithinTolerance(d.apr, money(rate)) && (cents < 500_000 || off.lte(0.01));
      }),
      { numRuns: 300 },
    );
  });
  it('a 0% loan has no interest, not -$0.04', () => {
    const d = amortize({
      amount: '1000',
      annualRatePercent: '0',
      termMonths: 3,
      frequency: 'Monthly',
      firstPaymentDate: '2027-02-01',
    });
    expect(d.schedule.map((r) => r.payment.toFixed(2))).toEqual(['333.33', '333.33', '333.34']);
    expect(d.totalInterest.toFixed(2)).toBe('0.00');
    expect(d.apr.toFixed(3)).toBe('0.000');
  });
});
