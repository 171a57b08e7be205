import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { text } from 'node:stream/consumers';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_EXPORT_LIMIT, type AuditAdminEntry, type AuditAsOf } from '@credence/contracts';
import type { Db } from '../../db/client.ts';
import { withTenant } from '../../db/tenancy.ts';
import { recordAudit } from '../../platform/audit.ts';
import { HARBOR, lenderToday, signIn, SUMMIT, type ApiClient } from '../../test/api-client.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { auditExportPaging, exportCsv } from './audit-admin.service.ts';

/**
 * The audit history (issue 9, item 7): GET /api/audit/admin (page, filters), /{id}, /filters, /export (CSV) and
 * /record (as-of replay). Rows are written in January 2025 with chosen times, as the owner role, so the demo's
 * own audit rows (days before today) stay out of every period asked here.
 */
let t: TestApp;
let admin: ApiClient;
let officer: ApiClient;
let summitId: number;
let harborId: number;
let adminId: number;
let officerId: number;
let harborEntryId: number;

type Row = {
  at: string;
  lender?: 'summit' | 'harbor';
  user: 'admin' | 'officer';
  area: string;
  recordId: string;
  action: string;
  label?: string;
  changes?: Record<string, { old: unknown; new: unknown }>;
  impersonating?: boolean;
};

const insert = async (row: Row) => {
  const result = await t.pool.query<{ id: string }>(
    `insert into audit_events (occurred_at, lender_id, actor_user_id, impersonating, area, record_id, action, details)
     values ($1, $2, $3, $4, $5, $6, $7, $8) returning id`,
    [
      row.at,
      row.lender === 'harbor' ? harborId : summitId,
      row.user === 'admin' ? adminId : officerId,
      row.impersonating ?? false,
      row.area,
      row.recordId,
      row.action,
      JSON.stringify(row.label === undefined ? {} : { label: row.label, changes: row.changes ?? {} }),
    ],
  );
  return Number(result.rows[0]!.id);
};

const JANUARY = 'fromDate=2025-01-01&toDate=2025-01-31';

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, 'admin', 'Admin2026');
  officer = await signIn(t, 'officer', 'Officer2026');
  const ids = async (table: string, column: string, value: string) =>
    (await t.pool.query<{ id: number }>(`select id from ${table} where ${column} = $1`, [value])).rows[0]!.id;
  summitId = await ids('lenders', 'name', SUMMIT);
  harborId = await ids('lenders', 'name', HARBOR);
  adminId = await ids('users', 'username', 'admin');
  officerId = await ids('users', 'username', 'officer');

  // A dealer's life: create → update → update → disable, by two users.
  await insert({
    at: '2025-01-10T15:00:00Z',
    user: 'admin',
    area: 'dealers',
    recordId: '9001',
    action: 'create',
    label: 'Test Motors',
    changes: {
      name: { old: null, new: 'Test Motors' },
      phoneNumber: { old: null, new: '3035550100' },
      city: { old: null, new: 'Denver' },
      enabled: { old: null, new: true },
    },
  });
  await insert({
    at: '2025-01-12T15:00:00Z',
    user: 'officer',
    area: 'dealers',
    recordId: '9001',
    action: 'update',
    label: 'Test Motors',
    changes: { phoneNumber: { old: '3035550100', new: '3035550199' } },
  });
  await insert({
    at: '2025-01-15T15:00:00Z',
    user: 'admin',
    area: 'dealers',
    recordId: '9001',
    action: 'update',
    label: 'Test Motors West',
    changes: { name: { old: 'Test Motors', new: 'Test Motors West' }, city: { old: 'Denver', new: 'Aurora' } },
  });
  await insert({
    at: '2025-01-20T15:00:00Z',
    user: 'admin',
    area: 'dealers',
    recordId: '9001',
    action: 'disable',
    label: 'Test Motors West',
    changes: { enabled: { old: true, new: false } },
  });
  // Another area, with a property whose value is never shown, and an action without changes.
  await insert({
    at: '2025-01-11T09:30:00Z',
    user: 'admin',
    area: 'users',
    recordId: '4242',
    action: 'update',
    label: 'Pat Doe',
    changes: { passwordHash: { old: 'argon2-old', new: 'argon2-new' }, jobTitle: { old: 'Clerk', new: 'Analyst' } },
    impersonating: true,
  });
  await insert({
    at: '2025-01-11T10:00:00Z',
    user: 'admin',
    area: 'users',
    recordId: '4242',
    action: 'passwordResetEmail',
  });
  // A row of the other lender, inside the same period.
  harborEntryId = await insert({
    at: '2025-01-13T12:00:00Z',
    lender: 'harbor',
    user: 'admin',
    area: 'dealers',
    recordId: '9002',
    action: 'create',
    label: 'Harbor Only Motors',
    changes: { name: { old: null, new: 'Harbor Only Motors' } },
  });
});
afterAll(() => t.close());

