import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { federalHolidays } from '@credence/domain';
import { seedLenderCalendar } from '../../db/seed/lender-calendar.ts';
import { signIn, type ApiClient } from '../../test/api-client.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let admin: ApiClient;
let officer: ApiClient;
let harbor: ApiClient;
/** The administrator working in Harbor (a second lender). */
let adminInHarbor: ApiClient;

const lenderIdOf = async (username: string) =>
  (
    await t.pool.query<{ lender_id: number }>(
      `select ul.lender_id from users u join user_lenders ul on ul.user_id = u.id where u.username = $1 order by ul.lender_id limit 1`,
      [username],
    )
  ).rows[0]!.lender_id;

const auditRows = async () =>
  (
    await t.pool.query<{ record_id: string; lender_id: number; details: { changes: Record<string, unknown> } }>(
      `select record_id, lender_id, details from audit_events where area = 'lenderCalendar' order by id`,
    )
  ).rows;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, 'admin', 'Admin2026');
  officer = await signIn(t, 'officer', 'Officer2026');
  harbor = await signIn(t, 'harbor', 'Harbor2026');
  adminInHarbor = await signIn(t, 'admin', 'Admin2026');
  const me = (await adminInHarbor.get('/api/user/me')).json<{ lenders: { id: number; name: string }[] }>();
  await adminInHarbor.put('/api/user/lender', { lenderId: me.lenders.find((l) => l.name.startsWith('Harbor'))!.id });
});
afterAll(() => t.close());

