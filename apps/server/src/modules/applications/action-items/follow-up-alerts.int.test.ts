import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAutoApplication, productId, signIn, SUMMIT, type ApiClient } from '../../../test/api-client.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { deliverDueFollowUps } from './follow-up-alerts.ts';

/*
 * Follow-up Due (400): the job tells an open item on its alert date in the lender's zone (Summit: America/Denver),
 * once, a daily-delivery one every day until completed, to the item's creator and the application's followers.
 * The job is run here at chosen times ("now" injected) on alert dates far ahead, which the job runner started with
 * the app (`jobs: true`) never reaches; the last test lets that runner fire an item due today by itself.
 */
let t: TestApp;
let admin: ApiClient;
let officer: ApiClient;
let userIds: Record<string, number>;
let underwriters: number;

beforeAll(async () => {
  t = await createTestApp({}, { jobs: true });
  admin = await signIn(t, 'admin', 'Admin2026');
  officer = await signIn(t, 'officer', 'Officer2026');
  const users = await t.pool.query<{ username: string; id: number }>('select username, id from users');
  userIds = Object.fromEntries(users.rows.map((u) => [u.username, u.id]));
  const groups = await t.pool.query<{ id: number }>(
    `select g.id from user_groups g join lenders l on l.id = g.lender_id where l.name = $1 and g.name = 'Underwriters'`,
    [SUMMIT],
  );
  underwriters = groups.rows[0]!.id;
});
afterAll(() => t.close());

type Row = { username: string; lender: string; subject: string; description: string; actor: string | null };

const notified = async (applicationId: number) =>
  (
    await t.pool.query<Row>(
      `select u.username, l.name as lender, n.subject, n.description, n.actor_name as actor
         from notifications n join users u on u.id = n.user_id join lenders l on l.id = n.lender_id
        where n.application_id = $1 and n.type = 400 order by n.id, u.username`,
      [applicationId],
    )
  ).rows;

/** Avery and Olivia (Ethan, shared too, has no notifications right), for one item's description. */
const told = (description: string): Row[] =>
  ['admin', 'officer'].map((username) => ({
    username,
    lender: SUMMIT,
    subject: 'Follow-up Due',
    description,
    actor: null,
  }));

/** Early afternoon in Denver (UTC-6 or -7) on a day of 2099. */
const noonOn = (day: string) => new Date(`${day}T19:00:00.000Z`);

type Item = { id?: number; description: string; alertDate?: string; completed?: boolean; isDailyDelivery?: boolean };

/** Olivia's application shared with Ethan and the Underwriters; Avery keeps its follow-up items. */
const application = async () => {
  const created = await officer.post('/api/applications', newAutoApplication(await productId(t, SUMMIT, 'New Auto')));
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json<{ id: number }>().id;
  const shared = await officer.put(`/api/applications/${id}/shares`, {
    shares: [{ userId: userIds.expiring }, { userGroupId: underwriters }],
  });
  expect(shared.statusCode, shared.body).toBe(200);
  return id;
};
const save = async (id: number, items: Item[]) => {
  const response = await admin.put(`/api/applications/${id}/actionItems`, { items });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<(Item & { id: number })[]>();
};

describe('Follow-up Due (400)', () => {
  it('tells an item on its alert date in the lender’s zone, once; a daily one every day until completed', async () => {
    const id = await application();
    const [call, insurance] = await save(id, [
      { description: 'Call the dealer about the title', alertDate: '2099-03-10' },
      { description: 'Collect proof of insurance', alertDate: '2099-03-10', isDailyDelivery: true },
      { description: 'Already done', alertDate: '2099-03-10', completed: true },
    ]);

    await deliverDueFollowUps(t.db, noonOn('2099-03-09'));
    // 05:00 UTC on the 10th is still the 9th in Denver.
    await deliverDueFollowUps(t.db, new Date('2099-03-10T05:00:00.000Z'));
    expect(await notified(id)).toEqual([]);

    await deliverDueFollowUps(t.db, noonOn('2099-03-10'));
    const first = [...told('Call the dealer about the title'), ...told('Collect proof of insurance')];
    expect(await notified(id)).toEqual(first);
    // A second run (a retry, another worker) the same day tells nothing more.
    await deliverDueFollowUps(t.db, noonOn('2099-03-10'));
    await deliverDueFollowUps(t.db, new Date('2099-03-11T05:30:00.000Z'));
    expect(await notified(id)).toEqual(first);

    // The next day: the daily one again, only it.
    await deliverDueFollowUps(t.db, noonOn('2099-03-11'));
    expect(await notified(id)).toEqual([...first, ...told('Collect proof of insurance')]);

    // Completed: no more.
    await save(id, [
      { id: call!.id, description: call!.description, alertDate: '2099-03-10' },
      {
        id: insurance!.id,
        description: insurance!.description,
        alertDate: '2099-03-10',
        completed: true,
        isDailyDelivery: true,
      },
    ]);
    await deliverDueFollowUps(t.db, noonOn('2099-03-12'));
    expect(await notified(id)).toHaveLength(6);
  });

  it('a new alert date schedules it again; a deleted item is never told', async () => {
    const id = await application();
    const [title, lien] = await save(id, [
      { description: 'Order the title search', alertDate: '2099-04-01' },
      { description: 'Release the lien', alertDate: '2099-04-01' },
    ]);
    // The lien item removed before its day; the title item moved a week on.
    await save(id, [{ id: title!.id, description: title!.description, alertDate: '2099-04-08' }]);
    expect(lien).toBeDefined();
    await deliverDueFollowUps(t.db, noonOn('2099-04-01'));
    expect(await notified(id)).toEqual([]);
    await deliverDueFollowUps(t.db, noonOn('2099-04-08'));
    expect(await notified(id)).toEqual(told('Order the title search'));
    // Saved again unchanged: not told again; moved again: told on the new day.
    await save(id, [{ id: title!.id, description: title!.description, alertDate: '2099-04-08' }]);
    await deliverDueFollowUps(t.db, noonOn('2099-04-09'));
    expect(await notified(id)).toHaveLength(2);
    await save(id, [{ id: title!.id, description: title!.description, alertDate: '2099-04-10' }]);
    await deliverDueFollowUps(t.db, noonOn('2099-04-10'));
    expect(await notified(id)).toEqual([...told('Order the title search'), ...told('Order the title search')]);
  });

  it('two workers at the same time tell each item once', async () => {
    const id = await application();
    await save(
      id,
      Array.from({ length: 5 }, (_, i) => ({ description: `Item ${i + 1}`, alertDate: '2099-05-01' })),
    );
    await Promise.all([0, 1, 2].map(() => deliverDueFollowUps(t.db, noonOn('2099-05-01'))));
    expect((await notified(id)).map((n) => n.description).sort()).toEqual(
      ['Item 1', 'Item 2', 'Item 3', 'Item 4', 'Item 5'].flatMap((d) => [d, d]).sort(),
    );
  });

  it('the job runner tells an item due today by itself, once', async () => {
    const id = await application();
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    await save(id, [{ description: 'Send the welcome letter', alertDate: yesterday }]);
    await expect.poll(() => notified(id), { timeout: 10_000, interval: 200 }).toEqual(told('Send the welcome letter'));
    await t.jobs!.drain();
    await deliverDueFollowUps(t.db);
    expect(await notified(id)).toHaveLength(2);
  });
});