const page = async (query: string) => {
  const response = await admin.get(`/api/audit/admin?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: AuditAdminEntry[]; total: number }>();
};

describe('GET /api/audit/admin', () => {
  it('lists the period newest first with the changed properties, the user and the area title', async () => {
    const result = await page(JANUARY);
    expect(result.total).toBe(6);
    expect(result.data.map((e) => e.action)).toEqual([
      'disable',
      'update',
      'update',
      'passwordResetEmail',
      'update',
      'create',
    ]);
    const created = result.data.at(-1)!;
    expect(created).toMatchObject({
      occurredAt: '2025-01-10T15:00:00.000Z',
      userId: adminId,
      userName: 'Avery Morgan',
      impersonating: false,
      area: 'dealers',
      areaTitle: 'Dealers',
      recordId: '9001',
      label: 'Test Motors',
    });
    expect(created.changes).toEqual(
      expect.arrayContaining([
        { property: 'name', old: null, new: 'Test Motors' },
        { property: 'enabled', old: null, new: true },
      ]),
    );
    expect(created.changes).toHaveLength(4);
    expect(result.data[0]!.changes).toEqual([{ property: 'enabled', old: true, new: false }]);
    // Another lender's row of the same period is not there.
    expect(JSON.stringify(result)).not.toContain('Harbor Only Motors');
  });

  it('pages with skip and take, keeping the total', async () => {
    const first = await page(`${JANUARY}&skip=0&take=2`);
    const second = await page(`${JANUARY}&skip=2&take=2`);
    const past = await page(`${JANUARY}&skip=10&take=2`);
    expect(first.total).toBe(6);
    expect(second.total).toBe(6);
    expect(past).toEqual({ data: [], total: 6 });
    expect(first.data.map((e) => e.id)).not.toEqual(expect.arrayContaining(second.data.map((e) => e.id)));
    expect([...first.data, ...second.data].map((e) => e.action)).toEqual([
      'disable',
      'update',
      'update',
      'passwordResetEmail',
    ]);
  });

  it('filters by days (both included), by user and by area', async () => {
    expect((await page('fromDate=2025-01-12&toDate=2025-01-15')).data.map((e) => e.occurredAt)).toEqual([
      '2025-01-15T15:00:00.000Z',
      '2025-01-12T15:00:00.000Z',
    ]);
    const byOfficer = await page(`${JANUARY}&userId=${officerId}`);
    expect(byOfficer.total).toBe(1);
    expect(byOfficer.data[0]).toMatchObject({ userName: 'Olivia Chen', action: 'update', recordId: '9001' });
    const users = await page(`${JANUARY}&area=users`);
    expect(users.data.map((e) => e.action)).toEqual(['passwordResetEmail', 'update']);
    expect(users.data[0]).toMatchObject({ areaTitle: 'Users', label: null, changes: [] });
    expect((await page(`${JANUARY}&area=dealers&userId=${adminId}`)).total).toBe(3);
    expect((await page('fromDate=2025-01-21&toDate=2025-01-31')).total).toBe(0);
  });

  it('reads the days in the time zone asked for', async () => {
    // 2025-01-10T15:00Z is still 01/10 in Denver (08:00), 2025-01-11T09:30Z is 01/11 02:30 there.
    const denver = await page('fromDate=2025-01-10&toDate=2025-01-10&timeZone=America/Denver');
    expect(denver.data.map((e) => e.occurredAt)).toEqual(['2025-01-10T15:00:00.000Z']);
    // In Tokyo (UTC+9) 2025-01-10T15:00Z is already 01/11 00:00.
    const tokyo = await page('fromDate=2025-01-11&toDate=2025-01-11&timeZone=Asia/Tokyo');
    expect(tokyo.data.map((e) => e.occurredAt)).toEqual([
      '2025-01-11T10:00:00.000Z',
      '2025-01-11T09:30:00.000Z',
      '2025-01-10T15:00:00.000Z',
    ]);
    expect((await admin.get('/api/audit/admin?timeZone=Mars/Olympus')).statusCode).toBe(422);
  });

  it('never shows a secret property value', async () => {
    const [entry] = (await page(`${JANUARY}&area=users&take=1&skip=1`)).data;
    expect(entry!.impersonating).toBe(true);
    expect(entry!.changes).toEqual(
      expect.arrayContaining([
        { property: 'passwordHash', old: '[redacted]', new: '[redacted]' },
        { property: 'jobTitle', old: 'Clerk', new: 'Analyst' },
      ]),
    );
    expect(JSON.stringify(entry)).not.toContain('argon2');
  });

  it('shows SSN lookups without their details', async () => {
    const all = await page('take=500');
    const lookups = all.data.filter((e) => e.action === 'ssnLookup');
    expect(lookups.length).toBeGreaterThan(0);
    for (const lookup of lookups) expect(lookup).toMatchObject({ area: 'applications', label: null, changes: [] });
  });

  it('refuses malformed filters with a 422', async () => {
    for (const query of ['fromDate=2025-13-01', 'userId=abc', 'area=x%20y', 'take=0', 'timeZone=%27%3B']) {
      expect((await admin.get(`/api/audit/admin?${query}`)).statusCode, query).toBe(422);
    }
  });

  it('includes a row written by recordAudit in a tenant transaction (the kit’s format)', async () => {
    const auth = {
      sessionId: 'test',
      userId: adminId,
      homeLenderId: summitId,
      lenderId: summitId,
      rights: new Set<never>(),
      passwordExpired: false,
    };
    await withTenant(t.db, summitId, (tx) =>
      recordAudit(tx, auth, {
        area: 'branches',
        recordId: 55,
        action: 'create',
        details: { label: 'Downtown', changes: { name: { old: null, new: 'Downtown' } } },
      }),
    );
    const branches = await page('area=branches');
    expect(branches.data[0]).toMatchObject({
      areaTitle: 'Branches',
      recordId: '55',
      label: 'Downtown',
      changes: [{ property: 'name', old: null, new: 'Downtown' }],
    });
  });
});

describe('GET /api/audit/admin/{id}', () => {
  it('answers one entry, and 404 for another lender’s or an unknown id', async () => {
    const [latest] = (await page(`${JANUARY}&take=1`)).data;
    const one = await admin.get(`/api/audit/admin/${latest!.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(latest);
    expect((await admin.get(`/api/audit/admin/${harborEntryId}`)).statusCode).toBe(404);
    expect((await admin.get('/api/audit/admin/999999999')).statusCode).toBe(404);
    expect((await admin.get('/api/audit/admin/abc')).statusCode).toBe(422);
  });
});

