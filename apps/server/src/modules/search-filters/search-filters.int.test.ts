import { messages, type SearchFilter } from '@credence/contracts';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../db/migrate.ts';
import { countRows, signIn, SUMMIT, HARBOR, type ApiClient } from '../../test/api-client.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let officer: ApiClient; // Loan Officer, Underwriters; no canManageSearchFilters
let admin: ApiClient; // Administrator (every right), Underwriters and Funding Team
let processor: ApiClient; // Ethan, Funding Team
let harbor: ApiClient; // Harbor Auto Finance

const criteria = (min = '25000', extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    gridName: 'allApplicationsQueue',
    filter: { logic: 'and', filters: [{ field: 'requestedAmount', operator: '>=', value: min }] },
    sort: [{ field: 'requestedAmount', dir: 'desc' }],
    ...extra,
  });
/** What is stored for `criteria(min)`: the parsed criteria written out again, every key of the schema, in order. */
const stored = (min = '25000') =>
  JSON.stringify({
    gridName: 'allApplicationsQueue',
    filter: { logic: 'and', filters: [{ field: 'requestedAmount', operator: '>=', value: min }] },
    text: null,
    sort: [{ field: 'requestedAmount', dir: 'desc' }],
    columns: null,
  });
const body = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  type: 'filter',
  filter: criteria(),
  showOnSideMenu: true,
  ...extra,
});

const groupId = async (lender: string, name: string) =>
  (
    await t.pool.query<{ id: number }>(
      'select g.id from user_groups g join lenders l on l.id = g.lender_id where l.name = $1 and g.name = $2',
      [lender, name],
    )
  ).rows[0]!.id;
const userId = async (username: string) =>
  (await t.pool.query<{ id: number }>('select id from users where username = $1', [username])).rows[0]!.id;

const create = async (client: ApiClient, name: string, extra: Record<string, unknown> = {}) => {
  const response = await client.post('/api/SearchFilters', body(name, extra));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<SearchFilter>();
};
const list = async (client: ApiClient) => {
  const response = await client.get('/api/SearchFilters');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SearchFilter[]>();
};
const ids = async (client: ApiClient) => (await list(client)).map((f) => f.id);
const sharedFilterNames = async (client: ApiClient) => {
  const menu = (await client.get('/api/menu')).json<{
    main: { menuName: string; childMenuItems: { menuName: string }[] }[];
  }>();
  return menu.main.find((i) => i.menuName === 'Shared Filters')!.childMenuItems.map((c) => c.menuName);
};

beforeAll(async () => {
  t = await createTestApp();
  officer = await signIn(t, 'officer', 'Officer2026');
  admin = await signIn(t, 'admin', 'Admin2026');
  processor = await signIn(t, 'expiring', 'Expiring2026');
  harbor = await signIn(t, 'harbor', 'Harbor2026');
});
afterAll(() => t.close());

