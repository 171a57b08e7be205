import { applicationSearchRequestSchema, QUEUE_COUNT_CAP, type QueuePage } from '@credence/contracts';
import { money } from '@credence/domain';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { text } from 'node:stream/consumers';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../../platform/auth.ts';
import { applicationDeps } from '../applications/application-context.ts';
import { createDataProtector, protectedPurposes } from '../../platform/crypto.ts';
import { HARBOR, newAutoApplication, productId, signIn, SUMMIT, type ApiClient } from '../../test/api-client.ts';
import { TEST_DATA_ENCRYPTION_KEY } from '../../test/template.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { exportCsv, queueExportPaging } from './application-queues.service.ts';

let t: TestApp;
let officer: ApiClient;
let admin: ApiClient;
let harbor: ApiClient;

const protector = createDataProtector(Buffer.from(TEST_DATA_ENCRYPTION_KEY, 'base64'));

type Seed = {
  first: string;
  last: string;
  member?: string | null;
  ssn?: string | null;
  state?: string;
  amount?: string | null;
  term?: number | null;
  direct?: boolean;
  source?: string;
  createdAt: string;
  createdBy?: 'officer' | 'admin';
};

const ids: Record<string, number> = {};
let summitId = 0;
let harborId = 0;
let summitProduct = 0;
let otherProduct = 0;

const one = async <T>(text: string, params: unknown[] = []) => (await t.pool.query(text, params)).rows[0] as T;

/** Inserts an application and its primary applicant as the database owner (set-based, as a data load would). */
const insertApp = async (key: string, lenderId: number, product: number, s: Seed) => {
  const { id } = await one<{ id: number }>(
    `insert into applications (lender_id, loan_product_id, state, source, direct, requested_amount, est_amt_financed,
                               term_months, created_by_user_id, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $6, $7, (select id from users where username = $8), $9, $9) returning id`,
    [
      lenderId,
      product,
      s.state ?? 'new',
      s.source ?? 'LENDER',
      s.direct ?? true,
      s.amount === undefined ? '10000.00' : s.amount,
      s.term === undefined ? 60 : s.term,
      s.createdBy ?? 'officer',
      s.createdAt,
    ],
  );
  const digits = s.ssn ? s.ssn.replaceAll('-', '') : null;
  await t.pool.query(
    `insert into applicants (lender_id, application_id, role, first_name, last_name, member_number,
                             ssn_encrypted, ssn_hash, ssn_last4, sort_order)
     values ($1, $2, 'PRIMARY', $3, $4, $5, $6, $7, $8, 0)`,
    [
      lenderId,
      id,
      s.first,
      s.last,
      s.member ?? null,
      digits ? protector.encrypt(digits, protectedPurposes.ssn) : null,
      digits ? protector.hash(digits, protectedPurposes.ssn) : null,
      digits ? digits.slice(5) : null,
    ],
  );
  ids[key] = id;
  return id;
};

