import { adminMessages, type CrossSellOpportunity, type InternalCrossSellOffer } from '@credence/contracts';
import { calculatePayment, formatMoney, money } from '@credence/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAutoApplication, productId, signIn, SUMMIT, type ApiClient } from '../../../test/api-client.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let officer: ApiClient;
let harbor: ApiClient;

beforeAll(async () => {
  t = await createTestApp();
  officer = await signIn(t, 'officer', 'Officer2026');
  harbor = await signIn(t, 'harbor', 'Harbor2026');
});
afterAll(() => t.close());

/** A new application whose primary applicant's file is the sandbox's refinance case (SSN ending 0010), pulled. */
const withRefinanceFile = async () => {
  const body = newAutoApplication(await productId(t, SUMMIT, 'New Auto'));
  const [primary, co] = body.applicants;
  const created = await officer.post('/api/applications', {
    ...body,
    applicants: [
      { ...primary, socialSecurityNumber: '123-45-0010' },
      { ...co, dob: '1987-09-30' },
    ],
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json<{ id: number }>().id;
  const pulled = await officer.post(`/api/applications/${id}/creditreport/pull`, { creditBureau: 'Equifax' });
  expect(pulled.statusCode, pulled.body).toBe(200);
  const applicantId = pulled.json<{ reports: { applicantId: number }[] }>().reports[0]!.applicantId;
  return { id, applicantId };
};

const countApplications = async () =>
  Number((await t.pool.query<{ n: string }>('select count(*) as n from applications')).rows[0]!.n);

describe('cross-sell (spec 3 §3, issue 11 item 5)', () => {
  it('prices refinance offers on open installment loans elsewhere, to the cent with the domain maths', async () => {
    const { applicantId } = await withRefinanceFile();
    const response = await officer.get(`/api/applicant/${applicantId}/crossSell`);
    expect(response.statusCode, response.body).toBe(200);
    const found = response.json<CrossSellOpportunity[]>();
    expect(found.length).toBeGreaterThan(0);
    const auto = found.find((o) => o.crossSellName === 'Auto refinance')!;
    expect(auto.options.map((o) => [o.termMonths, o.rate])).toEqual([
      [36, '5.240'],
      [48, '5.490'],
      [60, '5.740'],
      [72, '6.240'],
    ]);
    const option = auto.options[1]!;
    const payment = calculatePayment({
      amount: auto.balance,
      annualRatePercent: '5.490',
      termMonths: 48,
      frequency: 'Monthly',
    });
    expect(option.monthlyPayment).toBe(formatMoney(payment));
    expect(option.difference).toBe(formatMoney(payment.minus(money(auto.creditReportTradelineMonthlyPayment))));
    expect(Number(auto.creditReportTradelineEstimatedRate)).toBeGreaterThan(0);
  });

  it('lists internal offers only while the lender’s toggle is on', async () => {
    const { id } = await withRefinanceFile();
    const offers = (await officer.get(`/api/applications/${id}/internalCrossSell`)).json<InternalCrossSellOffer[]>();
    expect(offers.map((o) => [o.name, o.loanAmount, o.rate])).toEqual([['Visa Platinum card', '5000.00', '14.900']]);
    await t.pool.query(`update lenders set internal_cross_sell_enabled = false where name = $1`, [SUMMIT]);
    try {
      expect((await officer.get(`/api/applications/${id}/internalCrossSell`)).json()).toEqual([]);
    } finally {
      await t.pool.query(`update lenders set internal_cross_sell_enabled = true where name = $1`, [SUMMIT]);
    }
  });

  it('creates applications from offers all or nothing, the applicant copied', async () => {
    const { id, applicantId } = await withRefinanceFile();
    const auto = (await officer.get(`/api/applicant/${applicantId}/crossSell`))
      .json<CrossSellOpportunity[]>()
      .find((o) => o.crossSellName === 'Auto refinance')!;
    const card = (await officer.get(`/api/applications/${id}/internalCrossSell`)).json<InternalCrossSellOffer[]>()[0]!;
    const refi = {
      crossSellId: auto.crossSellId,
      balance: auto.balance,
      termMonths: 60,
      crossSellAccountNumber: auto.accountNumber,
      crossSellType: 'RefiCrossSell',
    };
    const before = await countApplications();
    const refused = await officer.post(`/api/applicant/${applicantId}/crossSell/application`, {
      applicantId,
      crossSellApplicationRequests: [refi, { ...refi, crossSellId: 999_999 }],
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual([
      { field: 'crossSellApplicationRequests.1.crossSellId', message: adminMessages.crossSell.offerNotAvailable },
    ]);
    expect(await countApplications()).toBe(before);

    const created = await officer.post(`/api/applicant/${applicantId}/crossSell/application`, {
      applicantId,
      crossSellApplicationRequests: [
        refi,
        {
          crossSellId: card.crossSellId,
          balance: card.loanAmount,
          termMonths: null,
          crossSellAccountNumber: null,
          crossSellType: 'InternalCrossSell',
        },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    const ids = created.json<{ applicationIds: number[] }>().applicationIds;
    expect(ids).toHaveLength(2);
    const refinance = (await officer.get(`/api/applications/${ids[0]}`)).json();
    expect(refinance.applicants).toHaveLength(1);
    expect(refinance.applicants[0]).toMatchObject({
      firstName: 'Dana',
      lastName: 'Kowalski',
      socialSecurityNumber: '***-**-0010',
    });
    expect(refinance.request).toMatchObject({ negotiatedPrice: auto.balance, termMonths: 60 });
    const cardApp = (await officer.get(`/api/applications/${ids[1]}`)).json();
    expect(cardApp.request).toMatchObject({ requestedAmount: '5000.00' });
    expect((await officer.get(`/api/applications/${id}/history`)).body).toContain(
      `Cross-sell application(s) created: ${ids.join(', ')}`,
    );
  });

  it('records not interested; needs the right; another lender gets 404', async () => {
    const { id, applicantId } = await withRefinanceFile();
    const saved = await officer.put(`/api/applications/${id}/notInterestedCrossSell`, { notInterestedCrossSell: true });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await officer.get(`/api/applicationcreditreport/${id}`)).json().notInterestedCrossSell).toBe(true);
    expect((await harbor.get(`/api/applicant/${applicantId}/crossSell`)).statusCode).toBe(404);
    expect((await harbor.get(`/api/applications/${id}/internalCrossSell`)).statusCode).toBe(404);
    await t.pool.query(
      `delete from role_rights where "right" = 'canPullAndRepullCredit'
          and role_id in (select ul.role_id from user_lenders ul join users u on u.id = ul.user_id where u.username = 'officer')`,
    );
    expect((await officer.get(`/api/applicant/${applicantId}/crossSell`)).statusCode).toBe(403);
  });
});