describe('own filters and queues', () => {
  it('create, get, update and delete round trip', async () => {
    const before = await list(officer);
    const created = await officer.post(
      '/api/SearchFilters',
      body('  Big boats  ', { showOnSideMenu: false, userGroupIds: [await groupId(SUMMIT, 'Underwriters')] }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const filter = created.json<SearchFilter>();
    expect(filter).toEqual({
      id: expect.any(Number),
      name: 'Big boats',
      type: 'filter',
      filter: stored(),
      userGroupIds: [], // only the admin calls publish
      showOnSideMenu: false,
      enabled: true,
      sortOrder: Math.max(...before.filter((f) => f.isMine).map((f) => f.sortOrder)) + 1,
      createdByUser: { id: await userId('officer'), name: 'Olivia Chen' },
      isMine: true,
    });
    expect((await officer.get(`/api/SearchFilters/${filter.id}`)).json()).toEqual(filter);
    expect((await list(officer)).at(-1)).toEqual(filter);

    const updated = await officer.put(
      `/api/SearchFilters/${filter.id}`,
      body('Bigger boats', { filter: criteria('50000'), enabled: false }),
    );
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toEqual({
      ...filter,
      name: 'Bigger boats',
      filter: stored('50000'),
      enabled: false,
      showOnSideMenu: true,
    });
    expect((await officer.get(`/api/SearchFilters/${filter.id}`)).json()).toEqual(updated.json());

    expect((await officer.delete(`/api/SearchFilters/${filter.id}`)).statusCode).toBe(204);
    const gone = await officer.get(`/api/SearchFilters/${filter.id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe(messages.queues.filterNotFound);
    expect(await ids(officer)).not.toContain(filter.id);
    expect((await officer.delete(`/api/SearchFilters/${filter.id}`)).statusCode).toBe(404);
  });

  it('stores the parsed, normalised criteria, not the text as sent (issue 10, item 14)', async () => {
    const sent = `{ "gridName" : "allApplicationsQueue",\n  "script": "<img src=x>", "text": "   Kowalski   ",
      "filter": { "filters": [ { "field": "requestedAmount", "operator": ">=", "value": "25000", "extra": 1 } ] },
      "sort": [ { "field": "requestedAmount", "dir": "desc", "nulls": "first" } ], "__proto__": { "x": 1 } }`;
    const created = await officer.post('/api/SearchFilters', body('Normalised', { filter: sent }));
    expect(created.statusCode, created.body).toBe(201);
    const expected = JSON.stringify({
      gridName: 'allApplicationsQueue',
      filter: { logic: 'and', filters: [{ field: 'requestedAmount', operator: '>=', value: '25000' }] },
      text: 'Kowalski',
      sort: [{ field: 'requestedAmount', dir: 'desc' }],
      columns: null,
    });
    expect(created.json().filter).toBe(expected);
    const row = await t.pool.query<{ filter: string }>('select filter from search_filters where id = $1', [
      created.json().id,
    ]);
    expect(row.rows[0]!.filter).toBe(expected);
    const updated = await officer.put(
      `/api/SearchFilters/${created.json().id}`,
      body('Normalised', { filter: `  ${criteria('1', { unknown: true })}  ` }),
    );
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().filter).toBe(stored('1'));
  });

  it('lists own filters (enabled or not) by sort order then name, with the seeded ones', async () => {
    const mine = (await list(officer)).filter((f) => f.isMine);
    expect(mine.map((f) => f.name)).toEqual(expect.arrayContaining(['Large auto loans', 'New applications']));
    const orders = mine.map((f) => f.sortOrder);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
  });

  it('enables and disables only for the owner, answering the filter', async () => {
    const filter = await create(officer, 'Toggle me');
    const disabled = await officer.post(`/api/SearchFilters/${filter.id}/disable`);
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(disabled.json()).toEqual({ ...filter, enabled: false });
    expect((await list(officer)).find((f) => f.id === filter.id)?.enabled).toBe(false);
    const enabled = await officer.post(`/api/SearchFilters/${filter.id}/enable`);
    expect(enabled.json()).toEqual({ ...filter, enabled: true });
    // Not visible to the administrator: a 404, even with every right.
    expect((await admin.post(`/api/SearchFilters/${filter.id}/disable`)).statusCode).toBe(404);
  });
});

describe('money filter values saved before they travelled as strings', () => {
  it('migration 0011 turns a saved JSON number on a money column into a two-decimal string', async () => {
    const saved = await create(officer, 'Old numeric filter');
    const old = JSON.stringify({
      gridName: 'allApplicationsQueue',
      filter: {
        logic: 'and',
        filters: [
          { field: 'requestedAmount', operator: '>=', value: 25000.5 },
          { field: 'termMonths', operator: '=', value: 60 },
        ],
      },
    });
    await t.pool.query('update search_filters set filter = $1 where id = $2', [old, saved.id]);
    await t.pool.query(readFileSync(path.join(migrationsFolder, '0011_money_filter_strings.sql'), 'utf8'));
    const { rows } = await t.pool.query<{ filter: string }>('select filter from search_filters where id = $1', [
      saved.id,
    ]);
    expect(JSON.parse(rows[0]!.filter).filter.filters).toEqual([
      { field: 'requestedAmount', operator: '>=', value: '25000.50' },
      { field: 'termMonths', operator: '=', value: 60 },
    ]);
  });
});

describe('name rules (spec 1 §5)', () => {
  const errorsOf = (response: { json: () => { errors?: unknown } }) => response.json().errors;

  it('requires a name of at most 50 characters', async () => {
    const empty = await officer.post('/api/SearchFilters', body('   '));
    expect(empty.statusCode).toBe(422);
    expect(errorsOf(empty)).toContainEqual({ field: 'name', message: 'Search filter name is required.' });
    const missing = await officer.post('/api/SearchFilters', { type: 'filter', filter: criteria() });
    expect(missing.statusCode).toBe(422);
    expect(errorsOf(missing)).toContainEqual({ field: 'name', message: 'Search filter name is required.' });
    const long = await officer.post('/api/SearchFilters', body('x'.repeat(51)));
    expect(long.statusCode).toBe(422);
    expect(errorsOf(long)).toContainEqual({
      field: 'name',
      message: 'Search filter name cannot exceed 50 characters.',
    });
    await create(officer, 'y'.repeat(50));
  });

  it('is unique per owner and type, ignoring case and spaces', async () => {
    const duplicate = await officer.post('/api/SearchFilters', body(' LARGE auto LOANS '));
    expect(duplicate.statusCode).toBe(422);
    expect(errorsOf(duplicate)).toEqual([{ field: 'name', message: 'Search filter name must be unique.' }]);

    const queue = await create(officer, 'Large Auto Loans', { type: 'queue', showOnSideMenu: false });
    expect(queue.type).toBe('queue');
    await create(admin, 'Large auto loans'); // another owner

    const other = await create(officer, 'Small auto loans');
    const rename = await officer.put(`/api/SearchFilters/${other.id}`, body('large auto loans'));
    expect(rename.statusCode).toBe(422);
    expect(errorsOf(rename)).toEqual([{ field: 'name', message: 'Search filter name must be unique.' }]);
    // Its own name (another case) is not a clash.
    expect((await officer.put(`/api/SearchFilters/${other.id}`, body('SMALL auto loans'))).statusCode).toBe(200);
  });

  it('answers IsUnique with and without the id being edited', async () => {
    const seeded = (await list(officer)).find((f) => f.name === 'Large auto loans' && f.type === 'filter')!;
    const isUnique = async (query: string) => {
      const response = await officer.get(`/api/SearchFilters/IsUnique?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ isUnique: boolean }>().isUnique;
    };
    expect(await isUnique('name=large%20AUTO%20loans%20&type=filter')).toBe(false);
    expect(await isUnique(`name=large%20AUTO%20loans&type=filter&id=${seeded.id}`)).toBe(true);
    expect(await isUnique('name=Nothing%20like%20it&type=filter')).toBe(true);
    expect(await isUnique('name=New%20applications&type=queue')).toBe(true);
    expect((await officer.get('/api/SearchFilters/IsUnique?name=x&type=folder')).statusCode).toBe(422);
  });

  it('answers a name taken by a simultaneous save with the same 422', async () => {
    const responses = await Promise.all(
      [1, 2, 3].map(() => officer.post('/api/SearchFilters', body('Raced name', { type: 'queue' }))),
    );
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 422, 422]);
    for (const r of responses.filter((r) => r.statusCode === 422)) {
      expect(r.json().errors).toEqual([{ field: 'name', message: 'Search filter name must be unique.' }]);
    }
  });

  it('rejects filter text that is not JSON or names a field outside the allow-list, storing nothing', async () => {
    const stored = await countRows(t, 'search_filters');
    const notJson = await officer.post('/api/SearchFilters', body('Broken', { filter: '{"filter": ' }));
    expect(notJson.statusCode).toBe(422);
    expect(notJson.json().errors).toContainEqual({ field: 'filter', message: messages.searchFilters.invalidFilter });

    const injected = await officer.post(
      '/api/SearchFilters',
      body('Injected', { filter: criteria('1', { sort: [{ field: 'id;drop table', dir: 'asc' }] }) }),
    );
    expect(injected.statusCode).toBe(422);
    expect(injected.json().errors).toContainEqual({
      field: 'filter.sort.0.field',
      message: messages.queues.unknownField('id;drop table'),
    });

    const badOperator = await officer.post(
      '/api/SearchFilters',
      body('Bad operator', {
        filter: JSON.stringify({ filter: { filters: [{ field: 'applicantName', operator: '>', value: 'a' }] } }),
      }),
    );
    expect(badOperator.statusCode).toBe(422);
    const seeded = (await list(officer)).find((f) => f.name === 'Large auto loans' && f.type === 'filter')!;
    const update = await officer.put(
      `/api/SearchFilters/${seeded.id}`,
      body('Large auto loans', { filter: criteria('1', { gridName: 'nope' }) }),
    );
    expect(update.statusCode).toBe(422);
    expect(await countRows(t, 'search_filters')).toBe(stored);
    expect((await officer.get(`/api/SearchFilters/${seeded.id}`)).json().filter).toBe(seeded.filter);
  });
});

