import {
  messages,
  searchFilterEndpoints as e,
  searchFilterInputSchema,
  searchFilterSchema,
  type AnyResource,
  type SearchFilter,
} from '@credence/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HARBOR, signIn, SUMMIT, type ApiClient } from '../../test/api-client.ts';
import { describeResource } from '../../test/resource-suite.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let officer: ApiClient; // Loan Officer, Underwriters; no canManageSearchFilters
let admin: ApiClient; // Administrator (every right), Underwriters and Funding Team
let adminInHarbor: ApiClient; // the same administrator, working in Harbor
let harbor: ApiClient; // Harbor Auto Finance

const criteria = (min = '25000') =>
  JSON.stringify({
    gridName: 'allApplicationsQueue',
    filter: { logic: 'and', filters: [{ field: 'requestedAmount', operator: '>=', value: min }] },
  });
const body = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  type: 'filter',
  filter: criteria(),
  showOnSideMenu: true,
  ...extra,
});

type AuditRow = {
  lender_id: number;
  actor_user_id: number;
  impersonating: boolean;
  action: string;
  details: { label: string; changes: Record<string, { old: unknown; new: unknown }> };
};
const auditOf = async (id: number) =>
  (
    await t.pool.query<AuditRow>(
      `select lender_id, actor_user_id, impersonating, action, details from audit_events
        where area = 'searchFilters' and record_id = $1 order by id`,
      [String(id)],
    )
  ).rows;
const auditCount = async () =>
  Number(
    (await t.pool.query<{ n: string }>(`select count(*) as n from audit_events where area = 'searchFilters'`)).rows[0]!
      .n,
  );
const idOf = async (sql: string, value: string) => (await t.pool.query<{ id: number }>(sql, [value])).rows[0]!.id;
const userId = (username: string) => idOf('select id from users where username = $1', username);
const lenderId = (name: string) => idOf('select id from lenders where name = $1', name);
const groupId = (name: string) =>
  idOf(
    `select g.id from user_groups g join lenders l on l.id = g.lender_id where l.name = '${SUMMIT}' and g.name = $1`,
    name,
  );

const create = async (client: ApiClient, name: string, extra: Record<string, unknown> = {}) => {
  const response = await client.post('/api/SearchFilters', body(name, extra));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<SearchFilter>();
};
/** The one audit row a write added to the filter's history. */
const lastRow = async (id: number, before: number) => {
  const rows = await auditOf(id);
  expect(rows).toHaveLength(before + 1);
  return rows.at(-1)!;
};

beforeAll(async () => {
  t = await createTestApp();
  officer = await signIn(t, 'officer', 'Officer2026');
  admin = await signIn(t, 'admin', 'Admin2026');
  harbor = await signIn(t, 'harbor', 'Harbor2026');
  adminInHarbor = await signIn(t, 'admin', 'Admin2026');
  expect((await adminInHarbor.put('/api/user/lender', { lenderId: await lenderId(HARBOR) })).statusCode).toBe(200);
});
afterAll(() => t.close());