describe('GET /api/audit/admin/filters', () => {
  it('lists the users and areas of the lender’s audit', async () => {
    const response = await admin.get('/api/audit/admin/filters');
    expect(response.statusCode).toBe(200);
    const { users, areas } = response.json<{ users: { id: number; name: string }[]; areas: { area: string }[] }>();
    expect(users).toEqual(
      expect.arrayContaining([
        { id: adminId, name: 'Avery Morgan' },
        { id: officerId, name: 'Olivia Chen' },
      ]),
    );
    expect(areas).toEqual(
      expect.arrayContaining([
        { area: 'dealers', title: 'Dealers' },
        { area: 'users', title: 'Users' },
      ]),
    );
  });
});

describe('GET /api/audit/admin/export', () => {
  it('writes the filtered rows as CSV, one line per changed property, times in the zone named by the header', async () => {
    const response = await admin.get(`/api/audit/admin/export?${JANUARY}&area=dealers&timeZone=America/Denver`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="audit-history-2025-01-01_to_2025-01-31.csv"',
    );
    const lines = response.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      '"Entry ID","When (America/Denver)","User","Impersonating","Area","Record ID","Record","Action","Property","Old Value","New Value"',
    );
    // disable (1) + update (2) + update (1) + create (4)
    expect(lines).toHaveLength(1 + 1 + 2 + 1 + 4);
    expect(lines[1]).toMatch(
      /^"\d+","01\/20\/2025 08:00 AM","Avery Morgan","No","Dealers","9001","Test Motors West","Disabled","enabled","Yes","No"$/,
    );
    expect(lines).toContainEqual(
      expect.stringMatching(/,"01\/12\/2025 08:00 AM","Olivia Chen",.*,"phoneNumber","3035550100","3035550199"$/),
    );
    expect(response.body).not.toContain('Harbor Only Motors');
  });

  it("is in the lender's time zone when none is asked for (Summit: Denver), and keeps secrets out", async () => {
    const response = await admin.get(`/api/audit/admin/export?${JANUARY}&area=users&timeZone=UTC`);
    const lines = response.body.trimEnd().split('\r\n');
    expect(lines[0]).toContain('"When (UTC)"');
    const lenderZone = await admin.get(`/api/audit/admin/export?${JANUARY}&area=users`);
    expect(lenderZone.body.split('\r\n')[0]).toContain('When (America/Denver)');
    expect(lenderZone.body).toMatch(/,"01\/11\/2025 03:00 AM","Avery Morgan","No","Users","4242",/);
    expect(lines[1]).toMatch(
      /,"01\/11\/2025 10:00 AM","Avery Morgan","No","Users","4242","","Password Reset Email","","",""$/,
    );
    expect(response.body).toContain(
      '"Yes","Users","4242","Pat Doe","Updated","passwordHash","[redacted]","[redacted]"',
    );
    expect(response.body).not.toContain('argon2');
  });

  it('quotes every cell and neutralises a formula in any segment: a branch named x;=1+1;y (issue 30 item 9)', async () => {
    const created = await admin.post('/api/branches', { name: 'x;=1+1;y', city: '@Denver' });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json<{ id: number }>();
    const response = await admin.get('/api/audit/admin/export?area=branches&timeZone=UTC');
    expect(response.statusCode).toBe(200);
    const line = response.body.split('\r\n').find((l) => l.includes(`"Branches","${id}"`) && l.includes('"name"'));
    expect(line).toMatch(
      new RegExp(
        `^"\\d+","[^"]+","Avery Morgan","No","Branches","${id}","x;'=1\\+1;y","Created","name","","x;'=1\\+1;y"$`,
      ),
    );
    expect(response.body).toContain(`"city","","'@Denver"`);
    // Split as a ';' locale would: no part starts a formula.
    for (const part of response.body.split(/[;,\r\n]/)) expect(part.replace(/^"/, '')).not.toMatch(/^[=+@]/);
  });
});

describe('the audit export streams in pages (issue 30, item 12)', () => {
  const defaultPageSize = auditExportPaging.pageSize;
  afterEach(() => {
    auditExportPaging.pageSize = defaultPageSize;
  });
  const exportUrl = `/api/audit/admin/export?${JANUARY}&timeZone=UTC`;
  /** The entry ids of a CSV's lines, in order (a line per changed property, so an id may repeat on adjacent lines). */
  const entryIds = (csv: string) =>
    csv
      .trimEnd()
      .split('\r\n')
      .slice(1)
      .map((line) => Number(/^"(\d+)"/.exec(line)![1]));

  it('pages of two entries write the same bytes as one page: every entry once, newest first', async () => {
    const onePage = await admin.get(exportUrl);
    expect(onePage.statusCode).toBe(200);
    auditExportPaging.pageSize = 2;
    const paged = await admin.get(exportUrl);
    expect(paged.statusCode).toBe(200);
    expect(paged.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(paged.body).toBe(onePage.body);
    // Six entries of Summit in January (three pages), in the page's order, each once.
    const listed = (await page(`${JANUARY}&timeZone=UTC&take=100`)).data.map((entry) => entry.id);
    expect(listed).toHaveLength(6);
    const ids = entryIds(paged.body);
    expect([...new Set(ids)]).toEqual(listed);
    expect(ids).toHaveLength(1 + 1 + 2 + 1 + 4 + 2); // lines: disable, update ×2, update, create ×4, users ×2
  });

  it('is sent in more than one chunk over a real connection', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    auditExportPaging.pageSize = 1;
    const { chunks, body, status } = await new Promise<{ chunks: number; body: string; status: number }>(
      (resolve, reject) => {
        http
          .get({ host: '127.0.0.1', port, path: exportUrl, headers: t.bearer(admin.token) }, (response) => {
            let count = 0;
            let received = '';
            response.setEncoding('utf8');
            response.on('data', (chunk: string) => {
              count++;
              received += chunk;
            });
            response.on('end', () => resolve({ chunks: count, body: received, status: response.statusCode! }));
            response.on('error', reject);
          })
          .on('error', reject);
      },
    );
    expect(status).toBe(200);
    expect(chunks).toBeGreaterThan(1);
    auditExportPaging.pageSize = defaultPageSize;
    expect(body).toBe((await admin.get(exportUrl)).body);
  });

  it('answers a refused query as JSON before streaming, and a database failure mid-stream breaks the stream', async () => {
    const refused = await admin.get(`/api/audit/admin/export?${JANUARY}&timeZone=Mars/Olympus`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'VALIDATION' });
    expect((await officer.get(exportUrl)).statusCode).toBe(403);

    // The second page's transaction fails (a dropped connection): the stream errors and is destroyed.
    auditExportPaging.pageSize = 2;
    let transactions = 0;
    const failing = new Proxy(t.db, {
      get(target, property, receiver) {
        if (property !== 'transaction') return Reflect.get(target, property, receiver) as unknown;
        return (...args: Parameters<Db['transaction']>) => {
          transactions++;
          if (transactions === 2) return Promise.reject(new Error('Connection terminated unexpectedly'));
          return target.transaction(...args);
        };
      },
    });
    const auth = { lenderId: summitId, userId: adminId, rights: new Set() } as unknown as Parameters<
      typeof exportCsv
    >[1];
    const stream = await exportCsv(failing, auth, { fromDate: '2025-01-01', toDate: '2025-01-31', timeZone: 'UTC' });
    await expect(text(stream)).rejects.toThrow('Connection terminated unexpectedly');
    expect(stream.destroyed).toBe(true);
  });

  it(`stops at ${AUDIT_EXPORT_LIMIT} entries`, async () => {
    await t.pool.query(
      `insert into audit_events (occurred_at, lender_id, actor_user_id, impersonating, area, record_id, action, details)
       select timestamptz '2024-06-01T00:00:00Z' + n * interval '1 second', $1, $2, false, 'bulkArea', n::text,
              'update', '{}'::jsonb
         from generate_series(1, $3::int) as n`,
      [summitId, adminId, AUDIT_EXPORT_LIMIT + 1],
    );
    const response = await admin.get('/api/audit/admin/export?area=bulkArea&timeZone=UTC');
    expect(response.statusCode).toBe(200);
    const ids = entryIds(response.body);
    expect(ids).toHaveLength(AUDIT_EXPORT_LIMIT);
    expect(new Set(ids).size).toBe(AUDIT_EXPORT_LIMIT);
    // Newest first: the oldest of the 50 001 is the one left out.
    expect(response.body.includes(`,"Bulk Area","${AUDIT_EXPORT_LIMIT + 1}",`)).toBe(true);
    expect(response.body.includes(',"Bulk Area","1",')).toBe(false);
  }, 60_000);
});