describe('publishing', () => {
  it('shows a published filter to members of the enabled groups only, until unpublished', async () => {
    const fundingTeam = await groupId(SUMMIT, 'Funding Team');
    const filter = await create(admin, 'Funding pipeline');
    expect(await ids(processor)).not.toContain(filter.id);
    expect((await processor.get(`/api/SearchFilters/${filter.id}`)).statusCode).toBe(404);

    const choices = await admin.get(`/api/SearchFilters/${filter.id}/UserGroups`);
    expect(choices.statusCode, choices.body).toBe(200);
    expect(choices.json()).toEqual({
      userGroups: [
        { id: expect.any(Number), name: 'Branch Managers', enabled: false },
        { id: fundingTeam, name: 'Funding Team', enabled: true },
        { id: expect.any(Number), name: 'Underwriters', enabled: true },
      ],
      userGroupIds: [],
    });

    const published = await admin.put(`/api/SearchFilters/${filter.id}/Publish`, { userGroupIds: [fundingTeam] });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json()).toEqual({ ...filter, userGroupIds: [fundingTeam] });
    expect((await admin.get(`/api/SearchFilters/${filter.id}/UserGroups`)).json().userGroupIds).toEqual([fundingTeam]);

    // Ethan (Funding Team) sees it, not his own; Olivia (Underwriters) does not.
    const seen = (await list(processor)).find((f) => f.id === filter.id);
    expect(seen).toMatchObject({
      name: 'Funding pipeline',
      isMine: false,
      createdByUser: { name: 'Avery Morgan' },
    });
    expect((await processor.get(`/api/SearchFilters/${filter.id}`)).statusCode).toBe(200);
    expect(await sharedFilterNames(processor)).toContain('Funding pipeline');
    expect(await ids(officer)).not.toContain(filter.id);
    expect((await officer.get(`/api/SearchFilters/${filter.id}`)).statusCode).toBe(404);
    expect(await sharedFilterNames(officer)).not.toContain('Funding pipeline');

    // Only the owner changes it: a member who sees it gets 403, nothing changes.
    const notOwner = await processor.put(`/api/SearchFilters/${filter.id}`, body('Hijacked'));
    expect(notOwner.statusCode).toBe(403);
    expect(notOwner.json().message).toBe(messages.searchFilters.notOwner);
    expect((await processor.delete(`/api/SearchFilters/${filter.id}`)).statusCode).toBe(403);
    expect((await processor.post(`/api/SearchFilters/${filter.id}/disable`)).statusCode).toBe(403);
    expect((await processor.post(`/api/SearchFilters/${filter.id}/enable`)).statusCode).toBe(403);
    expect((await officer.put(`/api/SearchFilters/${filter.id}`, body('Hijacked'))).statusCode).toBe(404);
    expect((await admin.get(`/api/SearchFilters/${filter.id}`)).json().name).toBe('Funding pipeline');

    // A disabled filter is not shown to others; the owner still lists it.
    await admin.post(`/api/SearchFilters/${filter.id}/disable`);
    expect(await ids(processor)).not.toContain(filter.id);
    expect(await sharedFilterNames(processor)).not.toContain('Funding pipeline');
    expect((await list(admin)).find((f) => f.id === filter.id)?.enabled).toBe(false);
    await admin.post(`/api/SearchFilters/${filter.id}/enable`);
    expect(await ids(processor)).toContain(filter.id);

    const unpublished = await admin.delete(`/api/SearchFilters/${filter.id}/Unpublish`);
    expect(unpublished.statusCode, unpublished.body).toBe(200);
    expect(unpublished.json().userGroupIds).toEqual([]);
    expect(await ids(processor)).not.toContain(filter.id);
    expect((await processor.get(`/api/SearchFilters/${filter.id}`)).statusCode).toBe(404);
    expect(await sharedFilterNames(processor)).not.toContain('Funding pipeline');
  });

  it('does not show a filter through a disabled user group', async () => {
    const branchManagers = await groupId(SUMMIT, 'Branch Managers');
    const { rows } = await t.pool.query<{ lender_id: number }>('select lender_id from user_groups where id = $1', [
      branchManagers,
    ]);
    await t.pool.query('insert into user_group_members (user_group_id, user_id, lender_id) values ($1, $2, $3)', [
      branchManagers,
      await userId('expiring'),
      rows[0]!.lender_id,
    ]);
    const filter = await create(admin, 'Managers only');
    const published = await admin.put(`/api/SearchFilters/${filter.id}/Publish`, { userGroupIds: [branchManagers] });
    expect(published.statusCode, published.body).toBe(200);
    expect(await ids(processor)).not.toContain(filter.id);
    expect((await processor.get(`/api/SearchFilters/${filter.id}`)).statusCode).toBe(404);
    expect(await sharedFilterNames(processor)).not.toContain('Managers only');

    await t.pool.query('update user_groups set enabled = true where id = $1', [branchManagers]);
    expect(await ids(processor)).toContain(filter.id);
    await t.pool.query('update user_groups set enabled = false where id = $1', [branchManagers]);
  });

  it('needs at least one group of the lender, and writes nothing otherwise', async () => {
    const underwriters = await groupId(SUMMIT, 'Underwriters');
    const filter = await create(admin, 'Needs groups');
    await admin.put(`/api/SearchFilters/${filter.id}/Publish`, { userGroupIds: [underwriters] });

    const none = await admin.put(`/api/SearchFilters/${filter.id}/Publish`, { userGroupIds: [] });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors).toContainEqual({
      field: 'userGroupIds',
      message: messages.searchFilters.atLeastOneGroup,
    });

    const foreign = await admin.put(`/api/SearchFilters/${filter.id}/Publish`, {
      userGroupIds: [await groupId(SUMMIT, 'Funding Team'), await groupId(HARBOR, 'Dealer Desk')],
    });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors).toEqual([{ field: 'userGroupIds.1', message: messages.searchFilters.groupNotFound }]);
    const unknown = await admin.put(`/api/SearchFilters/${filter.id}/Publish`, { userGroupIds: [999_999] });
    expect(unknown.statusCode).toBe(422);
    expect((await admin.get(`/api/SearchFilters/${filter.id}`)).json().userGroupIds).toEqual([underwriters]);
  });

  it('needs canManageSearchFilters, and works on the caller’s own filters', async () => {
    const underwriters = await groupId(SUMMIT, 'Underwriters');
    const own = await create(officer, 'Officer publishes');
    expect((await officer.get(`/api/SearchFilters/${own.id}/UserGroups`)).statusCode).toBe(403);
    const publish = await officer.put(`/api/SearchFilters/${own.id}/Publish`, { userGroupIds: [underwriters] });
    expect(publish.statusCode).toBe(403);
    expect(publish.json().code).toBe('FORBIDDEN');
    expect((await officer.delete(`/api/SearchFilters/${own.id}/Unpublish`)).statusCode).toBe(403);
    expect((await officer.get(`/api/SearchFilters/${own.id}`)).json().userGroupIds).toEqual([]);

    // The administrator cannot publish someone else's through these calls (the admin calls do that).
    expect((await admin.put(`/api/SearchFilters/${own.id}/Publish`, { userGroupIds: [underwriters] })).statusCode).toBe(
      404,
    );
  });
});

