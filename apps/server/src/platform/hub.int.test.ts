import fc from 'fast-check';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { newAutoApplication, productId, signIn, SUMMIT, type ApiClient } from '../test/api-client.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { startHub, type Hub } from './hub.ts';

/**
 * The real-time hub (issue 31): who may connect, which rooms a socket may join, that signals reach the right
 * sockets at commit and no others, that a revoked session's sockets close, and that an event caused through one
 * API process reaches a client of another (two processes on one database, joined by Redis when REDIS_URL is set).
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
          }
        },
      ),
      { numRuns: 12 },
    );
  });
});
