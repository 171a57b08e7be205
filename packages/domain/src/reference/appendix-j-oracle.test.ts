/**
 * The reference APR oracle against the twelve examples of Regulation Z Appendix J (c) (actuarial method), with
 * their published APRs (two decimals), and the production unit periods and APR against the same examples where
 * the product has the frequency.
 */
import { describe, expect, it } from 'vitest';
import { aprPercent } from '../apr.ts';
import type { PaymentFrequency } from '../payment.ts';
import { unitPeriods } from '../unit-periods.ts';
import { oracleApr, type OracleLoan, type OracleUnit } from './appendix-j-oracle.ts';

const DAY = 86_400_000;
const iso = (t: number) => new Date(t).toISOString().slice(0, 10);
const utc = (date: string) => Date.parse(`${date}T00:00:00Z`);
/** `count` dates every `days` days, or every `months` months on the same day (all days here are ≤ 28). */
const every = (first: string, count: number, step: { days: number } | { months: number }): string[] =>
  Array.from({ length: count }, (_, k) => {
    if ('days' in step) return iso(utc(first) + k * step.days * DAY);
    const [y, m, d] = first.split('-').map(Number) as [number, number, number];
    return iso(Date.UTC(y, m - 1 + k * step.months, d));
  });
const flows = (dates: string[], cents: bigint) => dates.map((date) => ({ date, cents }));

type Example = { name: string; loan: OracleLoan; apr: string; frequency?: PaymentFrequency };
const example = (
  name: string,
  apr: string,
  contractDate: string,
  amount: bigint,
  payments: OracleLoan['payments'],
  unit: OracleUnit,
  frequency?: PaymentFrequency,
): Example => ({
  name,
  apr,
  loan: { contractDate, amountFinancedCents: amount, payments, unit },
  ...(frequency ? { frequency } : {}),
});

const monthly = { months: 1 } as const;
const examples: Example[] = [
  example(
    '(c)(1)(i) monthly, regular first period',
    '9.69',
    '1978-01-10',
    500000n,
    flows(every('1978-02-10', 24, monthly), 23000n),
    monthly,
    'Monthly',
  ),
  example(
    '(c)(1)(ii) monthly, long first period',
    '11.82',
    '1978-02-10',
    600000n,
    flows(every('1978-04-01', 36, monthly), 20000n),
    monthly,
    'Monthly',
  ),
  example(
    '(c)(1)(iii) semimonthly, short first period',
    '10.34',
    '1978-02-23',
    500000n,
    flows(
      every('1978-03-01', 12, monthly).flatMap((d) => [d, d.replace(/-01$/, '-16')]),
      21917n,
    ),
    'semimonth',
    'SemiMonthly',
  ),
  example(
    '(c)(1)(iv) quarterly, long first period',
    '8.97',
    '1978-05-23',
    1000000n,
    flows(every('1978-10-01', 40, { months: 3 }), 38500n),
    { months: 3 },
    'Quarterly',
  ),
  example(
    '(c)(1)(v) weekly, long first period',
    '14.96',
    '1978-03-20',
    50000n,
    flows(every('1978-04-21', 30, { days: 7 }), 1760n),
    { weeks: 1 },
    'Weekly',
  ),
  example(
    '(c)(2)(i) monthly, irregular first payment',
    '10.08',
    '1978-01-10',
    500000n,
    [{ date: '1978-02-10', cents: 25000n }, ...flows(every('1978-03-10', 23, monthly), 23000n)],
    monthly,
    'Monthly',
  ),
  example(
    '(c)(2)(ii) every 4 weeks, long first period, irregular first payment',
    '28.50',
    '1978-03-18',
    40000n,
    [{ date: '1978-04-20', cents: 3950n }, ...flows(every('1978-05-18', 11, { days: 28 }), 3831n)],
    { weeks: 4 },
  ),
  example(
    '(c)(3)(i) monthly, irregular final payment',
    '10.50',
    '1978-01-10',
    500000n,
    [...flows(every('1978-02-10', 23, monthly), 23000n), { date: '1980-01-10', cents: 28000n }],
    monthly,
    'Monthly',
  ),
  example(
    '(c)(3)(ii) every 2 weeks, short first period, irregular final payment',
    '12.22',
    '1978-04-03',
    20000n,
    [
      ...flows(every('1978-04-11', 19, { days: 14 }), 950n),
      { date: every('1978-04-11', 20, { days: 14 })[19]!, cents: 3000n },
    ],
    { weeks: 2 },
    'BiWeekly',
  ),
  example(
    '(c)(4)(i) monthly, irregular first and final payments',
    '10.90',
    '1978-01-10',
    500000n,
    [
      { date: '1978-02-10', cents: 25000n },
      ...flows(every('1978-03-10', 22, monthly), 23000n),
      { date: '1980-01-10', cents: 28000n },
    ],
    monthly,
    'Monthly',
  ),
  example(
    '(c)(4)(ii) every 2 months, short first period, irregular first and final payments',
    '7.30',
    '1978-01-10',
    800000n,
    [
      { date: '1978-03-01', cents: 44936n },
      ...flows(every('1978-05-01', 18, { months: 2 }), 46500n),
      { date: '1981-05-01', cents: 20000n },
    ],
    { months: 2 },
  ),
  example(
    '(c)(5)(i) single advance, single payment, a term of days',
    '11.45',
    '1978-01-03',
    100000n,
    [{ date: '1978-09-15', cents: 108000n }],
    { months: 1 },
    'Monthly',
  ),
];