describe('order', () => {
  it("reorders the caller's own filters and rejects anyone else's ids, changing nothing", async () => {
    const a = await create(officer, 'Order A');
    const b = await create(officer, 'Order B');
    const mine = (await list(officer)).filter((f) => f.isMine);
    const reversed = [...mine].reverse().map((f, i) => ({ id: f.id, sortOrder: i }));
    const response = await officer.put('/api/SearchFilters/order', { ordering: reversed });
    expect(response.statusCode, response.body).toBe(200);
    const after = response.json<SearchFilter[]>().filter((f) => f.isMine);
    expect(after.map((f) => f.id)).toEqual(reversed.map((r) => r.id));
    expect((await list(officer)).filter((f) => f.isMine).map((f) => f.id)).toEqual(reversed.map((r) => r.id));

    const shared = (await list(officer)).find((f) => !f.isMine)!; // seeded, published to Underwriters
    const withShared = await officer.put('/api/SearchFilters/order', {
      ordering: [
        { id: a.id, sortOrder: 100 },
        { id: shared.id, sortOrder: 0 },
      ],
    });
    expect(withShared.statusCode).toBe(403);
    const adminsPrivate = await create(admin, 'Admin private');
    const withHidden = await officer.put('/api/SearchFilters/order', {
      ordering: [
        { id: b.id, sortOrder: 100 },
        { id: adminsPrivate.id, sortOrder: 0 },
      ],
    });
    expect(withHidden.statusCode).toBe(404);
    const unknown = await officer.put('/api/SearchFilters/order', { ordering: [{ id: 999_999, sortOrder: 0 }] });
    expect(unknown.statusCode).toBe(404);
    expect((await list(officer)).filter((f) => f.isMine).map((f) => f.id)).toEqual(reversed.map((r) => r.id));
    expect((await admin.get(`/api/SearchFilters/${shared.id}`)).json().sortOrder).toBe(shared.sortOrder);
  });
});

