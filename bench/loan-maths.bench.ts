/**
 * Loan maths speed: the amortization schedule with its Appendix J APR for long loans, and the exact level
 * payment alone. Targets: schedule + APR of a 480-payment loan in under 1 ms (issue 16); the whole disclosure of
 * a 480-payment loan with an odd first period, prepaid finance charges and a balloon, p95 ≤ 5 ms (issue 41).
 * Run: npm run bench:loan-maths   (prints p50/p95/p99 per scenario; nothing is asserted)
 */
import { amortize, levelPaymentCents, type LoanTerms } from '@credence/domain';

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

const measure = (label: string, runs: number, work: () => unknown) => {
  for (let i = 0; i < 200; i += 1) work(); // warm the JIT
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const t0 = performance.now();
    work();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const fmt = (ms: number) => ms.toFixed(3).padStart(8);
  process.stdout.write(
    `${label.padEnd(62)} p50 ${fmt(percentile(times, 50))} ms  p95 ${fmt(percentile(times, 95))} ms  p99 ${fmt(percentile(times, 99))} ms\n`,
  );
};

const loan = (overrides: Partial<LoanTerms>): LoanTerms => ({
  amount: '350000.00',
  annualRatePercent: '6.875',
  termMonths: 480,
  frequency: 'Monthly',
  contractDate: '2027-01-01',
  firstPaymentDate: '2027-02-01',
  ...overrides,
});

process.stdout.write(`Node ${process.version}, ${new Date().toISOString()}\n`);
measure('schedule + APR, 480 monthly payments, regular first period', 2000, () => amortize(loan({})));
measure('schedule + APR, 480 monthly payments, odd first period', 2000, () =>
  amortize(loan({ contractDate: '2026-12-17', firstPaymentDate: '2027-02-01' })),
);
measure('disclosure, 480 monthly, odd days prepaid, fees, balloon', 2000, () =>
  amortize(
    loan({
      contractDate: '2026-12-17',
      firstPaymentDate: '2027-01-31',
      oddDaysInterest: 'prepaid',
      prepaidFinanceCharge: '4250.00',
      balloonAmount: '90000.00',
      securedByDwelling: true,
    }),
  ),
);
measure('disclosure, 480 semi-monthly payments (20 years)', 2000, () =>
  amortize(
    loan({ termMonths: 240, frequency: 'SemiMonthly', contractDate: '2026-12-20', firstPaymentDate: '2027-01-15' }),
  ),
);
measure('schedule + APR, 520 weekly payments (10 years)', 2000, () =>
  amortize(loan({ amount: '40000.00', termMonths: 120, frequency: 'Weekly', contractDate: '2027-01-25' })),
);
measure('schedule + APR, 60 monthly payments (auto loan)', 5000, () =>
  amortize(loan({ amount: '25000.00', annualRatePercent: '6.49', termMonths: 60 })),
);
measure('exact level payment alone, 480 payments', 5000, () =>
  levelPaymentCents({ amount: '350000.00', annualRatePercent: '6.875', numberOfPayments: 480, frequency: 'Monthly' }),
);
