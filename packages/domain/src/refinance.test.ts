import { describe, expect, it } from 'vitest';
import { LoanMathError } from './payment.ts';
import { estimateAnnualRatePercent, refinanceOpportunity, refinanceOptions } from './refinance.ts';

describe('estimateAnnualRatePercent', () => {
  // Hand-checked: the payments are the textbook level payments (20 000 at 6 % over 60 months is 386.656, shown
  // 386.66), so the rate that solves them is the rate a hair above (the cent rounding), to three decimals.
  it.each([
    ['20000.00', '386.66', 60, '6.000'],
    ['10000.00', '299.71', 36, '5.000'],
    ['18432.00', '412.00', 49, '4.442'],
    ['25000.00', '500.00', 60, '7.420'],
    // 12 000 in 60 payments of 200: exactly 0 %.
    ['12000.00', '200.00', 60, '0.000'],
  ])('%s repaid by %s over %i months is %s%%', (balance, monthlyPayment, remainingTermMonths, rate) => {
    expect(estimateAnnualRatePercent({ balance, monthlyPayment, remainingTermMonths })?.toFixed(3)).toBe(rate);
  });

  it.each([
    ['payments that never repay the balance (a negative rate)', '12000.00', '150.00', 60],
    ['a payment beyond any rate up to 100 %', '1000.00', '1000.00', 60],
    ['no remaining term', '5000.00', '200.00', 0],
    ['a fractional term', '5000.00', '200.00', 12.5],
    ['no balance', '0.00', '200.00', 24],
    ['no payment', '5000.00', '0.00', 24],
  ])('is null for %s', (_case, balance, monthlyPayment, remainingTermMonths) => {
    expect(estimateAnnualRatePercent({ balance, monthlyPayment, remainingTermMonths })).toBeNull();
  });
});

describe('refinanceOptions', () => {
  // Hand-checked with P·r / (1 − (1 + r)^−n): 20 000 at 5.99 % over 60 is 386.563 → 386.56; at 6.49 % over 72
  // is 336.103 → 336.10; at 0 % over 36 is 555.555… → 555.56.
  it('prices each offer on the balance and gives the change from today', () => {
    expect(
      refinanceOptions({ balance: '20000.00', monthlyPayment: '450.00' }, [
        { termMonths: 60, ratePercent: '5.99' },
        { termMonths: 72, ratePercent: '6.49', description: 'Auto refi 72' },
        { termMonths: 36, ratePercent: '0' },
      ]),
    ).toEqual([
      {
        description: '60 months at 5.990%',
        termMonths: 60,
        rate: '5.990',
        monthlyPayment: '386.56',
        difference: '-63.44',
      },
      { description: 'Auto refi 72', termMonths: 72, rate: '6.490', monthlyPayment: '336.10', difference: '-113.90' },
      {
        description: '36 months at 0.000%',
        termMonths: 36,
        rate: '0.000',
        monthlyPayment: '555.56',
        difference: '105.56',
      },
    ]);
  });

  it('refuses an offer the payment maths refuses', () => {
    expect(() =>
      refinanceOptions({ balance: '20000.00', monthlyPayment: '450.00' }, [{ termMonths: 60, ratePercent: '-1' }]),
    ).toThrow(LoanMathError);
  });
});

describe('refinanceOpportunity', () => {
  it('gives the estimate and the options together', () => {
    const o = refinanceOpportunity({ balance: '20000.00', monthlyPayment: '386.66', remainingTermMonths: 60 }, [
      { termMonths: 48, ratePercent: '4.5' },
    ]);
    // 20 000 at 4.5 % over 48: 456.065… → 456.07, 69.41 more than today.
    expect(o).toEqual({
      estimatedRate: '6.000',
      options: [
        {
          description: '48 months at 4.500%',
          termMonths: 48,
          rate: '4.500',
          monthlyPayment: '456.07',
          difference: '69.41',
        },
      ],
    });
  });

  it("gives a null estimate ('Rate could not be calculated') and still prices the offers", () => {
    const o = refinanceOpportunity({ balance: '12000.00', monthlyPayment: '150.00', remainingTermMonths: 60 }, [
      { termMonths: 60, ratePercent: '5' },
    ]);
    expect(o.estimatedRate).toBeNull();
    expect(o.options[0]?.monthlyPayment).toBe('226.45');
  });
});