describe('administrator calls', () => {
  it('lists every filter and queue of the lender with its creator', async () => {
    const hidden = await create(officer, 'Officer private');
    const response = await admin.get('/api/SearchFilters/admin');
    expect(response.statusCode, response.body).toBe(200);
    const all = response.json<SearchFilter[]>();
    expect(all.find((f) => f.id === hidden.id)).toMatchObject({
      isMine: false,
      createdByUser: { name: 'Olivia Chen' },
    });
    expect(all.length).toBe(
      Number(
        (
          await t.pool.query<{ n: string }>(
            'select count(*) as n from search_filters f join lenders l on l.id = f.lender_id where l.name = $1',
            [SUMMIT],
          )
        ).rows[0]!.n,
      ),
    );
    expect((await admin.get(`/api/SearchFilters/${hidden.id}/admin`)).json()).toMatchObject({
      name: 'Officer private',
    });
    expect((await officer.get('/api/SearchFilters/admin')).statusCode).toBe(403);
    expect((await officer.get(`/api/SearchFilters/${hidden.id}/admin`)).statusCode).toBe(403);
  });

  it('creates and publishes in one call, and updates anyone’s filter with its groups', async () => {
    const underwriters = await groupId(SUMMIT, 'Underwriters');
    const fundingTeam = await groupId(SUMMIT, 'Funding Team');
    const created = await admin.post(
      '/api/SearchFilters/admin',
      body('Team queue', { type: 'queue', userGroupIds: [fundingTeam] }),
    );
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Team queue', isMine: true, userGroupIds: [fundingTeam] });
    expect(await ids(processor)).toContain(created.json().id);

    const stored = await countRows(t, 'search_filters');
    const foreign = await admin.post(
      '/api/SearchFilters/admin',
      body('Foreign groups', { userGroupIds: [await groupId(HARBOR, 'Dealer Desk')] }),
    );
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors).toEqual([{ field: 'userGroupIds.0', message: messages.searchFilters.groupNotFound }]);
    expect(await countRows(t, 'search_filters')).toBe(stored);

    const officers = await create(officer, 'Officer shares via admin');
    const updated = await admin.put(
      `/api/SearchFilters/${officers.id}/admin`,
      body('Officer shared', { userGroupIds: [underwriters, fundingTeam] }),
    );
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({
      name: 'Officer shared',
      isMine: false,
      createdByUser: { name: 'Olivia Chen' },
      userGroupIds: [underwriters, fundingTeam].sort((x, y) => x - y),
    });
    expect((await list(processor)).find((f) => f.id === officers.id)?.name).toBe('Officer shared');
    // Without userGroupIds the groups stay; with an empty list they go.
    await admin.put(`/api/SearchFilters/${officers.id}/admin`, body('Officer shared'));
    expect((await officer.get(`/api/SearchFilters/${officers.id}`)).json().userGroupIds).toHaveLength(2);
    await admin.put(`/api/SearchFilters/${officers.id}/admin`, body('Officer shared', { userGroupIds: [] }));
    expect(await ids(processor)).not.toContain(officers.id);

    // The name stays unique among the owner's filters.
    const clash = await admin.put(`/api/SearchFilters/${officers.id}/admin`, body('Large auto loans'));
    expect(clash.statusCode).toBe(422);
    expect(clash.json().errors).toEqual([{ field: 'name', message: messages.searchFilters.nameNotUnique }]);
    expect((await officer.post('/api/SearchFilters/admin', body('Nope'))).statusCode).toBe(403);
    expect((await officer.put(`/api/SearchFilters/${officers.id}/admin`, body('Nope'))).statusCode).toBe(403);
  });
});

