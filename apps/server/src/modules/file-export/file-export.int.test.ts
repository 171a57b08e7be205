import ExcelJS from 'exceljs';
import {
  fileExportEndpoints as e,
  fileExportLoanColumns,
  type FileExport,
  type FileExportRequest,
  type MenuResponse,
} from '@credence/contracts';
import { money } from '@credence/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { countRows, HARBOR, signIn, SUMMIT, type ApiClient } from '../../test/api-client.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { postgresFileStore } from '../../platform/file-store.ts';
import { deleteExpiredFiles, fileExportSettings, runQueuedExports } from './file-export.service.ts';

/**
 * The File Export area (issue 33, items 8–10): exports run by the job's own function (as pg-boss runs it) and read
 * back through the download; the file's rows against direct SQL, BOM and CSV injection, XLSX cells, cancel mid-way,
 * the single-use download token, retention, the right and tenant isolation.
 */
let t: TestApp;
let admin: ApiClient;
let officer: ApiClient;
let summitId: number;
let harborId: number;
const defaults = { ...fileExportSettings };

const q = async <T extends Record<string, unknown>>(text: string, values: unknown[] = []) =>
  (await t.pool.query<T>(text, values)).rows;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, 'admin', 'Admin2026');
  officer = await signIn(t, 'officer', 'Officer2026');
  const lenders = await q<{ id: number; name: string }>('select id, name from lenders');
  summitId = lenders.find((l) => l.name === SUMMIT)!.id;
  harborId = lenders.find((l) => l.name === HARBOR)!.id;
});
afterAll(() => t.close());
afterEach(() => Object.assign(fileExportSettings, defaults));

const start = async (client: ApiClient, request: FileExportRequest) => {
  const response = await client.post(e.start.path, request);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<FileExport>();
};
const run = () => runQueuedExports(t.db, postgresFileStore);
const read = async (client: ApiClient, id: number) => (await client.get(`/api/fileExports/${id}`)).json<FileExport>();

/** Downloads through a single-use token, as the page's link does (no Authorization header). */
const download = async (client: ApiClient, id: number) => {
  const token = await client.post(`/api/fileExports/${id}/downloadToken`);
  expect(token.statusCode, token.body).toBe(200);
  const url = `/api/fileExports/${id}/download?dt=${token.json<{ token: string }>().token}`;
  const response = await t.app.inject({ method: 'GET', url });
  return { response, url };
};

/** A CSV's records (every cell quoted, CRLF lines, no line break inside the cells read here). */
const parseCsv = (text: string) =>
  text
    .split('\r\n')
    .filter((line) => line.length > 0)
    .map((line) =>
      line
        .slice(1, -1)
        .split('","')
        .map((cell) => cell.replaceAll('""', '"')),
    );

describe('file export: the right canExportFiles', () => {
  it('answers 403 to a loan officer on every call, 401 without a session; the menu lists it for the administrator', async () => {
    const calls: [string, string][] = [
      ['GET', e.kinds.path],
      ['GET', e.list.path],
      ['POST', e.start.path],
      ['GET', '/api/fileExports/1'],
      ['POST', '/api/fileExports/1/cancel'],
      ['POST', '/api/fileExports/1/downloadToken'],
      ['GET', '/api/fileExports/1/download'],
    ];
    for (const [method, url] of calls) {
      const asOfficer = method === 'GET' ? await officer.get(url) : await officer.post(url, {});
      expect(asOfficer.statusCode, `${method} ${url}`).toBe(403);
      expect((await t.app.inject({ method: method as 'GET', url })).statusCode, `${method} ${url}`).toBe(401);
    }
    expect((await admin.get(e.kinds.path)).statusCode).toBe(200);
    const adminMenu = (await admin.get('/api/menu')).json<MenuResponse>();
    expect(adminMenu.main.find((i) => i.menuName === 'File Export')).toMatchObject({ url: '/fileExport' });
    const officerMenu = (await officer.get('/api/menu')).json<MenuResponse>();
    expect(officerMenu.main.map((i) => i.menuName)).not.toContain('File Export');
  });

  it('the migration granted it to the roles that may manage users, and only to them', async () => {
    const roles = await q<{ name: string; exports: boolean; users: boolean }>(
      `select r.name, bool_or(rr."right" = 'canExportFiles') as exports, bool_or(rr."right" = 'canManageUsers') as users
         from roles r join role_rights rr on rr.role_id = r.id group by r.id, r.name`,
    );
    for (const role of roles) expect(role.exports, role.name).toBe(role.users);
  });
});

