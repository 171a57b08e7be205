import { describe, expect, it } from 'vitest';
import { aprPercent, formatApr, isAprWithinTolerance } from './apr.ts';
import { addDays, addMonths, days360, daysBetween, lastPaymentDate, paymentDate, periodBefore } from './loan-dates.ts';
import { amortize, paymentScheduleText, scheduleCsv } from './loan-schedule.ts';
import { firstPeriodUnits } from './unit-periods.ts';
import { money } from './money.ts';
import { reselectRateGridCell, selectRateGridCell, isRateGridTermEnabled, type RateGridRow } from './rate-grid.ts';
import {
  additionAmount,
  debtToIncome,
  formatPercent,
  formatPti,
  loanToValue,
  monthlyEquivalent,
  netDisposableIncome,
  paymentToIncome,
  payoffAt,
  percentDown,
  vehicleAge,
} from './ratios.ts';

describe('dates', () => {
  it.each([
    ['2024-01-31', 1, '2024-02-29'],
    ['2024-01-31', 2, '2024-03-31'],
    ['2024-02-29', 12, '2025-02-28'],
    ['2023-01-31', 1, '2023-02-28'],
    ['2024-12-15', 1, '2025-01-15'],
    ['2025-03-31', -1, '2025-02-28'],
  ] as const)('%s + %i months = %s (counted from the first date, clamped to month end)', (from, months, to) => {
    expect(addMonths(from, months)).toBe(to);
  });

  it('counts months from the first payment date, not period by period', () => {
    // Period by period Jan 31 → Feb 29 → Mar 29 would drift; from the first date it is Mar 31.
    expect(paymentDate('2024-01-31', 2, 'Monthly')).toBe('2024-03-31');
    expect(paymentDate('2024-01-31', 1, 'Monthly')).toBe('2024-02-29');
  });

  it.each([
    ['Annually', 5, '2024-02-29', '2028-02-29'],
    ['Annually', 2, '2024-02-29', '2025-02-28'],
    ['Quarterly', 4, '2025-01-31', '2025-10-31'],
    ['SemiAnnually', 3, '2025-08-31', '2026-08-31'],
    ['Monthly', 60, '2027-02-01', '2032-01-01'],
    ['BiWeekly', 3, '2025-01-01', '2025-01-29'],
    ['Weekly', 53, '2025-01-01', '2025-12-31'],
    ['SemiMonthly', 2, '2025-01-01', '2025-01-16'],
    ['SemiMonthly', 4, '2025-01-20', '2025-03-05'],
    ['SemiMonthly', 3, '2025-01-31', '2025-02-28'],
  ] as const)('last payment date, %s, %i payments from %s → %s (spec 3 §9)', (frequency, n, first, last) => {
    expect(lastPaymentDate(first, n, frequency)).toBe(last);
  });

  it.each([
    ['2025-01-20', ['2025-01-20', '2025-02-05', '2025-02-20', '2025-03-05', '2025-03-20', '2025-04-05']],
    ['2025-01-31', ['2025-01-31', '2025-02-15', '2025-02-28', '2025-03-15', '2025-03-31', '2025-04-15']],
    ['2026-01-15', ['2026-01-15', '2026-01-31', '2026-02-15', '2026-02-28', '2026-03-15', '2026-03-31']],
    ['2025-01-01', ['2025-01-01', '2025-01-16', '2025-02-01', '2025-02-16', '2025-03-01', '2025-03-16']],
    ['2025-01-14', ['2025-01-14', '2025-01-29', '2025-02-14', '2025-02-28', '2025-03-14', '2025-03-29']],
    ['2025-01-30', ['2025-01-30', '2025-02-15', '2025-02-28', '2025-03-15', '2025-03-30', '2025-04-15']],
  ] as const)('semi-monthly from %s: two fixed days a month, month-end safe', (first, dates) => {
    expect(dates.map((_, k) => paymentDate(first, k, 'SemiMonthly'))).toEqual(dates);
    expect(periodBefore(first, 'SemiMonthly')).toBe(paymentDate(first, -1, 'SemiMonthly'));
  });

  it('semi-monthly payments are 13 to 16 days apart, 13 only across the end of February, never on one day', () => {
    for (let day = 0; day < 366; day += 1) {
      const first = addDays('2027-01-01', day);
      for (let k = 0; k < 30; k += 1) {
        const [a, b] = [paymentDate(first, k - 1, 'SemiMonthly'), paymentDate(first, k, 'SemiMonthly')];
        const gap = daysBetween(a, b);
        expect(gap).toBeGreaterThanOrEqual(gap === 13 ? 13 : 14);
        expect(gap).toBeLessThanOrEqual(16);
        if (gap === 13) expect(b.slice(5, 7) === '03' || a.slice(5, 7) === '02').toBe(true);
      }
    }
  });

  it('day counts: actual and 30/360', () => {
    expect(daysBetween('2024-02-01', '2024-03-01')).toBe(29);
    expect(daysBetween('2025-03-01', '2025-02-01')).toBe(-28);
    expect(days360('2024-02-01', '2024-03-01')).toBe(30);
    expect(days360('2025-01-31', '2025-03-31')).toBe(60);
  });
});

