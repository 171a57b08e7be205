import { authenticator } from 'otplib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MFA_DEMO_TOTP_SECRET } from '../../db/seed/mfa.ts';
import { apiClient, signIn, SUMMIT, type ApiClient } from '../../test/api-client.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { mfaClock } from './mfa-core.service.ts';

/**
 * The step-up (issue 36) beyond the SSN reveal: funding a loan, reversing a funding and changing a user's rights
 * need a factor verified within 5 minutes when the caller has one (403 MFA_STEP_UP_REQUIRED, nothing written); the
 * audit row of the action names the authentication event. A user without a factor on a lender whose MFA requirement
 * is off passes (the audit says 'password'). TOTP on a fixed clock, as mfa.int.test.ts.
 */
let t: TestApp;
let admin: ApiClient;
let session: ApiClient;
let summitId: number;
const realNow = mfaClock.now;
/** A fixed instant in the middle of a 30-second step. */
const T0 = Date.UTC(2026, 10, 29, 10, 0, 15);
const MINUTE = 60_000;
const setClock = (ms: number) => {
  mfaClock.now = () => ms;
};
const codeAt = (ms: number) => authenticator.clone({ epoch: ms }).generate(MFA_DEMO_TOTP_SECRET);

const q = async <T extends Record<string, unknown>>(text: string, values: unknown[] = []) =>
  (await t.pool.query<T>(text, values)).rows;

/** mfa-admin (a factor; an Administrator at Summit too) signed in with a code at `ms`, working in Summit. */
const signInMfaAdmin = async (ms: number) => {
  setClock(ms);
  const first = await t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username: 'mfa-admin', password: 'MfaAdmin2026' },
  });
  const verified = await t.app.inject({
    method: 'POST',
    url: '/api/login/mfa/verify',
    payload: { challenge: first.json<{ mfaChallenge: string }>().mfaChallenge, code: codeAt(ms) },
  });
  expect(verified.statusCode, verified.body).toBe(200);
  const client = apiClient(t, verified.json<{ access_token: string }>().access_token);
  expect((await client.put('/api/user/lender', { lenderId: summitId })).statusCode).toBe(200);
  return client;
};

/** The last mfa_events row of mfa-admin (the step-up just verified). */
const lastEvent = async () =>
  (
    await q<{ id: number; purpose: string }>(
      `select e.id, e.purpose from mfa_events e join users u on u.id = e.user_id
        where u.username = 'mfa-admin' order by e.id desc limit 1`,
    )
  )[0]!;

const auditOf = async (action: string, recordId: number) =>
  (
    await q<{ details: { authentication?: { method: string; eventId: number | null } } }>(
      `select details from audit_events where action = $1 and record_id = $2 order by id desc limit 1`,
      [action, String(recordId)],
    )
  )[0]?.details;

const stepUpAt = async (ms: number) => {
  setClock(ms);
  const answer = await session.post('/api/user/mfa/stepUp', { code: codeAt(ms) });
  expect(answer.statusCode, answer.body).toBe(200);
  const event = await lastEvent();
  expect(event.purpose).toBe('stepUp');
  return event.id;
};

/** Seeded Summit applications whose loan was funded (and sent to the core). */
const fundedApplications = async () =>
  (
    await q<{ application_id: number }>(
      `select l.application_id from loans l where l.lender_id = $1 and l.is_funded order by l.application_id`,
      [summitId],
    )
  ).map((r) => r.application_id);

const isFunded = async (applicationId: number) =>
  (await q<{ f: boolean }>(`select is_funded as f from loans where application_id = $1`, [applicationId]))[0]!.f;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, 'admin', 'Admin2026');
  summitId = (await q<{ id: number }>(`select id from lenders where name = $1`, [SUMMIT]))[0]!.id;
  session = await signInMfaAdmin(T0);
});
afterEach(() => {
  mfaClock.now = realNow;
});
afterAll(() => t.close());