describe('Appendix J (c) examples', () => {
  it('are twelve', () => expect(examples).toHaveLength(12));

  it.each(examples.map((e) => [e.name, e] as const))('%s: the oracle', (_, e) => {
    const result = oracleApr(e.loan);
    expect(Number(result.apr).toFixed(2)).toBe(e.apr);
  });

  it.each(examples.filter((e) => e.frequency).map((e) => [e.name, e] as const))('%s: production', (_, e) => {
    const dates = e.loan.payments.map((p) => p.date);
    const units = unitPeriods(e.loan.contractDate, dates[0]!, dates.length, e.frequency!);
    const oracle = oracleApr(e.loan);
    expect(units.whole).toBe(oracle.periods[0]);
    expect(units.fraction).toBeCloseTo(oracle.fraction.n / oracle.fraction.d, 12);
    const apr = aprPercent({
      amountFinancedCents: e.loan.amountFinancedCents,
      payments: e.loan.payments.map((p, k) => ({ cents: p.cents, periods: units.whole + k })),
      fraction: units.fraction,
      unitPeriodsPerYear: units.perYear,
    });
    expect(apr.toFixed(2)).toBe(e.apr);
    expect(apr.minus(oracle.apr).abs().toNumber()).toBeLessThanOrEqual(0.000001);
  });

  it('states the unit periods the examples state', () => {
    const byName = (prefix: string) => oracleApr(examples.find((e) => e.name.startsWith(prefix))!.loan);
    expect(byName('(c)(1)(ii)')).toMatchObject({ fraction: { n: 19, d: 30 } }); // 1 month + 19 days
    expect(byName('(c)(1)(ii)').periods[0]).toBe(1);
    expect(byName('(c)(1)(iii)')).toMatchObject({ fraction: { n: 2, d: 5 }, periods: expect.arrayContaining([0]) }); // 6/15
    expect(byName('(c)(1)(iv)')).toMatchObject({ fraction: { n: 13, d: 30 } }); // 39/90
    expect(byName('(c)(1)(v)').periods[0]).toBe(4); // 32 days: 4 weeks and 4/7
    expect(byName('(c)(4)(ii)')).toMatchObject({ fraction: { n: 13, d: 15 }, perYear: { n: 6, d: 1 } }); // 52/60
    expect(byName('(c)(5)(i)')).toMatchObject({ periods: [1], perYear: { n: 73, d: 51 } }); // 365/255
  });
});
