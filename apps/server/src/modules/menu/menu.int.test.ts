import { sideMenuQueues, type MenuItem, type MenuResponse } from '@credence/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, SUMMIT, type ApiClient } from '../../test/api-client.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let officer: ApiClient; // Underwriters
let admin: ApiClient;
let processor: ApiClient; // Funding Team
let harbor: ApiClient;

const menuOf = async (client: ApiClient) => {
  const response = await client.get('/api/menu');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<MenuResponse>();
};
const entry = (menu: MenuResponse, name: string) => menu.main.find((i) => i.menuName === name);
const childNames = (menu: MenuResponse, name: string) => entry(menu, name)!.childMenuItems.map((c) => c.menuName);

/** Applications of Summit matching a condition on `applications a`, counted directly. */
const summitCount = async (where: string, params: unknown[] = []) =>
  Number(
    (
      await t.pool.query<{ n: string }>(
        `select count(*) as n from applications a join lenders l on l.id = a.lender_id where l.name = $1 and (${where})`,
        [SUMMIT, ...params],
      )
    ).rows[0]!.n,
  );
const userId = async (username: string) =>
  (await t.pool.query<{ id: number }>('select id from users where username = $1', [username])).rows[0]!.id;

const criteria = (filters: unknown[]) =>
  JSON.stringify({ gridName: 'allApplicationsQueue', filter: { logic: 'and', filters }, sort: null });

beforeAll(async () => {
  t = await createTestApp();
  officer = await signIn(t, 'officer', 'Officer2026');
  admin = await signIn(t, 'admin', 'Admin2026');
  processor = await signIn(t, 'expiring', 'Expiring2026');
  harbor = await signIn(t, 'harbor', 'Harbor2026');
});
afterAll(() => t.close());

describe('side menu', () => {
  it('lists the built-in queues with their real counts, then custom queues, filters, tools', async () => {
    const menu = await menuOf(officer);
    const names = menu.main.map((i) => i.menuName);
    expect(names).toEqual([
      ...sideMenuQueues.map((q) => q.name),
      'Indirect approvals', // the seeded custom queue published to Underwriters
      'My Filters',
      'Shared Filters',
      'Payment Calculator',
      'Letters',
    ]);
    const counts = Object.fromEntries(menu.main.map((i) => [i.menuName, i.itemsCount]));
    expect(counts).toMatchObject({
      'My Queue': await summitCount('a.created_by_user_id = $2 and a.queue is not null', [await userId('officer')]),
      Credit: await summitCount("a.queue = 'credit'"),
      'Pending Decision': await summitCount("a.queue = 'pendingDecision'"),
      Decision: await summitCount("a.queue = 'decision'"),
      Requirements: await summitCount("a.queue = 'requirements'"),
      Funding: await summitCount("a.queue = 'funding'"),
      'Indirect approvals': await summitCount("not a.direct and a.state = 'approved'"),
    });
    expect(counts.Credit! + counts.Decision! + counts.Funding!).toBeGreaterThan(0);
    expect(entry(menu, 'Shared With Me')?.itemsCount).toEqual(expect.any(Number));
    expect(entry(menu, 'Indirect approvals')).toMatchObject({
      url: '/allApplicationsQueue',
      queryParams: { filterId: expect.stringMatching(/^\d+$/) },
      iconName: 'ViewList',
    });

    // My Filters: own enabled filters shown on the side menu; Shared Filters: those published to my groups.
    expect(childNames(menu, 'My Filters')).toEqual(['Large auto loans']);
    expect(childNames(menu, 'Shared Filters')).toEqual(['Pending over 50k']);
    const large = entry(menu, 'My Filters')!.childMenuItems[0]!;
    expect(large).toMatchObject({ url: '/allApplicationsQueue', itemsCount: null });
    const filters = (await officer.get('/api/SearchFilters')).json<{ id: number; name: string }[]>();
    expect(large.queryParams).toEqual({ filterId: String(filters.find((f) => f.name === 'Large auto loans')!.id) });
  });

  it('shows a new custom queue with its count, and hides it when disabled or not on the side menu', async () => {
    const created = await officer.post('/api/SearchFilters', {
      name: 'Big new ones',
      type: 'queue',
      filter: criteria([
        { field: 'requestedAmount', operator: '>=', value: '20000' },
        { field: 'state', operator: 'is', value: 'new' },
      ]),
      showOnSideMenu: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ id: number }>().id;
    const queue = (m: MenuResponse) => m.main.find((i) => i.queryParams?.filterId === String(id));

    const menu = await menuOf(officer);
    expect(queue(menu)).toMatchObject({
      menuName: 'Big new ones',
      itemsCount: await summitCount("a.requested_amount >= 20000 and a.state = 'new'"),
    });
    // Custom queues come right after the built-in ones.
    const names = menu.main.map((i) => i.menuName);
    expect(names.indexOf('Big new ones')).toBeGreaterThan(names.indexOf('Funding'));
    expect(names.indexOf('Big new ones')).toBeLessThan(names.indexOf('My Filters'));
    // Not published: nobody else has it.
    expect(queue(await menuOf(processor))).toBeUndefined();

    expect((await officer.post(`/api/SearchFilters/${id}/disable`)).statusCode).toBe(200);
    expect(queue(await menuOf(officer))).toBeUndefined();
    await officer.post(`/api/SearchFilters/${id}/enable`);
    expect(queue(await menuOf(officer))).toBeDefined();
    await officer.put(`/api/SearchFilters/${id}`, {
      name: 'Big new ones',
      type: 'queue',
      filter: criteria([]),
      showOnSideMenu: false,
    });
    expect(queue(await menuOf(officer))).toBeUndefined();
  });

  it('keeps disabled and hidden filters out of My Filters and Shared Filters', async () => {
    const adminMenu = await menuOf(admin);
    expect(childNames(adminMenu, 'My Filters')).toEqual(['Pending over 50k']);
    expect(childNames(adminMenu, 'Shared Filters')).toEqual([]);
    expect(childNames(await menuOf(processor), 'Shared Filters')).toEqual(['Pending over 50k']);

    const shared = (await admin.get('/api/SearchFilters')).json<{ id: number; name: string }[]>();
    const pending = shared.find((f) => f.name === 'Pending over 50k')!;
    await admin.post(`/api/SearchFilters/${pending.id}/disable`);
    expect(childNames(await menuOf(admin), 'My Filters')).toEqual([]);
    expect(childNames(await menuOf(processor), 'Shared Filters')).toEqual([]);
    expect(childNames(await menuOf(officer), 'Shared Filters')).toEqual([]);
    await admin.post(`/api/SearchFilters/${pending.id}/enable`);
    expect(childNames(await menuOf(processor), 'Shared Filters')).toEqual(['Pending over 50k']);
  });

  it('never lists another lender’s filters or queues', async () => {
    const menu = await menuOf(harbor);
    const all = (items: MenuItem[]): MenuItem[] => items.flatMap((i) => [i, ...all(i.childMenuItems)]);
    expect(all(menu.main).filter((i) => i.queryParams?.filterId)).toEqual([]);
    expect(menu.main.map((i) => i.menuName)).toEqual([
      ...sideMenuQueues.map((q) => q.name),
      'My Filters',
      'Shared Filters',
      'Payment Calculator',
      'Letters',
    ]);
  });

  it('keeps the administration section for administrators', async () => {
    const menu = await menuOf(admin);
    expect(menu.main.at(-1)?.menuName).toBe('Administration');
    expect(menu.administration.map((i) => i.url)).toContain('/admin/users');
    expect((await menuOf(officer)).administration).toEqual([]);
  });
});