describe('lender calendar (spec 2 §7)', () => {
  it('answers the time zone and the lender date to any signed-in user', async () => {
    const zone = await officer.get('/api/lenderCalendar/timezone');
    expect(zone.statusCode, zone.body).toBe(200);
    expect(zone.json()).toEqual({ timeZoneId: expect.any(String) as string });
    const date = await officer.get('/api/lenderCalendar/lenderDate');
    expect(date.statusCode, date.body).toBe(200);
    const body = date.json<{ lenderDate: string; timeZoneId: string }>();
    expect(body.lenderDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const expected = new Intl.DateTimeFormat('en-CA', { timeZone: body.timeZoneId }).format(new Date());
    expect(body.lenderDate).toBe(expected);
  });

  it('seeds the observed federal holidays, reads a year, copies the previous year without saving', async () => {
    const summitId = await lenderIdOf('admin');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    await seedLenderCalendar(drizzle(t.pool), summitId, [2040]);
    await seedLenderCalendar(drizzle(t.pool), summitId, [2040]); // again: nothing added
    const year = await officer.get('/api/lenderCalendar/2040');
    expect(year.statusCode, year.body).toBe(200);
    expect(year.json()).toEqual({ year: 2040, lenderHolidays: federalHolidays(2040) });

    const copy = await admin.get('/api/lenderCalendar/copyPreviousYear/2041');
    expect(copy.statusCode, copy.body).toBe(200);
    expect(copy.json()).toEqual({ year: 2041, lenderHolidays: federalHolidays(2041) });
    expect((await admin.get('/api/lenderCalendar/2041')).json()).toEqual({ year: 2041, lenderHolidays: [] });
    expect((await officer.get('/api/lenderCalendar/copyPreviousYear/2041')).statusCode).toBe(403);
  });

  it('PUT replaces the year, answers it in value, audits old → new once, and leaves other years and lenders alone', async () => {
    const harborBefore = (await harbor.get('/api/lenderCalendar/2042')).json();
    const harborSaved = await adminInHarbor.put('/api/lenderCalendar/2042', {
      year: 2042,
      lenderHolidays: [{ date: '2042-03-17', name: 'Harbor Day' }],
    });
    expect(harborSaved.statusCode, harborSaved.body).toBe(200);
    const first = {
      year: 2042,
      lenderHolidays: [
        { date: '2042-12-24', name: 'Christmas Eve' },
        { date: '2042-11-28', name: 'Day after Thanksgiving' },
      ],
    };
    const saved = await admin.put('/api/lenderCalendar/2042', first);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({
      value: {
        year: 2042,
        lenderHolidays: [
          { date: '2042-11-28', name: 'Day after Thanksgiving' },
          { date: '2042-12-24', name: 'Christmas Eve' },
        ],
      },
    });
    const second = await admin.put('/api/lenderCalendar/2042', {
      year: 2042,
      lenderHolidays: [{ date: '2042-07-03', name: '  Founders Day ' }],
    });
    expect(second.json()).toEqual({
      value: { year: 2042, lenderHolidays: [{ date: '2042-07-03', name: 'Founders Day' }] },
    });
    expect((await admin.get('/api/lenderCalendar/2042')).json()).toEqual(second.json<{ value: unknown }>().value);
    // The same list again writes no audit row.
    await admin.put('/api/lenderCalendar/2042', {
      year: 2042,
      lenderHolidays: [{ date: '2042-07-03', name: 'Founders Day' }],
    });

    const summitId = await lenderIdOf('admin');
    const rows = (await auditRows()).filter((r) => r.lender_id === summitId && r.record_id === '2042');
    expect(rows).toHaveLength(2);
    expect(rows[1]!.details.changes).toEqual({
      lenderHolidays: {
        old: first.lenderHolidays.slice().reverse(),
        new: [{ date: '2042-07-03', name: 'Founders Day' }],
      },
    });
    // Harbor's year is its own.
    expect(harborBefore).toEqual({ year: 2042, lenderHolidays: [] });
    expect((await harbor.get('/api/lenderCalendar/2042')).json()).toEqual({
      year: 2042,
      lenderHolidays: [{ date: '2042-03-17', name: 'Harbor Day' }],
    });
    // An empty list clears the year; other years keep theirs.
    await admin.put('/api/lenderCalendar/2043', {
      year: 2043,
      lenderHolidays: [{ date: '2043-01-02', name: 'Bank Day' }],
    });
    await admin.put('/api/lenderCalendar/2042', { year: 2042, lenderHolidays: [] });
    expect((await admin.get('/api/lenderCalendar/2042')).json()).toEqual({ year: 2042, lenderHolidays: [] });
    expect(
      (await admin.get('/api/lenderCalendar/2043')).json<{ lenderHolidays: unknown[] }>().lenderHolidays,
    ).toHaveLength(1);
  });

  it('refuses bad input with 422 naming the field, and writes without the right with 403', async () => {
    const fieldsOf = async (year: string | number, body: unknown) => {
      const response = await admin.put(`/api/lenderCalendar/${year}`, body);
      expect(response.statusCode, response.body).toBe(422);
      return response.json<{ errors: { field: string; message: string }[] }>().errors;
    };
    expect(await fieldsOf(2044, { year: 2044, lenderHolidays: [{ date: '2045-01-01', name: 'Next year' }] })).toEqual([
      { field: 'lenderHolidays.0.date', message: 'The date must be in 2044.' },
    ]);
    expect(
      await fieldsOf(2044, {
        year: 2044,
        lenderHolidays: [
          { date: '2044-05-01', name: 'A' },
          { date: '2044-05-01', name: 'B' },
        ],
      }),
    ).toEqual([{ field: 'lenderHolidays.1.date', message: 'This date is listed twice.' }]);
    expect(
      (await fieldsOf(2044, { year: 2044, lenderHolidays: [{ date: '2044-05-01', name: '   ' }] }))[0]!.field,
    ).toBe('lenderHolidays.0.name');
    expect((await fieldsOf(2044, { year: 2044, lenderHolidays: [{ date: '2044-02-30', name: 'X' }] }))[0]!.field).toBe(
      'lenderHolidays.0.date',
    );
    const tooMany = Array.from({ length: 61 }, (_, i) => ({
      date: new Date(Date.UTC(2044, 0, 1 + i)).toISOString().slice(0, 10),
      name: `Day ${i + 1}`,
    }));
    expect((await fieldsOf(2044, { year: 2044, lenderHolidays: tooMany }))[0]!.field).toBe('lenderHolidays');
    expect(await fieldsOf(2044, { year: 2045, lenderHolidays: [] })).toEqual([
      { field: 'year', message: 'The year does not match the calendar being saved.' },
    ]);
    expect((await admin.get('/api/lenderCalendar/20x4')).statusCode).toBe(422);
    expect((await admin.get('/api/lenderCalendar/99999')).statusCode).toBe(422);
    expect((await admin.put('/api/lenderCalendar/2044', { year: 2044, lenderHolidays: 'no' })).statusCode).toBe(422);
    expect((await admin.get('/api/lenderCalendar/2044')).json()).toEqual({ year: 2044, lenderHolidays: [] });
    expect((await officer.put('/api/lenderCalendar/2044', { year: 2044, lenderHolidays: [] })).statusCode).toBe(403);
  });
});

describe('lender calendar under load and hostile input', () => {
  it('saves of one year at once all succeed, one after the other, and the year holds one of them', async () => {
    const lists = Array.from({ length: 8 }, (_, i) => [
      { date: '2046-01-02', name: `Shared ${i}` },
      { date: `2046-02-${String(10 + i).padStart(2, '0')}`, name: `Own ${i}` },
    ]);
    const answers = await Promise.all(
      lists.map((lenderHolidays) => admin.put('/api/lenderCalendar/2046', { year: 2046, lenderHolidays })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(lists.map(() => 200));
    const saved = (await admin.get('/api/lenderCalendar/2046')).json<{ lenderHolidays: unknown[] }>().lenderHolidays;
    expect(lists).toContainEqual(saved);
    // Every save audited the list the one before it left: the audit chain is unbroken.
    const summitId = await lenderIdOf('admin');
    const chain = (await auditRows())
      .filter((r) => r.lender_id === summitId && r.record_id === '2046')
      .map((r) => r.details.changes.lenderHolidays as { old: unknown; new: unknown });
    expect(chain).toHaveLength(8);
    chain.slice(1).forEach((link, i) => expect(link.old).toEqual(chain[i]!.new));
  });

  it('property: any body, year or holiday text answers 200, 404 or 422 — never a 500', async () => {
    const hostile = fc.oneof(
      fc.string(),
      fc.constantFrom('\u0000', '\ud800', 'x'.repeat(5000), '2046-02-30', '0000-01-01', '2046-13-01', '', ' '),
      fc.integer(),
      fc.constant(null),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.constant('2047'), fc.constantFrom('0', '-1', '1e3', '2047.5', '%00', 'NaN', '99999999999')),
        fc.record({
          year: fc.oneof(fc.constant(2047), hostile),
          lenderHolidays: fc.array(fc.record({ date: hostile, name: hostile }), { maxLength: 3 }),
        }),
        async (year, body) => {
          const response = await admin.put(`/api/lenderCalendar/${year}`, body);
          expect([200, 404, 422]).toContain(response.statusCode);
          const read = await admin.get(`/api/lenderCalendar/${year}`);
          expect([200, 404, 422]).toContain(read.statusCode);
        },
      ),
      { numRuns: 60 },
    );
  });
});