describe('odd first period', () => {
  it('counts whole unit periods back from the first payment and a fraction of 30-day months (Appendix J (b)(5))', () => {
    expect(firstPeriodUnits('2027-01-01', '2027-02-01', 'Monthly')).toEqual({ whole: 1, fraction: 0 });
    const long = firstPeriodUnits('2027-01-10', '2027-03-01', 'Monthly');
    expect(long.whole).toBe(1);
    expect(long.fraction).toBeCloseTo(22 / 30, 12);
    expect(firstPeriodUnits('2027-01-01', '2027-01-15', 'Weekly')).toEqual({ whole: 2, fraction: 0 });
  });

  it('adds actual/365 odd-days interest to the first payment, and the APR reflects it', () => {
    const d = amortize({
      amount: '20000',
      annualRatePercent: '6',
      termMonths: 60,
      frequency: 'Monthly',
      contractDate: '2027-01-10',
      firstPaymentDate: '2027-03-01',
    });
    expect(d.oddDays).toBe(22);
    expect(d.oddDaysInterest.toFixed(2)).toBe('72.33'); // 20 000 × 6 % × 22 / 365
    expect(d.firstPayment.toFixed(2)).toBe('458.99'); // 386.66 + 72.33
    expect(d.financeCharge.toFixed(2)).toBe('3271.68'); // 3 199.35 + 72.33
    expect(d.apr.toFixed(3)).toBe('5.997');
  });

  it('uses 30/360 when the product says so', () => {
    const d = amortize({
      amount: '20000',
      annualRatePercent: '6',
      termMonths: 60,
      frequency: 'Monthly',
      contractDate: '2027-01-10',
      firstPaymentDate: '2027-03-01',
      dayCountBasis: '30/360',
    });
    expect(d.oddDays).toBe(21);
    expect(d.oddDaysInterest.toFixed(2)).toBe('70.00'); // 20 000 × 6 % × 21 / 360
  });

  it('a short first period reduces the first payment', () => {
    const d = amortize({
      amount: '20000',
      annualRatePercent: '6',
      termMonths: 60,
      frequency: 'Monthly',
      contractDate: '2027-01-11',
      firstPaymentDate: '2027-02-01',
    });
    expect(d.oddDays).toBe(-10);
    expect(d.firstPayment.toFixed(2)).toBe('353.78'); // 386.66 − 32.88 (20 000 × 6 % × 10 / 365)
  });

  it('prepaid odd-days interest and fees reduce the amount financed and raise the APR', () => {
    const d = amortize({
      amount: '20000',
      annualRatePercent: '6',
      termMonths: 60,
      frequency: 'Monthly',
      contractDate: '2027-01-10',
      firstPaymentDate: '2027-03-01',
      oddDaysInterest: 'prepaid',
      prepaidFinanceCharge: '395.00',
    });
    expect(d.firstPayment.toFixed(2)).toBe('386.66');
    expect(d.amountFinanced.toFixed(2)).toBe('19532.67');
    expect(d.financeCharge.toFixed(2)).toBe('3666.68');
    expect(d.apr.gt(6.3)).toBe(true);
  });

  it('refuses a first payment date on or before the contract date', () => {
    expect(() =>
      amortize({
        amount: '1000',
        annualRatePercent: '5',
        termMonths: 12,
        frequency: 'Monthly',
        contractDate: '2027-02-01',
        firstPaymentDate: '2027-02-01',
      }),
    ).toThrow('First Payment Date must be after the Contract Date.');
  });
});

describe('APR (Appendix J)', () => {
  it('solves the single-advance monthly example: $5,000, 24 payments of $230 → 9.69%', () => {
    const apr = aprPercent({
      amountFinancedCents: 500000n,
      payments: Array.from({ length: 24 }, (_, k) => ({ cents: 23000n, periods: k + 1 })),
      fraction: 0,
      unitPeriodsPerYear: 12,
    });
    expect(apr.toDecimalPlaces(2).toFixed(2)).toBe('9.69');
    expect(formatApr(apr)).toBe('9.686%');
  });
  it('checks a disclosed APR against the 1/8 point tolerance (1/4 when irregular)', () => {
    expect(isAprWithinTolerance(money('9.810'), money('9.686'))).toBe(true);
    expect(isAprWithinTolerance(money('9.812'), money('9.686'))).toBe(false);
    expect(isAprWithinTolerance(money('9.930'), money('9.686'), true)).toBe(true);
  });
});

