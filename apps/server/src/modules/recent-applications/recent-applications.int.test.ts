import type { RecentApplication } from '@credence/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HARBOR, signIn, SUMMIT, type ApiClient } from '../../test/api-client.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let officer: ApiClient;
let admin: ApiClient;
let harbor: ApiClient;
let summitIds: number[] = [];
let harborIds: number[] = [];
/** Two more of Summit's, opened only by the last test. */
let extraIds: number[] = [];

const lenderApps = async (lender: string, n: number) =>
  (
    await t.pool.query<{ id: number }>(
      `select a.id from applications a join lenders l on l.id = a.lender_id where l.name = $1 order by a.id limit $2`,
      [lender, n],
    )
  ).rows.map((r) => r.id);

const recent = async (client: ApiClient) => {
  const response = await client.get('/api/user/recentApplications');
  expect(response.statusCode).toBe(200);
  return response.json<RecentApplication[]>();
};
const open = async (client: ApiClient, id: number) =>
  expect((await client.get(`/api/applications/${id}`)).statusCode).toBe(200);

beforeAll(async () => {
  t = await createTestApp();
  officer = await signIn(t, 'officer', 'Officer2026');
  admin = await signIn(t, 'admin', 'Admin2026');
  harbor = await signIn(t, 'harbor', 'Harbor2026');
  summitIds = await lenderApps(SUMMIT, 22);
  extraIds = (await lenderApps(SUMMIT, 24)).slice(22);
  harborIds = await lenderApps(HARBOR, 2);
});
afterAll(() => t.close());

describe('recent applications', () => {
  it('is empty at first, then lists the opened applications newest first', async () => {
    expect(await recent(officer)).toEqual([]);
    await open(officer, summitIds[0]!);
    await open(officer, summitIds[1]!);
    await open(officer, summitIds[0]!); // opened again: moves to the top, listed once
    const list = await recent(officer);
    expect(list.map((r) => r.applicationId)).toEqual([summitIds[0], summitIds[1]]);
    const { rows } = await t.pool.query(
      `select a.state, a.primary_applicant_name as name, p.name as product from applications a
         join loan_products p on p.id = a.loan_product_id where a.id = $1`,
      [summitIds[0]],
    );
    expect(list[0]).toEqual({
      applicationId: summitIds[0],
      applicantName: rows[0].name,
      state: rows[0].state,
      lockingUser: null,
      loanProduct: rows[0].product,
    });
    expect(await recent(admin)).toEqual([]);
  });

  it('names the locking user only while the lock is live', async () => {
    const id = summitIds[1]!;
    await t.pool.query(
      `update applications set locked_by_user_id = (select id from users where username = 'admin'),
              locked_at = now(), lock_expires_at = now() + interval '5 minutes' where id = $1`,
      [id],
    );
    expect((await recent(officer)).find((r) => r.applicationId === id)?.lockingUser).toBe('Avery Morgan');
    await t.pool.query(`update applications set lock_expires_at = now() - interval '1 second' where id = $1`, [id]);
    expect((await recent(officer)).find((r) => r.applicationId === id)?.lockingUser).toBeNull();
  });

  it('shows at most 10 and keeps at most 20 per user and lender', async () => {
    for (const id of summitIds) await open(officer, id);
    const list = await recent(officer);
    expect(list.map((r) => r.applicationId)).toEqual([...summitIds].reverse().slice(0, 10));
    const { rows } = await t.pool.query(
      `select count(*)::int as n from recent_applications where user_id = (select id from users where username = 'officer')`,
    );
    expect(rows[0].n).toBe(20);
  });

  it('is per lender: Harbor sees its own, and a refused open records nothing', async () => {
    expect((await harbor.get(`/api/applications/${summitIds[0]}`)).statusCode).toBe(404);
    expect(await recent(harbor)).toEqual([]);
    await open(harbor, harborIds[0]!);
    expect((await recent(harbor)).map((r) => r.applicationId)).toEqual([harborIds[0]]);
    expect((await recent(officer)).map((r) => r.applicationId)).not.toContain(harborIds[0]);
  });

  it('a worksheet load never waits on another load of the same user that holds the oldest entries', async () => {
    for (const id of summitIds) await open(officer, id);
    const countOfficer = async () =>
      (
        await t.pool.query<{ n: number }>(
          `select count(*)::int as n from recent_applications where user_id = (select id from users where username = 'officer')`,
        )
      ).rows[0]!.n;
    expect(await countOfficer()).toBe(20);
    const other = await t.pool.connect();
    try {
      // Another load of the officer's, still open, holds the oldest entries (as its own forgetting locks them).
      await other.query('begin');
      await other.query(
        `select 1 from recent_applications where user_id = (select id from users where username = 'officer')
          order by viewed_at asc, application_id asc limit 3 for update`,
      );
      const started = performance.now();
      await open(officer, extraIds[0]!);
      expect(performance.now() - started).toBeLessThan(2000);
      expect((await recent(officer))[0]!.applicationId).toBe(extraIds[0]);
    } finally {
      await other.query('rollback');
      other.release();
    }
    // The held entry was left for later: the next load forgets it, and at most 20 are kept again.
    expect(await countOfficer()).toBe(21);
    await open(officer, extraIds[1]!);
    expect(await countOfficer()).toBe(20);
    expect((await recent(officer)).map((r) => r.applicationId).slice(0, 2)).toEqual([extraIds[1], extraIds[0]]);
  });
});