describe('file export: the demo history', () => {
  it('lists the seeded past exports; their files download (the loans workbook opens), the expired one is not offered', async () => {
    const list = (await admin.get(e.list.path)).json<{ data: FileExport[] }>();
    const seeded = list.data.filter((x) => x.fileName?.includes('-demo-') || x.state === 'cancelled');
    expect(seeded.map((x) => [x.kind, x.format, x.state, x.downloadable])).toEqual([
      ['applications', 'csv', 'done', true],
      ['loans', 'xlsx', 'done', true],
      ['applications', 'csv', 'cancelled', false],
      ['applications', 'xlsx', 'done', false],
    ]);
    const loans = seeded[1]!;
    const { response } = await download(admin, loans.id);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets[0]!.rowCount).toBe(loans.rowCount! + 1);
  });
});

describe('file export: input validation (422 naming the field)', () => {
  it.each([
    [{ kind: 'nope', format: 'csv' }, 'kind'],
    [{ kind: 'applications', format: 'txt' }, 'format'],
    [{ kind: 'applications', format: 'pdf' }, 'format'],
    [{ kind: 'applications', format: 'csv', filters: { columns: ['ssn'] } }, 'filters.columns.0'],
    [{ kind: 'applications', format: 'csv', filters: { columns: [] } }, 'filters.columns'],
    [{ kind: 'applications', format: 'csv', filters: { criteria: { text: '123-45-6789' } } }, 'filters.criteria.text'],
    [{ kind: 'loans', format: 'csv', filters: { from: '2026-03-01', to: '2026-01-01' } }, 'filters.to'],
    [
      {
        kind: 'applications',
        format: 'csv',
        filters: { criteria: { filter: { filters: [{ field: 'x', operator: 'is' }] } } },
      },
      'filters.criteria.filter.filters.0.field',
    ],
  ])('%j → 422 on %s', async (body, field) => {
    const response = await admin.post(e.start.path, body);
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json<{ errors: { field: string }[] }>().errors.map((x) => x.field)).toContain(field);
  });
});

