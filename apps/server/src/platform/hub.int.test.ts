import { HUB_CATCH_UP_MAX_APPLICATIONS, hubEventMessages, type HubEventsAnswer } from '@credence/contracts';
import fc from 'fast-check';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { newAutoApplication, productId, signIn, SUMMIT, type ApiClient } from '../test/api-client.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { hubEventsPruneQueue as pruneQueue } from './hub-events.ts';
import { startHub, type Hub } from './hub.ts';

/**
 * The real-time hub (issue 31): who may connect, which rooms a socket may join, that signals reach the right
 * sockets at commit and no others, that a revoked session's sockets close, that an event caused through one
 * API process reaches a client of another (two processes on one database, joined by Redis when REDIS_URL is set),
 * and that a client that was disconnected catches up on every event it missed, once each (item 4).
 */
let t: TestApp;
let second: { address: string; hub: Hub; close: () => Promise<void> };
const tokens: Record<string, string> = {};
let officer: ApiClient;
let summitId: number;
let harborId: number;
const sockets: Socket[] = [];

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

const open = async (address: string, token: string | undefined) => {
  const socket = connect(address, {
    auth: token === undefined ? {} : { token },
    transports: ['websocket'],
    reconnection: false,
  });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return socket;
};
const join = (socket: Socket, request: Record<string, unknown>) =>
  socket.timeout(5000).emitWithAck('join', request) as Promise<{ ok: boolean; error?: string }>;
/** Everything a socket receives from now on. */
const record = (socket: Socket) => {
  const seen: { event: string; data: unknown }[] = [];
  socket.onAny((event: string, data: unknown) => seen.push({ event, data }));
  return seen;
};
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));
const q = async <T extends Record<string, unknown>>(text: string, values: unknown[] = []) =>
  (await t.pool.query<T>(text, values)).rows;
const userId = async (username: string) =>
  (await q<{ id: number }>(`select id from users where username = $1`, [username]))[0]!.id;

