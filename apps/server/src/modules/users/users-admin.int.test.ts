import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { adminMessages, messages, userLinkMessages, usersResource } from '@credence/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, type ApiClient } from '../../test/api-client.ts';
import { describeResource } from '../../test/resource-suite.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let admin: ApiClient;
let officer: ApiClient;
let roleIds: Record<string, number>;

/** Where the e-mailed links point (issue 30, item 1): configured, never read from a request's headers. */
const PUBLIC_URL = 'https://credence.summitfcu.example';

type Json = Record<string, unknown>;

const person = (username: string, roleId: number): Json => ({
  username,
  name: 'Quinn',
  fullName: 'Quinn Adler',
  email: `${username.replace(/\W/g, '.')}@summitfcu.example`,
  jobTitle: 'Member Services',
  phoneNumber: '3035550111',
  branchId: null,
  roleId,
  userGroupIds: [],
  enabled: true,
});

const outboxRows = async (to: string) =>
  (
    await t.pool.query<{ payload: { to: string; subject: string; text: string } }>(
      `select payload from outbox where payload->>'to' = $1 order by id`,
      [to],
    )
  ).rows.map((r) => r.payload);

const linkToken = (text: string) => /setPassword#token=([A-Za-z0-9_-]+)/.exec(text)?.[1];

beforeAll(async () => {
  // TRUST_PROXY on: even a trusted proxy's X-Forwarded-Host must not reach the links.
  t = await createTestApp({ PUBLIC_URL, TRUST_PROXY: 'true' });
  admin = await signIn(t, 'admin', 'Admin2026');
  officer = await signIn(t, 'officer', 'Officer2026');
  const roles = (await admin.get('/api/users/roles')).json<{ id: number; name: string }[]>();
  roleIds = Object.fromEntries(roles.map((r) => [r.name, r.id]));
});
afterAll(() => t.close());

