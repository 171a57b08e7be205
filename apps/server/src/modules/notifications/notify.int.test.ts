import type { FundingRequirementsWorksheet } from '@credence/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  findSeededApplication,
  HARBOR,
  newAutoApplication,
  productId,
  signIn,
  SUMMIT,
  type ApiClient,
} from '../../test/api-client.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { bodyFormat } from './notify.service.ts';

/*
 * The demo people (seed/demo.ts): at Summit, admin (Avery Morgan, Administrator: every right; groups Underwriters,
 * Funding Team), officer (Olivia Chen, Loan Officer with canReceiveNotifications; Underwriters) and expiring
 * (Ethan Brooks, Processor: canPullAndRepullCredit but not canReceiveNotifications; Funding Team); at Harbor,
 * harbor (Hector Ruiz) and admin again.
 */
let t: TestApp;
let admin: ApiClient;
let officer: ApiClient;
let expiring: ApiClient;
let userIds: Record<string, number>;
let groupIds: Record<string, number>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, 'admin', 'Admin2026');
  officer = await signIn(t, 'officer', 'Officer2026');
  expiring = await signIn(t, 'expiring', 'Expiring2026');
  const users = await t.pool.query<{ username: string; id: number }>('select username, id from users');
  userIds = Object.fromEntries(users.rows.map((u) => [u.username, u.id]));
  const groups = await t.pool.query<{ name: string; id: number }>(
    `select g.name, g.id from user_groups g join lenders l on l.id = g.lender_id where l.name = $1`,
    [SUMMIT],
  );
  groupIds = Object.fromEntries(groups.rows.map((g) => [g.name, g.id]));
});
afterAll(() => t.close());

type Row = { username: string; lender: string; subject: string; description: string; actor: string | null };

/** The notifications of an application of one type, read as the owner (every lender), by username. */
const notified = async (applicationId: number, type: number) =>
  (
    await t.pool.query<Row>(
      `select u.username, l.name as lender, n.subject, n.description, n.actor_name as actor
         from notifications n join users u on u.id = n.user_id join lenders l on l.id = n.lender_id
        where n.application_id = $1 and n.type = $2 order by u.username, n.id`,
      [applicationId, type],
    )
  ).rows;

const row = (username: string, subject: string, description: string, actor: string | null): Row => ({
  username,
  lender: SUMMIT,
  subject,
  description,
  actor,
});

const ok = async (response: Promise<{ statusCode: number; body: string }>, status = 200) => {
  const r = await response;
  expect(r.statusCode, r.body).toBe(status);
  return JSON.parse(r.body || 'null') as Record<string, unknown> | null;
};

/** A new Summit application of the officer's, shared with Ethan (no notifications right) and the Underwriters. */
const sharedApplication = async () => {
  const created = await ok(
    officer.post('/api/applications', newAutoApplication(await productId(t, SUMMIT, 'New Auto'))),
    201,
  );
  const id = created!.id as number;
  await ok(
    officer.put(`/api/applications/${id}/shares`, {
      shares: [{ userId: userIds.expiring }, { userGroupId: groupIds.Underwriters }],
    }),
  );
  return id;
};

