import { authenticator } from 'otplib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, findSeededApplication, signIn, SUMMIT, type ApiClient } from '../../test/api-client.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { MFA_DEMO_RECOVERY_CODES, MFA_DEMO_TOTP_SECRET } from '../../db/seed/mfa.ts';
import { mfaClock } from './mfa-core.service.ts';

/**
 * Multi-factor authentication (issue 36): TOTP on a fixed clock (otplib's epoch), recovery codes, the sign-in
 * challenge, forced enrolment, the step-up before an SSN reveal, an administrator's reset and the requirement.
 */
let t: TestApp;
let admin: ApiClient;
const realNow = mfaClock.now;
/** A fixed instant in the middle of a 30-second step. */
const T0 = Date.UTC(2026, 10, 29, 10, 0, 15);
const STEP = 30_000;
const setClock = (ms: number) => {
  mfaClock.now = () => ms;
};
const codeAt = (secret: string, ms: number) => authenticator.clone({ epoch: ms }).generate(secret);

type Answer = {
  access_token?: string;
  mfaRequired?: boolean;
  enrolmentRequired?: boolean;
  mfaChallenge?: string;
  recoveryCodes?: string[];
};

const post = async (url: string, payload: Record<string, unknown>) => {
  const response = await t.app.inject({ method: 'POST', url, payload });
  return { status: response.statusCode, body: response.json<Answer & { code?: string; message?: string }>() };
};
const passwordStep = async (username: string, password: string) => {
  const answer = await post('/api/login', { username, password });
  expect(answer.status).toBe(200);
  return answer.body;
};
const verify = (challenge: string, code: string) => post('/api/login/mfa/verify', { challenge, code });

/** Signs mfa-admin in with a code of the demo secret at `ms`. */
const signInMfaAdmin = async (ms: number) => {
  setClock(ms);
  const first = await passwordStep('mfa-admin', 'MfaAdmin2026');
  const answer = await verify(first.mfaChallenge!, codeAt(MFA_DEMO_TOTP_SECRET, ms));
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return apiClient(t, answer.body.access_token!);
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, 'admin', 'Admin2026');
});
afterEach(() => {
  mfaClock.now = realNow;
});
afterAll(() => t.close());

