import {
  fileExportEndpoints as e,
  fileExportFiltersSchema,
  type FileExport,
  type FileExportKind,
  type FileExportRequest,
} from '@credence/contracts';
import { money } from '@credence/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../db/tenancy.ts';
import { postgresFileStore } from '../../platform/file-store.ts';
import { signIn, SUMMIT, type ApiClient } from '../../test/api-client.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { runQueuedExports } from './file-export.service.ts';
import { editHmdaFile, formatHmdaFile } from './hmda/hmda-lar.ts';
import { hmdaFilerOf } from './hmda/hmda-export-kind.ts';
import { loadHmdaLar } from './hmda/hmda-lar.loader.ts';

/**
 * The HMDA LAR and core batch kinds of File Export (issue 33, item 9), run as the job runs them and read back through
 * the download: the HMDA file against the loader's records and the FFIEC edits, a missing LEI listed as an edit
 * instead of a file, the filer pre-filled from the last HMDA export; the core batch against direct SQL.
 */
let t: TestApp;
let admin: ApiClient;
let summitId: number;
/** The demo year: the year of Summit's newest home-equity decision, in its zone. */
let year: number;

const q = async <T extends Record<string, unknown>>(text: string, values: unknown[] = []) =>
  (await t.pool.query<T>(text, values)).rows;

const hmdaFiler = {
  lei: '5493001kjtiigc8y1r12',
  taxId: '84-1234567',
  federalAgency: '5',
  contactName: 'Dana Whitfield',
  contactPhone: '(303) 555-0142',
  contactEmail: 'hmda@summitfcu.example',
  contactStreet: '1200 Grant St',
  contactCity: 'Denver',
  contactState: 'CO',
  contactZip: '80203',
};
/** The same filer as the loader takes it (phone as the FIG writes it, the LEI in capitals). */
const loaderFiler = () => hmdaFilerOf(fileExportFiltersSchema.parse({ hmdaFiler }));

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, 'admin', 'Admin2026');
  summitId = (await q<{ id: number }>('select id from lenders where name = $1', [SUMMIT]))[0]!.id;
  const [newest] = await q<{ year: number }>(
    `select extract(year from max(d.created_at at time zone l.time_zone))::int as year
       from application_decisions d join applications a on a.id = d.application_id
       join loan_products p on p.id = a.loan_product_id join lenders l on l.id = a.lender_id
      where a.lender_id = $1 and p.control_type = 'HEL'`,
    [summitId],
  );
  year = newest!.year;
});
afterAll(() => t.close());

const start = async (request: FileExportRequest) => {
  const response = await admin.post(e.start.path, request);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<FileExport>();
};
/** Starts an export, runs the job as pg-boss does, and reads the export back. */
const exported = async (request: FileExportRequest) => {
  const created = await start(request);
  await runQueuedExports(t.db, postgresFileStore);
  return (await admin.get(`/api/fileExports/${created.id}`)).json<FileExport>();
};
const download = async (id: number) => {
  const token = (await admin.post(`/api/fileExports/${id}/downloadToken`)).json<{ token: string }>().token;
  const response = await t.app.inject({ method: 'GET', url: `/api/fileExports/${id}/download?dt=${token}` });
  expect(response.statusCode, response.body).toBe(200);
  return response;
};

