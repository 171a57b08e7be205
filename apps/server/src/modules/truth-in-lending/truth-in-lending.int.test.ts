import { truthInLendingEndpoint, type TruthInLending, type TruthInLendingRequest } from '@credence/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, type ApiClient } from '../../test/api-client.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const PATH = truthInLendingEndpoint.path;

const loan = (terms: Partial<TruthInLendingRequest>): TruthInLendingRequest => ({
  amount: '10000.00',
  annualRate: '18',
  term: 60,
  paymentFrequencyId: 'Monthly',
  contractDate: '2026-02-01',
  firstPaymentDate: '2026-03-01',
  prepaidFinanceCharges: [],
  dayCount: 'actual365',
  oddDays: 'firstPayment',
  ...terms,
});

const cents = (money: string) => BigInt(money.replace('.', ''));
const sumCents = (amounts: string[]) => amounts.reduce((total, a) => total + cents(a), 0n);

/** An exact APR with six decimals ("18.869770") as disclosed: half up to three ("18.870"). */
const disclosed = (exact: string) => {
  const thousandths = (BigInt(exact.replace('.', '')) + 500n) / 1000n;
  return `${thousandths / 1000n}.${String(thousandths % 1000n).padStart(3, '0')}`;
};

describe('POST /api/tools/truthInLending (issue 41, build item 5)', () => {
  let t: TestApp;
  let officer: ApiClient;

  beforeAll(async () => {
    t = await createTestApp();
    officer = await signIn(t, 'officer', 'Officer2026');
  });
  afterAll(() => t.close());

  const disclose = async (terms: Partial<TruthInLendingRequest>): Promise<TruthInLending> => {
    const response = await officer.post(PATH, loan(terms));
    expect(response.statusCode, response.body).toBe(200);
    return response.json<TruthInLending>();
  };

  /** The figures hold together: the schedule sums to the total, pays off, and the finance charge follows. */
  const expectConsistent = (d: TruthInLending, amount: string) => {
    expect(d.schedule).toHaveLength(d.numberOfPayments);
    expect(sumCents(d.schedule.map((row) => row.payment))).toBe(cents(d.totalOfPayments));
    expect(d.schedule.at(-1)!.balance).toBe('0.00');
    expect(d.schedule.at(-1)!.date).toBe(d.lastPaymentDate);
    expect(d.schedule.at(-1)!.payment).toBe(d.finalPayment);
    expect(d.schedule[0]!.payment).toBe(d.firstPayment);
    expect(cents(d.amountFinanced)).toBe(cents(amount) - cents(d.prepaidFinanceCharge));
    expect(cents(d.financeCharge)).toBe(cents(d.totalOfPayments) - cents(d.amountFinanced));
    for (const row of d.schedule) expect(cents(row.principal)).toBe(cents(row.payment) - cents(row.interest));
    expect(d.apr).toMatch(/^\d+\.\d{3}$/);
    for (const money of [d.payment, d.amountFinanced, d.financeCharge, d.totalOfPayments]) {
      expect(money).toMatch(/^\d+\.\d{2}$/);
    }
  };

  // The exact APRs of an independent Appendix J reference (packages/domain/src/truth-in-lending.test.ts).
  it.each([
    ['one monthly payment, a term of 50 days', { term: 1, contractDate: '2026-01-10' }, '18.869770'],
    [
      'one annual payment, a term of 278 days',
      {
        annualRate: '12',
        term: 12,
        paymentFrequencyId: 'Annually',
        contractDate: '2026-01-15',
        firstPaymentDate: '2026-10-20',
      },
      '11.999966',
    ],
    [
      'one quarterly payment, a term of 4 months',
      {
        annualRate: '10',
        term: 3,
        paymentFrequencyId: 'Quarterly',
        contractDate: '2026-01-15',
        firstPaymentDate: '2026-05-15',
      },
      '10.047900',
    ],
    [
      'semi-annual, a short first period',
      {
        amount: '100000.00',
        annualRate: '9',
        term: 36,
        paymentFrequencyId: 'SemiAnnually',
        contractDate: '2026-01-31',
        firstPaymentDate: '2026-06-30',
      },
      '9.006862',
    ],
    [
      'semi-monthly, a long first period',
      {
        amount: '30000.00',
        annualRate: '12',
        term: 48,
        paymentFrequencyId: 'SemiMonthly',
        contractDate: '2026-01-01',
        firstPaymentDate: '2026-02-15',
      },
      '12.006433',
    ],
    [
      'monthly on the last day of the month',
      { amount: '25000.00', annualRate: '7.49', term: 60, contractDate: '2025-01-05', firstPaymentDate: '2025-03-31' },
      '7.463397',
    ],
  ] as const)('discloses the exact APR, %s', async (_, terms, exactApr) => {
    const d = await disclose(terms);
    expect(d.apr).toBe(disclosed(exactApr));
    expect(d.aprWithinTolerance).toBe(true);
    expectConsistent(d, loan(terms).amount);
  });

  it('answers every figure a lender reads (a regular monthly loan)', async () => {
    const d = await disclose({
      amount: '20000.00',
      annualRate: '6',
      contractDate: '2027-02-01',
      firstPaymentDate: '2027-03-01',
    });
    expect(d).toMatchObject({
      numberOfPayments: 60,
      payment: '386.66',
      firstPayment: '386.66',
      balloonAmount: '0.00',
      prepaidFinanceCharge: '0.00',
      amountFinanced: '20000.00',
      firstPaymentDate: '2027-03-01',
      lastPaymentDate: '2032-02-01',
      oddDays: 0,
      aprTolerance: '0.125',
      aprIrregular: false,
      financeChargeTolerance: '10.00',
      financeChargeWithinTolerance: true,
      apr: '6.000',
    });
    expect(d.schedule[0]).toEqual({
      number: 1,
      date: '2027-03-01',
      payment: '386.66',
      interest: '100.00',
      principal: '286.66',
      balance: '19713.34',
    });
    expectConsistent(d, '20000.00');
  });

  it('never puts two semi-monthly payments on one day', async () => {
    for (const firstPaymentDate of ['2026-02-15', '2026-02-28', '2026-01-31', '2026-01-30', '2026-01-16']) {
      const d = await disclose({
        paymentFrequencyId: 'SemiMonthly',
        term: 24,
        contractDate: '2026-01-02',
        firstPaymentDate,
      });
      const dates = d.schedule.map((row) => row.date);
      for (let k = 1; k < dates.length; k += 1)
        expect(dates[k]! > dates[k - 1]!, `${dates[k - 1]} ${dates[k]}`).toBe(true);
      expectConsistent(d, '10000.00');
    }
  });

  it('prepaid finance charges reduce the amount financed and raise the APR', async () => {
    const terms = { amount: '20000.00', annualRate: '6', contractDate: '2027-02-01', firstPaymentDate: '2027-03-01' };
    const plain = await disclose(terms);
    const charged = await disclose({
      ...terms,
      prepaidFinanceCharges: [
        { name: 'Origination fee', amount: '395.00' },
        { name: 'Documentation fee', amount: '100.00' },
      ],
    });
    expect(charged.prepaidFinanceCharge).toBe('495.00');
    expect(charged.amountFinanced).toBe('19505.00');
    expect(charged.payment).toBe(plain.payment);
    expect(cents(charged.financeCharge)).toBe(cents(plain.financeCharge) + 49500n);
    expect(Number(charged.apr)).toBeGreaterThan(Number(plain.apr));
    expectConsistent(charged, '20000.00');
  });

  it('prepaid odd-days interest is a prepaid finance charge; none charges none', async () => {
    const terms = { amount: '20000.00', annualRate: '6', contractDate: '2027-01-10', firstPaymentDate: '2027-03-01' };
    const prepaid = await disclose({
      ...terms,
      oddDays: 'prepaid',
      prepaidFinanceCharges: [{ name: 'Fee', amount: '495.00' }],
    });
    expect(prepaid).toMatchObject({ oddDays: 22, oddDaysInterest: '72.33', prepaidFinanceCharge: '567.33' });
    expect(prepaid.amountFinanced).toBe('19432.67');
    expectConsistent(prepaid, '20000.00');
    const none = await disclose({ ...terms, oddDays: 'none', dayCount: 'thirty360' });
    expect(none).toMatchObject({ oddDaysInterest: '0.00', firstPayment: '386.66' });
    expect(Number(none.apr)).toBeLessThan(6);
    expectConsistent(none, '20000.00');
  });

  it('a balloon is due with the last payment, on top of the last regular one', async () => {
    const d = await disclose({ amount: '30000.00', annualRate: '6', balloonAmount: '10000.00' });
    expect(d).toMatchObject({ payment: '436.66', balloonAmount: '10000.00', finalPayment: '10436.41' });
    const last = d.schedule.at(-1)!;
    const before = d.schedule.at(-2)!;
    // The last regular payment (the level one less what its rounding paid ahead) and the balloon.
    expect(cents(last.payment) - cents(d.balloonAmount)).toBe(43641n);
    expect(cents(last.principal)).toBe(cents(before.balance));
    expectConsistent(d, '30000.00');
  });

  const expectRefused = async (body: unknown, field: string, message?: RegExp) => {
    const response = await officer.post(PATH, body);
    expect(response.statusCode, response.body).toBe(422);
    const errors = response.json<{ errors: { field: string; message: string }[] }>().errors;
    expect(errors.map((e) => e.field)).toContain(field);
    if (message) expect(errors.find((e) => e.field === field)!.message).toMatch(message);
  };

  it('refuses what cannot be disclosed with a 422 naming the field', async () => {
    await expectRefused(loan({ paymentFrequencyId: 'Quarterly', term: 7 }), 'term', /multiple of 3 months/);
    await expectRefused(loan({ paymentFrequencyId: 'Annually', term: 18 }), 'term', /multiple of 12 months/);
    await expectRefused(loan({ contractDate: '2026-03-02' }), 'firstPaymentDate', /after the Contract Date/);
    await expectRefused(loan({ contractDate: '2026-03-01' }), 'firstPaymentDate');
    await expectRefused(loan({ balloonAmount: '10000.01' }), 'balloonAmount', /Balloon Amount/);
    await expectRefused(
      loan({ prepaidFinanceCharges: [{ name: 'Fee', amount: '10000.00' }] }),
      'prepaidFinanceCharges',
      /exceed the loan amount/,
    );
    await expectRefused(loan({ amount: '0.01', term: 480 }), 'amount');
  });

  it('refuses hostile and absurd input with a 422 naming the field', async () => {
    for (const amount of ['-5.00', '0.00', '100000000.01', '1e9', '10000', 'NaN']) {
      await expectRefused(loan({ amount }), 'amount');
    }
    await expectRefused({ ...loan({}), amount: 10000 }, 'amount');
    for (const annualRate of ['-1', '100', '7.4999', 'abc']) await expectRefused(loan({ annualRate }), 'annualRate');
    for (const term of [0, 481, 12.5, -12]) await expectRefused(loan({ term }), 'term');
    await expectRefused({ ...loan({}), paymentFrequencyId: 'Fortnightly' }, 'paymentFrequencyId');
    await expectRefused(loan({ firstPaymentDate: '2026-02-30' }), 'firstPaymentDate');
    await expectRefused(loan({ contractDate: '0000-01-01' }), 'contractDate');
    await expectRefused({ ...loan({}), dayCount: 'actual360' }, 'dayCount');
    await expectRefused({ ...loan({}), oddDays: 'later' }, 'oddDays');
    await expectRefused(loan({ balloonAmount: '-1.00' }), 'balloonAmount');
    await expectRefused(
      loan({ prepaidFinanceCharges: [{ name: 'Fee\u0000', amount: '10.00' }] }),
      'prepaidFinanceCharges.0.name',
    );
    await expectRefused(
      loan({ prepaidFinanceCharges: [{ name: 'Fee\u001b[31m', amount: '10.00' }] }),
      'prepaidFinanceCharges.0.name',
    );
    await expectRefused(
      loan({ prepaidFinanceCharges: [{ name: 'x'.repeat(101), amount: '10.00' }] }),
      'prepaidFinanceCharges.0.name',
    );
    await expectRefused(
      loan({ prepaidFinanceCharges: [{ name: ' ', amount: '10.00' }] }),
      'prepaidFinanceCharges.0.name',
    );
    await expectRefused(
      loan({ prepaidFinanceCharges: [{ name: 'Fee', amount: '-10.00' }] }),
      'prepaidFinanceCharges.0.amount',
    );
    const tooMany = Array.from({ length: 51 }, (_, k) => ({ name: `Fee ${k}`, amount: '1.00' }));
    await expectRefused(loan({ prepaidFinanceCharges: tooMany }), 'prepaidFinanceCharges');
  });

  it('answers the longest loan it takes quickly (a 50-year weekly schedule of 2,600 payments)', async () => {
    const started = Date.now();
    const d = await disclose({
      amount: '100000000.00',
      annualRate: '99.999',
      term: 600,
      paymentFrequencyId: 'Weekly',
      contractDate: '2026-01-01',
      firstPaymentDate: '2026-01-08',
      balloonAmount: '100000000.00',
      prepaidFinanceCharges: Array.from({ length: 50 }, (_, k) => ({ name: `Fee ${k}`, amount: '1000.00' })),
    });
    expect(d.numberOfPayments).toBe(2600);
    expectConsistent(d, '100000000.00');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('a loan secured by a dwelling has the $100 finance charge tolerance of §1026.18(d)(1), others $10', async () => {
    expect((await disclose({ securedByDwelling: true })).financeChargeTolerance).toBe('100.00');
    expect((await disclose({})).financeChargeTolerance).toBe('10.00');
  });

  it('is for signed-in users: 401 without a session', async () => {
    const response = await t.app.inject({ method: 'POST', url: PATH, payload: loan({}) });
    expect(response.statusCode).toBe(401);
  });
});
