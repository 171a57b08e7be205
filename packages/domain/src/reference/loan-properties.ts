/**
 * Test helper: property checks of the production loan disclosure against the Appendix J reference oracle over
 * generated loans of one payment frequency — odd first periods short and long, single payments, month-end
 * anchors, prepaid finance charges, odd-days treatments, day-count bases and balloons.
 */
import fc from 'fast-check';
import { expect } from 'vitest';
import { addDays, monthOnDay, periodBefore } from '../loan-dates.ts';
import { amortize, type LoanDisclosure, type LoanTerms } from '../loan-schedule.ts';
import { Money } from '../money.ts';
import { LoanMathError, termStepMonths, type PaymentFrequency } from '../payment.ts';
import { oracleApr, type OracleUnit } from './appendix-j-oracle.ts';

const units: Record<PaymentFrequency, OracleUnit> = {
  Weekly: { weeks: 1 },
  BiWeekly: { weeks: 2 },
  SemiMonthly: 'semimonth',
  Monthly: { months: 1 },
  Quarterly: { months: 3 },
  SemiAnnually: { months: 6 },
  Annually: { months: 12 },
};
/** The most terms (in steps of the frequency's smallest term) generated: 13–52 weekly payments, 1–72 monthly … */
const maxSteps: Record<PaymentFrequency, number> = {
  Weekly: 4,
  BiWeekly: 4,
  SemiMonthly: 36,
  Monthly: 72,
  Quarterly: 40,
  SemiAnnually: 30,
  Annually: 30,
};
const periodDays: Record<PaymentFrequency, number> = {
  Weekly: 7,
  BiWeekly: 14,
  SemiMonthly: 15,
  Monthly: 30,
  Quarterly: 91,
  SemiAnnually: 182,
  Annually: 365,
};

const loanTerms = (frequency: PaymentFrequency): fc.Arbitrary<LoanTerms> => {
  const days = periodDays[frequency];
  return fc
    .record({
      cents: fc.integer({ min: 50_000, max: 50_000_000 }),
      rate: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 36_000 })),
      steps: fc.oneof(
        { weight: 1, arbitrary: fc.constant(1) },
        { weight: 5, arbitrary: fc.integer({ min: 1, max: maxSteps[frequency] }) },
      ),
      firstDay: fc.integer({ min: 0, max: 3650 }),
      monthEnd: fc.boolean(),
      firstPeriod: fc.oneof(
        fc.constant(0), // regular
        fc.integer({ min: 1, max: days - 1 }), // short
        fc.integer({ min: days + 1, max: 2 * days + 20 }), // long
      ),
      basis: fc.constantFrom('actual/365', '30/360') as fc.Arbitrary<'actual/365' | '30/360'>,
      odd: fc.constantFrom('firstPayment', 'prepaid', 'none', undefined),
      feePerMille: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 50 })),
      balloonPercent: fc.oneof(
        { weight: 3, arbitrary: fc.constant(0) },
        { weight: 1, arbitrary: fc.integer({ min: 1, max: 70 }) },
      ),
    })
    .map((g) => {
      const day = addDays('2024-01-01', g.firstDay);
      const firstPaymentDate = g.monthEnd ? monthOnDay(day, 0, 31) : day;
      const contractDate =
        g.firstPeriod === 0 ? periodBefore(firstPaymentDate, frequency) : addDays(firstPaymentDate, -g.firstPeriod);
      const cents = (perCent: number) => ((BigInt(g.cents) * BigInt(perCent)) / 100_000n).toString();
      return {
        amount: (g.cents / 100).toFixed(2),
        annualRatePercent: (g.rate / 1000).toFixed(3),
        termMonths: termStepMonths(frequency) * g.steps,
        frequency,
        contractDate,
        firstPaymentDate,
        dayCountBasis: g.basis,
        ...(g.odd ? { oddDaysInterest: g.odd } : {}),
        prepaidFinanceCharge: (Number(cents(g.feePerMille * 100)) / 100).toFixed(2),
        ...(g.balloonPercent ? { balloonAmount: (Number(cents(g.balloonPercent * 1000)) / 100).toFixed(2) } : {}),
      } satisfies LoanTerms;
    });
};

const centsOfMoney = (m: { times(n: number): { toFixed(n: number): string } }) => BigInt(m.times(100).toFixed(0));

/** The schedule adds up: total = the sum of its rows, principal = the amount, the balance 0 at the end. */
const scheduleProblems = (terms: LoanTerms, d: LoanDisclosure): string[] => {
  const rows = d.schedule;
  const total = rows.reduce((sum, r) => sum + r.paymentCents, 0n);
  const principal = rows.reduce((sum, r) => sum + (r.paymentCents - r.interestCents), 0n);
  return [
    centsOfMoney(d.totalOfPayments) === total ? '' : `total of payments ${d.totalOfPayments.toFixed(2)}`,
    principal === centsOfMoney(new Money(terms.amount)) ? '' : `principal ${principal}`,
    rows[rows.length - 1]!.balanceCents === 0n ? '' : 'a balance left',
    d.financeCharge.plus(d.amountFinanced).eq(d.totalOfPayments) ? '' : 'finance charge + amount financed',
  ];
};

/** Semi-monthly payments are 13 to 16 days apart, never two on one day. */
const gapProblems = (d: LoanDisclosure): string[] => {
  const days = d.schedule.map((row) => Date.parse(row.date) / 86_400_000);
  return days
    .slice(1)
    .flatMap((day, k) => (day - days[k]! < 13 || day - days[k]! > 16 ? [`gap ${day - days[k]!}`] : []));
};

/** The APR within 0.0001 points of the oracle's, and payments on consecutive unit periods. */
const aprProblems = (terms: LoanTerms, d: LoanDisclosure): string[] => {
  const oracle = oracleApr({
    contractDate: terms.contractDate!,
    amountFinancedCents: centsOfMoney(d.amountFinanced),
    payments: d.schedule.map((r) => ({ date: r.date, cents: r.paymentCents })),
    unit: units[terms.frequency],
  });
  const off = BigInt(d.apr.times(1e10).toFixed(0)) - oracle.aprE10;
  return [
    oracle.periods.every((t, k) => t === oracle.periods[0]! + k) ? '' : 'a payment skipped or doubled',
    off <= 1_000_000n && off >= -1_000_000n ? '' : `APR ${d.apr.toFixed(6)}, oracle ${oracle.apr}`,
  ];
};

/** `runs` loans of the frequency: each production APR within 0.0001 points of the oracle's. */
export const checkAgainstOracle = (frequency: PaymentFrequency, runs: number) => {
  let refused = 0;
  fc.assert(
    fc.property(loanTerms(frequency), (terms) => {
      let d: LoanDisclosure;
      try {
        d = amortize(terms);
      } catch (error) {
        if (!(error instanceof LoanMathError)) throw error;
        refused += 1;
        return;
      }
      const problems = [...scheduleProblems(terms, d), ...aprProblems(terms, d)];
      if (frequency === 'SemiMonthly') problems.push(...gapProblems(d));
      expect(problems.filter(Boolean)).toEqual([]);
    }),
    { numRuns: runs },
  );
  return { refused };
};
