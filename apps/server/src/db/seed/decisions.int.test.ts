import type { DecisionHistoryRow, DecisionReceipt, DecisionWorksheet, LastApproval } from '@credence/contracts';
import { calculatePayment, money } from '@credence/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HARBOR, signIn, SUMMIT, type ApiClient } from '../../test/api-client.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let officer: ApiClient;
let harbor: ApiClient;

beforeAll(async () => {
  t = await createTestApp();
  officer = await signIn(t, 'officer', 'Officer2026');
  harbor = await signIn(t, 'harbor', 'Harbor2026');
});
afterAll(() => t.close());

const expectedType: Record<string, string> = {
  approved: 'approve',
  counteroffer: 'counteroffer',
  pending: 'pending',
  declined: 'decline',
  cancelled: 'cancel',
};
const decider: Record<string, string> = { [SUMMIT]: 'Olivia Chen', [HARBOR]: 'Hector Ruiz' };

type Row = {
  id: number;
  state: string;
  lender: string;
  decision_type: string | null;
  entry_kind: string | null;
  state_before: string | null;
  state_after: string | null;
  decided_by: string | null;
  receipt: DecisionReceipt | null;
};

/** Every demo application in a decided state, with its newest receipt row (null when it has none). */
const decidedApplications = async () =>
  (
    await t.pool.query<Row>(
      `select a.id, a.state, l.name as lender, d.decision_type, d.entry_kind, d.state_before, d.state_after,
              u.full_name as decided_by, d.receipt
         from applications a
         join lenders l on l.id = a.lender_id
         left join lateral (select * from application_decisions x where x.application_id = a.id
                             order by x.version desc limit 1) d on true
         left join users u on u.id = d.created_by_user_id
        where a.state = any($1)
        order by a.id`,
      [Object.keys(expectedType)],
    )
  ).rows;

