import { randomUUID } from 'node:crypto';
import { messages } from '@credence/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findSeededApplication, signIn, SUMMIT, type ApiClient } from '../test/api-client.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

let t: TestApp;
let officer: ApiClient;
let admin: ApiClient;
let id: number;

beforeAll(async () => {
  t = await createTestApp();
  officer = await signIn(t, 'officer', 'Officer2026');
  admin = await signIn(t, 'admin', 'Admin2026');
  id = await findSeededApplication(t, SUMMIT, `a.state = 'pending'`);
});
afterAll(() => t.close());

/** A POST with an Idempotency-Key, as a client retrying after a crash would send it. */
const post = (client: ApiClient, url: string, key: string, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { ...t.bearer(client.token), 'idempotency-key': key },
    payload: payload as Record<string, unknown>,
  });

const commentsWith = async (message: string) =>
  Number(
    (await t.pool.query<{ n: string }>(`select count(*) as n from comments where message = $1`, [message])).rows[0]!.n,
  );

describe('Idempotency-Key', () => {
  it('stores one comment for a request sent twice with one key, and answers the same body', async () => {
    const key = randomUUID();
    const message = `Idempotent ${key}`;
    const url = `/api/applications/${id}/comments`;
    const first = await post(officer, url, key, { type: 'JOURNAL', message });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await post(officer, url, key, { message, type: 'JOURNAL' }); // the same request, keys reordered
    expect(again.statusCode).toBe(201);
    expect(again.body).toBe(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers['content-type']).toMatch(/^application\/json/);
    expect(await commentsWith(message)).toBe(1);
    const history = await t.pool.query(
      `select count(*)::int as n from application_history where application_id = $1 and changes::text like $2`,
      [id, `%${key}%`],
    );
    expect(history.rows[0].n).toBe(1);
  });

  it('refuses the same key with a different request, and runs nothing', async () => {
    const key = randomUUID();
    const url = `/api/applications/${id}/comments`;
    const first = await post(officer, url, key, { type: 'JOURNAL', message: `First ${key}` });
    expect(first.statusCode).toBe(201);
    const other = await post(officer, url, key, { type: 'JOURNAL', message: `Second ${key}` });
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED', message: messages.idempotency.keyReused });
    expect(await commentsWith(`Second ${key}`)).toBe(0);
    // Another application is another request too.
    const elsewhere = await findSeededApplication(t, SUMMIT, `a.state = 'pending' and a.id <> ${id}`);
    const moved = await post(officer, `/api/applications/${elsewhere}/comments`, key, {
      type: 'JOURNAL',
      message: `First ${key}`,
    });
    expect(moved.statusCode).toBe(422);
  });

  it("keeps one user's key apart from another's", async () => {
    const key = randomUUID();
    const message = `Shared key ${key}`;
    const url = `/api/applications/${id}/comments`;
    const mine = await post(officer, url, key, { type: 'JOURNAL', message });
    const theirs = await post(admin, url, key, { type: 'JOURNAL', message });
    expect(mine.statusCode).toBe(201);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.json().id).not.toBe(mine.json().id);
    expect(await commentsWith(message)).toBe(2);
  });

  it('runs 20 concurrent identical requests with one key once, and answers them all alike', async () => {
    const key = randomUUID();
    const message = `Concurrent ${key}`;
    const url = `/api/applications/${id}/comments`;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => post(officer, url, key, { type: 'JOURNAL', message })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array.from({ length: 20 }, () => 201));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(19);
    expect(await commentsWith(message)).toBe(1);
  });

  it('runs many concurrent requests with distinct keys without starving the pool (5 connections here)', async () => {
    const prefix = `Distinct ${randomUUID()}`;
    const url = `/api/applications/${id}/comments`;
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        post(officer, url, randomUUID(), { type: 'JOURNAL', message: `${prefix} ${i}` }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array.from({ length: 30 }, () => 201));
    const { rows } = await t.pool.query(`select count(*)::int as n from comments where message like $1`, [
      `${prefix} %`,
    ]);
    expect(rows[0].n).toBe(30);
  });

  it('ignores the header where an answer must not be kept: the queue search', async () => {
    const key = randomUUID();
    const search = () => post(officer, '/api/applicationqueues/allApplicationsQueue/search', key, { page: 1 });
    const first = await search();
    expect(first.statusCode, first.body).toBe(200);
    const second = await search();
    expect(second.statusCode).toBe(200);
    expect(second.headers['idempotent-replayed']).toBeUndefined();
    const { rows } = await t.pool.query(`select count(*)::int as n from idempotency_keys where key = $1`, [key]);
    expect(rows[0].n).toBe(0);
  });

  it('answers 409 with Retry-After while the first request with the key is still running', async () => {
    const key = randomUUID();
    const message = `Held ${key}`;
    const { rows } = await t.pool.query<{ id: number }>(`select id from users where username = 'officer'`);
    // Another request holds the key (its lock) for longer than a duplicate waits (10 s).
    const holder = await t.pool.connect();
    try {
      await holder.query(`select pg_advisory_lock($1::int, hashtext($2))`, [0x1d_e4, `${rows[0]!.id}:${key}`]);
      const started = Date.now();
      const response = await post(officer, `/api/applications/${id}/comments`, key, { type: 'JOURNAL', message });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        code: 'IDEMPOTENCY_KEY_IN_PROGRESS',
        message: messages.idempotency.inProgress,
      });
      expect(response.headers['retry-after']).toBe('1');
      expect(Date.now() - started).toBeGreaterThanOrEqual(9000);
    } finally {
      await holder.query(`select pg_advisory_unlock_all()`);
      holder.release();
    }
    expect(await commentsWith(message)).toBe(0);
    expect(
      (await post(officer, `/api/applications/${id}/comments`, key, { type: 'JOURNAL', message })).statusCode,
    ).toBe(201);
  });

  it('keeps no failed answer: a refused request may be retried with the same key', async () => {
    const key = randomUUID();
    const url = `/api/applications/${id}/comments`;
    const refused = await post(officer, url, key, {
      type: 'JOURNAL',
      message: `@user:nobody@nowhere.example[Nobody] ${key}`,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe('VALIDATION');
    const rows = await t.pool.query(`select count(*)::int as n from idempotency_keys where key = $1`, [key]);
    expect(rows.rows[0].n).toBe(0);
    const missing = await post(officer, `/api/applications/999999/comments`, key, {
      type: 'JOURNAL',
      message: `Retry ${key}`,
    });
    expect(missing.statusCode).toBe(404);
    const retried = await post(officer, url, key, { type: 'JOURNAL', message: `Retry ${key}` });
    expect(retried.statusCode).toBe(201);
  });

  it('validates the key: printable ASCII, at most 255 characters', async () => {
    const url = `/api/applications/${id}/comments`;
    for (const key of ['x'.repeat(256), 'tab\there', 'clé']) {
      const response = await post(officer, url, key, { type: 'JOURNAL', message: `Bad key ${key.length}` });
      expect(response.statusCode, key).toBe(422);
      expect(response.json().errors).toEqual([{ field: 'Idempotency-Key', message: messages.idempotency.invalidKey }]);
    }
    expect(await commentsWith('Bad key 256')).toBe(0);
    const longest = await post(officer, url, 'k'.repeat(255), { type: 'JOURNAL', message: 'Longest key' });
    expect(longest.statusCode).toBe(201);
  });

  it('replays a stored answer only while the key lives (24 hours)', async () => {
    const key = randomUUID();
    const message = `Expiring key ${key}`;
    const url = `/api/applications/${id}/comments`;
    expect((await post(officer, url, key, { type: 'JOURNAL', message })).statusCode).toBe(201);
    const { rows } = await t.pool.query<{ hours: number }>(
      `select round(extract(epoch from expires_at - created_at) / 3600)::int as hours from idempotency_keys where key = $1`,
      [key],
    );
    expect(rows[0]!.hours).toBe(24);
    await t.pool.query(`update idempotency_keys set expires_at = now() - interval '1 second' where key = $1`, [key]);
    expect(
      (await post(officer, url, key, { type: 'JOURNAL', message })).headers['idempotent-replayed'],
    ).toBeUndefined();
    expect(await commentsWith(message)).toBe(2);
  });

  it('commits the write and its stored answer together: no answer kept, no write kept', async () => {
    const key = `boom-${randomUUID()}`;
    const message = `Atomic ${key}`;
    // The answer cannot be stored for this key (as if the process died before its commit).
    await t.pool.query(`
      create or replace function test_refuse_boom() returns trigger language plpgsql as $$
      begin if new.key like 'boom-%' then raise exception 'refused'; end if; return new; end $$`);
    await t.pool.query(`create trigger test_refuse_boom before insert on idempotency_keys
                          for each row execute function test_refuse_boom()`);
    try {
      const response = await post(officer, `/api/applications/${id}/comments`, key, { type: 'JOURNAL', message });
      expect(response.statusCode).toBe(503);
      expect(response.json().code).toBe('DB_UNAVAILABLE');
      expect(await commentsWith(message)).toBe(0);
    } finally {
      await t.pool.query(`drop trigger test_refuse_boom on idempotency_keys`);
    }
    const retried = await post(officer, `/api/applications/${id}/comments`, key, { type: 'JOURNAL', message });
    expect(retried.statusCode).toBe(201);
    expect(await commentsWith(message)).toBe(1);
  });

  it('changes nothing for requests without the header', async () => {
    const message = `No key ${randomUUID()}`;
    const url = `/api/applications/${id}/comments`;
    expect((await officer.post(url, { type: 'JOURNAL', message })).statusCode).toBe(201);
    expect((await officer.post(url, { type: 'JOURNAL', message })).statusCode).toBe(201);
    expect(await commentsWith(message)).toBe(2);
  });

  it('is a platform mechanism: another module’s POST is idempotent too', async () => {
    const key = randomUUID();
    const body = {
      name: `Idem ${key.slice(0, 8)}`,
      type: 'filter',
      filter: JSON.stringify({ gridName: 'allApplicationsQueue' }),
    };
    const first = await post(officer, '/api/SearchFilters', key, body);
    expect(first.statusCode, first.body).toBeLessThan(300);
    const again = await post(officer, '/api/SearchFilters', key, body);
    expect(again.statusCode).toBe(first.statusCode);
    expect(again.body).toBe(first.body);
    const { rows } = await t.pool.query(`select count(*)::int as n from search_filters where name = $1`, [body.name]);
    expect(rows[0].n).toBe(1);
  });
});
