import {
  NOTIFICATIONS_MORE_PAGE_SIZE,
  NOTIFICATIONS_PAGE_SIZE,
  notificationEndpoints as e,
  type NotificationsPage,
} from '@credence/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { findSeededApplication, HARBOR, signIn, SUMMIT, type ApiClient } from '../../test/api-client.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let officer: ApiClient;
let admin: ApiClient;
let harbor: ApiClient;
let ids: { officer: number; admin: number; summit: number; harbor: number; application: number };

const idOf = async (sql: string, value: string) => (await t.pool.query<{ id: number }>(sql, [value])).rows[0]!.id;

beforeAll(async () => {
  t = await createTestApp();
  [officer, admin, harbor] = await Promise.all([
    signIn(t, 'officer', 'Officer2026'),
    signIn(t, 'admin', 'Admin2026'),
    signIn(t, 'harbor', 'Harbor2026'),
  ]);
  ids = {
    officer: await idOf('select id from users where username = $1', 'officer'),
    admin: await idOf('select id from users where username = $1', 'admin'),
    summit: await idOf('select id from lenders where name = $1', SUMMIT),
    harbor: await idOf('select id from lenders where name = $1', HARBOR),
    application: await findSeededApplication(t, SUMMIT, `a.state = 'approved'`),
  };
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.pool.query('delete from notifications');
});

/**
 * Inserts `count` notifications as the owner (no row-level security), the first the newest, one minute apart
 * (or all at `at` when given); answers their ids, newest first.
 */
const insert = async (
  userId: number,
  count: number,
  { lenderId = ids.summit, at }: { lenderId?: number; at?: string } = {},
): Promise<number[]> => {
  const { rows } = await t.pool.query<{ id: number }>(
    `insert into notifications (lender_id, user_id, type, application_id, actor_name, subject, description, created_at)
     select $1, $2, 100, $3, 'Olivia Chen', 'New Application', 'A new application has been submitted. #' || i,
            coalesce($5::timestamptz, now() - make_interval(mins => i))
       from generate_series(1, $4) as i
     order by i desc
     returning id`,
    [lenderId, userId, ids.application, count, at ?? null],
  );
  return rows.map((r) => r.id).reverse();
};