describe('sign-in with a second factor', () => {
  it("demo lenders are off (the README's sign-ins unchanged); a new lender starts required", async () => {
    const answer = await passwordStep('admin', 'Admin2026');
    expect(answer.access_token).toBeTruthy();
    expect(answer.mfaRequired).toBeUndefined();
    const { rows } = await t.pool.query<{ r: string }>(
      `insert into lenders (name) values ('MFA Default Lender') returning mfa_requirement as r`,
    );
    expect(rows[0]!.r).toBe('privileged');
    expect((await admin.get('/api/mfa/settings')).json()).toEqual({ mfaRequirement: 'off' });
  });

  it('answers no session but a challenge, and the challenge opens no route', async () => {
    setClock(T0);
    const answer = await passwordStep('mfa-admin', 'MfaAdmin2026');
    expect(answer).toMatchObject({ mfaRequired: true, enrolmentRequired: false });
    expect(answer.access_token).toBeUndefined();
    expect(answer.mfaChallenge).toBeTruthy();
    const sessions = await t.pool.query(
      `select 1 from sessions s join users u on u.id = s.user_id where u.username = 'mfa-admin'`,
    );
    expect(sessions.rowCount).toBe(0);
    // Every guarded route refuses the challenge as a bearer token, before reading anything.
    const guarded = t.routes.filter((r) => !r.public && r.url.startsWith('/api'));
    expect(guarded.length).toBeGreaterThan(100);
    for (const route of guarded) {
      const url = route.url.replace(/:\w+/g, '1');
      const response = await t.app.inject({
        method: route.method as 'GET',
        url,
        headers: { authorization: `Bearer ${answer.mfaChallenge}` },
      });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });

  it('accepts a code of the current step or one either side, never twice, and spends the challenge', async () => {
    setClock(T0);
    const first = await passwordStep('mfa-admin', 'MfaAdmin2026');
    const wrong = await verify(first.mfaChallenge!, codeAt(MFA_DEMO_TOTP_SECRET, T0 + 3 * STEP));
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe('The code is incorrect or has already been used.');
    const code = codeAt(MFA_DEMO_TOTP_SECRET, T0 + 5 * STEP);
    setClock(T0 + 5 * STEP);
    const ok = await verify(first.mfaChallenge!, code);
    expect(ok.status).toBe(200);
    const session = apiClient(t, ok.body.access_token!);
    expect((await session.get('/api/user/me')).statusCode).toBe(200);
    // The challenge worked once.
    expect((await verify(first.mfaChallenge!, codeAt(MFA_DEMO_TOTP_SECRET, T0 + 6 * STEP))).status).toBe(401);
    // The same code (its step) is refused at another sign-in: a replay.
    const second = await passwordStep('mfa-admin', 'MfaAdmin2026');
    expect((await verify(second.mfaChallenge!, code)).status).toBe(401);
    // One step ahead is accepted (the clock drifts).
    expect((await verify(second.mfaChallenge!, codeAt(MFA_DEMO_TOTP_SECRET, T0 + 6 * STEP))).status).toBe(200);
  });

  it('a challenge expires after five minutes', async () => {
    setClock(T0 + 20 * STEP);
    const first = await passwordStep('mfa-admin', 'MfaAdmin2026');
    const later = T0 + 20 * STEP + 5 * 60_000 + 1_000;
    setClock(later);
    const answer = await verify(first.mfaChallenge!, codeAt(MFA_DEMO_TOTP_SECRET, later));
    expect(answer.status).toBe(401);
    expect(answer.body.message).toBe('Your sign-in has expired. Please sign in again.');
  });

  it('a recovery code works once', async () => {
    const [code] = MFA_DEMO_RECOVERY_CODES;
    const first = await passwordStep('mfa-admin', 'MfaAdmin2026');
    expect((await verify(first.mfaChallenge!, code!.toUpperCase())).status).toBe(200);
    const second = await passwordStep('mfa-admin', 'MfaAdmin2026');
    expect((await verify(second.mfaChallenge!, code!)).status).toBe(401);
    const { rows } = await t.pool.query<{ n: number }>(
      `select count(*)::int as n from mfa_recovery_codes c join users u on u.id = c.user_id
        where u.username = 'mfa-admin' and c.used_at is not null`,
    );
    expect(rows[0]!.n).toBe(1);
  });

  it('enrolment is forced for a user who needs a factor and has none; recovery codes are stored hashed', async () => {
    setClock(T0 + 40 * STEP);
    const first = await passwordStep('mfa-officer', 'MfaOfficer2026');
    expect(first).toMatchObject({ mfaRequired: true, enrolmentRequired: true });
    // Without a factor no code signs in.
    expect((await verify(first.mfaChallenge!, '123456')).status).toBe(401);
    const started = await post('/api/login/mfa/enrolment', { challenge: first.mfaChallenge });
    expect(started.status).toBe(200);
    const enrolment = started.body as unknown as { secret: string; otpauthUri: string; qrCode: string };
    expect(enrolment.otpauthUri).toMatch(/^otpauth:\/\/totp\/Credence:mfa-officer\?secret=[A-Z2-7]+/);
    expect(enrolment.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    const stored = await t.pool.query<{ secret_encrypted: string }>(
      `select f.secret_encrypted from mfa_factors f join users u on u.id = f.user_id where u.username = 'mfa-officer'`,
    );
    expect(stored.rows[0]!.secret_encrypted).toMatch(/^v1\./);
    expect(stored.rows[0]!.secret_encrypted).not.toContain(enrolment.secret);
    const wrong = await post('/api/login/mfa/enrolment/confirm', { challenge: first.mfaChallenge, code: '000000' });
    expect(wrong.status).toBe(401);
    const confirmed = await post('/api/login/mfa/enrolment/confirm', {
      challenge: first.mfaChallenge,
      code: codeAt(enrolment.secret, T0 + 40 * STEP),
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.access_token).toBeTruthy();
    const codes = confirmed.body.recoveryCodes!;
    expect(codes).toHaveLength(10);
    const hashes = await t.pool.query<{ code_hash: string }>(
      `select c.code_hash from mfa_recovery_codes c join users u on u.id = c.user_id where u.username = 'mfa-officer'`,
    );
    expect(hashes.rows).toHaveLength(10);
    for (const row of hashes.rows) {
      expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(codes).not.toContain(row.code_hash);
    }
    const again = await passwordStep('mfa-officer', 'MfaOfficer2026');
    expect(again).toMatchObject({ mfaRequired: true, enrolmentRequired: false });
    expect((await post('/api/login/mfa/enrolment', { challenge: again.mfaChallenge })).status).toBe(409);
    expect((await verify(again.mfaChallenge!, codes[3]!)).status).toBe(200);
  });
});

describe('step-up', () => {
  it('revealing an SSN needs a factor verified within 5 minutes; the audit row names the authentication', async () => {
    const session = await signInMfaAdmin(T0 + 60 * STEP);
    const summit = await t.pool.query<{ id: number }>(`select id from lenders where name = $1`, [SUMMIT]);
    expect((await session.put('/api/user/lender', { lenderId: summit.rows[0]!.id })).statusCode).toBe(200);
    const applicationId = await findSeededApplication(
      t,
      SUMMIT,
      `exists (select 1 from applicants x where x.application_id = a.id and x.ssn_encrypted is not null)`,
    );
    const { rows } = await t.pool.query<{ id: number }>(
      `select id from applicants where application_id = $1 and ssn_encrypted is not null order by id limit 1`,
      [applicationId],
    );
    const url = `/api/applications/${applicationId}/applicants/${rows[0]!.id}/ssn`;
    setClock(T0 + 60 * STEP + 4 * 60_000);
    expect((await session.get(url)).statusCode).toBe(200);
    const afterFive = T0 + 60 * STEP + 5 * 60_000 + 1_000;
    setClock(afterFive);
    const refused = await session.get(url);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'MFA_STEP_UP_REQUIRED' });
    const wrong = await session.post('/api/user/mfa/stepUp', { code: '000000' });
    expect(wrong.statusCode).toBe(422);
    const stepUp = await session.post('/api/user/mfa/stepUp', { code: codeAt(MFA_DEMO_TOTP_SECRET, afterFive) });
    expect(stepUp.statusCode, stepUp.body).toBe(200);
    const revealed = await session.get(url);
    expect(revealed.statusCode).toBe(200);
    expect(revealed.json<{ socialSecurityNumber: string }>().socialSecurityNumber).toMatch(/^\d{3}-\d{2}-\d{4}$/);
    const audit = await t.pool.query<{ details: { authentication: { method: string; eventId: number } } }>(
      `select details from audit_events where action = 'ssnReveal' and record_id = $1 order by id desc limit 1`,
      [String(applicationId)],
    );
    const event = await t.pool.query<{ id: number; purpose: string }>(
      `select e.id, e.purpose from mfa_events e join users u on u.id = e.user_id
        where u.username = 'mfa-admin' order by e.id desc limit 1`,
    );
    expect(event.rows[0]!.purpose).toBe('stepUp');
    expect(audit.rows[0]!.details.authentication).toMatchObject({ method: 'totp', eventId: event.rows[0]!.id });
    // A user without a factor is not asked (the reveal is audited as a password session).
    expect((await admin.get(url)).statusCode).toBe(200);
  });
});

describe('My Profile', () => {
  it('adds, renames and removes a factor; a second factor and a removal need the step-up', async () => {
    const harbor = await signIn(t, 'harbor', 'Harbor2026');
    setClock(T0 + 80 * STEP);
    const added = await harbor.post('/api/user/mfa/factors', { name: 'Work phone' });
    expect(added.statusCode).toBe(200);
    const { factorId, secret } = added.json<{ factorId: number; secret: string }>();
    const confirmed = await harbor.post(`/api/user/mfa/factors/${factorId}/confirm`, {
      code: codeAt(secret, T0 + 80 * STEP),
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json<{ recoveryCodes: string[] }>().recoveryCodes).toHaveLength(10);
    expect((await harbor.put(`/api/user/mfa/factors/${factorId}`, { name: 'Old phone' })).json()).toMatchObject({
      name: 'Old phone',
    });
    const status = (await harbor.get('/api/user/mfa')).json<{
      factors: { name: string }[];
      recoveryCodesLeft: number;
    }>();
    expect(status.factors.map((f) => f.name)).toEqual(['Old phone']);
    expect(status.recoveryCodesLeft).toBe(10);
    // The session has verified no factor: adding another and removing one ask for the step-up.
    expect((await harbor.post('/api/user/mfa/factors', { name: 'Second' })).json()).toMatchObject({
      code: 'MFA_STEP_UP_REQUIRED',
    });
    expect((await harbor.delete(`/api/user/mfa/factors/${factorId}`)).statusCode).toBe(403);
    setClock(T0 + 81 * STEP);
    expect((await harbor.post('/api/user/mfa/stepUp', { code: codeAt(secret, T0 + 81 * STEP) })).statusCode).toBe(200);
    expect((await harbor.delete(`/api/user/mfa/factors/${factorId}`)).statusCode).toBe(204);
    const removed = await t.pool.query(
      `select 1 from audit_events where area = 'mfa' and action = 'factorRemoved' and details->'authentication'->>'method' = 'totp'`,
    );
    expect(removed.rowCount).toBe(1);
    expect((await harbor.get('/api/user/mfa')).json()).toMatchObject({ factors: [], recoveryCodesLeft: 0 });
  });
});

describe('administration', () => {
  it("an administrator resets another user's factors: audited, e-mailed, sessions ended, enrolment next", async () => {
    const session = await signInMfaAdmin(T0 + 100 * STEP);
    const officer = await signIn(t, 'officer', 'Officer2026');
    const { rows } = await t.pool.query<{ id: number }>(`select id from users where username = 'mfa-admin'`);
    const userId = rows[0]!.id;
    expect((await officer.post(`/api/users/${userId}/mfa/reset`)).statusCode).toBe(403);
    const harbor = await t.pool.query<{ id: number }>(`select id from users where username = 'harbor'`);
    const foreign = await admin.post(`/api/users/${harbor.rows[0]!.id}/mfa/reset`);
    expect(foreign.statusCode, foreign.body).toBe(404);
    expect((await admin.post(`/api/users/${userId}/mfa/reset`)).statusCode).toBe(204);
    expect((await session.get('/api/user/me')).statusCode).toBe(401);
    const audit = await t.pool.query(
      `select 1 from audit_events where area = 'mfa' and action = 'reset' and record_id = $1`,
      [String(userId)],
    );
    expect(audit.rowCount).toBe(1);
    const mail = await t.pool.query<{ payload: { to: string; subject: string } }>(
      `select payload from outbox where payload->>'to' = 'morgan.hale@beaconbank.example'`,
    );
    expect(mail.rows[0]!.payload.subject).toBe('Credence: your sign-in authenticator was reset');
    const next = await passwordStep('mfa-admin', 'MfaAdmin2026');
    expect(next).toMatchObject({ mfaRequired: true, enrolmentRequired: true });
  });

  it('the lender requirement is set by an administrator (audited); wrong codes are limited like passwords', async () => {
    expect((await admin.put('/api/mfa/settings', { mfaRequirement: 'privileged' })).statusCode).toBe(200);
    const officerAnswer = await passwordStep('officer', 'Officer2026');
    expect(officerAnswer).toMatchObject({ mfaRequired: true, enrolmentRequired: true });
    expect((await admin.put('/api/mfa/settings', { mfaRequirement: 'off' })).statusCode).toBe(200);
    const audit = await t.pool.query(`select 1 from audit_events where area = 'mfa' and action = 'update'`);
    expect(audit.rowCount).toBe(2);
    const first = await passwordStep('mfa-officer', 'MfaOfficer2026');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await verify(first.mfaChallenge!, '999999')).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });
});