describe('file export: applications as CSV', () => {
  it('runs to done; the file is every application of the lender in the queue order, as direct SQL reads them', async () => {
    const created = await start(admin, { kind: 'applications', format: 'csv' });
    expect(created).toMatchObject({ state: 'queued', rowsDone: 0, kindLabel: 'Applications' });
    expect(await run()).toBe(1);
    const done = await read(admin, created.id);
    const expected = await q<{ id: number; amount: string | null; state: string }>(
      `select id, round(est_amt_financed, 2)::text as amount, state from applications
        where lender_id = $1 order by created_at desc, id desc`,
      [summitId],
    );
    expect(expected.length).toBeGreaterThan(50);
    expect(done).toMatchObject({
      state: 'done',
      rowCount: expected.length,
      rowsDone: expected.length,
      downloadable: true,
    });
    expect(done.fileName).toBe(`applications-${created.id}.csv`);
    // The one who asked was told through the hub (their user room) as it moved, up to done.
    const told = await q<{ state: string }>(
      `select e.data->>'state' as state from hub_events e join users u on e.room = 'user:' || $1 || ':' || u.id
        where u.username = 'admin' and e.event = 'fileExport' and (e.data->>'exportId')::int = $2 order by e.id`,
      [summitId, created.id],
    );
    expect(told.map((x) => x.state)).toEqual(['queued', 'running', 'running', 'done']);

    const { response } = await download(admin, created.id);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    const bytes = response.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...rows] = parseCsv(bytes.subarray(3).toString('utf8'));
    expect(header).toEqual([
      'App Id',
      'Applicant',
      'Member Number',
      'Loan Product',
      'Status',
      'Amount',
      'Avg Credit Score',
      'Created',
      'Locked By',
      'Rate',
      'Payment',
      'Tier',
    ]);
    expect(rows.map((r) => Number(r[0]))).toEqual(expected.map((x) => x.id));
    expect(rows.map((r) => r[5])).toEqual(expected.map((x) => x.amount ?? ''));
    expect(rows.map((r) => r[4]!.toLowerCase())).toEqual(expected.map((x) => x.state));
  });

  it('neutralises formula cells (a name beginning with =, +, -, @) and keeps the chosen columns and filters', async () => {
    const [target] = await q<{ id: number }>(`select id from applications where lender_id = $1 order by id limit 1`, [
      summitId,
    ]);
    await q(`update applications set primary_applicant_name = $2 where id = $1`, [
      target!.id,
      '=HYPERLINK("http://x")',
    ]);
    const created = await start(admin, {
      kind: 'applications',
      format: 'csv',
      filters: {
        columns: ['applicationId', 'applicantName'],
        criteria: {
          filter: { logic: 'and', filters: [{ field: 'applicationId', operator: '=', value: target!.id }] },
        },
      },
    });
    await run();
    const { response } = await download(admin, created.id);
    const text = response.rawPayload.subarray(3).toString('utf8');
    expect(text).toBe(`"App Id","Applicant"\r\n"${target!.id}","'=HYPERLINK(""http://x"")"\r\n`);
  });
});

describe('file export: funded loans as XLSX', () => {
  it('opens in exceljs with the header row and one row per funded loan, figures as the records hold them', async () => {
    const created = await start(admin, {
      kind: 'loans',
      format: 'xlsx',
      filters: { columns: ['applicationId', ...fileExportLoanColumns.map((c) => c.field)] },
    });
    await run();
    const done = await read(admin, created.id);
    const loans = await q<{ application_id: number; amount: string; loan_id: string | null; term_months: number }>(
      `select l.application_id, l.amount::text as amount, l.loan_id, l.term_months
         from loans l join applications a on a.id = l.application_id
        where l.lender_id = $1 and l.is_funded order by a.created_at desc, a.id desc`,
      [summitId],
    );
    expect(loans.length).toBeGreaterThan(0);
    expect(done).toMatchObject({ state: 'done', rowCount: loans.length });
    const { response } = await download(admin, created.id);
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('Funded loans');
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
      'App Id',
      ...fileExportLoanColumns.map((c) => c.header),
    ]);
    expect(sheet.rowCount).toBe(loans.length + 1);
    loans.forEach((loan, i) => {
      const row = sheet.getRow(i + 2);
      expect(row.getCell(1).value).toBe(loan.application_id);
      expect(row.getCell(2).value).toBe(loan.loan_id);
      expect(row.getCell(3).value).toBeInstanceOf(Date);
      expect(money(String(row.getCell(4).value)).eq(money(loan.amount))).toBe(true);
      expect(row.getCell(4).numFmt).toBe('#,##0.00');
      expect(row.getCell(6).value).toBe(loan.term_months);
    });
  });
});