describe('disclosure texts', () => {
  const d = amortize({
    amount: '20000',
    annualRatePercent: '6',
    termMonths: 60,
    frequency: 'Monthly',
    firstPaymentDate: '2027-02-01',
  });
  it('states the payment schedule as §1026.18(g) does', () => {
    expect(paymentScheduleText(d, 'Monthly')).toBe(
      '59 payments of $386.66 monthly beginning 02/01/2027, 1 final payment of $386.41 on 01/01/2032',
    );
  });
  it('exports the schedule as CSV', () => {
    const lines = scheduleCsv(d).trim().split('\r\n');
    expect(lines[0]).toBe('"Payment Number","Date","Payment","Interest","Principal","Balance"');
    expect(lines[1]).toBe('"1","02/01/2027","386.66","100.00","286.66","19713.34"');
    expect(lines[60]).toBe('"60","01/01/2032","386.41","1.92","384.49","0.00"');
  });
});

describe('ratios and payoff', () => {
  it('LTV, requested LTV and percent down', () => {
    expect(loanToValue('27000', '30000')!.toString()).toBe('90');
    expect(formatPercent(loanToValue('20000', '30000'))).toBe('66.67%');
    expect(formatPercent(loanToValue('15000', '30000'))).toBe('50.0%');
    expect(loanToValue('1', '0')).toBeNull();
    expect(percentDown('3000', '30000')!.toString()).toBe('10');
  });
  it('DTI, PTI (a whole percent for display), NDI with the payment as a monthly amount', () => {
    const monthly = monthlyEquivalent('200.00', 'BiWeekly'); // 200 × 26 / 12
    expect(monthly.toFixed(2)).toBe('433.33');
    expect(debtToIncome('1200', monthly, '5000')!.toDecimalPlaces(2).toString()).toBe('32.67');
    expect(formatPti(paymentToIncome(monthly, '5000'))).toBe('9%');
    expect(formatPti(paymentToIncome('425', '5000'))).toBe('9%'); // 8.5 → 9, half up
    expect(netDisposableIncome('5000', '1200', monthly).toFixed(2)).toBe('3366.67');
  });
  it('vehicle age and payoff at a date with the per diem', () => {
    expect(vehicleAge(2019, '2026-11-23')).toBe(7);
    expect(vehicleAge(2027, '2026-11-23')).toBe(0);
    expect(payoffAt('12500.00', '3.4247', '2026-11-20', '2026-11-30').toFixed(2)).toBe('12534.25');
    expect(payoffAt('12500.00', '3.4247', '2026-11-20', '2026-11-18').toFixed(2)).toBe('12500.00');
  });
  it('add-ons flat or per $1,000', () => {
    expect(additionAmount({ ratePer1000: '2.50' }, '25450.00').toFixed(2)).toBe('63.63');
    expect(additionAmount({ flatAmount: '695' }, '25450.00').toFixed(2)).toBe('695.00');
  });
});

describe('rate grid (spec 3 §4)', () => {
  const grid: RateGridRow[] = [
    {
      term: 60,
      cells: [
        { ltv: '80', rate: '5.49' },
        { ltv: '100', rate: '5.99' },
        { ltv: '120', rate: '6.99' },
      ],
    },
    {
      term: 72,
      cells: [
        { ltv: '80', rate: '5.99' },
        { ltv: '100', rate: '6.49' },
      ],
    },
  ];
  it('choosing a cell sets term, rate and amount = value × LTV, capped at the approved total', () => {
    expect(selectRateGridCell(grid[0]!, grid[0]!.cells[1]!, '25000', '30000')).toMatchObject({
      term: 60,
      rate: '5.99',
    });
    expect(selectRateGridCell(grid[0]!, grid[0]!.cells[1]!, '25000', '30000').amount!.toFixed(2)).toBe('25000.00');
    expect(selectRateGridCell(grid[0]!, grid[0]!.cells[2]!, '25000', '27500').amount!.toFixed(2)).toBe('27500.00');
  });
  it('changing term or amount re-selects the first bucket at or above the LTV, else the last', () => {
    expect(reselectRateGridCell(grid, 60, '21000', '25000').rate).toBe('5.99'); // 84 % → 100 bucket
    expect(reselectRateGridCell(grid, 60, '20000', '25000').rate).toBe('5.49'); // exactly 80 %
    expect(reselectRateGridCell(grid, 72, '35000', '25000').rate).toBe('6.49'); // 140 % → last
  });
  it('no cell clears the rate; terms that do not fit the frequency are disabled', () => {
    expect(reselectRateGridCell(grid, 84, '20000', '25000')).toMatchObject({ rate: null, ltv: null });
    expect(isRateGridTermEnabled(60, 'Annually')).toBe(true);
    expect(isRateGridTermEnabled(66, 'Annually')).toBe(false);
    expect(isRateGridTermEnabled(66, 'Monthly')).toBe(true);
  });
});