describe('the demo decisions (issue 13)', () => {
  it('gives every decided demo application of both lenders a receipt of its state, by the lender’s loan officer — or, outside the policy, an exception by the administrator', async () => {
    const rows = await decidedApplications();
    const excepted = rows.filter((r) => r.receipt?.policyException);
    expect(excepted.length, 'demo decisions with an exception to policy').toBeGreaterThan(0);
    for (const row of excepted)
      expect(row.receipt!.policyException, `application ${row.id}`).toMatchObject({
        limits: [expect.objectContaining({ label: expect.any(String), policyValue: expect.any(String) })],
        reason: expect.stringContaining('Member for 14 years'),
        decidedBy: { name: 'Avery Morgan' },
      });
    expect(new Set(rows.map((r) => r.lender))).toEqual(new Set([SUMMIT, HARBOR]));
    expect(new Set(rows.map((r) => r.state))).toEqual(new Set(Object.keys(expectedType)));
    for (const row of rows) {
      const label = `application ${row.id} (${row.state})`;
      expect(row.decision_type, label).toBe(expectedType[row.state]);
      expect(row, label).toMatchObject({ entry_kind: 'decision', state_before: 'reviewed', state_after: row.state });
      const receipt = row.receipt!;
      const by = receipt.policyException ? 'Avery Morgan' : decider[row.lender];
      expect(row.decided_by, label).toBe(by);
      expect(receipt, label).toMatchObject({
        decisionType: expectedType[row.state],
        source: 'manual',
        decidedBy: { name: by },
        retraction: null,
      });
      expect(receipt.creditReports.length, label).toBeGreaterThan(0);
      if (['approved', 'counteroffer', 'pending'].includes(row.state)) {
        // The terms as the server computed them: the payment of the amount, rate and term, and the disclosures.
        const a = receipt.approval!;
        const payment = calculatePayment({
          amount: a.amount,
          annualRatePercent: a.interestRate,
          termMonths: a.term,
          frequency: a.paymentFrequency,
          ...(a.balloonAmount ? { balloonAmount: a.balloonAmount } : {}),
        });
        expect(a.monthlyPayment, label).toBe(payment.toFixed(2));
        // The amount financed is the amount less the prepaid finance charges (the processing fee when chosen; the
        // demo's products collect odd days with the first payment).
        const fees = receipt.disclosures!.prepaidFinanceCharges.reduce((sum, c) => sum.plus(c.amount), money(0));
        const financed = money(a.amount).minus(fees);
        expect(receipt.disclosures, label).toMatchObject({
          apr: expect.any(String),
          amountFinanced: financed.toFixed(2),
        });
        expect(a.approvalConditions.length, label).toBeGreaterThan(0);
      } else {
        expect(receipt.approval, label).toBeNull();
      }
      if (row.state === 'counteroffer' || row.state === 'cancelled')
        expect(receipt.reasons, label).toEqual([
          expect.objectContaining({ codeId: expect.any(Number), text: expect.any(String) }),
        ]);
    }
  });

  it('names 1–3 Regulation B (C-1) reasons for every applicant of a declined application, with the bureau and score for the letter', async () => {
    const declined = (await decidedApplications()).filter((r) => r.state === 'declined');
    expect(declined.length).toBeGreaterThan(5);
    for (const row of declined) {
      const parties = (
        await t.pool.query<{ id: number }>(
          `select id from applicants where application_id = $1 and role <> 'NON_APPLICANT_SPOUSE'`,
          [row.id],
        )
      ).rows.map((p) => p.id);
      const receipt = row.receipt!;
      expect(receipt.decisionApplicants.map((d) => d.applicantId).sort()).toEqual([...parties].sort());
      for (const applicant of receipt.decisionApplicants) {
        expect(applicant.declineReasons.length).toBeGreaterThanOrEqual(1);
        expect(applicant.declineReasons.length).toBeLessThanOrEqual(3);
        const { rows: codes } = await t.pool.query<{ id: number; description: string }>(
          `select c.id, c.description from decision_codes c join applications a on a.lender_id = c.lender_id
            where a.id = $1 and c.code_type = 'declineReason' and c.id = any($2)`,
          [row.id, applicant.declineReasons.map((r) => r.codeId)],
        );
        expect(applicant.declineReasons.map((r) => r.text).sort()).toEqual(codes.map((c) => c.description).sort());
      }
      const primary = receipt.decisionApplicants[0]!;
      expect(receipt.creditReports.find((c) => c.applicantId === primary.applicantId)).toMatchObject({
        bureau: expect.any(String),
        score: expect.any(Number),
      });
    }
  });

  it('leaves the Decision queue: several reviewed applications of each lender, undecided', async () => {
    const { rows } = await t.pool.query<{ lender: string; reviewed: number; with_receipt: number }>(
      `select l.name as lender, count(*)::int as reviewed,
              count(*) filter (where exists (select 1 from application_decisions d where d.application_id = a.id))::int
                as with_receipt
         from applications a join lenders l on l.id = a.lender_id where a.state = 'reviewed' group by l.name`,
    );
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row).toMatchObject({ reviewed: expect.any(Number), with_receipt: 0 });
    expect(Math.min(...rows.map((r) => r.reviewed))).toBeGreaterThanOrEqual(5);
  });

  it('shows the decisions through the API: the worksheet, its history and the last approval, per lender', async () => {
    const rows = await decidedApplications();
    for (const [client, lender] of [
      [officer, SUMMIT],
      [harbor, HARBOR],
    ] as const) {
      const declined = rows.find((r) => r.lender === lender && r.state === 'declined')!;
      const worksheet = (await client.get(`/api/ApplicationDecision/${declined.id}`)).json<DecisionWorksheet>();
      expect(worksheet.decision).toMatchObject({ decisionType: 'decline', decidedBy: decider[lender] });
      expect(worksheet.decline).not.toBeNull();
      expect(worksheet.applicants.every((a) => a.declineReasons.length > 0)).toBe(true);

      const approved = rows.find((r) => r.lender === lender && r.state === 'approved' && !r.receipt?.policyException)!;
      const history = (await client.get(`/api/applications/${approved.id}/decisions`)).json<DecisionHistoryRow[]>();
      expect(history).toEqual([
        expect.objectContaining({ decisionType: 'approve', version: 1, createdBy: decider[lender] }),
      ]);
      const last = (await client.get(`/api/applications/${approved.id}/lastapproval`)).json<LastApproval>();
      expect(last).toMatchObject({
        decisionType: 'approve',
        amount: approved.receipt!.approval!.amount,
        monthlyPayment: approved.receipt!.approval!.monthlyPayment,
      });
    }
  });
});
