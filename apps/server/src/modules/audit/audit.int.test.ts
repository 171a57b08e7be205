import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../db/tenancy.ts';
import { lenderToday, newAutoApplication, productId, signIn, SUMMIT, type ApiClient } from '../../test/api-client.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let officer: ApiClient; // Loan Officer: no canRevealSensitiveData, no canViewAuditHistory
let admin: ApiClient;
let applicationId: number;
const SSN = '123-45-6781';

beforeAll(async () => {
  t = await createTestApp({ SSN_LOOKUPS_PER_MINUTE: '5', SSN_LOOKUPS_PER_DAY: '8' });
  officer = await signIn(t, 'officer', 'Officer2026');
  admin = await signIn(t, 'admin', 'Admin2026');
  const body = newAutoApplication(await productId(t, SUMMIT, 'New Auto'));
  body.applicants[0]!.socialSecurityNumber = SSN;
  const created = await officer.post('/api/applications', body);
  expect(created.statusCode, created.body).toBe(201);
  applicationId = created.json().id;
});
afterAll(() => t.close());

const lookup = (client: ApiClient, text: string) =>
  client.post('/api/applicationqueues/allApplicationsQueue/search', { text, page: 1, pageSize: 1 });
const auditRows = async () =>
  (
    await t.pool.query<{ actor_user_id: number; record_id: string | null; details: unknown; whole: string }>(
      `select actor_user_id, record_id, details, row_to_json(e)::text as whole from audit_events e
        where action = 'ssnLookup' and occurred_at > now() - interval '1 day' order by id`,
    )
  ).rows;

describe('SSN lookups are audited and limited (issue 10, item 1)', () => {
  it('still finds the application, and writes who and which application — never the SSN', async () => {
    const found = await lookup(officer, SSN);
    expect(found.statusCode).toBe(200);
    expect(found.json().data.map((r: { applicationId: number }) => r.applicationId)).toEqual([applicationId]);
    const missed = await lookup(officer, '123-45-6782');
    expect(missed.json().total).toBe(0);
    const rows = await auditRows();
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      record_id: String(applicationId),
      details: { matchedApplicationIds: [applicationId], total: 1 },
    });
    expect(rows[1]).toMatchObject({ record_id: null, details: { matchedApplicationIds: [], total: 0 } });
    for (const row of rows) {
      expect(row.whole).not.toContain('6781');
      expect(row.whole).not.toContain('6782');
    }
  });

  it('a name or id lookup is not an SSN lookup and is not limited', async () => {
    for (let i = 0; i < 8; i++) expect((await lookup(officer, 'Kowalski')).statusCode).toBe(200);
    expect((await lookup(officer, String(applicationId))).statusCode).toBe(200);
    expect(await auditRows()).toHaveLength(2);
  });

  it('allows the per-minute budget even to parallel guesses, then 429 with Retry-After', async () => {
    const guesses = Array.from({ length: 10 }, (_, i) => lookup(officer, `123-45-67${String(i + 10)}`));
    const codes = (await Promise.all(guesses)).map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(3); // 5 a minute, 2 used above
    const limited = await lookup(officer, SSN);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe('Too many SSN lookups. Please wait before searching by SSN again.');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(await auditRows()).toHaveLength(5);
    // Another user has a budget of their own.
    expect((await lookup(admin, SSN)).statusCode).toBe(200);
  });

  it('and a per-day budget behind it', async () => {
    await t.pool.query(`update audit_events set occurred_at = occurred_at - interval '2 minutes'`);
    for (let i = 0; i < 3; i++) expect((await lookup(officer, SSN)).statusCode).toBe(200);
    const limited = await lookup(officer, SSN);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(80_000);
  });

  it('the CSV export of an SSN search is a lookup too', async () => {
    const exported = await admin.post('/api/applicationqueues/allApplicationsQueue/export', { text: SSN });
    expect(exported.statusCode).toBe(200);
    const rows = await t.pool.query(
      `select count(*)::int as n from audit_events where action = 'ssnLookup' and occurred_at > now() - interval '1 day'
          and actor_user_id = (select id from users where username = 'admin')`,
    );
    expect(rows.rows[0].n).toBe(2);
  });
});

