import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { federalHolidaySet } from './business-calendar.ts';
import {
  bookingReference,
  disbursementBalance,
  loanDateProblems,
  payoffAtDate,
  proposeDisbursements,
  rescissionDateFor,
} from './funding.ts';

describe('payoffAtDate', () => {
  it.each([
    ['12000.00', '3.25', '2026-03-01', '2026-03-11', 10, '12032.50'],
    ['12000.00', '3.25', '2026-03-01', '2026-03-01', 0, '12000.00'],
    ['12000.00', '3.25', '2026-03-11', '2026-03-01', 0, '12000.00'],
    ['500.10', '0.01', '2026-01-31', '2026-03-01', 29, '500.39'],
    ['0.00', '1.11', '2024-02-28', '2024-03-01', 2, '2.22'],
    // A four-decimal per diem is multiplied by the days, then rounded once: 27 352.07 + 487.149 (not 16.24 × 30).
    ['27352.07', '16.2383', '2026-03-01', '2026-03-31', 30, '27839.22'],
  ])('%s + %s per day from %s to %s', (amount, perDiem, goodThrough, payoffDate, days, total) => {
    const p = payoffAtDate({ payoffAmount: amount, perDiem, goodThrough, payoffDate });
    expect(p.days).toBe(days);
    expect(p.total.toFixed(2)).toBe(total);
  });
});

describe('disbursementBalance', () => {
  it('is exact to the cent', () => {
    const b = disbursementBalance('25000.00', ['0.10', '0.20', '24999.70']);
    expect(b.balanced).toBe(true);
    expect(b.remaining.toFixed(2)).toBe('0.00');
  });
  it('names the difference when short or over', () => {
    expect(disbursementBalance('100.00', ['99.99'])).toMatchObject({ balanced: false, over: false });
    expect(disbursementBalance('100.00', ['99.99']).difference.toFixed(2)).toBe('0.01');
    const over = disbursementBalance('100.00', ['60.00', '40.01']);
    expect(over.over).toBe(true);
    expect(over.difference.toFixed(2)).toBe('0.01');
    expect(over.remaining.toFixed(2)).toBe('-0.01');
  });
  it('proposed disbursements always balance when the amount covers payoffs and add-ons', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 1_000_000 }), { maxLength: 5 }),
        fc.integer({ min: 0, max: 100_000_000 }),
        (parts, extra) => {
          const cents = (n: number) => (n / 100).toFixed(2);
          const sum = parts.reduce((a, b) => a + b, 0);
          const amount = cents(sum + extra);
          const proposed = proposeDisbursements({
            amount,
            payoffs: parts.slice(0, 2).map((p) => ({ amount: cents(p) })),
            additions: parts.slice(2).map((p) => ({ amount: cents(p) })),
            remainder: {},
          });
          const all = [...proposed.payoffs, ...proposed.additions, proposed.remainder].map((x) => x.amount);
          return disbursementBalance(amount, all).balanced;
        },
      ),
    );
  });
  it('never proposes a negative remainder', () => {
    const p = proposeDisbursements({ amount: '100.00', payoffs: [{ amount: '150.00' }], additions: [], remainder: {} });
    expect(p.remainder.amount.toFixed(2)).toBe('0.00');
  });
});

describe('bookingReference', () => {
  it('is lender-application-sequence', () => {
    expect(bookingReference(3, 10004, 0)).toBe('3-10004-0');
    expect(bookingReference(3, 10004, 1)).not.toBe(bookingReference(3, 10004, 0));
  });
});

describe('loanDateProblems', () => {
  const holidays = federalHolidaySet(2026, 2027);
  const base = {
    contractDate: null,
    firstPaymentDate: null,
    rescissionDate: null,
    fundingDate: null,
    hasRescission: false,
    lenderDate: '2026-07-01',
    holidays,
  };
  it('accepts good dates', () => {
    expect(
      loanDateProblems({
        ...base,
        contractDate: '2026-07-01',
        firstPaymentDate: '2026-08-01',
        fundingDate: '2026-07-02',
      }),
    ).toEqual([]);
  });
  it('refuses a holiday, a weekend, a date too far back and a first payment not after the contract date', () => {
    expect(loanDateProblems({ ...base, contractDate: '2026-07-03', firstPaymentDate: '2026-07-03' })).toEqual([
      { field: 'contractDate', code: 'contractDateNotBusinessDay' },
      { field: 'firstPaymentDate', code: 'firstPaymentNotAfterContract' },
    ]);
    expect(loanDateProblems({ ...base, fundingDate: '2026-07-04' })[0]?.code).toBe('fundingDateNotBusinessDay');
    expect(loanDateProblems({ ...base, fundingDate: '2026-12-25' })[0]?.code).toBe('fundingDateNotBusinessDay');
    expect(loanDateProblems({ ...base, contractDate: '2026-05-29' })[0]?.code).toBe('contractDateTooEarly');
    expect(loanDateProblems({ ...base, contractDate: '2026-07-02', fundingDate: '2026-07-01' })[0]?.code).toBe(
      'fundingDateBeforeContract',
    );
  });
  it('rescission across a holiday and a month end (three business days, Sundays and federal holidays excluded)', () => {
    // Thursday 2026-12-31 → Fri Jan 1 (New Year, not counted), Sat Jan 2, Mon Jan 4, Tue Jan 5.
    expect(rescissionDateFor('2026-12-31')).toBe('2027-01-05');
    // Friday 2026-07-31 → Sat Aug 1, Mon Aug 3, Tue Aug 4.
    expect(rescissionDateFor('2026-07-31')).toBe('2026-08-04');
    const hel = { ...base, hasRescission: true, lenderDate: '2026-12-31', contractDate: '2026-12-31' };
    expect(loanDateProblems({ ...hel, rescissionDate: '2027-01-04' })).toEqual([
      { field: 'rescissionDate', code: 'rescissionDateTooEarly' },
    ]);
    expect(loanDateProblems({ ...hel, rescissionDate: '2027-01-05', fundingDate: '2027-01-05' })).toEqual([
      { field: 'fundingDate', code: 'fundingDateBeforeRescission' },
    ]);
    expect(loanDateProblems({ ...hel, rescissionDate: '2027-01-05', fundingDate: '2027-01-06' })).toEqual([]);
    expect(loanDateProblems({ ...hel, fundingDate: '2027-01-04' })).toEqual([
      { field: 'fundingDate', code: 'fundingDateBeforeRescission' },
    ]);
  });
});