describe('GET /api/audit/admin/record (as of a day)', () => {
  const asOf = async (day: string, extra = '') => {
    const response = await admin.get(`/api/audit/admin/record?area=dealers&recordId=9001&asOf=${day}${extra}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<AuditAsOf>();
  };
  const valuesOf = (answer: AuditAsOf) =>
    Object.fromEntries(answer.values.map(({ property, value }) => [property, value]));

  it('replays create → update → update → disable up to the end of each day', async () => {
    const before = await asOf('2025-01-09');
    expect(before).toMatchObject({ state: 'notCreated', complete: false, values: [], entries: [] });

    const created = await asOf('2025-01-10');
    expect(created).toMatchObject({ state: 'present', complete: true, label: 'Test Motors', areaTitle: 'Dealers' });
    expect(valuesOf(created)).toEqual({
      name: 'Test Motors',
      phoneNumber: '3035550100',
      city: 'Denver',
      enabled: true,
    });

    expect(valuesOf(await asOf('2025-01-12'))).toEqual({
      name: 'Test Motors',
      phoneNumber: '3035550199',
      city: 'Denver',
      enabled: true,
    });

    const renamed = await asOf('2025-01-19');
    expect(renamed.label).toBe('Test Motors West');
    expect(valuesOf(renamed)).toEqual({
      name: 'Test Motors West',
      phoneNumber: '3035550199',
      city: 'Aurora',
      enabled: true,
    });
    expect(renamed.entries.map((e) => e.action)).toEqual(['create', 'update', 'update']);

    const disabled = await asOf('2025-01-20');
    expect(valuesOf(disabled)).toMatchObject({ enabled: false, name: 'Test Motors West' });
    expect(disabled.entries).toHaveLength(4);
    expect((await asOf('2026-01-01')).entries).toHaveLength(4);
  });

  it('reads the day in the time zone asked for', async () => {
    // The create at 2025-01-10T15:00Z is 01/11 in Tokyo, so as of 01/10 there the dealer did not exist yet.
    expect((await asOf('2025-01-10', '&timeZone=Asia/Tokyo')).state).toBe('notCreated');
    expect((await asOf('2025-01-10', '&timeZone=America/Denver')).state).toBe('present');
  });

  it('keeps the values a deleted record had, and says it was deleted', async () => {
    await insert({
      at: '2025-02-01T12:00:00Z',
      user: 'admin',
      area: 'dealers',
      recordId: '9001',
      action: 'delete',
      label: 'Test Motors West',
      changes: {
        name: { old: 'Test Motors West', new: null },
        phoneNumber: { old: '3035550199', new: null },
        city: { old: 'Aurora', new: null },
        enabled: { old: false, new: null },
      },
    });
    const deleted = await asOf('2025-02-01');
    expect(deleted.state).toBe('deleted');
    expect(valuesOf(deleted)).toMatchObject({ name: 'Test Motors West', enabled: false });
    expect((await asOf('2025-01-31')).state).toBe('present');
  });

  it('is 404 for a record the lender’s audit never saw (another lender’s included)', async () => {
    expect((await admin.get('/api/audit/admin/record?area=dealers&recordId=9002&asOf=2025-02-01')).statusCode).toBe(
      404,
    );
    expect((await admin.get('/api/audit/admin/record?area=dealers&recordId=1&asOf=2025-02-01')).statusCode).toBe(404);
    expect((await admin.get('/api/audit/admin/record?area=dealers&recordId=9001')).statusCode).toBe(422);
  });
});

describe('rights', () => {
  it('every audit history route is 403 without canViewAuditHistory', async () => {
    for (const url of [
      `/api/audit/admin?${JANUARY}`,
      '/api/audit/admin/1',
      '/api/audit/admin/filters',
      `/api/audit/admin/export?${JANUARY}`,
      '/api/audit/admin/record?area=dealers&recordId=9001&asOf=2025-02-01',
    ]) {
      expect((await officer.get(url)).statusCode, url).toBe(403);
    }
  });
});

describe('the demo history', () => {
  it('replays Mile High Honda to the values the dealer has now', async () => {
    const dealer = (
      await t.pool.query<{ id: number; phone_number: string; main_contact_name: string; enabled: boolean }>(
        `select id, phone_number, main_contact_name, enabled from dealers where name = 'Mile High Honda'`,
      )
    ).rows[0]!;
    const today = await lenderToday(t);
    const response = await admin.get(`/api/audit/admin/record?area=dealers&recordId=${dealer.id}&asOf=${today}`);
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<AuditAsOf>();
    expect(answer).toMatchObject({ state: 'present', complete: true, label: 'Mile High Honda' });
    expect(answer.entries.map((e) => e.action)).toEqual(['create', 'update', 'update', 'disable', 'enable']);
    expect(answer.values).toEqual(
      expect.arrayContaining([
        { property: 'phoneNumber', value: dealer.phone_number },
        { property: 'mainContactName', value: dealer.main_contact_name },
        { property: 'enabled', value: dealer.enabled },
      ]),
    );
  });
});
