import {
  COMMENTS_PAGE_SIZE,
  MAX_COMMENT_CHARACTERS_PER_APPLICATION,
  MAX_COMMENTS_PER_APPLICATION,
  messages,
  type Comment,
  type CommentPage,
} from '@credence/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findSeededApplication, signIn, SUMMIT, type ApiClient } from '../../../test/api-client.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

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
    // Avery (named and in the group) once, the mention only (not also "New Comment"); not Ethan, mentioned through
    // the Funding Team but without canReceiveNotifications; not the author.
    expect(notified.rows).toEqual([{ username: 'admin', type: 301, subject: 'New Mention' }]);
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
    const mine = list.data.find((c: { id: number }) => c.id === created.id);
    expect(mine).toMatchObject({ type: 'DEALER', viewedByMe: false, viewedBy: [{ name: 'Olivia Chen' }] });

    expect((await admin.post(`/api/applications/${id}/comments/${created.id}/viewed`)).statusCode).toBe(204);
    expect((await admin.post(`/api/applications/${id}/comments/${created.id}/viewed`)).statusCode).toBe(204);
    const seen = (await admin.get(`/api/applications/${id}/comments`))
      .json()
      .data.find((c: { id: number }) => c.id === created.id);
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
    const after = (await officer.get(`/api/applications/${id}/comments`)).json().data;
    expect(after.map((c: { id: number }) => c.id)).not.toContain(created.id);
    const withDeleted = (await officer.get(`/api/applications/${id}/comments?includeDeleted=true`)).json().data;
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

  describe('paging and writes that do not re-read (issue 10, item 12)', () => {
    let appId: number;
    let officerId: number;
    const page = async (caller: ApiClient, query = '') => {
      const response = await caller.get(`/api/applications/${appId}/comments${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<CommentPage>();
    };
    const expectedOrder = async () =>
      (
        await t.pool.query<{ id: number; type: string; is_deleted: boolean }>(
          `select id, type, is_deleted from comments where application_id = $1 order by created_at desc, id desc`,
          [appId],
        )
      ).rows;

    beforeAll(async () => {
      appId = await findSeededApplication(t, SUMMIT, `a.state = 'approved'`);
      officerId = (await t.pool.query(`select id from users where username = 'officer'`)).rows[0].id;
      const adminId = (await t.pool.query(`select id from users where username = 'admin'`)).rows[0].id;
      // 130 comments by someone else: 10 share one timestamp (the id breaks the tie), every third a dealer
      // comment, every tenth deleted.
      await t.pool.query(
        `insert into comments (lender_id, application_id, type, message, user_id, created_at, is_deleted)
         select a.lender_id, a.id, case when n % 3 = 0 then 'DEALER' else 'JOURNAL' end, 'Bulk comment ' || n, $2,
                timestamptz '2026-01-01 12:00Z' + greatest(n - 10, 0) * interval '1 minute', n % 10 = 0
           from applications a, generate_series(1, 130) n where a.id = $1`,
        [appId, adminId],
      );
    });

    it('pages newest first with a keyset cursor, a total and the unread counts; one type; deleted ones on request', async () => {
      const all = await expectedOrder();
      const visible = all.filter((r) => !r.is_deleted);
      expect(visible.length).toBeGreaterThan(2 * COMMENTS_PAGE_SIZE);

      const ids: number[] = [];
      let before: number | undefined;
      let pages = 0;
      for (;;) {
        const p = await page(officer, before === undefined ? '' : `?before=${before}`);
        pages += 1;
        expect(p.total).toBe(visible.length);
        expect(p.data.length).toBeLessThanOrEqual(COMMENTS_PAGE_SIZE);
        ids.push(...p.data.map((c) => c.id));
        if (!p.hasMore) break;
        expect(p.data).toHaveLength(COMMENTS_PAGE_SIZE);
        before = p.data.at(-1)!.id;
      }
      expect(pages).toBe(Math.ceil(visible.length / COMMENTS_PAGE_SIZE));
      expect(ids).toEqual(visible.map((r) => r.id));

      const dealer = await page(officer, '?type=DEALER&limit=7');
      expect(dealer.data).toHaveLength(7);
      expect(dealer.data.every((c) => c.type === 'DEALER')).toBe(true);
      expect(dealer.data.map((c) => c.id)).toEqual(
        visible
          .filter((r) => r.type === 'DEALER')
          .slice(0, 7)
          .map((r) => r.id),
      );
      expect(dealer.total).toBe(visible.filter((r) => r.type === 'DEALER').length);
      expect(dealer.hasMore).toBe(true);
      const withDeleted = await page(officer, '?includeDeleted=true&limit=200');
      expect(withDeleted.total).toBe(all.length);
      expect(withDeleted.data.map((c) => c.id)).toEqual(all.slice(0, 200).map((r) => r.id));

      // Unread: not deleted, not mine, not viewed by me — per type; viewing one counts it off.
      const unread = await t.pool.query<{ type: 'JOURNAL' | 'DEALER'; n: number }>(
        `select type, count(*)::int as n from comments c
          where application_id = $1 and not is_deleted and user_id is distinct from $2
            and not exists (select 1 from comment_views v where v.comment_id = c.id and v.user_id = $2)
          group by type`,
        [appId, officerId],
      );
      const counts = Object.fromEntries(unread.rows.map((r) => [r.type, r.n]));
      const first = await page(officer, '?limit=1&type=JOURNAL');
      expect(first.unread).toEqual({ JOURNAL: counts.JOURNAL ?? 0, DEALER: counts.DEALER ?? 0 });
      expect(first.unread.JOURNAL).toBeGreaterThanOrEqual(78);
      const bulk = (
        await t.pool.query(`select id from comments where application_id = $1 and message = 'Bulk comment 1'`, [appId])
      ).rows[0].id;
      expect((await officer.post(`/api/applications/${appId}/comments/${bulk}/viewed`)).statusCode).toBe(204);
      expect((await page(officer, '?limit=1')).unread).toEqual({ ...first.unread, JOURNAL: first.unread.JOURNAL - 1 });
    });

    it('keeps its place while comments are added: the next page neither repeats nor skips one', async () => {
      const firstPage = await page(officer, '?limit=5');
      const added = (
        await officer.post(`/api/applications/${appId}/comments`, { type: 'JOURNAL', message: 'Arrived meanwhile' })
      ).json<Comment>();
      const next = await page(officer, `?limit=5&before=${firstPage.data.at(-1)!.id}`);
      const visible = (await expectedOrder()).filter((r) => !r.is_deleted);
      expect([...firstPage.data, ...next.data].map((c) => c.id)).toEqual(visible.slice(1, 11).map((r) => r.id));
      const fresh = await page(officer, '?limit=5');
      expect(fresh.data[0]!.id).toBe(added.id);
      expect(fresh.total).toBe(firstPage.total + 1);
    });

    it('refuses a bad page query (422)', async () => {
      for (const query of ['limit=0', 'limit=201', 'limit=abc', 'limit=1.5', 'before=0', 'before=x', 'type=NOTE']) {
        const response = await officer.get(`/api/applications/${appId}/comments?${query}`);
        expect(response.statusCode, query).toBe(422);
      }
    });

    it('answers a write with that comment alone, read by its id, never re-reading the application comments', async () => {
      // Every statement the app sends while recording: each pooled client's query is wrapped when it is acquired.
      const statements: string[] = [];
      let recording = true;
      const wrapped = new WeakSet<pg.PoolClient>();
      const record = (client: pg.PoolClient) => {
        if (wrapped.has(client)) return;
        wrapped.add(client);
        const original = client.query.bind(client) as (...args: unknown[]) => unknown;
        (client as { query: unknown }).query = (...args: unknown[]) => {
          const q = args[0];
          if (recording) statements.push(typeof q === 'string' ? q : ((q as { text?: string }).text ?? ''));
          return original(...args);
        };
      };
      t.pool.on('acquire', record);
      try {
        const created = await officer.post(`/api/applications/${appId}/comments`, {
          type: 'DEALER',
          message: 'Stips received',
        });
        expect(created.statusCode).toBe(201);
        expect(created.json()).toMatchObject({ type: 'DEALER', message: 'Stips received', viewedByMe: true });
        const edited = await officer.put(`/api/applications/${appId}/comments/${created.json().id}`, {
          message: 'Stips received and checked',
        });
        expect(edited.statusCode).toBe(200);
        expect(edited.json()).toMatchObject({ id: created.json().id, message: 'Stips received and checked' });
        // The per-application limits count the comments in one aggregate (no comment is read there).
        const commentReads = statements.filter(
          (q) => /^select[\s\S]*from "comments"/i.test(q) && !/^select count\(\*\)/i.test(q),
        );
        expect(commentReads.length).toBeGreaterThan(0);
        for (const read of commentReads) expect(read).toMatch(/"comments"\."id" = \$\d+/);
        expect(statements.some((q) => /order by "comments"\."created_at"/i.test(q))).toBe(false);
      } finally {
        recording = false;
        t.pool.off('acquire', record);
      }
    });
  });

  describe('per-application limits (issue 30, item 4)', () => {
    let appId: number;
    beforeAll(async () => {
      appId = await findSeededApplication(
        t,
        SUMMIT,
        `not exists (select 1 from comments c where c.application_id = a.id) and a.state = 'pending' and a.id <> ${id}`,
      );
    });

    it('refuses the 501st comment of an application (422 on message with the text), deleted ones counted', async () => {
      await t.pool.query(
        `insert into comments (lender_id, application_id, type, message, user_id, is_deleted)
         select a.lender_id, a.id, 'JOURNAL', 'Note ' || n, null, n % 50 = 0
           from applications a, generate_series(1, $2::int - 1) n where a.id = $1`,
        [appId, MAX_COMMENTS_PER_APPLICATION],
      );
      const last = await officer.post(`/api/applications/${appId}/comments`, { type: 'JOURNAL', message: 'The 500th' });
      expect(last.statusCode, last.body).toBe(201);
      const refused = await officer.post(`/api/applications/${appId}/comments`, {
        type: 'DEALER',
        message: 'One more',
      });
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toEqual({
        code: 'VALIDATION',
        message: messages.errors.validation,
        errors: [{ field: 'message', message: messages.comments.tooMany(MAX_COMMENTS_PER_APPLICATION) }],
      });
      const { rows } = await t.pool.query(`select count(*)::int as n from comments where application_id = $1`, [appId]);
      expect(rows[0].n).toBe(MAX_COMMENTS_PER_APPLICATION);
      // An edit adds no comment: still allowed at the count limit.
      expect(
        (await officer.put(`/api/applications/${appId}/comments/${last.json().id}`, { message: 'The 500th, edited' }))
          .statusCode,
      ).toBe(200);
    });

    it('refuses a comment or an edit past the characters of one application (422 on message with the text)', async () => {
      const other = await findSeededApplication(
        t,
        SUMMIT,
        `not exists (select 1 from comments c where c.application_id = a.id) and a.id not in (${id}, ${appId})`,
      );
      // 49 comments of 4 000 characters and one of 3 000: 199 000 of the 200 000.
      await t.pool.query(
        `insert into comments (lender_id, application_id, type, message, user_id)
         select a.lender_id, a.id, 'JOURNAL', repeat('x', case when n = 50 then 3000 else 4000 end), null
           from applications a, generate_series(1, 50) n where a.id = $1`,
        [other],
      );
      const fits = await officer.post(`/api/applications/${other}/comments`, {
        type: 'JOURNAL',
        message: 'y'.repeat(1000),
      });
      expect(fits.statusCode, fits.body).toBe(201);
      const tooLong = { field: 'message', message: messages.comments.tooLong(MAX_COMMENT_CHARACTERS_PER_APPLICATION) };
      const refused = await officer.post(`/api/applications/${other}/comments`, { type: 'JOURNAL', message: 'z' });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors).toEqual([tooLong]);
      const grown = await officer.put(`/api/applications/${other}/comments/${fits.json().id}`, {
        message: 'y'.repeat(1001),
      });
      expect(grown.statusCode).toBe(422);
      expect(grown.json().errors).toEqual([tooLong]);
      // Deleting a comment frees its characters.
      expect((await officer.delete(`/api/applications/${other}/comments/${fits.json().id}`)).statusCode).toBe(204);
      expect(
        (await officer.post(`/api/applications/${other}/comments`, { type: 'JOURNAL', message: 'z' })).statusCode,
      ).toBe(201);
    });
  });
});
