import { messages } from '@credence/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findSeededApplication, HARBOR, signIn, SUMMIT, type ApiClient } from '../../../test/api-client.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let officer: ApiClient;
let admin: ApiClient;
let processor: ApiClient;

beforeAll(async () => {
  t = await createTestApp({ APPLICATION_LOCK_SECONDS: '600' });
  officer = await signIn(t, 'officer', 'Officer2026');
  admin = await signIn(t, 'admin', 'Admin2026');
  processor = await signIn(t, 'expiring', 'Expiring2026');
});
afterAll(() => t.close());

let next = 0;
/** A different seeded Summit personal loan for each test (not funded). */
const freshApplication = async () =>
  findSeededApplication(
    t,
    SUMMIT,
    `p.control_type in ('PERSONAL', 'CREDIT_CARD', 'HEL', 'CD_SHARE') and a.state <> 'funded' and a.id > ${next}`,
  ).then((id) => {
    next = id;
    return id;
  });

const saveTerm = (caller: ApiClient, id: number, termMonths: number) =>
  caller
    .get(`/api/applications/${id}/request`)
    .then((r) => caller.put(`/api/applications/${id}/request`, { ...r.json<object>(), termMonths }));

describe('application lock', () => {
  it('lets exactly one of two users racing for the lock win', async () => {
    for (let round = 0; round < 5; round++) {
      const id = await freshApplication();
      const [a, b] = await Promise.all([
        officer.post(`/api/applications/${id}/lock`),
        admin.post(`/api/applications/${id}/lock`),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
      const winner = a.statusCode === 200 ? a : b;
      const loser = a.statusCode === 200 ? b : a;
      expect(loser.json()).toMatchObject({
        code: 'APPLICATION_LOCKED',
        message: messages.applications.lockedBy(winner.json().lockingUser.name),
        details: { lockingUser: winner.json().lockingUser.name, lockingUserId: winner.json().lockingUser.id },
      });
    }
  });

  it('takes, refreshes and reports the lock; another user sees the holder', async () => {
    const id = await freshApplication();
    const taken = await officer.post(`/api/applications/${id}/lock`);
    expect(taken.statusCode).toBe(200);
    expect(taken.json()).toMatchObject({ isLocked: true, isLockedByMe: true, lockingUser: { name: 'Olivia Chen' } });
    const refreshed = await officer.post(`/api/applications/${id}/lock`);
    expect(refreshed.json().lockedUtcTime).toBe(taken.json().lockedUtcTime);
    expect(refreshed.json().lockExpiresUtcTime >= taken.json().lockExpiresUtcTime).toBe(true);
    const info = (await admin.get(`/api/applications/${id}/worksheetInfo`)).json();
    expect(info).toMatchObject({ isLocked: true, isLockedByMe: false, lockingUser: { name: 'Olivia Chen' } });
    const refused = await admin.post(`/api/applications/${id}/lock`);
    expect(refused.statusCode).toBe(409);
  });

  it('expires a lock that is not refreshed, so a closed browser cannot hold it for ever', async () => {
    const id = await freshApplication();
    expect((await officer.post(`/api/applications/${id}/lock`)).statusCode).toBe(200);
    await t.pool.query(`update applications set lock_expires_at = now() - interval '1 second' where id = $1`, [id]);
    expect((await admin.get(`/api/applications/${id}/worksheetInfo`)).json()).toMatchObject({
      isLocked: false,
      lockingUser: null,
    });
    // The expired holder can no longer write …
    const stale = await saveTerm(officer, id, 36);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('LOCK_REQUIRED');
    // … and someone else may take it.
    expect((await admin.post(`/api/applications/${id}/lock`)).statusCode).toBe(200);
  });

  it('expires locks after APPLICATION_LOCK_SECONDS in real time', async () => {
    const quick = await createTestApp({ APPLICATION_LOCK_SECONDS: '1' });
    try {
      const a = await signIn(quick, 'officer', 'Officer2026');
      const b = await signIn(quick, 'admin', 'Admin2026');
      const id = await findSeededApplication(quick, SUMMIT, `a.state = 'new'`);
      expect((await a.post(`/api/applications/${id}/lock`)).statusCode).toBe(200);
      expect((await b.post(`/api/applications/${id}/lock`)).statusCode).toBe(409);
      await new Promise((resolve) => setTimeout(resolve, 1200));
      expect((await b.post(`/api/applications/${id}/lock`)).statusCode).toBe(200);
    } finally {
      await quick.close();
    }
  });

  it('refuses every write without the lock with 409', async () => {
    const id = await freshApplication();
    const app = (await officer.get(`/api/applications/${id}`)).json();
    const writes = [
      () => officer.put(`/api/applications/${id}/applicants`, { applicants: app.applicants }),
      () => saveTerm(officer, id, 24),
      () => officer.post(`/api/applications/${id}/collaterals/`, { collaterals: [] }),
      () => officer.post(`/api/applications/${id}/transaction`, {}),
    ];
    for (const write of writes) {
      const response = await write();
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json()).toEqual({ code: 'LOCK_REQUIRED', message: messages.applications.lockRequired });
    }
    // Someone else's live lock: 409 naming the holder.
    await admin.post(`/api/applications/${id}/lock`);
    const held = await saveTerm(officer, id, 24);
    expect(held.statusCode).toBe(409);
    expect(held.json()).toMatchObject({ code: 'APPLICATION_LOCKED', details: { lockingUser: 'Avery Morgan' } });
    // With the lock, the write succeeds.
    await admin.delete(`/api/applications/${id}/lock`);
    await officer.post(`/api/applications/${id}/lock`);
    expect((await saveTerm(officer, id, 24)).statusCode).toBe(200);
  });

  it('lets anyone unlock; the holder then sees who unlocked it, and the history records it', async () => {
    const id = await freshApplication();
    await officer.post(`/api/applications/${id}/lock`);
    const unlocked = await processor.delete(`/api/applications/${id}/lock`);
    expect(unlocked.statusCode).toBe(204);
    const holderView = (await officer.get(`/api/applications/${id}/worksheetInfo`)).json();
    expect(holderView).toMatchObject({ isLocked: false, unlockedByUser: { name: 'Ethan Brooks' } });
    expect((await admin.get(`/api/applications/${id}/worksheetInfo`)).json().unlockedByUser).toBeNull();
    // The holder's unsaved changes are dropped: the write is refused.
    expect((await saveTerm(officer, id, 36)).statusCode).toBe(409);
    const history = (await officer.get(`/api/applications/${id}/history`)).json();
    expect(history[0]).toMatchObject({
      action: 'Unlocked',
      user: { name: 'Ethan Brooks' },
      changes: [{ entity: 'Application', property: 'lockingUser', oldValue: 'Olivia Chen', newValue: null }],
    });
    // Locking again clears the notice.
    await officer.post(`/api/applications/${id}/lock`);
    expect((await officer.get(`/api/applications/${id}/worksheetInfo`)).json().unlockedByUser).toBeNull();
    // Unlocking one's own lock records nothing.
    const before = (await officer.get(`/api/applications/${id}/history`)).json().length;
    expect((await officer.delete(`/api/applications/${id}/lock`)).statusCode).toBe(204);
    expect((await officer.get(`/api/applications/${id}/history`)).json()).toHaveLength(before);
  });

  it('answers 404 for an unknown application', async () => {
    expect((await officer.post('/api/applications/2147483000/lock')).statusCode).toBe(404);
    expect((await officer.delete('/api/applications/2147483000/lock')).statusCode).toBe(404);
    expect((await officer.post('/api/applications/2147483000/lock/release')).statusCode).toBe(404);
  });
});

describe('releasing a lock when leaving', () => {
  it("releases the caller's own lock, without a history entry, so a colleague can take it", async () => {
    const id = await freshApplication();
    await officer.post(`/api/applications/${id}/lock`);
    const before = (await officer.get(`/api/applications/${id}/history`)).json().length;
    expect((await officer.post(`/api/applications/${id}/lock/release`)).statusCode).toBe(204);
    expect((await admin.get(`/api/applications/${id}/worksheetInfo`)).json()).toMatchObject({
      isLocked: false,
      lockingUser: null,
    });
    expect((await officer.get(`/api/applications/${id}/worksheetInfo`)).json().unlockedByUser).toBeNull();
    expect((await officer.get(`/api/applications/${id}/history`)).json()).toHaveLength(before);
    expect((await admin.post(`/api/applications/${id}/lock`)).statusCode).toBe(200);
    // Releasing again (a second pagehide) is harmless.
    expect((await officer.post(`/api/applications/${id}/lock/release`)).statusCode).toBe(204);
  });

  it("never releases someone else's lock by this path (a late release after the lock changed hands)", async () => {
    const id = await freshApplication();
    await admin.post(`/api/applications/${id}/lock`);
    expect((await officer.post(`/api/applications/${id}/lock/release`)).statusCode).toBe(204);
    expect((await officer.get(`/api/applications/${id}/worksheetInfo`)).json()).toMatchObject({
      isLocked: true,
      lockingUser: { name: 'Avery Morgan' },
    });
    expect((await saveTerm(admin, id, 48)).statusCode).toBe(200);
  });

  it('needs a signed-in caller', async () => {
    const id = await freshApplication();
    const anonymous = await t.app.inject({ method: 'POST', url: `/api/applications/${id}/lock/release` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('releases the locks a user holds when they sign out, and only theirs', async () => {
    const leaving = await signIn(t, 'officer', 'Officer2026');
    const [mine, theirs] = [await freshApplication(), await freshApplication()];
    expect((await leaving.post(`/api/applications/${mine}/lock`)).statusCode).toBe(200);
    expect((await admin.post(`/api/applications/${theirs}/lock`)).statusCode).toBe(200);
    expect((await leaving.post('/api/logout')).statusCode).toBe(204);
    expect((await admin.get(`/api/applications/${mine}/worksheetInfo`)).json().isLocked).toBe(false);
    expect((await officer.get(`/api/applications/${theirs}/worksheetInfo`)).json()).toMatchObject({
      isLocked: true,
      lockingUser: { name: 'Avery Morgan' },
    });
  });

  it("keeps the lender's lock-on-open setting: off by default, saved by an administrator (audited), told to the worksheet", async () => {
    const id = await freshApplication();
    expect((await officer.get(`/api/applications/${id}/worksheetInfo`)).json().lockOnOpen).toBe(false);
    expect((await admin.get('/api/applicationLocks/settings')).json()).toEqual({ lockOnOpen: false });
    expect((await officer.get('/api/applicationLocks/settings')).statusCode).toBe(403);
    expect((await officer.put('/api/applicationLocks/settings', { lockOnOpen: true })).statusCode).toBe(403);
    expect((await admin.put('/api/applicationLocks/settings', { lockOnOpen: 'yes' })).statusCode).toBe(422);

    const saved = await admin.put('/api/applicationLocks/settings', { lockOnOpen: true });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ lockOnOpen: true });
    try {
      expect((await officer.get(`/api/applications/${id}/worksheetInfo`)).json().lockOnOpen).toBe(true);
      const audit = await t.pool.query<{ details: { changes: Record<string, unknown> } }>(
        `select details from audit_events where area = 'applicationLocks' order by id desc limit 1`,
      );
      expect(audit.rows[0]!.details.changes).toEqual({ lockOnOpen: { old: false, new: true } });
      // Another lender keeps its own setting.
      const harbor = await t.pool.query<{ lock_on_open: boolean }>(`select lock_on_open from lenders where name = $1`, [
        HARBOR,
      ]);
      expect(harbor.rows[0]!.lock_on_open).toBe(false);
    } finally {
      await admin.put('/api/applicationLocks/settings', { lockOnOpen: false });
    }
  });

  it("lists the locks held now at the administrator's lender, and one is released with Unlock", async () => {
    const id = await freshApplication();
    expect((await officer.post(`/api/applications/${id}/lock`)).statusCode).toBe(200);
    const held = (await admin.get('/api/applicationLocks')).json<
      { applicationId: number; lockingUser: { name: string } }[]
    >();
    expect(held.find((lock) => lock.applicationId === id)).toMatchObject({
      lockingUser: { name: 'Olivia Chen' },
      loanProductName: expect.any(String),
      lockedUtcTime: expect.any(String),
      lockExpiresUtcTime: expect.any(String),
    });
    // A lock at another lender is not listed.
    const harbor = await signIn(t, 'harbor', 'Harbor2026');
    const theirs = await findSeededApplication(t, HARBOR);
    expect((await harbor.post(`/api/applications/${theirs}/lock`)).statusCode).toBe(200);
    const listed = (await admin.get('/api/applicationLocks')).json<{ applicationId: number }[]>();
    expect(listed.some((lock) => lock.applicationId === theirs)).toBe(false);
    await harbor.post(`/api/applications/${theirs}/lock/release`);

    expect((await admin.delete(`/api/applications/${id}/lock`)).statusCode).toBe(204);
    const after = (await admin.get('/api/applicationLocks')).json<{ applicationId: number }[]>();
    expect(after.some((lock) => lock.applicationId === id)).toBe(false);
    expect((await officer.get(`/api/applications/${id}/worksheetInfo`)).json().unlockedByUser).toMatchObject({
      name: 'Avery Morgan',
    });
  });
});