describe('step-up before funding', () => {
  it('reversing and funding need a factor verified within 5 minutes; the audit rows name the event', async () => {
    const [applicationId] = await fundedApplications();
    expect(applicationId).toBeDefined();
    const id = applicationId!;

    // Six minutes after the sign-in's code: refused, still funded.
    setClock(T0 + 6 * MINUTE);
    const refused = await session.put(`/api/applications/${id}/loans/reverseFundedLoan`, {});
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'MFA_STEP_UP_REQUIRED' });
    expect(await isFunded(id)).toBe(true);

    const reverseEvent = await stepUpAt(T0 + 6 * MINUTE);
    const reversed = await session.put(`/api/applications/${id}/loans/reverseFundedLoan`, {});
    expect(reversed.statusCode, reversed.body).toBe(200);
    expect(await isFunded(id)).toBe(false);
    expect((await auditOf('loanFundingReversed', id))?.authentication).toMatchObject({
      method: 'totp',
      eventId: reverseEvent,
    });

    // The core keeps the reversed loan id: the next funding needs a new one.
    await t.pool.query(`update loans set loan_id = $2 where application_id = $1`, [id, `STEP${id}`]);
    setClock(T0 + 12 * MINUTE);
    const fundUrl = `/api/applications/${id}/loans/fund`;
    const notYet = await session.post(fundUrl, {});
    expect(notYet.statusCode).toBe(403);
    expect(notYet.json()).toMatchObject({ code: 'MFA_STEP_UP_REQUIRED' });
    expect(await isFunded(id)).toBe(false);
    expect(await auditOf('loanFunded', id)).toBeUndefined();

    const fundEvent = await stepUpAt(T0 + 12 * MINUTE);
    const funded = await session.post(fundUrl, {});
    expect(funded.statusCode, funded.body).toBe(200);
    expect(await isFunded(id)).toBe(true);
    expect((await auditOf('loanFunded', id))?.authentication).toMatchObject({ method: 'totp', eventId: fundEvent });

    // Within the 5 minutes no new code is asked; past them, again (the PUT verb too).
    setClock(T0 + 16 * MINUTE);
    const reversedAgain = await session.put(`/api/applications/${id}/loans/reverseFundedLoan`, {});
    expect(reversedAgain.statusCode, reversedAgain.body).toBe(200);
    await t.pool.query(`update loans set loan_id = $2 where application_id = $1`, [id, `STEP${id}B`]);
    setClock(T0 + 17 * MINUTE + 1_000);
    expect((await session.put(fundUrl, {})).json()).toMatchObject({ code: 'MFA_STEP_UP_REQUIRED' });
    expect(await isFunded(id)).toBe(false);
  });

  it('a user without a factor on a lender with MFA off passes; the audit says password', async () => {
    const id = (await fundedApplications()).at(-1)!;
    const reversed = await admin.put(`/api/applications/${id}/loans/reverseFundedLoan`, {});
    expect(reversed.statusCode, reversed.body).toBe(200);
    expect((await auditOf('loanFundingReversed', id))?.authentication).toEqual({
      method: 'password',
      eventId: null,
      verifiedAt: null,
    });
  });
});