describe('tenant isolation', () => {
  it('never shows a Summit filter to a Harbor user, even by id', async () => {
    const filter = await create(admin, 'Summit secret');
    const harborIds = await ids(harbor);
    expect(harborIds).not.toContain(filter.id);
    const summitIds = (
      await t.pool.query<{ id: number }>(
        'select f.id from search_filters f join lenders l on l.id = f.lender_id where l.name = $1',
        [SUMMIT],
      )
    ).rows.map((r) => r.id);
    expect(harborIds.filter((id) => summitIds.includes(id))).toEqual([]);
    expect((await harbor.get(`/api/SearchFilters/${filter.id}`)).statusCode).toBe(404);
    expect((await harbor.put(`/api/SearchFilters/${filter.id}`, body('Mine now'))).statusCode).toBe(404);
    expect((await harbor.delete(`/api/SearchFilters/${filter.id}`)).statusCode).toBe(404);
    expect((await harbor.post(`/api/SearchFilters/${filter.id}/disable`)).statusCode).toBe(404);
    expect((await admin.get(`/api/SearchFilters/${filter.id}`)).json().enabled).toBe(true);

    // The administrator working in Harbor does not see Summit's either, not even through the admin calls.
    const me = (await admin.get('/api/user/me')).json<{ lenders: { id: number; name: string }[] }>();
    const harborLender = me.lenders.find((l) => l.name === HARBOR)!;
    const summitLender = me.lenders.find((l) => l.name === SUMMIT)!;
    expect((await admin.put('/api/user/lender', { lenderId: harborLender.id })).statusCode).toBe(200);
    try {
      expect((await admin.get(`/api/SearchFilters/${filter.id}/admin`)).statusCode).toBe(404);
      expect((await admin.get('/api/SearchFilters/admin')).json<SearchFilter[]>().map((f) => f.id)).not.toContain(
        filter.id,
      );
      expect((await admin.get(`/api/SearchFilters/${filter.id}`)).statusCode).toBe(404);
    } finally {
      await admin.put('/api/user/lender', { lenderId: summitLender.id });
    }
  });
});