describe('the SSN-lookup log', () => {
  it('lists the lookups for an administrator, newest first, with user and matched applications', async () => {
    const today = await lenderToday(t);
    const response = await admin.get(`/api/audit/ssnLookups?take=3&fromDate=${today}`);
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json();
    expect(page.total).toBe(10);
    expect(page.data).toHaveLength(3);
    expect(page.data[0]).toMatchObject({
      userName: expect.any(String),
      matchedApplicationIds: [applicationId],
      total: 1,
    });
    expect(JSON.stringify(page)).not.toContain('6781');
    // The demo's lookups of past days come after today's.
    const all = (await admin.get('/api/audit/ssnLookups')).json();
    expect(all.total).toBe(14);
    expect(all.data.at(-1)).toMatchObject({
      matchedApplicationIds: [expect.any(Number), expect.any(Number)],
      total: 2,
    });
    expect((await admin.get(`/api/audit/ssnLookups?fromDate=${today}&toDate=${today}`)).json().total).toBe(10);
    expect((await admin.get('/api/audit/ssnLookups?toDate=2020-01-01')).json().total).toBe(0);
    expect((await admin.get('/api/audit/ssnLookups?fromDate=yesterday')).statusCode).toBe(422);
  });

  it('needs the audit right', async () => {
    expect((await officer.get('/api/audit/ssnLookups')).statusCode).toBe(403);
  });
});

describe('the audit is append-only for the application role', () => {
  it('refuses UPDATE and DELETE by a grant, inside tenant work', async () => {
    const lender = await t.pool.query<{ id: number }>(`select id from lenders where name = $1`, [SUMMIT]);
    const lenderId = lender.rows[0]!.id;
    // 42501: insufficient_privilege, from the grant (not from a policy that would silently match no row).
    const sqlState = (work: Promise<unknown>) =>
      work.then(
        () => 'allowed',
        (error: { code?: string; cause?: { code?: string } }) => error.cause?.code ?? error.code,
      );
    expect(
      await sqlState(withTenant(t.db, lenderId, (tx) => tx.execute(sql`update audit_events set action = 'x'`))),
    ).toBe('42501');
    expect(await sqlState(withTenant(t.db, lenderId, (tx) => tx.execute(sql`delete from audit_events`)))).toBe('42501');
    const inserted = await withTenant(t.db, lenderId, (tx) =>
      tx.execute(
        sql`insert into audit_events (lender_id, area, action) values (${lenderId}, 'test', 'append') returning id`,
      ),
    );
    expect(inserted.rows).toHaveLength(1);
    expect(
      (
        await t.pool.query(
          `select count(*)::int as n from audit_events where action = 'ssnLookup' and occurred_at > now() - interval '1 day'`,
        )
      ).rows[0].n,
    ).toBe(10);
  });
});

describe('a debt lookup at the core by SSN is an SSN lookup (issue 30, item 5)', () => {
  it('counts against the same per-user budget and is audited; by member number it is neither', async () => {
    const product = await productId(t, SUMMIT, 'Used Auto');
    const debt = (body: Record<string, unknown>) =>
      admin.post(`/api/applications/debt/${product}`, { loanProductId: product, ...body });
    const adminRows = async () =>
      (
        await t.pool.query<{ n: number }>(
          `select count(*)::int as n from audit_events where action = 'ssnLookup'
              and occurred_at > now() - interval '1 minute' and actor_user_id = (select id from users where username = 'admin')`,
        )
      ).rows[0]!.n;
    const before = await adminRows();
    expect(before).toBeLessThan(5);
    for (let i = before; i < 5; i++) expect((await debt({ ssn: `12345${String(6700 + i)}` })).statusCode).toBe(200);
    expect(await adminRows()).toBe(5);
    const limited = await debt({ ssn: '123456789' });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await debt({ memberNumber: '000111' })).statusCode).toBe(200);
    expect(await adminRows()).toBe(5);
  });
});
