import { policyFactsSchema, type ApplicationCredit, type CreditTradeline } from '@credence/contracts';
import { compilePolicy, demoPolicyBundle, demoWorkflowIds, money, Money } from '@credence/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../../db/tenancy.ts';
import {
  findSeededApplication,
  HARBOR,
  newAutoApplication,
  productId,
  signIn,
  SUMMIT,
  type ApiClient,
} from '../../../test/api-client.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { loadPolicyFacts, type PolicyFactsOptions } from './policy-facts.service.ts';

let t: TestApp;
let officer: ApiClient;
let summitId: number;
let harborId: number;
let newAuto: number;

const lenderId = async (name: string) =>
  (await t.pool.query<{ id: number }>('select id from lenders where name = $1', [name])).rows[0]!.id;

beforeAll(async () => {
  t = await createTestApp();
  officer = await signIn(t, 'officer', 'Officer2026');
  summitId = await lenderId(SUMMIT);
  harborId = await lenderId(HARBOR);
  newAuto = await productId(t, SUMMIT, 'New Auto');
});
afterAll(() => t.close());

const facts = (applicationId: number, options?: PolicyFactsOptions, lender = summitId) =>
  withTenant(t.db, lender, (tx) => loadPolicyFacts(tx, applicationId, options));

/**
 * Dana (98 000 a year, a 1 850 mortgage a month) and Sam Kowalski buy a used 2021 car worth 30 000 for 30 000
 * with 5 000 down and a 500 GAP: 25 000 before back-end products, 25 500 financed over 60 monthly payments.
 */