describe('file export: the HMDA LAR', () => {
  it('the demo year runs to done; the file is the loader’s register, passing the FFIEC edits', async () => {
    const done = await exported({ kind: 'hmdaLar', format: 'txt', filters: { year, hmdaFiler } });
    expect(done).toMatchObject({ state: 'done', kindLabel: 'HMDA LAR', problems: [], downloadable: true });
    const { ts, lars } = await withTenant(t.db, summitId, (tx) =>
      loadHmdaLar(tx, summitId, year, { filer: loaderFiler() }),
    );
    expect(lars.length).toBeGreaterThanOrEqual(4);
    expect(done.rowCount).toBe(lars.length);
    expect(editHmdaFile(ts, lars, { filingYear: year })).toEqual([]);

    const response = await download(done.id);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="hmda-lar-${year}-${done.id}.txt"`);
    const text = response.rawPayload.toString('utf8');
    expect(text).toBe(formatHmdaFile(ts, lars));
    expect(text.split('\n')[0]).toBe(
      `1|Summit Federal Credit Union|${year}|4|Dana Whitfield|303-555-0142|hmda@summitfcu.example|1200 Grant St|Denver|CO|80203|5|${lars.length}|84-1234567|5493001KJTIIGC8Y1R12`,
    );
  });

  it('without an LEI, fails with the edits listed (the field named) and writes no file', async () => {
    const { lei: _lei, ...withoutLei } = hmdaFiler;
    const failed = await exported({ kind: 'hmdaLar', format: 'txt', filters: { year, hmdaFiler: withoutLei } });
    expect(failed).toMatchObject({ state: 'failed', downloadable: false, fileName: null });
    expect(failed.problems[0]).toEqual({
      record: 'Transmittal sheet',
      field: 'Legal Entity Identifier (LEI)',
      edit: 'V600',
      message: expect.stringContaining('LEI'),
    });
    // Every row is named by its application too.
    const rows = failed.problems.filter((p) => p.edit === 'V600' && p.record.startsWith('Application '));
    expect(rows.length).toBeGreaterThanOrEqual(4);
    expect((await admin.post(`/api/fileExports/${failed.id}/downloadToken`)).statusCode).toBe(404);
  });

  it('checks the filer fields given (422 naming each) and asks for the year', async () => {
    const response = await admin.post(e.start.path, {
      kind: 'hmdaLar',
      format: 'txt',
      filters: { hmdaFiler: { lei: 'SHORT', taxId: '841234567', contactEmail: 'not-an-address', contactZip: '802' } },
    });
    expect(response.statusCode, response.body).toBe(422);
    expect(
      response
        .json<{ errors: { field: string }[] }>()
        .errors.map((x) => x.field)
        .sort(),
    ).toEqual([
      'filters.hmdaFiler.contactEmail',
      'filters.hmdaFiler.contactZip',
      'filters.hmdaFiler.lei',
      'filters.hmdaFiler.taxId',
    ]);
    const noYear = await admin.post(e.start.path, { kind: 'hmdaLar', format: 'txt', filters: { hmdaFiler } });
    expect(noYear.json<{ errors: { field: string }[] }>().errors.map((x) => x.field)).toEqual(['filters.year']);
  });

  it('the page’s kinds pre-fill the filer from the lender’s most recent HMDA export', async () => {
    await start({
      kind: 'hmdaLar',
      format: 'txt',
      filters: { year, hmdaFiler: { ...hmdaFiler, contactName: 'Lee Park' } },
    });
    const kinds = (await admin.get(e.kinds.path)).json<{ kinds: FileExportKind[] }>().kinds;
    expect(kinds.find((k) => k.kind === 'hmdaLar')).toMatchObject({
      filterSet: 'year',
      formats: ['txt'],
      prefill: {
        hmdaFiler: { ...hmdaFiler, lei: '5493001KJTIIGC8Y1R12', contactPhone: '303-555-0142', contactName: 'Lee Park' },
      },
    });
    expect(kinds.find((k) => k.kind === 'applications')?.prefill).toBeNull();
    await runQueuedExports(t.db, postgresFileStore);
  });
});

describe('file export: the core batch file', () => {
  let coreDay: string;
  it('a day with funded loans holds exactly those loans and the trailer’s exact sum', async () => {
    // The demo books its loans live: the day (Summit's zone) with the most funded loans gets them funded by file,
    // all but the first, which stays booked live (the core has it: not in the batch).
    const [day] = await q<{ day: string }>(
      `select to_char((n.funded_at at time zone l.time_zone)::date, 'YYYY-MM-DD') as day
         from loans n join lenders l on l.id = n.lender_id
        where n.lender_id = $1 and n.is_funded
        group by 1 order by count(*) desc, 1 desc limit 1`,
      [summitId],
    );
    expect(day).toBeDefined();
    await q(
      `update loans n set sent_to_core = (n.funded_at = (select min(m.funded_at) from loans m
                 where m.lender_id = n.lender_id and m.is_funded and (m.funded_at at time zone l.time_zone)::date = $2::date))
         from lenders l
        where l.id = n.lender_id and n.lender_id = $1 and n.is_funded and (n.funded_at at time zone l.time_zone)::date = $2::date`,
      [summitId, day!.day],
    );
    const expected = await q<{ application_id: number; amount: string }>(
      `select n.application_id, n.amount::text as amount from loans n join lenders l on l.id = n.lender_id
        where n.lender_id = $1 and n.is_funded and n.sent_to_core is not true
          and (n.funded_at at time zone l.time_zone)::date = $2::date
        order by n.funded_at, n.application_id`,
      [summitId, day!.day],
    );
    const [sum] = await q<{ total: string }>(
      `select to_char(sum(x.amount), 'FM999999999990.00') as total from unnest($1::numeric[]) x(amount)`,
      [expected.map((x) => x.amount)],
    );

    const done = await exported({ kind: 'coreBatch', format: 'jsonl', filters: { day: day!.day } });
    expect(done).toMatchObject({ state: 'done', kindLabel: 'Core batch file', rowCount: expected.length });
    const response = await download(done.id);
    expect(response.headers['content-type']).toBe('application/jsonl; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="core-batch-${summitId}-${day!.day}.jsonl"`,
    );
    const text = response.rawPayload.toString('utf8');
    expect(text.endsWith('\n')).toBe(true);
    const lines = text
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines[0]).toMatchObject({ record: 'header', businessDate: day!.day, lenderId: summitId });
    const loans = lines.slice(1, -1) as { record: string; payload: { amount: string } }[];
    expect(loans.map((l) => l.record)).toEqual(expected.map(() => 'loan'));
    expect(loans.map((l) => money(l.payload.amount).toFixed(2))).toEqual(
      expected.map((x) => money(x.amount).toFixed(2)),
    );
    expect(lines.at(-1)).toEqual({ record: 'trailer', recordCount: expected.length, totalAmount: sum!.total });
    expect(expected.length).toBeGreaterThanOrEqual(1);
    coreDay = day!.day;
  });

  it('a loan whose core code mapping was removed after funding fails the export with the list', async () => {
    await q(`delete from core_code_mappings where lender_id = $1`, [summitId]);
    const failed = await exported({ kind: 'coreBatch', format: 'jsonl', filters: { day: coreDay } });
    expect(failed).toMatchObject({ state: 'failed', downloadable: false, fileName: null });
    const [first] = await q<{ application_id: number }>(
      `select n.application_id from loans n join lenders l on l.id = n.lender_id
        where n.lender_id = $1 and n.is_funded and n.sent_to_core is not true
          and (n.funded_at at time zone l.time_zone)::date = $2::date order by n.funded_at, n.application_id limit 1`,
      [summitId, coreDay],
    );
    expect(failed.problems[0]).toMatchObject({
      record: expect.stringMatching(new RegExp(`^Application ${first!.application_id} · `)),
      field: 'Core code mapping',
      edit: null,
    });
  });

  it('asks for the day; refuses another format', async () => {
    const noDay = await admin.post(e.start.path, { kind: 'coreBatch', format: 'jsonl' });
    expect(noDay.json<{ errors: { field: string }[] }>().errors.map((x) => x.field)).toEqual(['filters.day']);
    const csv = await admin.post(e.start.path, { kind: 'coreBatch', format: 'csv', filters: { day: '2026-01-05' } });
    expect(csv.json<{ errors: { field: string }[] }>().errors.map((x) => x.field)).toEqual(['format']);
  });
});