/** GET /api/hub/events as `token`: the raw response. */
const catchUpCall = (token: string, query: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/api/hub/events', query, headers: t.bearer(token) });
/**
 * The highest event id now. The cursor is a horizon of the whole PostgreSQL cluster's running transactions: another
 * test file's open transaction may hold it back, and a catch-up then also answers events read before (at least once).
 * Assertions about what a catch-up answers look at the events made since a mark taken before them.
 */
const lastEventId = async () =>
  Number((await q<{ id: string | null }>(`select max(id)::text as id from hub_events`))[0]!.id ?? 0);
const catchUp = async (token: string, query: Record<string, string> = {}) => {
  const response = await catchUpCall(token, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<HubEventsAnswer>();
};

/**
 * A client as the web app's (apps/web/src/app/shell/hub-socket.ts): it keeps the last cursor, reads it on its first
 * connection, catches up with it on every reconnection, and applies every event — live or caught up — once by id.
 */
const hubClient = async (address: string, token: string) => {
  const socket = await open(address, token);
  const seenIds = new Set<number>();
  const applied: { id: number; event: string; data: Record<string, unknown> }[] = [];
  const delivered: number[] = [];
  const apply = (event: string, data: Record<string, unknown>) => {
    const id = data.id as number;
    delivered.push(id);
    if (seenIds.has(id)) return;
    seenIds.add(id);
    applied.push({ id, event, data });
  };
  socket.onAny((event: string, data: Record<string, unknown>) => apply(event, data));
  let { cursor } = await catchUp(token);
  return {
    socket,
    applied,
    /** Every delivery, duplicates included. */
    delivered,
    drop: () => socket.disconnect(),
    /** Reconnects, then reads what it missed since its cursor. */
    reconnect: async (query: Record<string, string> = {}) => {
      socket.connect();
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      const answer = await catchUp(token, { since: cursor, ...query });
      expect(answer.complete).toBe(true);
      for (const e of answer.events) apply(e.event, { ...e.data, id: e.id });
      cursor = answer.cursor;
      return answer;
    },
  };
};

beforeAll(async () => {
  t = await createTestApp({ REDIS_URL, HUB_SESSION_CHECK_MS: '200' }, { hub: true });
  for (const [name, password] of [
    ['officer', 'Officer2026'],
    ['admin', 'Admin2026'],
    ['harbor', 'Harbor2026'],
    ['expiring', 'Expiring2026'],
  ] as const)
    tokens[name] = (await t.login(name, password)).access_token;
  officer = await signIn(t, 'officer', 'Officer2026');
  [summitId, harborId] = (await q<{ id: number }>(`select id from lenders order by id`)).map((r) => r.id) as [
    number,
    number,
  ];
  // A second API process on the same database and Redis.
  const { app } = await buildApp({ db: t.db, config: t.config }, { logger: false });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const hub = await startHub(app, { db: t.db, config: t.config, databaseUrl: t.config.databaseUrl! });
  second = {
    address,
    hub,
    close: async () => {
      await hub.close();
      await app.close();
    },
  };
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await second?.close();
  await t?.close();
});

describe('hub: who may connect', () => {
  it('refuses a handshake without a token, with a forged one, or of a revoked session', async () => {
    await expect(open(t.address!, undefined)).rejects.toThrow('unauthorized');
    await expect(open(t.address!, 'not-a-token')).rejects.toThrow('unauthorized');
    const { access_token } = await t.login('admin', 'Admin2026');
    await t.app.inject({ method: 'POST', url: '/api/logout', headers: t.bearer(access_token) });
    await expect(open(t.address!, access_token)).rejects.toThrow('unauthorized');
  });

  it("closes a session's sockets at once when it is revoked, on every process", async () => {
    const { access_token } = await t.login('admin', 'Admin2026');
    const here = await open(t.address!, access_token);
    const there = await open(second.address, access_token);
    const closed = (s: Socket) => new Promise<string>((resolve) => s.once('disconnect', resolve));
    const both = Promise.all([closed(here), closed(there)]);
    await t.app.inject({ method: 'POST', url: '/api/logout', headers: t.bearer(access_token) });
    expect(await both).toEqual(['io server disconnect', 'io server disconnect']);
  });
});

describe('hub: a process that stops', () => {
  it('drops its connections, so that its clients reconnect (they are not told their session ended)', async () => {
    const { app } = await buildApp({ db: t.db, config: t.config }, { logger: false });
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const hub = await startHub(app, { db: t.db, config: t.config, databaseUrl: t.config.databaseUrl! });
    const socket = await open(address, tokens.officer!);
    const reason = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    await hub.close();
    await app.close();
    // 'io server disconnect' would stop the web app's reconnecting (hub-socket.ts): a deployment would leave every
    // page without its hub until reloaded.
    expect(await reason).toBe('transport close');
  });
});

describe('hub: a session moved to another lender', () => {
  it('is disconnected by the session check, so that it reconnects into the new lender rooms', async () => {
    const { access_token } = await t.login('admin', 'Admin2026');
    const socket = await open(t.address!, access_token);
    const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    const switched = await t.app.inject({
      method: 'PUT',
      url: '/api/user/lender',
      headers: t.bearer(access_token),
      payload: { lenderId: harborId },
    });
    expect(switched.statusCode, switched.body).toBe(200);
    expect(await closed).toBe('io server disconnect');
  });
});

describe('hub: rooms are joined after a rights and tenant check', () => {
  it('the dashboard group needs canViewDashboard; an application must be of the caller lender', async () => {
    const mine = await open(t.address!, tokens.officer);
    expect(await join(mine, { group: 'widgets' })).toMatchObject({ ok: true });
    expect(await join(mine, { group: 'queueCount' })).toMatchObject({ ok: true });
    expect(await join(mine, { group: 'nonsense' })).toEqual({ ok: false, error: 'invalid' });
    const [own] = await q<{ id: number }>(`select id from applications where lender_id = $1 limit 1`, [summitId]);
    const [foreign] = await q<{ id: number }>(`select id from applications where lender_id = $1 limit 1`, [harborId]);
    expect(await join(mine, { group: 'application', applicationId: own!.id })).toMatchObject({ ok: true });
    expect(await join(mine, { group: 'application', applicationId: foreign!.id })).toEqual({
      ok: false,
      error: 'notFound',
    });
    expect(await join(mine, { group: 'application', applicationId: '1 or 1=1' })).toEqual({
      ok: false,
      error: 'invalid',
    });
    const processor = await open(t.address!, tokens.expiring);
    expect(await join(processor, { group: 'widgets' })).toEqual({ ok: false, error: 'forbidden' });
  });
});

describe('hub: signals reach the right sockets at commit, on both processes', () => {
  it("a notification reaches its user's sockets, not another user's, and a rolled-back one reaches no one", async () => {
    const officerId = await userId('officer');
    const mine = record(await open(second.address, tokens.officer));
    const admins = record(await open(t.address!, tokens.admin));
    const client = await t.pool.connect();
    try {
      await client.query('begin');
      await client.query(
        `insert into notifications (lender_id, user_id, type, subject, description) values ($1, $2, 100, 'New Application', 'x')`,
        [summitId, officerId],
      );
      await client.query('rollback');
    } finally {
      client.release();
    }
    await t.pool.query(
      `insert into notifications (lender_id, user_id, type, subject, description) values ($1, $2, 100, 'New Application', 'x')`,
      [summitId, officerId],
    );
    await expect.poll(() => mine.filter((e) => e.event === 'notification').length).toBe(1);
    await settle();
    expect(mine.filter((e) => e.event === 'notification')).toHaveLength(1);
    expect(admins.filter((e) => e.event === 'notification')).toHaveLength(0);
  });

  it('a new application changes the queue counts of its lender only', async () => {
    const socket = await open(second.address, tokens.officer);
    const seen = record(socket);
    await join(socket, { group: 'queueCount' });
    const harbor = await open(t.address!, tokens.harbor);
    const harborSeen = record(harbor);
    await join(harbor, { group: 'queueCount' });
    const created = await officer.post('/api/applications', newAutoApplication(await productId(t, SUMMIT, 'New Auto')));
    expect(created.statusCode, created.body).toBeLessThan(300);
    await expect.poll(() => seen.some((e) => e.event === 'queueCount')).toBe(true);
    await settle();
    expect(harborSeen.filter((e) => e.event === 'queueCount')).toHaveLength(0);
  });
});

describe('hub: no event of one lender reaches a socket of another (property)', () => {
  it('random users and events', async () => {
    const people = [
      { username: 'officer', lenderId: summitId },
      { username: 'admin', lenderId: summitId },
      { username: 'harbor', lenderId: harborId },
    ];
    const listeners = await Promise.all(
      people.map(async (p) => {
        const socket = await open(p.username === 'officer' ? second.address : t.address!, tokens[p.username]);
        if (p.username !== 'admin') await join(socket, { group: 'queueCount' });
        return { ...p, seen: record(socket), id: await userId(p.username) };
      }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            to: fc.constantFrom(...people.map((p) => p.username)),
            kind: fc.constantFrom('notification', 'queueCount'),
          }),
          { minLength: 1, maxLength: 6 },
        ),
        async (events) => {
          for (const l of listeners) l.seen.length = 0;
          const cursors = await Promise.all(listeners.map(async (l) => (await catchUp(tokens[l.username]!)).cursor));
          const mark = await lastEventId();
          for (const e of events) {
            const target = listeners.find((l) => l.username === e.to)!;
            if (e.kind === 'notification')
              await t.pool.query(
                `insert into notifications (lender_id, user_id, type, subject, description) values ($1, $2, 100, 's', 'd')`,
                [target.lenderId, target.id],
              );
            else
              await t.pool.query(`select credence_hub_signal('lender:' || $1 || ':queueCount', 'queueCount')`, [
                target.lenderId,
              ]);
          }
          await settle();
          for (const l of listeners) {
            const notified = events.some((e) => e.kind === 'notification' && e.to === l.username);
            const counted = events.some(
              (e) => e.kind === 'queueCount' && listeners.find((x) => x.username === e.to)!.lenderId === l.lenderId,
            );
            expect(l.seen.some((s) => s.event === 'notification')).toBe(notified);
            expect(l.seen.some((s) => s.event === 'queueCount')).toBe(counted && l.username !== 'admin');
            // The catch-up answers the same, the lender's groups whether joined or not, and nothing of another lender.
            const caught = (await catchUp(tokens[l.username]!, { since: cursors[listeners.indexOf(l)]! })).events;
            const lenders = await q<{ lender_id: number }>(
              `select distinct lender_id from hub_events where id = any($1::bigint[])`,
              [caught.map((e) => e.id)],
            );
            expect(lenders.map((r) => r.lender_id)).toEqual(caught.length ? [l.lenderId] : []);
            const recent = caught.filter((e) => e.id > mark);
            expect(recent.some((e) => e.event === 'notification')).toBe(notified);
            expect(recent.some((e) => e.event === 'queueCount')).toBe(counted);
            expect(l.seen.every((e) => Number.isInteger((e.data as { id?: unknown }).id))).toBe(true);
          }
        },
      ),
      { numRuns: 12 },
    );
  });
});