describe('users (administration)', () => {
  it("lists the lender's users with role, groups and the lenders both work in", async () => {
    const page = (await admin.get('/api/users?sort=username&pageSize=50')).json<{ data: Json[]; total: number }>();
    const names = page.data.map((u) => u.username);
    expect(names).toContain('officer');
    expect(names).not.toContain('harbor');
    const me = page.data.find((u) => u.username === 'admin')!;
    expect(me).toMatchObject({ roleName: 'Administrator', homeLender: true });
    expect((me.lenders as Json[]).map((l) => l.lenderName).sort()).toEqual([
      'Harbor Auto Finance',
      'Summit Federal Credit Union',
    ]);
    const officers = (await admin.get(`/api/users?roleId=${roleIds['Loan Officer']}`)).json<{ data: Json[] }>();
    expect(officers.data.map((u) => u.username)).toEqual(['officer']);
    const systemResponse = await officer.get('/api/users/system');
    expect(systemResponse.statusCode, systemResponse.body).toBe(200);
    const system = systemResponse.json<{ id: number; fullName: string }[]>();
    expect(system.map((u) => u.fullName)).toContain('Olivia Chen');
    expect(system.map((u) => u.fullName)).not.toContain('Hector Ruiz');
  });

  it('refuses the officer (403) and answers 404 for a user of another lender', async () => {
    expect((await officer.get('/api/users')).statusCode).toBe(403);
    expect((await officer.get('/api/users/roles')).statusCode).toBe(403);
    const harborUser = (await t.pool.query<{ id: number }>(`select id from users where username = 'harbor'`)).rows[0]!
      .id;
    expect((await admin.get(`/api/users/${harborUser}`)).statusCode).toBe(404);
    expect((await admin.post(`/api/users/${harborUser}/passwordResetEmail`, {})).statusCode).toBe(404);
    expect((await admin.put(`/api/users/${harborUser}`, person('harbor', roleIds['Loan Officer']!))).statusCode).toBe(
      404,
    );
  });

  it('an administrator cannot raise their own rights; nobody grants a role beyond their own rights', async () => {
    const me = (await admin.get('/api/users?text=avery')).json<{ data: Json[] }>().data[0]!;
    const input = { ...me, roleId: roleIds['Processor'] };
    const refused = await admin.put(`/api/users/${String(me.id)}`, input);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(adminMessages.users.noSelfEscalation);
    // A lender administrator (every admin right, not the work rights) may not hand out the Administrator role.
    const created = await admin.post('/api/users', person('lenderadmin', roleIds['Lender Administrator']!));
    expect(created.statusCode, created.body).toBe(201);
    const token = linkToken((await outboxRows('lenderadmin@summitfcu.example'))[0]!.text)!;
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/users/setPassword',
          payload: { token, password: 'Lender2026', confirmPassword: 'Lender2026' },
        })
      ).statusCode,
    ).toBe(200);
    const lenderAdmin = await signIn(t, 'lenderadmin', 'Lender2026');
    const officerRow = (await admin.get('/api/users?text=olivia')).json<{ data: Json[] }>().data[0]!;
    const raise = await lenderAdmin.put(`/api/users/${String(officerRow.id)}`, {
      ...officerRow,
      roleId: roleIds['Administrator'],
    });
    expect(raise.statusCode).toBe(403);
    // ... nor edit the administrator, whose role holds rights they lack.
    expect((await lenderAdmin.put(`/api/users/${String(me.id)}`, { ...me, jobTitle: 'x' })).statusCode).toBe(403);
    const self = (await lenderAdmin.get('/api/users?text=lenderadmin')).json<{ data: Json[] }>().data[0]!;
    const selfRaise = await lenderAdmin.put(`/api/users/${String(self.id)}`, {
      ...self,
      roleId: roleIds['Administrator'],
    });
    expect(selfRaise.statusCode).toBe(403);
    expect(selfRaise.json().message).toBe(adminMessages.users.noSelfEscalation);
    // Nothing of it was written.
    expect((await admin.get(`/api/users/${String(officerRow.id)}`)).json().roleId).toBe(roleIds['Loan Officer']);
  });

  it('a new user gets the enrollment e-mail: an outbox row, then an .eml file with a single-use link', async () => {
    const created = await admin.post('/api/users', {
      ...person('newhire', roleIds['Processor']!),
      email: 'new.hire@summitfcu.example',
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    const rows = await outboxRows('new.hire@summitfcu.example');
    expect(rows).toHaveLength(1);
    const token = linkToken(rows[0]!.text)!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only the hash is stored; the audit names the e-mail, never the token.
    const stored = await t.pool.query(`select token_hash from user_tokens where user_id = $1`, [id]);
    expect(stored.rows.map((r) => r.token_hash)).not.toContain(token);
    const audit = await t.pool.query(
      `select details::text as d from audit_events where area = 'users' and record_id = $1`,
      [String(id)],
    );
    expect(audit.rows.map((r) => r.d).join()).not.toContain(token);
    expect(t.logs.join()).not.toContain(token);

    const drained = await t.drainOutbox({ retryBaseSeconds: 0 });
    expect(drained.delivered).toBeGreaterThanOrEqual(1);
    const files = (await readdir(t.outboxDir)).filter((f) => f.endsWith('.eml'));
    const emls = await Promise.all(files.map((f) => readFile(path.join(t.outboxDir, f), 'utf8')));
    const eml = emls.find((e) => e.includes('new.hire@summitfcu.example'))!;
    expect(eml).toContain('Welcome to Credence');
    expect(eml.replace(/=\r?\n/g, '')).toContain(token);

    // The user cannot sign in before setting a password; the link sets one once.
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'newhire', password: '!' } }))
        .statusCode,
    ).not.toBe(200);
    const set = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/users/setPassword',
        payload: { token, password, confirmPassword: password },
      });
    expect((await set('short')).statusCode).toBe(422);
    expect((await set('NewHire2026')).json()).toEqual({ username: 'newhire' });
    const again = await set('NewHire2027');
    expect(again.statusCode).toBe(422);
    expect(again.json().errors[0].message).toBe(userLinkMessages.invalidLink);
    await signIn(t, 'newhire', 'NewHire2026');
  });

  it('sends a password reset e-mail, audited as passwordResetEmail', async () => {
    const officerRow = (await admin.get('/api/users?text=olivia')).json<{ data: Json[] }>().data[0]!;
    const sent = await admin.post(`/api/users/${String(officerRow.id)}/passwordResetEmail`, {});
    expect(sent.json()).toEqual({ sent: true });
    const rows = await outboxRows('olivia.chen@summitfcu.example');
    expect(rows.at(-1)!.subject).toContain('reset your password');
    expect((await admin.post(`/api/users/${String(officerRow.id)}/enrollmentEmail`, {})).statusCode).toBe(200);
    const actions = await t.pool.query(
      `select action from audit_events where area = 'users' and record_id = $1 order by id`,
      [String(officerRow.id)],
    );
    expect(actions.rows.map((r) => r.action)).toEqual(['passwordResetEmail', 'enrollmentEmail']);
    expect((await officer.post(`/api/users/${String(officerRow.id)}/passwordResetEmail`, {})).statusCode).toBe(403);
  });

  it('edits role, branch and groups of this lender; the person only from their home lender', async () => {
    const groups = (await admin.get('/api/userGroups/lookup')).json<{ id: number; name: string }[]>();
    const underwriters = groups.find((g) => g.name === 'Underwriters')!.id;
    const row = (await admin.get('/api/users?text=ethan')).json<{ data: Json[] }>().data[0]!;
    const updated = await admin.put(`/api/users/${String(row.id)}`, {
      ...row,
      roleId: roleIds['Loan Officer'],
      userGroupIds: [underwriters],
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ roleName: 'Loan Officer', userGroupIds: [underwriters] });
    expect((await admin.put(`/api/users/${String(row.id)}`, { ...row, userGroupIds: [999999] })).statusCode).toBe(422);
    const taken = await admin.put(`/api/users/${String(row.id)}`, { ...row, username: 'OFFICER' });
    expect(taken.json().errors).toEqual([{ field: 'username', message: adminMessages.users.usernameTaken }]);
  });
});

