import { messages } from '@credence/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  countRows,
  HARBOR,
  newAutoApplication,
  productId,
  signIn,
  SUMMIT,
  type ApiClient,
} from '../../../test/api-client.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let officer: ApiClient;
let admin: ApiClient;
let processor: ApiClient;
let harbor: ApiClient;

const userId = async (username: string) =>
  (await t.pool.query<{ id: number }>('select id from users where username = $1', [username])).rows[0]!.id;
const groupId = async (lender: string, name: string) =>
  (
    await t.pool.query<{ id: number }>(
      'select g.id from user_groups g join lenders l on l.id = g.lender_id where l.name = $1 and g.name = $2',
      [lender, name],
    )
  ).rows[0]!.id;

beforeAll(async () => {
  t = await createTestApp();
  officer = await signIn(t, 'officer', 'Officer2026');
  admin = await signIn(t, 'admin', 'Admin2026');
  processor = await signIn(t, 'expiring', 'Expiring2026');
  harbor = await signIn(t, 'harbor', 'Harbor2026');
});
afterAll(() => t.close());

const create = async () => {
  const response = await officer.post('/api/applications', newAutoApplication(await productId(t, SUMMIT, 'New Auto')));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number }>().id;
};

describe('shares', () => {
  it("offers the lender's enabled users and groups", async () => {
    const id = await create();
    const targets = (await officer.get(`/api/applications/${id}/shareTargets`)).json();
    expect(targets.userGroups.map((g: { name: string }) => g.name)).toEqual(['Funding Team', 'Underwriters']);
    const names = targets.users.map((u: { name: string }) => u.name);
    expect(names).toContain('Olivia Chen');
    expect(names).toContain('Avery Morgan');
    expect(names).not.toContain('Hector Ruiz');
  });

  it('saves users and groups, keeps ids of unchanged entries, and shows them in Shared With Me', async () => {
    const id = await create();
    const underwriters = await groupId(SUMMIT, 'Underwriters');
    const ethan = await userId('expiring');
    const saved = await officer.put(`/api/applications/${id}/shares`, {
      shares: [{ userGroupId: underwriters }, { userId: ethan }, { userId: ethan }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual([
      { id: expect.any(Number), userId: null, userGroupId: underwriters },
      { id: expect.any(Number), userId: ethan, userGroupId: null },
    ]);
    expect((await officer.get(`/api/applications/${id}/shares`)).json()).toEqual(saved.json());

    // Ethan directly, Avery through Underwriters; Hector (another lender) never.
    const ethanList = (await processor.get('/api/applications/sharedWithMe')).json();
    expect(ethanList).toContainEqual(
      expect.objectContaining({
        applicationId: id,
        primaryApplicantName: 'Dana Kowalski',
        sharedBy: { id: expect.any(Number), name: 'Olivia Chen' },
        userGroup: null,
      }),
    );
    expect((await admin.get('/api/applications/sharedWithMe')).json()).toContainEqual(
      expect.objectContaining({ applicationId: id, userGroup: { id: underwriters, name: 'Underwriters' } }),
    );
    expect((await harbor.get('/api/applications/sharedWithMe')).json()).not.toContainEqual(
      expect.objectContaining({ applicationId: id }),
    );

    const again = await officer.put(`/api/applications/${id}/shares`, { shares: [{ userId: ethan }] });
    expect(again.json()).toEqual([saved.json()[1]]);
    expect((await admin.get('/api/applications/sharedWithMe')).json()).not.toContainEqual(
      expect.objectContaining({ applicationId: id }),
    );
    const [entry] = (await officer.get(`/api/applications/${id}/history`)).json();
    expect(entry).toMatchObject({
      action: 'Shares updated',
      changes: [{ entity: 'Share', property: 'sharedWith', oldValue: 'Group Underwriters', newValue: null }],
    });
  });

  it('refuses users and groups of another lender, disabled groups, and bad entries, writing nothing', async () => {
    const id = await create();
    const ethan = await userId('expiring');
    const hector = await userId('harbor');
    const dealerDesk = await groupId(HARBOR, 'Dealer Desk');
    const branchManagers = await groupId(SUMMIT, 'Branch Managers');
    await officer.put(`/api/applications/${id}/shares`, { shares: [{ userId: ethan }] });
    const before = await countRows(t, 'application_shares');
    const historyBefore = await countRows(t, 'application_history');
    const cases: [object[], { field: string; message: string }[]][] = [
      [[{ userId: hector }], [{ field: 'shares.0.userId', message: messages.shares.userNotFound }]],
      [
        [{ userId: ethan }, { userGroupId: dealerDesk }],
        [{ field: 'shares.1.userGroupId', message: messages.shares.groupNotFound }],
      ],
      [[{ userGroupId: branchManagers }], [{ field: 'shares.0.userGroupId', message: messages.shares.groupNotFound }]],
      [
        [{ userId: ethan, userGroupId: branchManagers }],
        [{ field: 'shares.0.userId', message: messages.shares.oneTarget }],
      ],
      [[{}], [{ field: 'shares.0.userId', message: messages.shares.oneTarget }]],
    ];
    for (const [shares, errors] of cases) {
      const response = await officer.put(`/api/applications/${id}/shares`, { shares });
      expect(response.statusCode, JSON.stringify(shares)).toBe(422);
      expect(response.json().errors).toEqual(errors);
    }
    expect(await countRows(t, 'application_shares')).toBe(before);
    expect(await countRows(t, 'application_history')).toBe(historyBefore);
    expect((await officer.get(`/api/applications/${id}/shares`)).json()).toEqual([
      expect.objectContaining({ userId: ethan }),
    ]);
    // The database refuses it as well, whatever the service does.
    await expect(
      t.pool.query(
        'insert into application_shares (lender_id, application_id, user_group_id) select lender_id, id, $2 from applications where id = $1',
        [id, dealerDesk],
      ),
    ).rejects.toThrow(/application_shares_user_group_fk/);
  });

  it('answers "Invalid application ID" without an id and 404 for another lender', async () => {
    for (const path of ['/api/applications/abc/shares', '/api/applications/0/shareTargets']) {
      const response = await officer.get(path);
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual([{ field: 'id', message: messages.shares.invalidApplicationId }]);
    }
    const id = await create();
    expect((await harbor.get(`/api/applications/${id}/shares`)).statusCode).toBe(404);
    expect((await harbor.get(`/api/applications/${id}/shareTargets`)).statusCode).toBe(404);
    expect((await harbor.put(`/api/applications/${id}/shares`, { shares: [] })).statusCode).toBe(404);
  });
});