describe("step-up before changing a user's rights", () => {
  type User = {
    id: number;
    username: string;
    name: string;
    fullName: string;
    email: string;
    jobTitle: string | null;
    phoneNumber: string | null;
    branchId: number | null;
    roleId: number;
    userGroupIds: number[];
    enabled: boolean;
  };
  const inputOf = (u: User, changes: Partial<User> = {}) => {
    const { id: _id, ...rest } = { ...u, ...changes };
    return {
      username: rest.username,
      name: rest.name,
      fullName: rest.fullName,
      email: rest.email,
      jobTitle: rest.jobTitle,
      phoneNumber: rest.phoneNumber,
      branchId: rest.branchId,
      roleId: rest.roleId,
      userGroupIds: rest.userGroupIds,
      enabled: rest.enabled,
    };
  };
  const userNamed = async (client: ApiClient, username: string) => {
    const [row] = await q<{ id: number }>(`select id from users where username = $1`, [username]);
    const answer = await client.get(`/api/users/${row!.id}`);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<User>();
  };
  const otherRole = async (roleId: number) =>
    (
      await q<{ id: number }>(
        `select id from roles where lender_id = $1 and id <> $2 and name <> 'Administrator' order by id limit 1`,
        [summitId, roleId],
      )
    )[0]!.id;
  const roleOf = async (userId: number) =>
    (
      await q<{ role_id: number }>(`select role_id from user_lenders where user_id = $1 and lender_id = $2`, [
        userId,
        summitId,
      ])
    )[0]!.role_id;

  it('a role or group change needs the step-up (nothing written before it); a name change does not', async () => {
    setClock(T0 + 30 * MINUTE);
    const officer = await userNamed(session, 'officer');
    const newRole = await otherRole(officer.roleId);

    const refused = await session.put(`/api/users/${officer.id}`, inputOf(officer, { roleId: newRole }));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'MFA_STEP_UP_REQUIRED' });
    expect(await roleOf(officer.id)).toBe(officer.roleId);
    // A change of both the name and the role writes neither.
    const both = await session.put(
      `/api/users/${officer.id}`,
      inputOf(officer, { roleId: newRole, jobTitle: 'Step-up Test Officer' }),
    );
    expect(both.statusCode).toBe(403);
    expect((await userNamed(session, 'officer')).jobTitle).toBe(officer.jobTitle);

    // The person's own fields alone: no step-up.
    const renamed = await session.put(
      `/api/users/${officer.id}`,
      inputOf(officer, { jobTitle: 'Step-up Test Officer' }),
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    const renamedAudit = await q<{ details: Record<string, unknown> }>(
      `select details from audit_events where area = 'users' and action = 'update' and record_id = $1
        order by id desc limit 1`,
      [String(officer.id)],
    );
    expect(renamedAudit[0]!.details.authentication).toBeUndefined();

    const eventId = await stepUpAt(T0 + 30 * MINUTE);
    const changed = await session.put(
      `/api/users/${officer.id}`,
      inputOf(officer, { roleId: newRole, jobTitle: 'Step-up Test Officer' }),
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await roleOf(officer.id)).toBe(newRole);
    const audit = await q<{ details: { authentication: unknown; changes: Record<string, unknown> } }>(
      `select details from audit_events where area = 'users' and action = 'update' and record_id = $1
        order by id desc limit 1`,
      [String(officer.id)],
    );
    expect(audit[0]!.details.changes).toHaveProperty('roleId');
    expect(audit[0]!.details.authentication).toMatchObject({ method: 'totp', eventId });

    // Past the 5 minutes, a user-group change is refused too.
    setClock(T0 + 36 * MINUTE);
    const [group] = await q<{ id: number }>(
      `select id from user_groups where lender_id = $1 and enabled order by id limit 1`,
      [summitId],
    );
    const current = await userNamed(session, 'officer');
    const groups = current.userGroupIds.includes(group!.id)
      ? current.userGroupIds.filter((g) => g !== group!.id)
      : [...current.userGroupIds, group!.id];
    const groupRefused = await session.put(`/api/users/${officer.id}`, inputOf(current, { userGroupIds: groups }));
    expect(groupRefused.json()).toMatchObject({ code: 'MFA_STEP_UP_REQUIRED' });
    expect((await userNamed(session, 'officer')).userGroupIds).toEqual(current.userGroupIds);
  });

  it('a user without a factor on a lender with MFA off passes; the audit says password', async () => {
    const officer = await userNamed(admin, 'officer');
    const newRole = await otherRole(officer.roleId);
    const changed = await admin.put(`/api/users/${officer.id}`, inputOf(officer, { roleId: newRole }));
    expect(changed.statusCode, changed.body).toBe(200);
    const audit = await q<{ details: { authentication: unknown } }>(
      `select details from audit_events where area = 'users' and action = 'update' and record_id = $1
        order by id desc limit 1`,
      [String(officer.id)],
    );
    expect(audit[0]!.details.authentication).toEqual({ method: 'password', eventId: null, verifiedAt: null });
  });
});