describe('e-mailed links (issue 30, items 1 and 8)', () => {
  const idOf = async (username: string) =>
    (await t.pool.query<{ id: number }>(`select id from users where username = $1`, [username])).rows[0]!.id;
  const setPassword = (token: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/users/setPassword',
      payload: { token, password, confirmPassword: password },
    });
  /** A new Lender Administrator of Summit (every administration right, none of the work rights), signed in. */
  const lenderAdministrator = async (username: string) => {
    const created = await admin.post('/api/users', person(username, roleIds['Lender Administrator']!));
    expect(created.statusCode, created.body).toBe(201);
    const token = linkToken((await outboxRows(`${username}@summitfcu.example`))[0]!.text)!;
    expect((await setPassword(token, 'Lender2026')).statusCode).toBe(200);
    return signIn(t, username, 'Lender2026');
  };

  it('builds every link from PUBLIC_URL, whatever the Host or X-Forwarded-Host of the request', async () => {
    const forged = {
      ...t.bearer(admin.token),
      host: 'attacker.example',
      'x-forwarded-host': 'attacker.example',
      'x-forwarded-proto': 'http',
    };
    const officerId = await idOf('officer');
    for (const email of ['passwordResetEmail', 'enrollmentEmail']) {
      const sent = await t.app.inject({
        method: 'POST',
        url: `/api/users/${officerId}/${email}`,
        headers: forged,
        payload: {},
      });
      expect(sent.statusCode, sent.body).toBe(200);
    }
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: forged,
      payload: { ...person('forgedhost', roleIds['Processor']!), email: 'forged.host@summitfcu.example' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const texts = [
      ...(await outboxRows('olivia.chen@summitfcu.example')).slice(-2),
      ...(await outboxRows('forged.host@summitfcu.example')),
    ].map((row) => row.text);
    expect(texts).toHaveLength(3);
    for (const text of texts) {
      const link = text.split('\n').find((line) => line.includes('/setPassword#token='));
      expect(link).toMatch(/^https:\/\/credence\.summitfcu\.example\/setPassword#token=[A-Za-z0-9_-]{43}$/);
      expect(text).not.toContain('attacker');
    }
    // The delivered .eml carries the same link.
    await t.drainOutbox({ retryBaseSeconds: 0 });
    const files = (await readdir(t.outboxDir)).filter((f) => f.endsWith('.eml'));
    const emls = await Promise.all(files.map((f) => readFile(path.join(t.outboxDir, f), 'utf8')));
    const eml = emls.find((e) => e.includes('forged.host@summitfcu.example'))!.replace(/=\r?\n/g, '');
    expect(eml).toContain(`${PUBLIC_URL}/setPassword#token`);
    expect(eml).not.toContain('attacker');
  });

  it('a lender administrator may not e-mail a link to the administrator (403, nothing sent)', async () => {
    const lenderAdmin = await lenderAdministrator('lenderadmin2');
    const adminId = await idOf('admin');
    const before = {
      outbox: (await outboxRows('avery.morgan@summitfcu.example')).length,
      tokens: (await t.pool.query(`select 1 from user_tokens where user_id = $1`, [adminId])).rowCount,
    };
    // The same caller is refused the edit of that user (the rule the e-mails now share).
    const me = (await admin.get(`/api/users/${adminId}`)).json<Json>();
    expect((await lenderAdmin.put(`/api/users/${adminId}`, { ...me, jobTitle: 'x' })).statusCode).toBe(403);
    for (const email of ['passwordResetEmail', 'enrollmentEmail']) {
      const refused = await lenderAdmin.post(`/api/users/${adminId}/${email}`, {});
      expect(refused.statusCode, email).toBe(403);
      expect(refused.json().code).toBe('FORBIDDEN');
    }
    expect((await outboxRows('avery.morgan@summitfcu.example')).length).toBe(before.outbox);
    expect((await t.pool.query(`select 1 from user_tokens where user_id = $1`, [adminId])).rowCount).toBe(
      before.tokens,
    );
    const audited = await t.pool.query(
      `select 1 from audit_events where area = 'users' and record_id = $1 and action like '%Email'`,
      [String(adminId)],
    );
    expect(audited.rowCount).toBe(0);
    // A user whose rights are within the caller's still gets them: another lender administrator.
    const peer = await admin.post('/api/users', person('lenderadmin3', roleIds['Lender Administrator']!));
    expect(peer.statusCode, peer.body).toBe(201);
    const peerId = peer.json().id as number;
    for (const email of ['passwordResetEmail', 'enrollmentEmail']) {
      expect((await lenderAdmin.post(`/api/users/${peerId}/${email}`, {})).statusCode, email).toBe(200);
    }
    expect(await outboxRows('lenderadmin3@summitfcu.example')).toHaveLength(3);
  });

  it('a link may not set the current password nor one of the last 5; a refused one leaves the link usable', async () => {
    const id = await idOf('expired');
    const expiry = async () =>
      (await t.pool.query<{ e: string }>(`select password_expires_at::text as e from users where id = $1`, [id]))
        .rows[0]!.e;
    const issue = async (email: 'passwordResetEmail' | 'enrollmentEmail') => {
      expect((await admin.post(`/api/users/${id}/${email}`, {})).statusCode).toBe(200);
      return linkToken((await outboxRows('erin.walsh@summitfcu.example')).at(-1)!.text)!;
    };
    const refusedWith = async (token: string, password: string, message: string) => {
      const refused = await setPassword(token, password);
      expect(refused.statusCode, password).toBe(422);
      expect(refused.json().errors).toEqual([{ field: 'password', message }]);
    };

    const reset = await issue('passwordResetEmail');
    const expiresBefore = await expiry();
    // The current password, with change password's text; the expiry does not move.
    await refusedWith(reset, 'Expired2026', messages.password.sameAsCurrent);
    expect(await expiry()).toBe(expiresBefore);
    // The link was not spent: a good password goes through with it.
    expect((await setPassword(reset, 'Walsh2026a')).json()).toEqual({ username: 'expired' });

    // Through an enrollment link too: the current one and the one before it (in the history) are refused.
    const enrollment = await issue('enrollmentEmail');
    await refusedWith(enrollment, 'Walsh2026a', messages.password.sameAsCurrent);
    await refusedWith(enrollment, 'Expired2026', messages.password.reused(5));
    expect((await setPassword(enrollment, 'Walsh2026b')).statusCode).toBe(200);
    await signIn(t, 'expired', 'Walsh2026b');
    // Spent once used.
    expect((await setPassword(enrollment, 'Walsh2026c')).json().errors[0].message).toBe(userLinkMessages.invalidLink);
  });
});

describeResource(usersResource, {
  valid: (name) => ({
    username: name,
    name: 'Kit',
    fullName: `Kit ${name}`,
    email: 'kit.user@summitfcu.example',
    jobTitle: 'Teller',
    phoneNumber: null,
    branchId: null,
    roleId: roleIds['Processor'],
    userGroupIds: [],
    enabled: true,
  }),
  invalid: [
    {
      input: { username: '', name: '', fullName: 'x', email: 'nope', roleId: 1 },
      fields: ['username', 'name', 'email'],
    },
    {
      input: { username: 'x', name: 'x', fullName: 'x', email: 'a@b.example', phoneNumber: '55' },
      fields: ['phoneNumber', 'roleId'],
    },
  ],
  change: (input) => ({ ...input, jobTitle: 'Head Teller', phoneNumber: '3035550123' }),
});