const upload = (client: ApiClient, applicationId: number) => {
  const boundary = '----credence-notify-boundary';
  const payload = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="paystub.txt"\r\n` +
      `Content-Type: text/plain\r\n\r\nGross pay 6500.00\r\n--${boundary}--\r\n`,
  );
  return t.app.inject({
    method: 'POST',
    url: `/api/applications/${applicationId}/files/upload`,
    headers: { ...t.bearer(client.token), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
};

describe('bodies', () => {
  it('fills {user} from SQL and the values as they are, never as placeholders or format directives', () => {
    expect(bodyFormat('{user} has added a journal comment.')).toBe('%1$s has added a journal comment.');
    expect(bodyFormat('100% {description} {user}', { description: '{user} %s' })).toBe('100%% {user} %%s %1$s');
  });
});

describe('notifications written with their events', () => {
  it("the demo seed's own events notify Harbor's officer only (the demo's bell); every other bell starts empty", async () => {
    const { rows } = await t.pool.query<{ username: string; n: number }>(
      `select u.username, count(*)::int as n from notifications n join users u on u.id = n.user_id group by 1`,
    );
    expect(rows.map((r) => r.username)).toEqual(['harbor']);
    expect(rows[0]!.n).toBeGreaterThan(0);
  });

  it('New Application (100): the Summit users who may pull credit and receive notifications, not the creator', async () => {
    const id = (await ok(
      officer.post('/api/applications', newAutoApplication(await productId(t, SUMMIT, 'New Auto'))),
      201,
    ))!.id as number;
    // Not Olivia (the creator), not Ethan (no canReceiveNotifications), nobody at Harbor (Avery's Harbor
    // membership included: one row, Summit's); the MFA demo's administrator is a Summit Administrator too.
    expect(await notified(id, 100)).toEqual([
      row('admin', 'New Application', 'A new application has been submitted.', 'Olivia Chen'),
      row('mfa-admin', 'New Application', 'A new application has been submitted.', 'Olivia Chen'),
    ]);
    const bell = (await admin.get('/api/user/notifications')).json<{ data: { applicationId: number }[] }>();
    expect(bell.data.some((n) => n.applicationId === id)).toBe(true);
  });

  it('New Application at Harbor reaches Harbor people only', async () => {
    const harbor = await signIn(t, 'harbor', 'Harbor2026');
    const { rows } = await t.pool.query<{ name: string }>(
      `select p.name from loan_products p join lenders l on l.id = p.lender_id
        where l.name = $1 and p.enabled and p.direct_allowed and not p.is_business_loan order by p.id limit 1`,
      [HARBOR],
    );
    const body = { ...newAutoApplication(await productId(t, HARBOR, rows[0]!.name)) };
    const response = await harbor.post('/api/applications', body);
    expect(response.statusCode, response.body).toBe(201);
    const id = response.json<{ id: number }>().id;
    expect(await notified(id, 100)).toEqual([
      { ...row('admin', 'New Application', 'A new application has been submitted.', 'Hector Ruiz'), lender: HARBOR },
    ]);
  });

  it('New Document (101): the owner and the sharers, not the uploader nor those without the right', async () => {
    const id = await sharedApplication();
    expect((await upload(admin, id)).statusCode).toBe(201);
    // Avery uploads: Olivia (owner) is told; Ethan (shared, no right) and Avery are not.
    expect(await notified(id, 101)).toEqual([
      row('officer', 'New Document', 'Avery Morgan has uploaded a new file.', 'Avery Morgan'),
    ]);
    expect((await upload(officer, id)).statusCode).toBe(201);
    // Olivia uploads: Avery is told through the Underwriters share.
    expect((await notified(id, 101)).filter((n) => n.username === 'admin')).toEqual([
      row('admin', 'New Document', 'Olivia Chen has uploaded a new file.', 'Olivia Chen'),
    ]);
    expect((await notified(id, 101)).map((n) => n.username)).toEqual(['admin', 'officer']);
  });

  it('My Queue Application Status Update (126): a state change tells the owner and the sharers', async () => {
    const id = await findSeededApplication(t, SUMMIT, `a.state = 'reviewed'`);
    const owner = (await t.pool.query('select created_by_user_id from applications where id = $1', [id])).rows[0]
      .created_by_user_id as number;
    await t.pool.query('update applications set created_by_user_id = $2 where id = $1', [id, userIds.officer]);
    await ok(admin.put(`/api/applications/${id}/shares`, { shares: [{ userId: userIds.expiring }] }));
    await ok(admin.post(`/api/applications/${id}/lock`));
    await ok(admin.put(`/api/CreditReportReview/MarkAsReviewed/${id}/false`, {}));
    expect(await notified(id, 126)).toEqual([
      row(
        'officer',
        'My Queue Application Status Update',
        'The application status has been updated to New.',
        'Avery Morgan',
      ),
    ]);
    expect(owner).toBeTypeOf('number');
  });

  it('My Queue Requirements Received (127): a stipulation marked received or cleared', async () => {
    const id = await findSeededApplication(t, SUMMIT, `a.state = 'approved'`);
    await t.pool.query('update applications set created_by_user_id = $2 where id = $1', [id, userIds.officer]);
    await t.pool.query('delete from application_funding_requirements where application_id = $1', [id]);
    const { rows } = await t.pool.query<{ id: number }>(
      `insert into application_funding_requirements (lender_id, application_id, description, source, required, sort_order)
       select a.lender_id, a.id, 'Proof of income', 'decision', true, 0 from applications a where a.id = $1
       returning id`,
      [id],
    );
    const requirementId = rows[0]!.id;
    const setStatus = async (status: string) => {
      const sheet = (
        await admin.get(`/api/applications/${id}/fundingRequirements`)
      ).json<FundingRequirementsWorksheet>();
      const current = sheet.requirements.find((r) => r.id === requirementId)!;
      await ok(
        admin.put(`/api/applications/${id}/fundingRequirements/${requirementId}`, {
          status,
          updatedAt: current.updatedAt,
        }),
      );
    };
    await setStatus('received');
    await setStatus('cleared');
    expect(await notified(id, 127)).toEqual([
      row(
        'officer',
        'Requirements Received',
        'Avery Morgan has marked the requirement "Proof of income" as received.',
        'Avery Morgan',
      ),
      row(
        'officer',
        'Requirements Received',
        'Avery Morgan has marked the requirement "Proof of income" as cleared.',
        'Avery Morgan',
      ),
    ]);
  });
});

describe('comment notifications (200–204, 301)', () => {
  const comments = (id: number) => `/api/applications/${id}/comments`;

  it('tell the owner, the sharers and the other commenters, never the author; the mentioned get the mention only', async () => {
    const id = await sharedApplication();
    // Ethan comments: he is a commenter (and a sharer) without the right, so he never hears of the others.
    await ok(expiring.post(comments(id), { type: 'JOURNAL', message: 'Paystub requested.' }), 201);
    expect(await notified(id, 201)).toEqual([
      row('admin', 'New Comment', 'Ethan Brooks has added a journal comment.', 'Ethan Brooks'),
      row('officer', 'New Comment', 'Ethan Brooks has added a journal comment.', 'Ethan Brooks'),
    ]);

    const added = await ok(admin.post(comments(id), { type: 'JOURNAL', message: 'Income verified.' }), 201);
    const commentId = added!.id as number;
    expect((await notified(id, 201)).filter((n) => n.actor === 'Avery Morgan')).toEqual([
      row('officer', 'New Comment', 'Avery Morgan has added a journal comment.', 'Avery Morgan'),
    ]);

    await ok(admin.post(comments(id), { type: 'DEALER', message: 'Dealer called back.' }), 201);
    expect(await notified(id, 200)).toEqual([
      row('officer', 'New Comment', 'Avery Morgan has added a dealer comment.', 'Avery Morgan'),
    ]);

    await ok(admin.put(`${comments(id)}/${commentId}`, { message: 'Income verified twice.' }));
    expect(await notified(id, 202)).toEqual([
      row('officer', 'Edited Comment', 'Avery Morgan has edited a journal comment.', 'Avery Morgan'),
    ]);

    await ok(admin.delete(`${comments(id)}/${commentId}`), 204);
    expect(await notified(id, 203)).toEqual([
      row('officer', 'Deleted Comment', 'Avery Morgan has deleted a journal comment.', 'Avery Morgan'),
    ]);

    const restored = await ok(admin.post(`${comments(id)}/${commentId}/restore`));
    expect(restored).toMatchObject({ id: commentId, isDeleted: false, message: 'Income verified twice.' });
    expect(await notified(id, 204)).toEqual([
      row('officer', 'Undo Deleted Comment', 'Avery Morgan has undo a deleted journal comment.', 'Avery Morgan'),
    ]);

    // Olivia mentions Avery: Avery gets the mention, not also "New Comment"; Ethan is mentioned through the
    // Funding Team but has no notifications right.
    const before = (await notified(id, 201)).length;
    const message = `Please fund. @user:avery.morgan@summitfcu.example[Avery Morgan] @usergroup:${groupIds['Funding Team']}[Funding Team]`;
    await ok(officer.post(comments(id), { type: 'JOURNAL', message }), 201);
    expect(await notified(id, 301)).toEqual([
      row('admin', 'New Mention', `Olivia Chen mentioned you in a comment on application ${id}.`, 'Olivia Chen'),
    ]);
    expect((await notified(id, 201)).length).toBe(before);
  });

  it('undo delete: only the author, only a deleted comment', async () => {
    const id = await sharedApplication();
    const added = await ok(admin.post(comments(id), { type: 'JOURNAL', message: 'To be restored.' }), 201);
    const restore = `${comments(id)}/${added!.id as number}/restore`;
    expect((await admin.post(restore)).statusCode).toBe(409);
    await ok(admin.delete(`${comments(id)}/${added!.id as number}`), 204);
    expect((await officer.post(restore)).statusCode).toBe(403);
    await ok(admin.post(restore));
    expect((await admin.post(restore)).statusCode).toBe(409);
  });
});

describe('My Queue Application (125)', () => {
  const body = 'A new application has been added to your queue.';

  it('tells the users a share newly reaches (directly or through a group), once; not the owner, not the sharer', async () => {
    const id = (await ok(
      officer.post('/api/applications', newAutoApplication(await productId(t, SUMMIT, 'New Auto'))),
      201,
    ))!.id as number;
    // Created by Olivia: in her own My Queue, no one told.
    expect(await notified(id, 125)).toEqual([]);
    // Shared with Avery and the Funding Team (Avery, and Ethan without the notifications right).
    await ok(
      officer.put(`/api/applications/${id}/shares`, {
        shares: [{ userId: userIds.admin }, { userGroupId: groupIds['Funding Team'] }],
      }),
    );
    expect(await notified(id, 125)).toEqual([row('admin', 'My Queue Application', body, 'Olivia Chen')]);
    // The Underwriters added: Avery has it already, Olivia owns it.
    await ok(
      officer.put(`/api/applications/${id}/shares`, {
        shares: [
          { userId: userIds.admin },
          { userGroupId: groupIds['Funding Team'] },
          { userGroupId: groupIds.Underwriters },
        ],
      }),
    );
    expect(await notified(id, 125)).toHaveLength(1);
  });

  it('a share the sharer makes to themselves, or to the owner, tells no one', async () => {
    const id = (await ok(
      officer.post('/api/applications', newAutoApplication(await productId(t, SUMMIT, 'New Auto'))),
      201,
    ))!.id as number;
    await ok(
      admin.put(`/api/applications/${id}/shares`, { shares: [{ userId: userIds.admin }, { userId: userIds.officer }] }),
    );
    expect(await notified(id, 125)).toEqual([]);
  });
});

describe('New Queue Entry (500)', () => {
  type Filter = { field: string; operator: string; value: unknown };
  const queueBody = (name: string, filters: Filter[], userGroupIds?: number[]) => ({
    name,
    type: 'queue',
    filter: JSON.stringify({ gridName: 'allApplicationsQueue', filter: { logic: 'and', filters } }),
    showOnSideMenu: true,
    ...(userGroupIds ? { userGroupIds } : {}),
  });
  const entry = (username: string, queue: string, actor: string) =>
    row(username, 'New Queue Entry', `The application has been added to the queue "${queue}".`, actor);
  const longTerm = [{ field: 'termMonths', operator: '>=', value: 84 }];
  const created: { client: ApiClient; id: number }[] = [];
  const createQueue = async (client: ApiClient, path: string, body: object) => {
    const queue = (await ok(client.post(path, body), 201))!;
    created.push({ client, id: queue.id as number });
  };
  const newApplication = async (termMonths: number) => {
    const application = newAutoApplication(await productId(t, SUMMIT, 'New Auto'));
    return (await ok(
      officer.post('/api/applications', { ...application, request: { ...application.request, termMonths } }),
      201,
    ))!.id as number;
  };

  beforeAll(async () => {
    // Avery's queue, published to the Underwriters (Avery, Olivia) and the Funding Team (Avery, Ethan: no right);
    // Harbor's officer has a queue of the same filter at Harbor, and a disabled one of Avery's matches too.
    await createQueue(
      admin,
      '/api/SearchFilters/admin',
      queueBody('Long terms', longTerm, [groupIds.Underwriters!, groupIds['Funding Team']!]),
    );
    await createQueue(admin, '/api/SearchFilters/admin', {
      ...queueBody('Long terms (off)', longTerm),
      enabled: false,
    });
    const harbor = await signIn(t, 'harbor', 'Harbor2026');
    await createQueue(harbor, '/api/SearchFilters', queueBody('Harbor long terms', longTerm));
  });
  afterAll(async () => {
    for (const { client, id } of created) await ok(client.delete(`/api/SearchFilters/${id}`), 204);
  });

  it('a new application that matches a custom queue: its members, not the creator, not another lender', async () => {
    const id = await newApplication(84);
    expect(await notified(id, 500)).toEqual([entry('admin', 'Long terms', 'Olivia Chen')]);
    expect(await notified(await newApplication(72), 500)).toEqual([]);
  });

  it('a change that makes an application match tells once; staying in the queue tells nothing more', async () => {
    const id = await newApplication(72);
    const setTerm = async (termMonths: number) => {
      const current = (await officer.get(`/api/applications/${id}/request`)).json<Record<string, unknown>>();
      await ok(officer.put(`/api/applications/${id}/request`, { ...current, termMonths }));
    };
    await setTerm(60);
    expect(await notified(id, 500)).toEqual([]);
    await setTerm(84);
    expect(await notified(id, 500)).toEqual([entry('admin', 'Long terms', 'Olivia Chen')]);
    await setTerm(96);
    expect(await notified(id, 500)).toHaveLength(1);
    // Out and in again: a new entry.
    await setTerm(72);
    await setTerm(84);
    expect(await notified(id, 500)).toHaveLength(2);
  });

  it('a state change into a queue of state New tells its owner', async () => {
    await createQueue(
      officer,
      '/api/SearchFilters',
      queueBody('Back to New', [{ field: 'state', operator: 'is', value: 'new' }]),
    );
    const id = await findSeededApplication(t, SUMMIT, `a.state = 'reviewed'`);
    await ok(admin.post(`/api/applications/${id}/lock`));
    await ok(admin.put(`/api/CreditReportReview/MarkAsReviewed/${id}/false`, {}));
    expect(await notified(id, 500)).toEqual([entry('officer', 'Back to New', 'Avery Morgan')]);
  });
});