describe('hub: catching up on the events missed (item 4)', () => {
  const comment = (client: ApiClient, id: number, message: string) =>
    client.post(`/api/applications/${id}/comments`, { type: 'JOURNAL', message });

  it('a client disconnected while three events happen gets all three on reconnect, once each', async () => {
    const admin = await signIn(t, 'admin', 'Admin2026');
    const created = await officer.post('/api/applications', newAutoApplication(await productId(t, SUMMIT, 'New Auto')));
    expect(created.statusCode, created.body).toBe(201);
    const applicationId = created.json<{ id: number }>().id;
    const mark = await lastEventId();
    const client = await hubClient(second.address, tokens.officer!);
    const notifications = () => client.applied.filter((e) => e.event === 'notification' && e.id > mark);

    // A live event: its id is the stored event's.
    expect((await comment(admin, applicationId, 'Income verified.')).statusCode).toBe(201);
    await expect.poll(() => notifications().length).toBe(1);
    const [live] = notifications();
    expect(await q(`select room, event from hub_events where id = $1`, [live!.id])).toEqual([
      { room: `user:${summitId}:${await userId('officer')}`, event: 'notification' },
    ]);

    client.drop();
    for (const message of ['Paystub requested.', 'Title received.', 'Insurance verified.'])
      expect((await comment(admin, applicationId, message)).statusCode).toBe(201);
    const missed = await q<{ id: string }>(
      `select id from hub_events where room = $1 and event = 'notification' and id > $2 order by id`,
      [`user:${summitId}:${await userId('officer')}`, live!.id],
    );
    expect(missed).toHaveLength(3);

    const answer = await client.reconnect();
    // The live one comes again (its transaction was running at the first read): applied once all the same.
    expect(answer.events.map((e) => e.id)).toContain(live!.id);
    await settle();
    expect(notifications().map((e) => e.id)).toEqual([live!.id, ...missed.map((m) => Number(m.id))]);
    expect(client.delivered.filter((id) => id === live!.id).length).toBe(2);

    // Back live: the next one arrives by the socket, once.
    expect((await comment(admin, applicationId, 'Approved.')).statusCode).toBe(201);
    await expect.poll(() => notifications().length).toBe(5);
    await settle();
    expect(notifications()).toHaveLength(5);
  });

  it('the cursor keeps an event whose transaction began first and committed after a later one', async () => {
    const officerId = await userId('officer');
    const { cursor } = await catchUp(tokens.officer!);
    const insert = `insert into notifications (lender_id, user_id, type, subject, description) values ($1, $2, 100, 'New Application', 'x')`;
    const early = await t.pool.connect();
    let earlyId: number;
    try {
      await early.query('begin');
      await early.query(insert, [summitId, officerId]);
      earlyId = Number(
        (await early.query<{ id: string }>(`select max(id) as id from hub_events where xid = pg_current_xact_id()`))
          .rows[0]!.id,
      );
      // A later transaction takes a higher id and commits first.
      await t.pool.query(insert, [summitId, officerId]);
      const first = await catchUp(tokens.officer!, { since: cursor });
      const ids = first.events.map((e) => e.id);
      expect(Math.max(...ids)).toBeGreaterThan(earlyId);
      expect(ids).not.toContain(earlyId);
      await early.query('commit');
      // An id cursor (after the highest id read) would skip it; the horizon does not.
      const next = await catchUp(tokens.officer!, { since: first.cursor });
      expect(next.events.map((e) => e.id)).toContain(earlyId);
    } finally {
      await early.query('rollback').catch(() => undefined);
      early.release();
    }
  });

  it("answers only the caller's rooms: its notifications, its widgets with canViewDashboard, the applications it names", async () => {
    const [officerId, expiringId, harborUserId] = await Promise.all(['officer', 'expiring', 'harbor'].map(userId));
    const [own] = await q<{ id: number }>(`select id from applications where lender_id = $1 order by id limit 1`, [
      summitId,
    ]);
    const [foreign] = await q<{ id: number }>(`select id from applications where lender_id = $1 order by id limit 1`, [
      harborId,
    ]);
    const cursors = {
      officer: (await catchUp(tokens.officer!)).cursor,
      expiring: (await catchUp(tokens.expiring!)).cursor,
      harbor: (await catchUp(tokens.harbor!)).cursor,
    };
    const mark = await lastEventId();
    const signal = (room: string, event: string, data: unknown = null) =>
      q(`select credence_hub_signal($1, $2, $3::jsonb)`, [room, event, data === null ? null : JSON.stringify(data)]);
    await signal(`user:${summitId}:${officerId}`, 'widgets', { name: 'pipeline' });
    await signal(`user:${summitId}:${expiringId}`, 'widgets', { name: 'pipeline' });
    await signal(`user:${summitId}:${expiringId}`, 'notification');
    await signal(`application:${summitId}:${own!.id}`, 'application', { applicationId: own!.id, state: 'NEW' });
    await signal(`application:${harborId}:${foreign!.id}`, 'application', { applicationId: foreign!.id });
    await signal(`user:${harborId}:${harborUserId}`, 'notification');

    const events = async (who: keyof typeof cursors, applicationIds?: string) =>
      (await catchUp(tokens[who]!, { since: cursors[who], ...(applicationIds ? { applicationIds } : {}) })).events
        .filter((e) => e.id > mark)
        .map((e) => ({ event: e.event, data: e.data }));
    expect(await events('officer', `${own!.id},${foreign!.id}`)).toEqual([
      { event: 'widgets', data: { name: 'pipeline' } },
      { event: 'application', data: { applicationId: own!.id, state: 'NEW' } },
    ]);
    // Ethan (Processor) has no dashboard: his notification, not his widget; no application he did not name.
    expect(await events('expiring')).toEqual([{ event: 'notification', data: {} }]);
    // Harbor naming a Summit application reads nothing of it.
    expect(await events('harbor', `${own!.id},${foreign!.id}`)).toEqual([
      { event: 'application', data: { applicationId: foreign!.id } },
      { event: 'notification', data: {} },
    ]);
  });

  it('the stored events are limited to the lender of the transaction (row-level security)', async () => {
    const client = await t.pool.connect();
    try {
      await client.query('begin');
      await client.query(`select set_config('app.lender_id', $1, true), set_config('role', 'credence_app', true)`, [
        String(harborId),
      ]);
      const lenders = await client.query<{ lender_id: number }>(`select distinct lender_id from hub_events`);
      expect(lenders.rows.map((r) => r.lender_id)).toEqual([harborId]);
      // A signal to another lender's room fails with the change instead of storing it.
      await expect(
        client.query(`select credence_hub_signal($1, 'queueCount')`, [`lender:${summitId}:queueCount`]),
      ).rejects.toThrow(/row-level security/);
    } finally {
      await client.query('rollback');
      client.release();
    }
  });

  it('refuses a malformed cursor or too many applications (422 naming the field); needs a session', async () => {
    for (const since of ['abc', '-1', '1 or 1=1', '12345678901234567890', ''])
      expect((await catchUpCall(tokens.officer!, { since })).json()).toMatchObject({
        code: 'VALIDATION',
        errors: [{ field: 'since', message: hubEventMessages.invalidCursor }],
      });
    const tooMany = Array.from({ length: HUB_CATCH_UP_MAX_APPLICATIONS + 1 }, (_, i) => i + 1).join(',');
    for (const applicationIds of [tooMany, '1,x', '0', '2147483648']) {
      const response = await catchUpCall(tokens.officer!, { since: '1', applicationIds });
      expect(response.statusCode, applicationIds).toBe(422);
      expect(response.json<{ errors: unknown[] }>().errors).toEqual([
        { field: 'applicationIds', message: hubEventMessages.invalidApplicationIds },
      ]);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/hub/events' })).statusCode).toBe(401);
  });
});

// Last: it deletes every event older than 24 hours, which it makes of all the others.
describe('hub: events are kept 24 hours', () => {
  it('the job deletes older events; a cursor from before them is told its catch-up is not complete', async () => {
    const { cursor: old } = await catchUp(tokens.officer!);
    await t.pool.query(`select credence_hub_signal($1, 'queueCount')`, [`lender:${summitId}:queueCount`]);
    await t.pool.query(`update hub_events set created_at = now() - interval '25 hours'`);
    await t.pool.query(`select credence_hub_signal($1, 'queues')`, [`lender:${summitId}:queues`]);
    const fresh = await lastEventId();
    expect(await pruneQueue.due(t.db)).toBe(true);
    await pruneQueue.work(t.db, { info: () => {}, warn: () => {}, error: () => {} });
    expect(await q(`select id::int from hub_events`)).toEqual([{ id: fresh }]);
    expect(await pruneQueue.due(t.db)).toBe(false);

    expect(await catchUp(tokens.officer!, { since: old })).toMatchObject({ complete: false, events: [] });
    // A cursor taken after them is complete again (polled: another test file's transaction may hold the horizon).
    await expect
      .poll(async () => (await catchUp(tokens.officer!, { since: (await catchUp(tokens.officer!)).cursor })).complete)
      .toBe(true);
  });
});