const search = async (client: ApiClient, grid: string, body: Record<string, unknown>) => {
  const response = await client.post(`/api/applicationqueues/${grid}/search`, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<QueuePage>();
};
const idsOf = (page: QueuePage) => page.data.map((r) => r.applicationId);
const quill = { field: 'applicantName', operator: 'contains', value: 'quillfeather' };
const quillSearch = (body: Record<string, unknown> = {}, more: unknown[] = [], logic = 'and') => ({
  pageSize: 100,
  ...body,
  filter: { logic, filters: [quill, ...more] },
});

beforeAll(async () => {
  t = await createTestApp();
  officer = await signIn(t, 'officer', 'Officer2026');
  admin = await signIn(t, 'admin', 'Admin2026');
  harbor = await signIn(t, 'harbor', 'Harbor2026');
  summitId = (await one<{ id: number }>('select id from lenders where name = $1', [SUMMIT])).id;
  harborId = (await one<{ id: number }>('select id from lenders where name = $1', [HARBOR])).id;
  summitProduct = await productId(t, SUMMIT, 'New Auto');
  otherProduct = (
    await one<{ id: number }>('select id from loan_products where lender_id = $1 and id <> $2 order by id limit 1', [
      summitId,
      summitProduct,
    ])
  ).id;
  const harborProduct = (
    await one<{ id: number }>('select id from loan_products where lender_id = $1 order by id limit 1', [harborId])
  ).id;
  // Twelve Summit applications of the Quillfeather family, oldest first (created in 2019, before the demo data).
  const seeds: [string, Seed][] = [
    [
      'zeb',
      {
        first: 'Zebadiah',
        last: 'Quillfeather',
        member: 'QM-7781',
        ssn: '321-54-9876',
        amount: '25000.00',
        createdAt: '2019-01-01T10:00:00Z',
      },
    ],
    [
      'tess',
      {
        first: 'Tess',
        last: 'Quillfeather',
        member: 'QM-7782',
        amount: '15000.00',
        state: 'reviewed',
        createdAt: '2019-01-02T10:00:00Z',
      },
    ],
    [
      'ivo',
      {
        first: 'Ivo',
        last: 'Quillfeather',
        member: 'QM-7790',
        amount: '15000.00',
        state: 'pending',
        createdAt: '2019-01-03T10:00:00Z',
      },
    ],
    [
      'una',
      {
        first: 'Una',
        last: 'Quillfeather',
        member: null,
        amount: null,
        term: null,
        state: 'approved',
        direct: false,
        createdAt: '2019-01-04T10:00:00Z',
      },
    ],
    [
      'pct',
      {
        first: 'Perc%nt',
        last: 'Quillfeather',
        member: 'QX-1',
        amount: '15000.00',
        state: 'funded',
        source: 'DEALER',
        createdAt: '2019-01-05T10:00:00Z',
      },
    ],
    [
      'formula',
      {
        first: '=HYPERLINK("x")',
        last: 'Quillfeather, Jr',
        member: 'QM-7791',
        amount: '99000.50',
        state: 'approved',
        createdAt: '2019-01-06T10:00:30Z',
      },
    ],
    [
      'adm1',
      {
        first: 'Ada',
        last: 'Quillfeather',
        member: 'QM-7792',
        amount: '5000.00',
        createdBy: 'admin',
        createdAt: '2019-01-07T10:00:00Z',
      },
    ],
    [
      'adm2',
      {
        first: 'Bo',
        last: 'Quillfeather',
        member: 'QM-7793',
        amount: '5000.00',
        createdBy: 'admin',
        state: 'declined',
        createdAt: '2019-01-08T10:00:00Z',
      },
    ],
    [
      'c9',
      {
        first: 'Cy',
        last: 'Quillfeather',
        member: 'QM-7794',
        amount: '7000.00',
        term: 72,
        createdAt: '2019-01-09T10:00:00Z',
      },
    ],
    [
      'c10',
      {
        first: 'Di',
        last: 'Quillfeather',
        member: 'QM-7795',
        amount: '7000.00',
        term: 84,
        createdAt: '2019-01-10T10:00:00Z',
      },
    ],
    [
      'c11',
      {
        first: 'Ed',
        last: 'Quillfeather',
        member: 'QM-7796',
        amount: '7000.00',
        term: 36,
        createdAt: '2019-01-11T10:00:00Z',
      },
    ],
    [
      'c12',
      { first: 'Flo', last: 'Quillfeather', member: 'QM-7797', amount: '60000.00', createdAt: '2019-01-12T10:00:00Z' },
    ],
  ];
  for (const [key, seed] of seeds) await insertApp(key, summitId, key === 'c12' ? otherProduct : summitProduct, seed);
  // A Summit application whose member number is another application's id (numeric lookup matches both).
  await insertApp('memberIsId', summitId, summitProduct, {
    first: 'Numa',
    last: 'Ricci',
    member: String(ids.tess),
    createdAt: '2019-02-01T10:00:00Z',
  });
  // Harbor has a Quillfeather too, with Zebadiah's member number and SSN: Summit never sees it.
  await insertApp('harbor', harborId, harborProduct, {
    first: 'Zebadiah',
    last: 'Quillfeather',
    member: 'QM-7781',
    ssn: '321-54-9876',
    createdAt: '2019-01-01T11:00:00Z',
  });
});
afterAll(() => t.close());

describe('lookup (the side-menu search, spec 1 §5)', () => {
  const lookup = async (text: string, client = officer) =>
    search(client, 'allApplicationsQueue', { text, pageSize: 100 });

  it('finds one application by its id', async () => {
    const page = await lookup(String(ids.zeb));
    expect(idsOf(page)).toEqual([ids.zeb]);
    expect(page).toMatchObject({ total: 1, totalIsLowerBound: false });
  });
  it('finds by member number, by SSN with and without dashes, by first name, by "first last"', async () => {
    expect(idsOf(await lookup('QM-7781'))).toEqual([ids.zeb]);
    expect(idsOf(await lookup('321-54-9876'))).toEqual([ids.zeb]);
    expect(idsOf(await lookup('321549876'))).toEqual([ids.zeb]);
    expect(idsOf(await lookup('zebadiah'))).toEqual([ids.zeb]);
    expect(idsOf(await lookup('Zebadiah Quillfeather'))).toEqual([ids.zeb]);
  });
  it('finds several by last name (newest first) and none for an unknown text', async () => {
    const page = await lookup('QUILLFEATHER');
    expect(page.total).toBe(11);
    expect(idsOf(page)[0]).toBe(ids.c12);
    expect(idsOf(page)).not.toContain(ids.formula); // last name 'Quillfeather, Jr' is not equal
    expect((await lookup('Nobodyhere')).total).toBe(0);
    expect((await lookup('Zeb')).total).toBe(0); // equality, not a prefix
  });
  it('a numeric text matches the application id and a member number equal to it', async () => {
    expect(idsOf(await lookup(String(ids.tess))).sort()).toEqual([ids.tess, ids.memberIsId].sort());
  });
  it('never crosses lenders: Harbor finds its own, Summit never sees Harbor even by id', async () => {
    expect(idsOf(await lookup(String(ids.harbor)))).toEqual([]);
    expect(idsOf(await lookup('QM-7781', harbor))).toEqual([ids.harbor]);
    expect(idsOf(await lookup('321549876', harbor))).toEqual([ids.harbor]);
    expect(idsOf(await lookup(String(ids.zeb), harbor))).toEqual([]);
  });
  it('pageSize 1 (the lookup) gives the newest match and counts only far enough to tell one from several', async () => {
    const full = await search(officer, 'allApplicationsQueue', { text: 'Quillfeather', pageSize: 25 });
    const page = await search(officer, 'allApplicationsQueue', { text: 'Quillfeather', pageSize: 1 });
    expect(page.data.map((r) => r.applicationId)).toEqual([full.data[0]!.applicationId]);
    expect(full.total).toBe(11);
    expect(page).toMatchObject({ total: 2, totalIsLowerBound: true });
    const one = await search(officer, 'allApplicationsQueue', {
      text: String(full.data[0]!.applicationId),
      pageSize: 1,
    });
    expect(one).toMatchObject({ total: 1, totalIsLowerBound: false });
  });
});

describe('paging and sorting', () => {
  it('page 2 of 3 has the right rows; skip and take win over page and pageSize', async () => {
    const all = idsOf(await search(officer, 'allApplicationsQueue', quillSearch()));
    expect(all).toHaveLength(12);
    const page2 = await search(officer, 'allApplicationsQueue', { ...quillSearch(), page: 2, pageSize: 5 });
    expect(idsOf(page2)).toEqual(all.slice(5, 10));
    expect(page2.total).toBe(12);
    const skipped = await search(officer, 'allApplicationsQueue', { ...quillSearch(), page: 1, skip: 3, take: 4 });
    expect(idsOf(skipped)).toEqual(all.slice(3, 7));
  });

  it('sorts by each sortable column, asc and desc, with the id breaking ties in the same direction', async () => {
    const rows = (await search(officer, 'allApplicationsQueue', quillSearch())).data;
    const check = async (field: string, key: (r: (typeof rows)[number]) => string | number | null) => {
      for (const dir of ['asc', 'desc'] as const) {
        const got = idsOf(await search(officer, 'allApplicationsQueue', quillSearch({ sort: [{ field, dir }] })));
        const sign = dir === 'asc' ? 1 : -1;
        const cmp = (a: string | number | null, b: string | number | null) => {
          if (a === b) return 0;
          // PostgreSQL sorts nulls as the largest value: last ascending, first descending.
          if (a === null) return 1;
          if (b === null) return -1;
          return a < b ? -1 : 1;
        };
        const expected = [...rows]
          .sort((a, b) => sign * cmp(key(a), key(b)) || sign * (a.applicationId - b.applicationId))
          .map((r) => r.applicationId);
        expect(got, `${field} ${dir}`).toEqual(expected);
      }
    };
    // Whole cents, exact: compared as integers.
    await check('requestedAmount', (r) =>
      r.requestedAmount === null ? null : money(r.requestedAmount).times(100).toNumber(),
    );
    await check('amount', (r) => (r.amount === null ? null : money(r.amount).times(100).toNumber()));
    await check('termMonths', (r) => r.termMonths);
    await check('applicationId', (r) => r.applicationId);
    await check('createdUtcTime', (r) => r.createdUtcTime);
    await check('updatedUtcTime', (r) => r.updatedUtcTime);
    await check('memberNumber', (r) => r.memberNumber);
  });

  it('sorts by several columns: amount asc then term desc, ties by id in the last direction', async () => {
    const got = (
      await search(
        officer,
        'allApplicationsQueue',
        quillSearch({
          sort: [
            { field: 'requestedAmount', dir: 'asc' },
            { field: 'termMonths', dir: 'desc' },
          ],
        }),
      )
    ).data;
    const sevens = got.filter((r) => r.requestedAmount === '7000.00').map((r) => r.termMonths);
    expect(sevens).toEqual([84, 72, 36]);
    const fifteens = got.filter((r) => r.requestedAmount === '15000.00').map((r) => r.applicationId);
    expect(fifteens).toEqual([...fifteens].sort((a, b) => b - a));
  });

  it('answers rows with names, amounts and times as the grid shows them', async () => {
    const row = (await search(officer, 'allApplicationsQueue', { text: 'QM-7781' })).data[0]!;
    expect(row).toMatchObject({
      applicationId: ids.zeb,
      applicantName: 'Zebadiah Quillfeather',
      memberNumber: 'QM-7781',
      loanProduct: summitProduct,
      loanProductName: 'New Auto',
      state: 'new',
      requestedAmount: '25000.00',
      amount: '25000.00',
      termMonths: 60,
      direct: true,
      source: 'LENDER',
      createdUtcTime: '2019-01-01T10:00:00.000Z',
      lockingUser: null,
      createdBy: 'Olivia Chen',
    });
  });
});

describe('filters (MUI operators)', () => {
  const filtered = async (more: unknown[], logic = 'and', grid = 'allApplicationsQueue') =>
    idsOf(await search(officer, grid, quillSearch({}, more, logic))).sort((a, b) => a - b);
  const sorted = (...keys: string[]) => keys.map((k) => ids[k]!).sort((a, b) => a - b);

  it('numbers and money', async () => {
    expect(await filtered([{ field: 'applicationId', operator: '>=', value: ids.c11 }])).toEqual(sorted('c11', 'c12'));
    expect(await filtered([{ field: 'applicationId', operator: '=', value: 99_999_999_999 }])).toEqual([]);
    expect(await filtered([{ field: 'requestedAmount', operator: '>', value: '25000' }])).toEqual(
      sorted('formula', 'c12'),
    );
    expect(await filtered([{ field: 'requestedAmount', operator: '=', value: '99000.50' }])).toEqual(sorted('formula'));
    expect(await filtered([{ field: 'requestedAmount', operator: 'isEmpty', value: null }])).toEqual(sorted('una'));
    expect(await filtered([{ field: 'termMonths', operator: '<', value: 60 }])).toEqual(sorted('c11'));
  });

  it('strings are case-insensitive and % and _ are plain characters', async () => {
    expect(await filtered([{ field: 'applicantName', operator: 'startsWith', value: 'ZEB' }])).toEqual(sorted('zeb'));
    expect(await filtered([{ field: 'applicantName', operator: 'equals', value: 'zebadiah quillfeather' }])).toEqual(
      sorted('zeb'),
    );
    expect(await filtered([{ field: 'applicantName', operator: 'contains', value: '%' }])).toEqual(sorted('pct'));
    expect(await filtered([{ field: 'applicantName', operator: 'contains', value: 'c_n' }])).toEqual([]);
    expect(await filtered([{ field: 'memberNumber', operator: 'equals', value: 'QM-7781' }])).toEqual(sorted('zeb'));
    expect(await filtered([{ field: 'memberNumber', operator: 'startsWith', value: 'QX' }])).toEqual(sorted('pct'));
    expect(await filtered([{ field: 'memberNumber', operator: 'isEmpty', value: null }])).toEqual(sorted('una'));
    expect((await filtered([{ field: 'memberNumber', operator: 'isNotEmpty' }])).length).toBe(11);
  });

  it('applicant contains: the one-statement page and count give the same rows and totals as the id filter', async () => {
    // As the only (or an AND) condition the name matches are the page's source, paged and counted in one
    // statement; under OR logic the same view is an id filter. Both must agree on every page and sort.
    const never = { field: 'applicationId', operator: '=', value: 1 };
    for (const sort of [null, [{ field: 'applicantName', dir: 'asc' }], [{ field: 'amount', dir: 'desc' }]])
      for (const page of [1, 2, 5]) {
        const body = { pageSize: 3, page, sort };
        const single = await search(officer, 'allApplicationsQueue', quillSearch(body));
        const viaIds = await search(officer, 'allApplicationsQueue', quillSearch(body, [never], 'or'));
        expect(single, `${JSON.stringify(sort)} page ${page}`).toEqual(viaIds);
      }
    const all = await search(officer, 'allApplicationsQueue', quillSearch());
    expect(all.total).toBe(12);
    expect(all.totalIsLowerBound).toBe(false);
    // A page past the end still has the total.
    const past = await search(officer, 'allApplicationsQueue', quillSearch({ page: 9, pageSize: 25 }));
    expect(past).toEqual({ data: [], total: 12, totalIsLowerBound: false });
    // With a state queue and another condition.
    const credit = await search(
      officer,
      'creditQueue',
      quillSearch({}, [{ field: 'direct', operator: 'is', value: true }]),
    );
    expect(credit.data.every((r) => r.state === 'new' && r.direct)).toBe(true);
    expect(credit.total).toBe(credit.data.length);
  });

  it('applicant contains never crosses lenders', async () => {
    const summit = await search(officer, 'allApplicationsQueue', quillSearch());
    expect(idsOf(summit)).not.toContain(ids.harbor);
    const other = await search(harbor, 'allApplicationsQueue', quillSearch());
    expect(idsOf(other)).toEqual([ids.harbor]);
    expect(other.total).toBe(1);
  });

  it('single selects, booleans and empty values', async () => {
    expect(await filtered([{ field: 'state', operator: 'is', value: 'pending' }])).toEqual(sorted('ivo'));
    expect(await filtered([{ field: 'state', operator: 'isAnyOf', value: ['pending', 'funded'] }])).toEqual(
      sorted('ivo', 'pct'),
    );
    expect((await filtered([{ field: 'state', operator: 'not', value: 'new' }])).length).toBe(6);
    expect((await filtered([{ field: 'state', operator: 'isAnyOf', value: [] }])).length).toBe(12);
    expect((await filtered([{ field: 'state', operator: 'is', value: '' }])).length).toBe(12);
    expect(await filtered([{ field: 'loanProduct', operator: 'is', value: otherProduct }])).toEqual(sorted('c12'));
    expect(await filtered([{ field: 'loanProduct', operator: 'isAnyOf', value: [String(otherProduct)] }])).toEqual(
      sorted('c12'),
    );
    expect(await filtered([{ field: 'direct', operator: 'is', value: false }])).toEqual(sorted('una'));
    expect(await filtered([{ field: 'source', operator: 'is', value: 'DEALER' }])).toEqual(sorted('pct'));
  });

  it('date-times compare to the minute', async () => {
    const at = (value: string, operator: string) => filtered([{ field: 'createdUtcTime', operator, value }]);
    expect(await at('2019-01-06T10:00:00.000Z', 'is')).toEqual(sorted('formula'));
    expect((await at('2019-01-06T10:00:00.000Z', 'not')).length).toBe(11);
    expect(await at('2019-01-10T10:00:00.000Z', 'after')).toEqual(sorted('c11', 'c12'));
    expect(await at('2019-01-11T10:00:00.000Z', 'onOrAfter')).toEqual(sorted('c11', 'c12'));
    expect(await at('2019-01-02T10:00:00.000Z', 'before')).toEqual(sorted('zeb'));
    expect(await at('2019-01-02T10:00:00.000Z', 'onOrBefore')).toEqual(sorted('zeb', 'tess'));
  });

  it('and / or logic', async () => {
    const or = await search(officer, 'allApplicationsQueue', {
      text: 'Quillfeather',
      pageSize: 100,
      filter: {
        logic: 'or',
        filters: [
          { field: 'state', operator: 'is', value: 'pending' },
          { field: 'requestedAmount', operator: '>=', value: '60000' },
        ],
      },
    });
    expect(idsOf(or).sort((a, b) => a - b)).toEqual(sorted('ivo', 'c12'));
    expect(
      await filtered([
        { field: 'state', operator: 'is', value: 'new' },
        { field: 'requestedAmount', operator: '=', value: '7000' },
      ]),
    ).toEqual(sorted('c9', 'c10', 'c11'));
  });
});

describe('the allow-list and bound values', () => {
  const post = (body: unknown) => officer.post('/api/applicationqueues/allApplicationsQueue/search', body);

  it('refuses an unknown sort field with 422 naming it', async () => {
    const response = await post({ sort: [{ field: 'id;drop table applications', dir: 'asc' }] });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toContainEqual({
      field: 'sort.0.field',
      message: "Unknown field 'id;drop table applications'.",
    });
  });

  it('treats hostile filter values as plain values', async () => {
    for (const value of ['1) or 1=1 --', '(select password_hash from users)', "'; drop table applications; --"]) {
      for (const field of ['applicantName', 'memberNumber']) {
        const page = await search(officer, 'allApplicationsQueue', {
          filter: { filters: [{ field, operator: field === 'applicantName' ? 'contains' : 'equals', value }] },
        });
        expect(page.total, `${field} ${value}`).toBe(0);
      }
      expect((await search(officer, 'allApplicationsQueue', { text: value })).total).toBe(0);
    }
    const stillThere = await t.pool.query('select count(*)::int as n from applications');
    expect(stillThere.rows[0].n).toBeGreaterThan(12);
  });

  it('takes money filter values only as decimal strings (a JSON number has been through floating point)', async () => {
    for (const value of [20000, 1.005, '1.005', '12,000']) {
      const response = await post({ filter: { filters: [{ field: 'requestedAmount', operator: '>=', value }] } });
      expect(response.statusCode, String(value)).toBe(422);
      expect(response.json().errors).toContainEqual({
        field: 'filter.filters.0.value',
        message: "The filter value for 'requestedAmount' is not valid.",
      });
    }
    expect(
      (await post({ filter: { filters: [{ field: 'requestedAmount', operator: '>=', value: '1.01' }] } })).statusCode,
    ).toBe(200);
  });

  it('refuses an unknown operator, a field that cannot be filtered, grouping and a bad grid', async () => {
    const badOperator = await post({ filter: { filters: [{ field: 'state', operator: 'like', value: 'x' }] } });
    expect(badOperator.statusCode).toBe(422);
    expect(badOperator.json().errors[0].field).toBe('filter.filters.0.operator');
    expect(
      (await post({ filter: { filters: [{ field: 'lockingUser', operator: 'contains', value: 'x' }] } })).statusCode,
    ).toBe(422);
    expect((await post({ group: [{ field: 'state', dir: 'asc' }] })).statusCode).toBe(422);
    expect((await officer.post('/api/applicationqueues/nosuchQueue/search', {})).statusCode).toBe(422);
  });
});

describe('queues', () => {
  it('My Queue: created by me and still open', async () => {
    const mine = idsOf(await search(officer, 'myQueue', quillSearch())).sort((a, b) => a - b);
    const expected = ['zeb', 'tess', 'ivo', 'una', 'formula', 'c9', 'c10', 'c11', 'c12'].map((k) => ids[k]!);
    expect(mine).toEqual(expected.sort((a, b) => a - b));
    const adminMine = idsOf(await search(admin, 'myQueue', quillSearch()));
    expect(adminMine).toEqual([ids.adm1]);
  });

  it('Shared With Me: direct shares and enabled groups I belong to', async () => {
    const officerId = (await one<{ id: number }>("select id from users where username = 'officer'")).id;
    const enabled = (
      await one<{ id: number }>(
        `insert into user_groups (lender_id, name, enabled) values ($1, 'Queue Testers', true) returning id`,
        [summitId],
      )
    ).id;
    const disabled = (
      await one<{ id: number }>(
        `insert into user_groups (lender_id, name, enabled) values ($1, 'Queue Retired', false) returning id`,
        [summitId],
      )
    ).id;
    await t.pool.query(
      'insert into user_group_members (user_group_id, user_id, lender_id) values ($1,$3,$4), ($2,$3,$4)',
      [enabled, disabled, officerId, summitId],
    );
    await t.pool.query(
      `insert into application_shares (lender_id, application_id, user_id, user_group_id)
       values ($1, $2, $5, null), ($1, $3, null, $6), ($1, $4, null, $7)`,
      [summitId, ids.c9, ids.c10, ids.c11, officerId, enabled, disabled],
    );
    const shared = idsOf(await search(officer, 'sharedWithMeQueue', quillSearch())).sort((a, b) => a - b);
    expect(shared).toEqual([ids.c9!, ids.c10!].sort((a, b) => a - b));
    expect(idsOf(await search(admin, 'sharedWithMeQueue', quillSearch()))).toEqual([]);
  });

  it('state queues hold their states; totals come from the counters and match real counts', async () => {
    const real = async (queue: string | null) =>
      (
        await one<{ n: number }>(
          `select count(*)::int as n from applications where lender_id = $1 and ${queue ? 'queue = $2' : '$2::text is null'}`,
          [summitId, queue],
        )
      ).n;
    const expectTotals = async () => {
      for (const [grid, queue] of [
        ['creditQueue', 'credit'],
        ['decisionQueue', 'decision'],
        ['pendingDecisionQueue', 'pendingDecision'],
        ['requirementsQueue', 'requirements'],
        ['fundingQueue', 'funding'],
      ] as const) {
        const page = await search(officer, grid, { pageSize: 1 });
        expect(page.total, grid).toBe(await real(queue));
        expect(page.totalIsLowerBound).toBe(false);
      }
      expect((await search(officer, 'allApplicationsQueue', { pageSize: 1 })).total).toBe(await real(null));
    };
    await expectTotals();
    expect(idsOf(await search(officer, 'requirementsQueue', quillSearch()))).toEqual([ids.una]);
    expect(idsOf(await search(officer, 'fundingQueue', quillSearch()))).toEqual([ids.formula]);
    expect(idsOf(await search(officer, 'pendingDecisionQueue', quillSearch()))).toEqual([ids.ivo]);
    // A new application enters the credit queue; a decision moves another one.
    const created = await officer.post('/api/applications', newAutoApplication(summitProduct));
    expect(created.statusCode).toBe(201);
    await t.pool.query(`update applications set state = 'reviewed' where id = $1`, [ids.c9]);
    await t.pool.query(`update applications set packet_received_date = current_date where id = $1`, [ids.una]);
    await expectTotals();
    expect(idsOf(await search(officer, 'fundingQueue', quillSearch()))).toContain(ids.una);
  });

  it('a filtered count stops at the cap and says so', async () => {
    await t.pool.query(
      `insert into applications (lender_id, loan_product_id, state, direct, created_at)
       select $1, $2, 'new', true, now() - make_interval(mins => g) from generate_series(1, $3) g`,
      [summitId, summitProduct, QUEUE_COUNT_CAP + 5],
    );
    const page = await search(officer, 'creditQueue', {
      filter: { filters: [{ field: 'loanProduct', operator: 'is', value: summitProduct }] },
    });
    expect(page).toMatchObject({ total: QUEUE_COUNT_CAP, totalIsLowerBound: true });
    const exact = await search(officer, 'creditQueue', {});
    expect(exact.totalIsLowerBound).toBe(false);
    expect(exact.total).toBeGreaterThan(QUEUE_COUNT_CAP);
  });
});

describe('CSV export', () => {
  it('writes the chosen columns in catalogue order, quoted, with formulas guarded', async () => {
    const response = await officer.post('/api/applicationqueues/allApplicationsQueue/export', {
      ...quillSearch({ sort: [{ field: 'createdUtcTime', dir: 'asc' }] }),
      columns: ['requestedAmount', 'applicationId', 'applicantName', 'state', 'loanProduct'],
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="allApplicationsQueue.csv"');
    const lines = response.body.split('\r\n');
    expect(lines[0]).toBe('"App Id","Applicant","Loan Product","Status","Requested Amount"');
    expect(lines[1]).toBe(`"${ids.zeb}","Zebadiah Quillfeather","New Auto","New","25000.00"`);
    expect(lines).toContain(`"${ids.formula}","'=HYPERLINK(""x"") Quillfeather, Jr","New Auto","Approved","99000.50"`);
    expect(lines).toContain(`"${ids.una}","Una Quillfeather","New Auto","Approved",""`);
    expect(lines).toHaveLength(14); // header, 12 rows, the empty string after the last CRLF
  });

  it("defaults to the visible columns; dates as MM/dd/yyyy hh:mm AM in the lender's time zone (Summit: Denver)", async () => {
    const response = await officer.post('/api/applicationqueues/myQueue/export', { text: 'QM-7781' });
    const [header, row] = response.body.split('\r\n');
    expect(header).toBe(
      '"App Id","Applicant","Member Number","Loan Product","Status","Amount","Avg Credit Score","Created","Locked By","Rate","Payment","Tier"',
    );
    expect(row).toBe(
      `"${ids.zeb}","Zebadiah Quillfeather","QM-7781","New Auto","New","25000.00","","01/01/2019 03:00 AM","","","",""`,
    );
  });
});

describe('the CSV export streams in batches (issue 30, item 12)', () => {
  const defaultBatch = queueExportPaging.batchSize;
  afterEach(() => {
    queueExportPaging.batchSize = defaultBatch;
  });
  const exportBody = {
    ...quillSearch({ sort: [{ field: 'createdUtcTime', dir: 'asc' }] }),
    columns: ['applicationId', 'applicantName', 'state', 'requestedAmount', 'createdUtcTime'],
  };
  const exportQuill = async () => {
    const response = await officer.post('/api/applicationqueues/allApplicationsQueue/export', exportBody);
    expect(response.statusCode).toBe(200);
    return response.body;
  };

  it('batches of two rows write the same bytes as one batch: every row once, in the page order', async () => {
    const oneBatch = await exportQuill();
    queueExportPaging.batchSize = 2;
    const batched = await exportQuill();
    expect(batched).toBe(oneBatch);
    const page = await search(officer, 'allApplicationsQueue', exportBody);
    const rows = batched.split('\r\n').slice(1, -1);
    expect(rows.length).toBeGreaterThan(2 * 5); // more than five batches
    expect(rows.map((line) => Number(/^"(\d+)"/.exec(line)![1]))).toEqual(page.data.map((r) => r.applicationId));
  });

  it('is sent in more than one chunk over a real connection', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const oneBatch = await exportQuill();
    queueExportPaging.batchSize = 1;
    const payload = JSON.stringify(exportBody);
    const answer = await new Promise<{ chunks: number; body: string; status: number }>((resolve, reject) => {
      const request = http.request(
        {
          host: '127.0.0.1',
          port,
          path: '/api/applicationqueues/allApplicationsQueue/export',
          method: 'POST',
          headers: { ...t.bearer(officer.token), 'content-type': 'application/json' },
        },
        (response) => {
          let chunks = 0;
          let body = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => {
            chunks++;
            body += chunk;
          });
          response.on('end', () => resolve({ chunks, body, status: response.statusCode! }));
          response.on('error', reject);
        },
      );
      request.on('error', reject);
      request.end(payload);
    });
    expect(answer.status).toBe(200);
    expect(answer.chunks).toBeGreaterThan(1);
    expect(answer.body).toBe(oneBatch);
  });

  it('answers a refused request as JSON before streaming; a database failure mid-stream breaks the stream', async () => {
    const refused = await officer.post('/api/applicationqueues/allApplicationsQueue/export', {
      ...exportBody,
      columns: ['noSuchColumn'],
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'VALIDATION' });

    // The ids are read (one transaction), then the second batch's transaction fails (a dropped connection).
    queueExportPaging.batchSize = 2;
    let transactions = 0;
    const failing = new Proxy(t.db, {
      get(target, property, receiver) {
        if (property !== 'transaction') return Reflect.get(target, property, receiver) as unknown;
        return (...args: Parameters<Db['transaction']>) => {
          transactions++;
          if (transactions === 3) return Promise.reject(new Error('Connection terminated unexpectedly'));
          return target.transaction(...args);
        };
      },
    });
    const officerId = (await one<{ id: number }>(`select id from users where username = 'officer'`)).id;
    const auth = { lenderId: summitId, userId: officerId, rights: new Set() } as unknown as AuthContext;
    const deps = applicationDeps({ db: t.db, config: t.config } as Parameters<typeof applicationDeps>[0]);
    const request = applicationSearchRequestSchema.parse(exportBody);
    const stream = await exportCsv({ ...deps, db: failing }, auth, 'allApplicationsQueue', request);
    await expect(text(stream)).rejects.toThrow('Connection terminated unexpectedly');
    expect(stream.destroyed).toBe(true);
  });
});

describe('dynamic queue columns', () => {
  it("lists the catalogue with the lender's products, dealers, states and sources", async () => {
    const response = await officer.get('/api/applicationqueues/dynamicQueueColumns');
    expect(response.statusCode).toBe(200);
    const columns = response.json<{
      columns: { field: string; valueOptions: { value: unknown; label: string }[] | null }[];
    }>().columns;
    const options = (field: string) => columns.find((c) => c.field === field)!.valueOptions;
    expect(options('state')).toContainEqual({ value: 'counteroffer', label: 'Counteroffer' });
    expect(options('state')).toHaveLength(8);
    expect(options('source')).toContainEqual({ value: 'CONSUMER_WEB', label: 'Consumer Web' });
    expect(options('loanProduct')).toContainEqual({ value: summitProduct, label: 'New Auto' });
    const harborProducts = await t.pool.query('select id from loan_products where lender_id = $1', [harborId]);
    for (const p of harborProducts.rows) expect(options('loanProduct')!.map((o) => o.value)).not.toContain(p.id);
    expect(options('applicantName')).toBeNull();
  });
});