const create = async (options: { primarySsn?: string; alone?: boolean; spouseSsn?: string } = {}) => {
  const body = newAutoApplication(newAuto);
  // A community property state, where a spouse who signs nothing may be recorded.
  const california = [{ addressLine1: '2500 Fulton Ave', city: 'Sacramento', state: 'CA', zip: '95821' }];
  const primary = {
    ...body.applicants[0],
    socialSecurityNumber: options.primarySsn ?? '123-45-6789',
    ...(options.spouseSsn ? { addresses: california } : {}),
  };
  const second = options.spouseSsn
    ? {
        // A spouse who signs nothing (community property): on file, not a borrower.
        ...body.applicants[1],
        applicantRole: 'NON_APPLICANT_SPOUSE',
        socialSecurityNumber: options.spouseSsn,
        dob: '1987-09-30',
        addresses: california,
      }
    : { ...body.applicants[1], dob: '1987-09-30' };
  const response = await officer.post('/api/applications', {
    ...body,
    applicants: options.alone ? [primary] : [primary, second],
    request: {
      negotiatedPrice: '30000.00',
      cashDown: '5000.00',
      gap: '500.00',
      termMonths: 60,
      paymentFrequencyId: 'Monthly',
      value: '30000.00',
    },
    collaterals: [{ ...body.collaterals[0], year: 2021, mileage: 42000, value: '30000.00', isUsed: true }],
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number }>().id;
};

const pull = async (id: number) => {
  const response = await officer.post(`/api/applications/${id}/creditreport/pull`, { creditBureau: 'Equifax' });
  expect(response.statusCode, response.body).toBe(200);
};

const credit = async (id: number) => {
  const response = await officer.get(`/api/applicationcreditreport/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ApplicationCredit>();
};

const activeTradelines = (answer: ApplicationCredit) =>
  answer.applicants.flatMap((a) =>
    (a.activeCreditReport?.report.tradelines ?? []).map((tradeline) => ({
      creditReportId: a.activeCreditReport!.id,
      tradeline,
    })),
  );

/** The tradelines that count toward monthly debts, as the facts document it. */
const countsAsDebt = (x: CreditTradeline) =>
  x.isOpen &&
  money(x.balance).gt(0) &&
  x.portfolioType !== 'OPEN' &&
  !x.excluded &&
  !x.paidOff &&
  x.ecoa !== 'AuthorizedUser' &&
  x.ecoa !== 'Terminated' &&
  x.monthlyPayment !== null;

const INCOME = '8166.67'; // 98 000 / 12
const PAYMENT = '517.05'; // 25 500 at 8.00 % over 60 months
const pct = (value: Money) => value.toDecimalPlaces(2, Money.ROUND_HALF_UP).toFixed(2);
const dtiWith = (tradelineDebts: Money) => pct(tradelineDebts.plus('1850.00').plus(PAYMENT).div(INCOME).times(100));

describe('policy facts of an application (issue 12)', () => {
  it('computes the application metrics a loan officer would check by hand', async () => {
    const id = await create();
    const loaded = await facts(id, { asOf: '2026-06-15' });
    expect(loaded).toEqual({
      metrics: {
        ApplicationIncome: '8166.67',
        // (1 850.00 mortgage + 517.05 new payment) / 8 166.67
        ApplicationDti: '28.98',
        ApplicationPti: '6.33',
        ApplicationNdi: '5799.62',
        ApplicationFrontEndLtv: '83.33',
        ApplicationBackEndLtv: '85.00',
        ApplicationVehicleAge: '5',
        ApplicationVehicleMileage: '42000',
        ApplicationLoanAmount: '25500.00',
        ApplicationTermMonths: '60',
      },
      flags: { hasCoApplicant: true },
      creditScore: null,
      amount: '25500.00',
      termMonths: 60,
      ltv: '83.33',
      collateralAge: 5,
      collateralMileage: 42000,
      newUsed: 'Used',
      productId: String(newAuto),
      // No report on file: the tier set reads its first model's ranges.
      scoreModel: null,
      channel: 'Direct',
    });
    expect(policyFactsSchema.parse(loaded)).toEqual(loaded);

    // A later stage reads the same terms until the decision worksheet exists; a known rate reprices the payment.
    const decision = await facts(id, { asOf: '2026-06-15', stage: 'Decision', ratePercent: '6.49' });
    expect(decision!.metrics).toMatchObject({
      ApplicationPti: '6.11', // 498.82 / 8 166.67
      DecisionPti: '6.11',
      DecisionFrontEndLtv: '83.33',
      DecisionLoanAmount: '25500.00',
    });
    expect(Object.keys(decision!.metrics!).filter((k) => k.startsWith('Proposed'))).toEqual([]);
  });

  it('adds the included tradelines to the debts, and an excluded tradeline drops out of the DTI', async () => {
    const id = await create();
    await pull(id);
    const answer = await credit(id);
    const lines = activeTradelines(answer);
    const debts = lines.filter((l) => countsAsDebt(l.tradeline));
    expect(debts.length).toBeGreaterThan(1);
    const tradelineDebts = debts.reduce((s, l) => s.plus(l.tradeline.monthlyPayment!), money(0));

    const loaded = (await facts(id, { asOf: '2026-06-15' }))!;
    expect(policyFactsSchema.parse(loaded)).toEqual(loaded);
    expect(loaded.metrics).toMatchObject({
      ApplicationIncome: '8166.67',
      ApplicationPti: '6.33',
      ApplicationDti: dtiWith(tradelineDebts),
      ApplicationNdi: money(INCOME).minus('1850.00').minus(PAYMENT).minus(tradelineDebts).toFixed(2),
      ApplicationCreditScore: String(answer.averageCreditScore),
    });
    expect(loaded.creditScore).toBe(answer.averageCreditScore);
    const revolving = lines
      .map((l) => l.tradeline)
      .filter(
        (x) => x.isOpen && x.portfolioType === 'REVOLVING' && x.creditLimit !== null && money(x.creditLimit).gt(0),
      );
    if (revolving.length > 0) {
      const used = revolving.reduce((s, x) => s.plus(x.balance), money(0));
      const limits = revolving.reduce((s, x) => s.plus(x.creditLimit!), money(0));
      expect(loaded.metrics!.ApplicationCreditUtilization).toBe(pct(used.div(limits).times(100)));
    }

    // The reviewer excludes the largest payment: it no longer counts.
    const largest = [...debts].sort((a, b) => money(b.tradeline.monthlyPayment!).cmp(a.tradeline.monthlyPayment!))[0]!;
    const mark = (excluded: boolean, which: typeof debts) =>
      officer.put(`/api/CreditReportReview/${id}`, {
        review: 'Checked',
        tradelines: which.map((l) => ({
          creditReportId: l.creditReportId,
          tradelineId: l.tradeline.id,
          excluded,
          paidOff: false,
        })),
      });
    expect((await mark(true, [largest])).statusCode).toBe(200);
    const withoutLargest = (await facts(id))!.metrics!.ApplicationDti;
    expect(withoutLargest).toBe(dtiWith(tradelineDebts.minus(largest.tradeline.monthlyPayment!)));
    expect(Number(withoutLargest)).toBeLessThan(Number(loaded.metrics!.ApplicationDti));

    // With every tradeline excluded, the DTI is the one before credit was pulled.
    expect((await mark(true, debts)).statusCode).toBe(200);
    expect((await facts(id))!.metrics!.ApplicationDti).toBe('28.98');
  });

  it('counts only what is owed each month: no closed or paid account, no 30-day charge account', async () => {
    // The sandbox's every-status file (0008): closed, paid and charged-off accounts, an open AMEX charge card.
    const id = await create({ primarySsn: '123-45-0008', alone: true });
    await pull(id);
    const tradelines = activeTradelines(await credit(id)).map((l) => l.tradeline);
    const closed = tradelines.filter((x) => !x.isOpen);
    expect(closed.length).toBeGreaterThan(3);
    // A closed account reports no payment any more (Metro 2), whatever it owed before.
    expect(closed.every((x) => x.monthlyPayment === null || money(x.monthlyPayment).isZero())).toBe(true);
    const chargeCard = tradelines.find((x) => x.isOpen && x.portfolioType === 'OPEN' && x.monthlyPayment !== null);
    expect(chargeCard, 'an open charge card with a payment').toBeDefined();
    expect(money(chargeCard!.monthlyPayment!).gt(0)).toBe(true);

    const counted = tradelines.filter(countsAsDebt);
    expect(counted).not.toContain(chargeCard);
    const debts = counted.reduce((s, x) => s.plus(x.monthlyPayment!), money(0));
    const loaded = (await facts(id))!;
    expect(loaded.metrics!.ApplicationDti).toBe(dtiWith(debts));
    // The charge card's balance is paid in full each month: counting it would raise the DTI.
    expect(dtiWith(debts.plus(chargeCard!.monthlyPayment!))).not.toBe(loaded.metrics!.ApplicationDti);
  });

  it('leaves a non-applicant spouse’s credit report out of the borrowers’ debts and flags', async () => {
    // Dana borrows alone; her spouse (a bankruptcy on file, 0007) signs nothing.
    const id = await create({ spouseSsn: '123-45-0007' });
    await pull(id);
    const answer = await credit(id);
    const spouse = answer.applicants.find((a) => a.activeCreditReport?.report.publicRecords.length);
    expect(spouse, 'the spouse’s report is on file').toBeDefined();
    const own = activeTradelines(answer).filter((l) => l.creditReportId !== spouse!.activeCreditReport!.id);
    const debts = own
      .filter((l) => countsAsDebt(l.tradeline))
      .reduce((s, l) => s.plus(l.tradeline.monthlyPayment!), money(0));

    const loaded = (await facts(id))!;
    expect(loaded.metrics!.ApplicationDti).toBe(dtiWith(debts));
    expect(loaded.flags).toMatchObject({ hasCoApplicant: false, hasBankruptcy: false });
  });

  it.each([
    ['0004', 'an OFAC possible match', { hasOfacAlert: true }],
    ['0006', 'a fraud alert', { hasFraudAlert: true }],
    ['0003', 'a security freeze', { hasFraudAlert: true }],
    ['0007', 'a bankruptcy public record', { hasBankruptcy: true }],
    ['0008', 'a repossessed auto loan', { hasRepossession: true }],
  ] as const)('raises the flag of %s (%s) from the active credit report', async (last4, _what, expected) => {
    const id = await create({ primarySsn: `123-45-${last4}`, alone: true });
    expect((await facts(id))!.flags).toEqual({ hasCoApplicant: false });
    await pull(id);
    const loaded = (await facts(id))!;
    expect(loaded.flags).toMatchObject({ hasCoApplicant: false, ...expected });
    expect(policyFactsSchema.parse(loaded)).toEqual(loaded);
    // The demo auto policy runs on them without complaint.
    const result = compilePolicy(demoPolicyBundle, demoWorkflowIds.autoApprovalAuto).evaluate(
      policyFactsSchema.parse(loaded),
    );
    expect(['Approve', 'ManualReview', 'Decline']).toContain(result.outcome);
  });

  it('answers null for another lender’s application and for none', async () => {
    const harbors = await findSeededApplication(t, HARBOR);
    expect(await facts(harbors, {}, harborId)).not.toBeNull();
    expect(await facts(harbors, {}, summitId)).toBeNull();
    const ours = await create({ alone: true });
    expect(await facts(ours, {}, harborId)).toBeNull();
    expect(await facts(999_999_999)).toBeNull();
  });

  it('gives facts that parse for the seeded applications', async () => {
    const { rows } = await t.pool.query<{ id: number }>(
      'select id from applications where lender_id = $1 order by id limit 40',
      [summitId],
    );
    for (const { id } of rows) {
      const loaded = await facts(id);
      expect(policyFactsSchema.safeParse(loaded).success, JSON.stringify(loaded)).toBe(true);
    }
  });
});