describe('every search-filter write is audited in its transaction (DESIGN.md rule 13)', () => {
  it('create: one row, who and where, the values from null, labelled by the name', async () => {
    const filter = await create(officer, 'Audited create', { showOnSideMenu: false });
    const [row, ...more] = await auditOf(filter.id);
    expect(more).toEqual([]);
    expect(row).toMatchObject({
      lender_id: await lenderId(SUMMIT),
      actor_user_id: await userId('officer'),
      impersonating: false,
      action: 'create',
      details: { label: 'Audited create' },
    });
    expect(row!.details.changes).toEqual({
      name: { old: null, new: 'Audited create' },
      type: { old: null, new: 'filter' },
      filter: { old: null, new: filter.filter },
      userGroupIds: { old: null, new: [] },
      enabled: { old: null, new: true },
      sortOrder: { old: null, new: filter.sortOrder },
      showOnSideMenu: { old: null, new: false },
      createdByUser: { old: null, new: { id: await userId('officer'), name: 'Olivia Chen' } },
      // Not isMine: it is the caller's view of the filter, not one of its values.
    });
  });

  it('update: one row with exactly the changed fields; an unchanged save adds none', async () => {
    const filter = await create(officer, 'Audited update');
    const updated = await officer.put(
      `/api/SearchFilters/${filter.id}`,
      body('Audited update renamed', { filter: criteria('50000') }),
    );
    expect(updated.statusCode, updated.body).toBe(200);
    const row = await lastRow(filter.id, 1);
    expect(row.action).toBe('update');
    expect(row.details.label).toBe('Audited update renamed');
    expect(row.details.changes).toEqual({
      name: { old: 'Audited update', new: 'Audited update renamed' },
      filter: { old: filter.filter, new: updated.json<SearchFilter>().filter },
    });
    const same = await officer.put(
      `/api/SearchFilters/${filter.id}`,
      body('Audited update renamed', { filter: criteria('50000') }),
    );
    expect(same.statusCode).toBe(200);
    expect(await auditOf(filter.id)).toHaveLength(2);
  });

  it('disable and enable: one row each; disabling a disabled filter adds none', async () => {
    const filter = await create(officer, 'Audited toggle');
    expect((await officer.post(`/api/SearchFilters/${filter.id}/disable`)).statusCode).toBe(200);
    const off = await lastRow(filter.id, 1);
    expect(off).toMatchObject({ action: 'disable', details: { label: 'Audited toggle' } });
    expect(off.details.changes).toEqual({ enabled: { old: true, new: false } });
    expect((await officer.post(`/api/SearchFilters/${filter.id}/disable`)).statusCode).toBe(200);
    expect(await auditOf(filter.id)).toHaveLength(2);
    expect((await officer.post(`/api/SearchFilters/${filter.id}/enable`)).statusCode).toBe(200);
    const on = await lastRow(filter.id, 2);
    expect(on.action).toBe('enable');
    expect(on.details.changes).toEqual({ enabled: { old: false, new: true } });
  });

  it('order: one row per filter whose place changed, with its sort order old → new', async () => {
    const a = await create(officer, 'Audited order A');
    const b = await create(officer, 'Audited order B');
    const response = await officer.put('/api/SearchFilters/order', {
      ordering: [
        { id: a.id, sortOrder: a.sortOrder }, // unchanged: no row
        { id: b.id, sortOrder: 9000 },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await auditOf(a.id)).toHaveLength(1);
    const row = await lastRow(b.id, 1);
    expect(row).toMatchObject({ action: 'update', details: { label: 'Audited order B' } });
    expect(row.details.changes).toEqual({ sortOrder: { old: b.sortOrder, new: 9000 } });
  });

  it('publish and unpublish (the user groups): one row each with userGroupIds old → new', async () => {
    const underwriters = await groupId('Underwriters');
    const filter = await create(admin, 'Audited publish');
    const published = await admin.put(`/api/SearchFilters/${filter.id}/Publish`, { userGroupIds: [underwriters] });
    expect(published.statusCode, published.body).toBe(200);
    const publish = await lastRow(filter.id, 1);
    expect(publish).toMatchObject({ action: 'update', actor_user_id: await userId('admin') });
    expect(publish.details.changes).toEqual({ userGroupIds: { old: [], new: [underwriters] } });
    expect((await admin.delete(`/api/SearchFilters/${filter.id}/Unpublish`)).statusCode).toBe(200);
    const unpublish = await lastRow(filter.id, 2);
    expect(unpublish.details.changes).toEqual({ userGroupIds: { old: [underwriters], new: [] } });
  });

  it('delete: one row with the old values', async () => {
    const filter = await create(officer, 'Audited delete');
    expect((await officer.delete(`/api/SearchFilters/${filter.id}`)).statusCode).toBe(204);
    const row = await lastRow(filter.id, 1);
    expect(row).toMatchObject({ action: 'delete', details: { label: 'Audited delete' } });
    expect(row.details.changes.name).toEqual({ old: 'Audited delete', new: null });
    expect(row.details.changes.enabled).toEqual({ old: true, new: null });
  });

  it("admin calls: create with groups, and update of another user's filter, one row each", async () => {
    const fundingTeam = await groupId('Funding Team');
    const created = await admin.post(
      '/api/SearchFilters/admin',
      body('Audited admin queue', { type: 'queue', userGroupIds: [fundingTeam] }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const [first, ...more] = await auditOf(created.json<SearchFilter>().id);
    expect(more).toEqual([]);
    expect(first).toMatchObject({ action: 'create', details: { label: 'Audited admin queue' } });
    expect(first!.details.changes.userGroupIds).toEqual({ old: null, new: [fundingTeam] });

    const officers = await create(officer, 'Audited by admin');
    const updated = await admin.put(
      `/api/SearchFilters/${officers.id}/admin`,
      body('Audited by admin', { enabled: false, userGroupIds: [fundingTeam] }),
    );
    expect(updated.statusCode, updated.body).toBe(200);
    const row = await lastRow(officers.id, 1);
    expect(row).toMatchObject({ action: 'update', actor_user_id: await userId('admin') });
    expect(row.details.changes).toEqual({
      enabled: { old: true, new: false },
      userGroupIds: { old: [], new: [fundingTeam] },
    });
  });

  it('an administrator working in another lender is recorded as impersonating', async () => {
    const created = await adminInHarbor.post('/api/SearchFilters', body('Audited in Harbor'));
    expect(created.statusCode, created.body).toBe(201);
    const [row] = await auditOf(created.json<SearchFilter>().id);
    expect(row).toMatchObject({ lender_id: await lenderId(HARBOR), impersonating: true });
  });
});

describe('a refused write records nothing', () => {
  it('422, 403 and 404 answers leave the audit as it was', async () => {
    const mine = await create(officer, 'Refused target');
    await create(officer, 'Refused taken');
    const adminsShared = await create(admin, 'Refused shared');
    expect(
      (
        await admin.put(`/api/SearchFilters/${adminsShared.id}/Publish`, {
          userGroupIds: [await groupId('Underwriters')],
        })
      ).statusCode,
    ).toBe(200);
    const before = await auditCount();

    const refused = [
      // Validation and the unique name.
      await officer.post('/api/SearchFilters', body('')),
      await officer.post('/api/SearchFilters', body('Refused taken')),
      await officer.put(`/api/SearchFilters/${mine.id}`, body('Refused taken')),
      await officer.put(`/api/SearchFilters/${mine.id}`, body('Refused target', { filter: '{' })),
      // Not the owner of a filter the caller sees.
      await officer.put(`/api/SearchFilters/${adminsShared.id}`, body('Hijacked')),
      await officer.post(`/api/SearchFilters/${adminsShared.id}/disable`),
      await officer.delete(`/api/SearchFilters/${adminsShared.id}`),
      await officer.put('/api/SearchFilters/order', { ordering: [{ id: adminsShared.id, sortOrder: 0 }] }),
      // Without the right.
      await officer.put(`/api/SearchFilters/${mine.id}/Publish`, { userGroupIds: [await groupId('Underwriters')] }),
      await officer.post('/api/SearchFilters/admin', body('Refused admin')),
      await officer.put(`/api/SearchFilters/${mine.id}/admin`, body('Refused admin')),
      // A group of another lender, a name taken by the owner.
      await admin.put(`/api/SearchFilters/${adminsShared.id}/Publish`, { userGroupIds: [999_999] }),
      await admin.put(`/api/SearchFilters/${mine.id}/admin`, body('Refused taken')),
    ];
    expect(refused.map((r) => r.statusCode)).toEqual([422, 422, 422, 422, 403, 403, 403, 403, 403, 403, 403, 422, 422]);
    expect(await auditCount()).toBe(before);
  });
});

describe("another user's or another lender's filter is unreachable", () => {
  it("someone else's private filter is a 404 to every own-filter call, and nothing is written", async () => {
    const hidden = await create(admin, 'Unreachable private');
    const before = await auditCount();
    const calls = [
      await officer.get(`/api/SearchFilters/${hidden.id}`),
      await officer.put(`/api/SearchFilters/${hidden.id}`, body('Mine now')),
      await officer.delete(`/api/SearchFilters/${hidden.id}`),
      await officer.post(`/api/SearchFilters/${hidden.id}/enable`),
      await officer.post(`/api/SearchFilters/${hidden.id}/disable`),
      await officer.put('/api/SearchFilters/order', { ordering: [{ id: hidden.id, sortOrder: 0 }] }),
    ];
    expect(calls.map((r) => r.statusCode)).toEqual([404, 404, 404, 404, 404, 404]);
    expect(calls[0]!.json().message).toBe(messages.queues.filterNotFound);
    expect(await auditCount()).toBe(before);
  });

  it("another lender's filter is a 404 to every call, the admin variants included", async () => {
    const summit = await create(admin, 'Unreachable Summit');
    const before = await auditCount();
    const fromHarbor = [
      await harbor.get(`/api/SearchFilters/${summit.id}`),
      await harbor.put(`/api/SearchFilters/${summit.id}`, body('Harbor now')),
      await harbor.delete(`/api/SearchFilters/${summit.id}`),
      await harbor.post(`/api/SearchFilters/${summit.id}/enable`),
      await adminInHarbor.get(`/api/SearchFilters/${summit.id}`),
      await adminInHarbor.get(`/api/SearchFilters/${summit.id}/admin`),
      await adminInHarbor.put(`/api/SearchFilters/${summit.id}/admin`, body('Harbor now')),
      await adminInHarbor.get(`/api/SearchFilters/${summit.id}/UserGroups`),
      await adminInHarbor.put(`/api/SearchFilters/${summit.id}/Publish`, { userGroupIds: [1] }),
      await adminInHarbor.delete(`/api/SearchFilters/${summit.id}/Unpublish`),
      await adminInHarbor.post(`/api/SearchFilters/${summit.id}/disable`),
      await adminInHarbor.delete(`/api/SearchFilters/${summit.id}`),
    ];
    expect(fromHarbor.map((r) => r.statusCode)).toEqual(fromHarbor.map(() => 404));
    expect((await adminInHarbor.get('/api/SearchFilters/admin')).json<SearchFilter[]>().map((f) => f.id)).not.toContain(
      summit.id,
    );
    expect(await auditCount()).toBe(before);
    expect((await admin.get(`/api/SearchFilters/${summit.id}`)).json()).toEqual(summit);
  });
});

/**
 * The generic suite on the administrator variant (create, get, update at /api/SearchFilters/admin and
 * /:id/admin). Left out, because the calls are not the kit's shape: the list (an array of every filter, not a
 * {data, total} page), isUnique (it needs the type too), delete (the owner's call, answering 204) and
 * enable/disable (the owner's calls: someone without the right gets a 404 for a filter they cannot see, not 403).
 */
const adminVariant: AnyResource = {
  name: 'searchFilters',
  title: 'Search Filters',
  singular: 'Search Filter',
  path: e.adminCreate.path,
  right: 'canManageSearchFilters',
  row: searchFilterSchema,
  input: searchFilterInputSchema,
  verbs: ['get', 'create', 'update'],
  unique: { field: 'name', message: messages.searchFilters.nameNotUnique },
  labelField: 'name',
  list: { sort: ['name'], text: ['name'], filters: {} },
  endpoints: { get: e.adminGet, create: e.adminCreate, update: e.adminUpdate },
};

describeResource(adminVariant, {
  valid: (name) => body(name),
  invalid: [
    { input: body(''), fields: ['name'] },
    { input: body('Bad filter', { filter: '{"filter": ' }), fields: ['filter'] },
    { input: body('Bad type', { type: 'folder' }), fields: ['type'] },
  ],
  change: (input) => ({ ...input, showOnSideMenu: false, filter: criteria('75000') }),
});
