import type { DryRunResult } from '@credence/contracts';
import { addDays, addMonths, weekday } from '@credence/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../../db/tenancy.ts';
import {
  HARBOR,
  lenderToday,
  newAutoApplication,
  productId,
  signIn,
  SUMMIT,
  type ApiClient,
} from '../../../test/api-client.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { formatCoreBatch, loadCoreBatch } from './core-batch.ts';

/**
 * The core batch file (issue 33, item 9): Summit takes files (send_loans_to_core off) and funds three loans; they
 * are placed around the edges of one of its calendar days, beside a loan Summit booked live and a loan of Harbor
 * on the same day. The batch is compared with direct SQL and with the dry run's payload of each loan.
 */

let t: TestApp;
let officer: ApiClient;
let summitId: number;
let harborId: number;
let zone: string;
/** The business day under test, a few days back in Summit's zone. */
let day: string;
/** The loans funded by file on `day` (first and last minute) and just before it. */
let first: number;
let last: number;
let before: number;

const q = async <T extends Record<string, unknown>>(text: string, values: unknown[] = []) =>
  (await t.pool.query<T>(text, values)).rows;
/**
 * A New Auto of Summit funded through the API by the administrator: created, approved (an exception to the policy,
 * with its reason: the terms are the test's), its stipulations cleared, the loan saved on the latest business day
 * and funded. `n` makes its SSN and amount its own.
 */
const fundNewLoan = async (admin: ApiClient, product: number, n: number) => {
  const ok = (r: { statusCode: number; body: string }, status = 200) => expect(r.statusCode, r.body).toBe(status);
  const body = newAutoApplication(product);
  const created = await admin.post('/api/applications', {
    ...body,
    applicants: [{ ...body.applicants[0], socialSecurityNumber: `123-45-${7100 + n}` }],
  });
  ok(created, 201);
  const id = created.json<{ id: number }>().id;
  ok(await admin.post(`/api/applications/${id}/creditreport/pull`, { creditBureau: 'Equifax' }));
  let day = await lenderToday(t);
  const closed = await q(`select 1 from lender_holidays where lender_id = $1 and holiday_date = $2`, [summitId, day]);
  while (weekday(day) === 0 || weekday(day) === 6 || closed.length > 0) day = addDays(day, -1);
  ok(
    await admin.post(`/api/applications/${id}/decisions`, {
      applicationId: id,
      decisionType: 'approve',
      approval: {
        contractDate: day,
        firstPaymentDate: addMonths(day, 1),
        amount: `${20000 + n}.${10 + n}`,
        term: 60,
        interestRate: '6.490',
        paymentFrequencyId: 'Monthly',
      },
      additions: [],
      decisionApplicants: [],
      fundingRequirements: [],
      policyException: { reason: 'Core batch test terms' },
    }),
    201,
  );
  const requirements = (await admin.get(`/api/applications/${id}/fundingRequirements`)).json<{
    requirements: { id: number; required: boolean; status: string; updatedAt: string }[];
  }>().requirements;
  for (const r of requirements.filter((x) => x.required && ['outstanding', 'received'].includes(x.status)))
    ok(
      await admin.put(`/api/applications/${id}/fundingRequirements/${r.id}`, {
        status: 'cleared',
        waiveReason: null,
        updatedAt: r.updatedAt,
      }),
    );
  ok(
    await admin.put(`/api/applications/${id}/loans`, {
      contractDate: day,
      firstPaymentDate: addMonths(day, 1),
      fundingDate: day,
      memberNumber: '4455667',
      loanId: `B${id}`,
      shareAccountNumber: null,
      reserveMatrixId: null,
    }),
  );
  ok(await admin.post(`/api/applications/${id}/loans/fund`));
  return id;
};
/** Sets when a loan was funded: `local` is a wall-clock time in Summit's zone. */
const fundedAtLocal = (applicationId: number, local: string, timeZone = zone) =>
  t.pool.query(`update loans set funded_at = ($2::timestamp at time zone $3) where application_id = $1`, [
    applicationId,
    local,
    timeZone,
  ]);
const batchOf = (lenderId: number, batchDay: string) =>
  withTenant(t.db, lenderId, (tx) => loadCoreBatch(tx, lenderId, batchDay));

