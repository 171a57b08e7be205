import { adminMessages, messages, userGroupsResource } from '@credence/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, type ApiClient } from '../../test/api-client.ts';
import { describeResource } from '../../test/resource-suite.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let admin: ApiClient;
let officer: ApiClient;
let userIds: Record<string, number>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, 'admin', 'Admin2026');
  officer = await signIn(t, 'officer', 'Officer2026');
  const rows = (await t.pool.query<{ id: number; username: string }>(`select id, username from users`)).rows;
  userIds = Object.fromEntries(rows.map((r) => [r.username, r.id]));
});
afterAll(() => t.close());

describe('user groups', () => {
  it('lookup: the enabled groups of the lender, for every signed-in user', async () => {
    const lookup = (await officer.get('/api/userGroups/lookup')).json<{ id: number; name: string }[]>();
    expect(lookup.map((g) => g.name)).toEqual(['Funding Team', 'Underwriters']);
    expect((await officer.get('/api/userGroups')).statusCode).toBe(403);
  });

  it('saves members with the group in one transaction, audited old → new', async () => {
    const created = await admin.post('/api/userGroups', {
      name: 'Collections',
      memberIds: [userIds.officer, userIds.admin],
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    expect(created.json()).toMatchObject({ memberCount: 2, enabled: true });
    const updated = await admin.put(`/api/userGroups/${id}`, { name: 'Collections', memberIds: [userIds.officer] });
    expect(updated.json().memberIds).toEqual([userIds.officer]);
    const audit = await t.pool.query<{ action: string; details: { changes: Record<string, unknown> } }>(
      `select action, details from audit_events where area = 'userGroups' and record_id = $1 order by id`,
      [String(id)],
    );
    expect(audit.rows[1]!.details.changes.memberIds).toEqual({
      old: [userIds.admin, userIds.officer].sort((a, b) => a! - b!),
      new: [userIds.officer],
    });
    // A user of another lender only is refused, and nothing of the save is kept.
    const refused = await admin.put(`/api/userGroups/${id}`, { name: 'Renamed', memberIds: [userIds.harbor] });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual([{ field: 'memberIds', message: messages.shares.userNotFound }]);
    expect((await admin.get(`/api/userGroups/${id}`)).json()).toMatchObject({ name: 'Collections' });
    // Sorted by member count.
    const bySize = (await admin.get('/api/userGroups?sort=memberCount&order=desc')).json<{
      data: { name: string }[];
    }>();
    expect(bySize.data.length).toBeGreaterThan(1);
  });

  it('a name is taken in any case', async () => {
    const taken = await admin.post('/api/userGroups', { name: 'underwriters' });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual([{ field: 'name', message: adminMessages.userGroups.nameTaken }]);
  });
});

describeResource(userGroupsResource, {
  valid: (name) => ({ name, enabled: true, memberIds: [] }),
  invalid: [
    { input: { name: '' }, fields: ['name'] },
    { input: { name: 'x', memberIds: ['a'] }, fields: ['memberIds.0'] },
  ],
  change: (input) => ({ ...input, memberIds: [1] }),
});