describe('file export: cancel, single-use token, retention, isolation', () => {
  it('a cancelled export stops mid-way, leaves no file and stays cancelled', async () => {
    Object.assign(fileExportSettings, { batchSize: 5, paceMs: 60, progressMs: 20 });
    const files = await countRows(t, 'file_contents');
    const created = await start(admin, { kind: 'applications', format: 'csv' });
    const running = run();
    let now = await read(admin, created.id);
    for (let i = 0; i < 200 && !(now.state === 'running' && now.rowsDone > 0); i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      now = await read(admin, created.id);
    }
    expect(now.state).toBe('running');
    expect(now.rowsTotal).toBeGreaterThan(now.rowsDone);
    const cancel = await admin.post(`/api/fileExports/${created.id}/cancel`);
    expect(cancel.statusCode, cancel.body).toBe(200);
    const cancelledAt = Date.now();
    await running;
    expect(Date.now() - cancelledAt).toBeLessThan(1000);
    const after = await read(admin, created.id);
    expect(after).toMatchObject({ state: 'cancelled', downloadable: false, fileName: null });
    expect(after.rowsDone).toBeLessThan(after.rowsTotal!);
    expect(await countRows(t, 'file_contents')).toBe(files);
    expect((await admin.post(`/api/fileExports/${created.id}/downloadToken`)).statusCode).toBe(404);
    expect((await admin.post(`/api/fileExports/${created.id}/cancel`)).statusCode).toBe(409);
  });

  it('the download token opens the file once; a second use is refused', async () => {
    const created = await start(admin, { kind: 'applications', format: 'csv' });
    await run();
    const { response, url } = await download(admin, created.id);
    expect(response.statusCode).toBe(200);
    const again = await t.app.inject({ method: 'GET', url });
    expect(again.statusCode).toBe(401);
    expect(again.body).not.toContain('App Id');
    // A token for one export opens no other.
    const other = await start(admin, { kind: 'applications', format: 'csv' });
    await run();
    const token = (await admin.post(`/api/fileExports/${created.id}/downloadToken`)).json<{ token: string }>().token;
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/fileExports/${other.id}/download?dt=${token}` })).statusCode,
    ).toBe(401);
  });

  it('retention deletes files past 30 days (content and reference); the history keeps the row', async () => {
    const created = await start(admin, { kind: 'applications', format: 'csv' });
    await run();
    const [row] = await q<{ file_ref: string; days: number }>(
      `select file_ref, round(extract(epoch from expires_at - finished_at) / 86400)::int as days from file_exports where id = $1`,
      [created.id],
    );
    expect(row!.days).toBe(30);
    expect(await deleteExpiredFiles(t.db, postgresFileStore)).toBe(0);
    await q(`update file_exports set expires_at = now() - interval '1 minute' where id = $1`, [created.id]);
    expect(await deleteExpiredFiles(t.db, postgresFileStore)).toBe(1);
    expect(await q(`select 1 from file_contents where id = $1`, [row!.file_ref])).toHaveLength(0);
    const after = await read(admin, created.id);
    expect(after).toMatchObject({ state: 'done', downloadable: false });
    expect((await admin.post(`/api/fileExports/${created.id}/downloadToken`)).statusCode).toBe(404);
  });

  it("another lender's exports are neither listed nor readable, and its export holds only its own rows", async () => {
    const summit = await start(admin, { kind: 'applications', format: 'csv' });
    const other = await signIn(t, 'admin', 'Admin2026');
    expect((await other.put('/api/user/lender', { lenderId: harborId })).statusCode).toBe(200);
    expect((await other.get(`/api/fileExports/${summit.id}`)).statusCode).toBe(404);
    expect((await other.post(`/api/fileExports/${summit.id}/cancel`)).statusCode).toBe(404);
    expect((await other.post(`/api/fileExports/${summit.id}/downloadToken`)).statusCode).toBe(404);
    const list = (await other.get(e.list.path)).json<{ data: FileExport[] }>();
    expect(list.data.map((x) => x.id)).not.toContain(summit.id);
    const harbor = await start(other, { kind: 'applications', format: 'csv', filters: { columns: ['applicationId'] } });
    await run();
    const { response } = await download(other, harbor.id);
    const ids = parseCsv(response.rawPayload.subarray(3).toString('utf8'))
      .slice(1)
      .map((r) => Number(r[0]));
    const expected = await q<{ id: number }>(
      'select id from applications where lender_id = $1 order by created_at desc, id desc',
      [harborId],
    );
    expect(ids).toEqual(expected.map((x) => x.id));
  });
});