beforeAll(async () => {
  t = await createTestApp();
  officer = await signIn(t, 'officer', 'Officer2026');
  const admin = await signIn(t, 'admin', 'Admin2026');
  const lenderId = async (name: string) =>
    (await q<{ id: number }>(`select id from lenders where name = $1`, [name]))[0]!.id;
  summitId = await lenderId(SUMMIT);
  harborId = await lenderId(HARBOR);
  zone = (await q<{ z: string }>(`select time_zone as z from lenders where id = $1`, [summitId]))[0]!.z;
  await q(`update lenders set send_loans_to_core = false where id = $1`, [summitId]);
  const product = await productId(t, SUMMIT, 'New Auto');
  const funded: number[] = [];
  for (const n of [1, 2, 3]) funded.push(await fundNewLoan(admin, product, n));
  [first, last, before] = funded as [number, number, number];
  day = addDays((await q<{ d: string }>(`select (now() at time zone $1)::date::text as d`, [zone]))[0]!.d, -3);
  await fundedAtLocal(first, `${day} 00:00:30`);
  await fundedAtLocal(last, `${day} 23:59:30`);
  await fundedAtLocal(before, `${addDays(day, -1)} 23:59:59`);
  // A loan Summit booked live on the same day (the demo's), and one of Harbor's: neither belongs in the file.
  const [live] = await q<{ id: number }>(
    `select application_id as id from loans where lender_id = $1 and is_funded and sent_to_core limit 1`,
    [summitId],
  );
  const [harbor] = await q<{ id: number }>(
    `select application_id as id from loans where lender_id = $1 and is_funded limit 1`,
    [harborId],
  );
  expect(live && harbor, 'the demo has funded loans of both lenders').toBeTruthy();
  await fundedAtLocal(live!.id, `${day} 12:00:00`);
  await fundedAtLocal(harbor!.id, `${day} 12:00:00`);
}, 180_000);
afterAll(() => t.close());

describe('the core batch file of a day (issue 33, item 9)', () => {
  it('holds exactly the loans funded by file on the lender’s calendar day, as the dry run builds them', async () => {
    const expected = await q<{ id: number }>(
      `select application_id as id from loans
        where lender_id = $1 and is_funded and not sent_to_core and (funded_at at time zone $2)::date = $3::date
        order by funded_at`,
      [summitId, zone, day],
    );
    expect(expected.map((r) => r.id)).toEqual([first, last]);

    const batch = await batchOf(summitId, day);
    expect(batch.records.map((r) => r.applicationId)).toEqual([first, last]);
    expect(batch.problems).toEqual([]);

    const lines = formatCoreBatch(batch).split('\n');
    expect(lines.pop()).toBe('');
    const parsed = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(parsed.map((p) => p.record)).toEqual(['header', 'loan', 'loan', 'trailer']);
    expect(parsed[0]).toMatchObject({ format: 'credence-core-batch', lenderId: summitId, businessDate: day });
    for (const [i, id] of [first, last].entries()) {
      const dry = await officer.post(`/api/applications/${id}/loans/dryRun`);
      expect(dry.statusCode, dry.body).toBe(200);
      expect(parsed[i + 1]).toMatchObject({ sequence: i + 1, payload: dry.json<DryRunResult>().payload });
      expect((parsed[i + 1]!.payload as Record<string, unknown>).loanProductCode).not.toBeNull();
    }

    const [sums] = await q<{ n: number; total: string }>(
      `select count(*)::int as n, sum(amount)::numeric(16, 2)::text as total from loans
        where application_id = any($1::int[])`,
      [expected.map((r) => r.id)],
    );
    expect(parsed[3]).toEqual({ record: 'trailer', recordCount: sums!.n, totalAmount: sums!.total });
  });

  it('a day without loans is a header and a trailer of 0; the day before holds its own loan', async () => {
    const empty = formatCoreBatch(await batchOf(summitId, '2001-01-02'))
      .trimEnd()
      .split('\n');
    expect(empty).toHaveLength(2);
    expect(JSON.parse(empty[1]!)).toEqual({ record: 'trailer', recordCount: 0, totalAmount: '0.00' });

    const previous = await batchOf(summitId, addDays(day, -1));
    expect(previous.records.map((r) => r.applicationId)).toEqual([before]);
  });

  it('refuses a day that is not a date (422)', async () => {
    await expect(batchOf(summitId, '2026-02-30')).rejects.toMatchObject({ status: 422, code: 'VALIDATION' });
  });
});
