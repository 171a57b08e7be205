import { messages } from '@credence/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findSeededApplication, signIn, SUMMIT, type ApiClient } from '../../test/api-client.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let officer: ApiClient;
let admin: ApiClient;
let id: number;
let fundingTeamId: number;

beforeAll(async () => {
  t = await createTestApp();
  officer = await signIn(t, 'officer', 'Officer2026');
  admin = await signIn(t, 'admin', 'Admin2026');
  id = await findSeededApplication(t, SUMMIT, `a.state = 'pending'`);
  fundingTeamId = (await t.pool.query(`select id from user_groups where name = 'Funding Team'`)).rows[0].id;
});
afterAll(() => t.close());

describe('comments', () => {
  it('adds a journal comment with mentions, shows the bare names and notifies those mentioned', async () => {
    const message = `Income verified. @user:avery.morgan@summitfcu.example[Avery Morgan] and @usergroup:${fundingTeamId}[Funding Team] please fund.`;
    const response = await officer.post(`/api/applications/${id}/comments`, { type: 'JOURNAL', message });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      type: 'JOURNAL',
      message,
      displayMessage: 'Income verified. Avery Morgan and Funding Team please fund.',
      mentions: [
        { kind: 'user', email: 'avery.morgan@summitfcu.example', name: 'Avery Morgan' },
        { kind: 'usergroup', id: fundingTeamId, name: 'Funding Team' },
      ],
      user: { firstName: 'Olivia', lastName: 'Chen' },
      isDeleted: false,
      viewedByMe: true,
    });
    const notified = await t.pool.query(
      `select u.username, n.type, n.subject from notifications n join users u on u.id = n.user_id where n.application_id = $1 order by u.username`,
      [id],
    );
    // Avery (named and in the group) once; Ethan through the Funding Team; not the author.
    expect(notified.rows).toEqual([
      { username: 'admin', type: 301, subject: 'New Mention' },
      { username: 'expiring', type: 301, subject: 'New Mention' },
    ]);
    const bell = (await admin.get('/api/user/notifications')).json();
    expect(bell.data[0]).toMatchObject({ applicationId: id, subject: 'New Mention', username: 'Olivia Chen' });
  });

  it('refuses mentions of people or groups outside the lender', async () => {
    const response = await officer.post(`/api/applications/${id}/comments`, {
      type: 'JOURNAL',
      message: '@user:hector.ruiz@harborauto.example[Hector Ruiz] and @usergroup:999999[Nobody]',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual([
      { field: 'message', message: messages.comments.mentionedUserNotFound('hector.ruiz@harborauto.example') },
      { field: 'message', message: messages.comments.mentionedGroupNotFound(999999) },
    ]);
  });

  it('lists, edits, marks viewed and deletes (softly) — only the author edits and deletes', async () => {
    const created = (
      await officer.post(`/api/applications/${id}/comments`, { type: 'DEALER', message: 'Need stips' })
    ).json();
    const list = (await admin.get(`/api/applications/${id}/comments`)).json();
    const mine = list.find((c: { id: number }) => c.id === created.id);
    expect(mine).toMatchObject({ type: 'DEALER', viewedByMe: false, viewedBy: [{ name: 'Olivia Chen' }] });

    expect((await admin.post(`/api/applications/${id}/comments/${created.id}/viewed`)).statusCode).toBe(204);
    expect((await admin.post(`/api/applications/${id}/comments/${created.id}/viewed`)).statusCode).toBe(204);
    const seen = (await admin.get(`/api/applications/${id}/comments`))
      .json()
      .find((c: { id: number }) => c.id === created.id);
    expect(seen.viewedByMe).toBe(true);
    expect(seen.viewedBy.map((v: { name: string }) => v.name)).toEqual(['Olivia Chen', 'Avery Morgan']);

    const notAuthor = await admin.put(`/api/applications/${id}/comments/${created.id}`, { message: 'hijack' });
    expect(notAuthor.statusCode).toBe(403);
    expect(notAuthor.json().message).toBe(messages.comments.notAuthor);
    const edited = await officer.put(`/api/applications/${id}/comments/${created.id}`, {
      message: 'Need proof of income',
    });
    expect(edited.json()).toMatchObject({ message: 'Need proof of income', updatedUtcTime: expect.any(String) });

    expect((await admin.delete(`/api/applications/${id}/comments/${created.id}`)).statusCode).toBe(403);
    expect((await officer.delete(`/api/applications/${id}/comments/${created.id}`)).statusCode).toBe(204);
    const after = (await officer.get(`/api/applications/${id}/comments`)).json();
    expect(after.map((c: { id: number }) => c.id)).not.toContain(created.id);
    const withDeleted = (await officer.get(`/api/applications/${id}/comments?includeDeleted=true`)).json();
    expect(withDeleted.find((c: { id: number }) => c.id === created.id)).toMatchObject({ isDeleted: true });
    expect((await officer.put(`/api/applications/${id}/comments/${created.id}`, { message: 'x' })).statusCode).toBe(
      409,
    );

    const history = (await officer.get(`/api/applications/${id}/history`)).json();
    expect(history.slice(0, 3).map((h: { action: string }) => h.action)).toEqual([
      'Comment deleted',
      'Comment edited',
      'Comment added',
    ]);
    expect(history[1].changes).toEqual([
      {
        entity: 'Comment',
        entityId: created.id,
        property: 'message',
        oldValue: 'Need stips',
        newValue: 'Need proof of income',
      },
    ]);
  });

  it('validates the body and 404s an unknown comment', async () => {
    expect((await officer.post(`/api/applications/${id}/comments`, { type: 'NOTE', message: 'x' })).statusCode).toBe(
      422,
    );
    expect(
      (await officer.post(`/api/applications/${id}/comments`, { type: 'JOURNAL', message: '  ' })).statusCode,
    ).toBe(422);
    expect((await officer.put(`/api/applications/${id}/comments/2147483000`, { message: 'x' })).statusCode).toBe(404);
    expect((await officer.post(`/api/applications/${id}/comments/2147483000/viewed`)).statusCode).toBe(404);
  });
});