const list = async (client: ApiClient, query = '') => {
  const response = await client.get(`${e.list.path}${query ? `?${query}` : ''}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<NotificationsPage>();
};
const markAsRead = (client: ApiClient, body: number[] | undefined, query = '') =>
  client.put(`${e.markAsRead.path}${query ? `?${query}` : ''}`, body);
const readAt = async (id: number) =>
  (await t.pool.query<{ read_at: Date | null }>('select read_at from notifications where id = $1', [id])).rows[0]!
    .read_at;

describe('the notifications list (spec 1 §7, §9)', () => {
  it('answers 20 newest first, then 10 at a time strictly older than the last date shown, with the total', async () => {
    const inserted = await insert(ids.officer, 35);
    const first = await list(officer);
    expect(first.total).toBe(35);
    expect(first.data.map((n) => n.id)).toEqual(inserted.slice(0, NOTIFICATIONS_PAGE_SIZE));
    expect(first.data[0]).toMatchObject({
      type: 100,
      applicationId: ids.application,
      applicationState: 'approved',
      username: 'Olivia Chen',
      subject: 'New Application',
      description: 'A new application has been submitted. #1',
    });
    expect(Date.parse(first.data[0]!.createdUtcTime)).toBeGreaterThan(Date.parse(first.data[1]!.createdUtcTime));

    const last = (page: NotificationsPage) => page.data.at(-1)!.createdUtcTime;
    const second = await list(officer, `take=${NOTIFICATIONS_MORE_PAGE_SIZE}&toDateTime=${last(first)}`);
    expect(second.total).toBe(35);
    expect(second.data.map((n) => n.id)).toEqual(inserted.slice(20, 30));
    const third = await list(officer, `take=10&toDateTime=${encodeURIComponent(last(second))}`);
    expect(third.data.map((n) => n.id)).toEqual(inserted.slice(30));
    // Strictly older: the date of the newest continues with the second.
    const after = await list(officer, `take=1&toDateTime=${first.data[0]!.createdUtcTime}`);
    expect(after.data.map((n) => n.id)).toEqual([inserted[1]]);
  });

  it('continues after twins of one moment by their id; by the date alone it skips them', async () => {
    const twins = await insert(ids.officer, 3, { at: '2026-03-05T14:07:09.123456Z' });
    const older = await insert(ids.officer, 1, { at: '2026-03-05T14:00:00Z' });
    const first = await list(officer, 'take=2');
    expect(first.data.map((n) => n.id)).toEqual([...twins].sort((a, b) => b - a).slice(0, 2));
    const from = first.data.at(-1)!;
    const next = await list(officer, `take=10&toDateTime=${from.createdUtcTime}&toId=${from.id}`);
    expect(next.data.map((n) => n.id)).toEqual([Math.min(...twins), ...older]);
    // The wire's time has milliseconds, so by the date alone the twins at .123456 are not strictly older.
    expect((await list(officer, `take=10&toDateTime=${from.createdUtcTime}`)).data.map((n) => n.id)).toEqual(older);
  });

  it('lists unread ones unless status=all, and refuses a bad query', async () => {
    const [read, unread] = await insert(ids.officer, 2);
    await t.pool.query('update notifications set read_at = now() where id = $1', [read]);
    expect((await list(officer)).data.map((n) => n.id)).toEqual([unread]);
    expect((await list(officer, 'status=unread')).total).toBe(1);
    const all = await list(officer, 'status=all');
    expect([all.total, all.data.map((n) => n.id)]).toEqual([2, [read, unread]]);
    for (const query of ['status=new', 'take=0', 'take=101', 'toDateTime=yesterday', 'toId=0']) {
      expect((await officer.get(`${e.list.path}?${query}`)).statusCode, query).toBe(422);
    }
  });
});

describe('marking read (spec 1 §7)', () => {
  it('marks the listed ones read, 204, and then all of them with markAll=true', async () => {
    const inserted = await insert(ids.officer, 5);
    const one = await markAsRead(officer, [inserted[2]!]);
    expect(one.statusCode, one.body).toBe(204);
    expect(one.body).toBe('');
    expect(await readAt(inserted[2]!)).toBeInstanceOf(Date);
    const page = await list(officer);
    expect([page.total, page.data.map((n) => n.id)]).toEqual([4, inserted.filter((id) => id !== inserted[2])]);
    // Marking one already read again keeps its first time.
    const before = await readAt(inserted[2]!);
    expect((await markAsRead(officer, [inserted[2]!, inserted[3]!])).statusCode).toBe(204);
    expect(await readAt(inserted[2]!)).toEqual(before);
    expect((await list(officer)).total).toBe(3);
    // An empty list marks nothing; so does no body.
    expect((await markAsRead(officer, [])).statusCode).toBe(204);
    expect((await list(officer)).total).toBe(3);

    const all = await markAsRead(officer, undefined, 'markAll=true');
    expect(all.statusCode, all.body).toBe(204);
    expect(await list(officer)).toEqual({ data: [], total: 0 });
    expect((await list(officer, 'status=all')).total).toBe(5);
  });

  it("never marks another user's notifications, not even with markAll=true", async () => {
    const [officers] = await insert(ids.officer, 1);
    const admins = await insert(ids.admin, 2);
    expect((await markAsRead(officer, [...admins, officers!])).statusCode).toBe(204);
    expect(await readAt(officers!)).toBeInstanceOf(Date);
    expect(await Promise.all(admins.map(readAt))).toEqual([null, null]);
    expect((await markAsRead(officer, undefined, 'markAll=true')).statusCode).toBe(204);
    expect(await Promise.all(admins.map(readAt))).toEqual([null, null]);
    expect((await list(admin)).total).toBe(2);
  });
});

describe('who sees what (spec 1 §6, tenancy)', () => {
  it("shows a user only their own, in the current lender; another lender's user sees none and marks none", async () => {
    const officers = await insert(ids.officer, 3);
    const adminsAtHarbor = await insert(ids.admin, 2, { lenderId: ids.harbor });
    expect(await list(harbor)).toEqual({ data: [], total: 0 });
    expect((await list(harbor, 'status=all')).total).toBe(0);
    expect((await markAsRead(harbor, officers)).statusCode).toBe(204);
    expect((await markAsRead(harbor, undefined, 'markAll=true')).statusCode).toBe(204);
    expect(await Promise.all(officers.map(readAt))).toEqual([null, null, null]);
    // The administrator belongs to both lenders: Harbor's notifications only while working in Harbor.
    expect((await list(admin)).total).toBe(0);
    expect((await list(officer)).total).toBe(3);
    expect((await admin.put('/api/user/lender', { lenderId: ids.harbor })).statusCode).toBe(200);
    expect((await list(admin)).data.map((n) => n.id)).toEqual(adminsAtHarbor);
    expect((await admin.put('/api/user/lender', { lenderId: ids.summit })).statusCode).toBe(200);
  });

  it('refuses (403) a user without canReceiveNotifications', async () => {
    await insert(ids.officer, 1);
    const processor = await signIn(t, 'expiring', 'Expiring2026');
    expect((await processor.get(e.list.path)).statusCode).toBe(403);
    expect((await markAsRead(processor, [1])).statusCode).toBe(403);
    expect((await markAsRead(processor, undefined, 'markAll=true')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: e.list.path })).statusCode).toBe(401);
  });
});
