import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { borrowerNotificationEndpoints as e, type BorrowerNotificationLogEntry } from '@credence/contracts';
import {
  findSeededApplication,
  newAutoApplication,
  productId,
  signIn,
  SUMMIT,
  type ApiClient,
} from '../../test/api-client.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { drainOutbox } from '../../platform/outbox.ts';
import { borrowerSmsOutboxHandlers } from './borrower-notifications.service.ts';

let t: TestApp;
let admin: ApiClient;
let officer: ApiClient;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, 'admin', 'Admin2026');
  officer = await signIn(t, 'officer', 'Officer2026');
});
afterAll(() => t.close());

const received = {
  type: 'applicationReceived',
  emailEnabled: true,
  smsEnabled: true,
  subject: 'We received application {ApplicationId}',
  emailBody:
    'Hello {ApplicantFirstName} {ApplicantLastName}, your {LoanProductName} for {RequestedAmount} is {Status}.',
  smsBody: '{LenderName}: application {ApplicationId} received.',
};

const save = (notifications: unknown[]) => admin.post(e.save.path, { notifications });
const outboxEmails = async (applicationId: number) =>
  (
    await t.pool.query<{ payload: { to: string; subject: string; text: string } }>(
      `select payload from outbox where kind = 'email' and payload->>'subject' like $1 order by id`,
      [`%application ${applicationId}%`],
    )
  ).rows.map((r) => r.payload);
const createApplication = async (mutate: (body: ReturnType<typeof newAutoApplication>) => void = () => {}) => {
  const body = newAutoApplication(await productId(t, SUMMIT, 'New Auto'));
  mutate(body);
  const created = await officer.post('/api/applications', body);
  expect(created.statusCode, created.body).toBe(201);
  return created.json<{ id: number }>().id;
};
const logOf = async (id: number) => {
  const res = await officer.get(`/api/applications/${id}/borrowerNotifications`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<BorrowerNotificationLogEntry[]>();
};

describe('borrower notifications (issue 38 item 4)', () => {
  it('lists the types, saves the settings with an audit row, and reads them back', async () => {
    const types = await admin.get(e.types.path);
    expect(types.statusCode).toBe(200);
    expect(types.json<{ types: { name: string }[] }>().types.map((x) => x.name)).toContain('Application Received');
    const before = (await admin.get(e.get.path)).json<{ notifications: { type: string }[] }>();
    // A type never saved is off, with empty texts.
    expect(before.notifications.find((n) => n.type === 'decisionPending')).toEqual({
      type: 'decisionPending',
      emailEnabled: false,
      smsEnabled: false,
      subject: '',
      emailBody: '',
      smsBody: '',
    });

    const saved = await save([received]);
    expect(saved.statusCode, saved.body).toBe(200);
    const after = (await admin.get(e.get.path)).json<{ notifications: (typeof received)[] }>();
    expect(after.notifications.find((n) => n.type === 'applicationReceived')).toEqual(received);
    expect(after.notifications).toHaveLength(types.json<{ types: unknown[] }>().types.length);
    const audit = await t.pool.query<{ details: { changes: Record<string, { old: unknown; new: unknown }> } }>(
      `select details from audit_events where area = 'borrowerNotifications' order by id`,
    );
    expect(audit.rows).toHaveLength(1);
    expect(audit.rows[0]!.details.changes.applicationReceived?.new).toMatchObject({ subject: received.subject });
    // The same settings again change nothing and write no audit row.
    await save([received]);
    expect((await t.pool.query(`select 1 from audit_events where area = 'borrowerNotifications'`)).rowCount).toBe(1);
  });

  it('refuses an unknown merge field and an enabled e-mail without a subject (422), and a user without the right (403)', async () => {
    const bad = await save([{ ...received, emailBody: 'Hi {Ssn}' }]);
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toContain('Unknown field: {Ssn}');
    expect((await save([{ ...received, subject: '' }])).statusCode).toBe(422);
    expect((await officer.get(e.get.path)).statusCode).toBe(403);
    expect((await officer.post(e.save.path, { notifications: [received] })).statusCode).toBe(403);
    expect((await officer.get(e.types.path)).statusCode).toBe(403);
  });

  it('an application received sends exactly one merged e-mail and one text through the outbox, logged masked', async () => {
    await save([received]);
    const id = await createApplication();
    const emails = await outboxEmails(id);
    expect(emails).toHaveLength(1);
    expect(emails[0]).toEqual({
      to: 'dana.kowalski@example.com',
      subject: `We received application ${id}`,
      text: expect.stringMatching(/^Hello Dana Kowalski, your New Auto for \$[\d,]+\.\d\d is New\.$/) as string,
    });
    const sms = await t.pool.query<{ id: number; payload: { to: string; text: string } }>(
      `select id, payload from outbox where kind = 'sms' and payload->>'text' like $1`,
      [`%application ${id} received.`],
    );
    expect(sms.rows).toHaveLength(1);
    expect(sms.rows[0]!.payload).toEqual({
      from: expect.stringMatching(/^\+1\d{10}$/) as string,
      to: '3035550142',
      text: `${SUMMIT}: application ${id} received.`,
    });

    let log = await logOf(id);
    expect(log.map((l) => [l.channel, l.status, l.to])).toEqual([
      ['sms', 'queued', '****0142'],
      ['email', 'queued', 'd***@example.com'],
    ]);
    expect(log[1]!.subject).toBe(`We received application ${id}`);
    await t.drainOutbox();
    await drainOutbox(t.db, borrowerSmsOutboxHandlers(t.config));
    log = await logOf(id);
    expect(log.map((l) => l.status)).toEqual(['sent', 'sent']);
    expect(log.every((l) => l.sentAt !== null)).toBe(true);
    // Nobody of another lender reads it.
    const harbor = await signIn(t, 'harbor', 'Harbor2026');
    expect((await harbor.get(`/api/applications/${id}/borrowerNotifications`)).statusCode).toBe(404);
  });

  it('sends nothing when the type is off, and logs a skip when the borrower has no address', async () => {
    await save([{ ...received, emailEnabled: false, smsEnabled: false }]);
    const off = await createApplication();
    expect(await outboxEmails(off)).toHaveLength(0);
    expect(await logOf(off)).toEqual([]);

    await save([received]);
    const none = await createApplication((body) => {
      body.applicants[0]!.emails = [];
      body.applicants[0]!.phoneNumbers = [];
    });
    expect(await outboxEmails(none)).toHaveLength(0);
    const log = await logOf(none);
    expect(log.map((l) => [l.channel, l.status, l.to, l.reason])).toEqual([
      ['sms', 'skipped', null, 'No mobile phone number on the primary applicant'],
      ['email', 'skipped', null, 'No e-mail address on the primary applicant'],
    ]);

    // A lender whose SMS is off (spec 3 §6 'SMS enabled') sends no text: it has no number to send from.
    await t.pool.query(`update lenders set sms_enabled = false where name = $1`, [SUMMIT]);
    try {
      const smsOff = await createApplication();
      expect((await logOf(smsOff)).map((l) => [l.channel, l.status, l.reason])).toEqual([
        ['sms', 'skipped', 'SMS is not enabled for the lender'],
        ['email', 'queued', null],
      ]);
    } finally {
      await t.pool.query(`update lenders set sms_enabled = true where name = $1`, [SUMMIT]);
    }
  });

  it('a decline sends the declined notice once, in the decision transaction, with the state merged', async () => {
    await save([
      { ...received, emailEnabled: false, smsEnabled: false },
      {
        type: 'declined',
        emailEnabled: true,
        smsEnabled: false,
        subject: 'Your application {ApplicationId}',
        emailBody: 'Dear {ApplicantFirstName}, your application is {Status}.',
        smsBody: '',
      },
    ]);
    const id = await createApplication();
    const applicants = (await officer.get(`/api/applications/${id}`)).json<{ applicants: { id: number }[] }>()
      .applicants;
    const declined = await officer.post(`/api/applications/${id}/decisions`, {
      applicationId: id,
      decisionType: 'decline',
      decisionApplicants: applicants.map((a) => ({
        applicantId: a.id,
        declineReasons: [{ freeFormatName: 'No credit file' }],
      })),
    });
    expect(declined.statusCode, declined.body).toBe(201);
    const emails = await t.pool.query<{ payload: { to: string; subject: string; text: string } }>(
      `select payload from outbox where kind = 'email' and payload->>'subject' = $1`,
      [`Your application ${id}`],
    );
    expect(emails.rows.map((r) => r.payload)).toEqual([
      {
        to: 'dana.kowalski@example.com',
        subject: `Your application ${id}`,
        text: 'Dear Dana, your application is Declined.',
      },
    ]);
    expect((await logOf(id)).map((l) => [l.typeName, l.channel, l.status])).toEqual([['Declined', 'email', 'queued']]);
  });

  it('a required funding requirement added by hand asks the borrower for it; one not required does not', async () => {
    await save([
      {
        type: 'fundingRequirementRequested',
        emailEnabled: true,
        smsEnabled: false,
        subject: 'We need something for application {ApplicationId}',
        emailBody: 'Hello {ApplicantFirstName}, please send us what your loan officer asked for.',
        smsBody: '',
      },
    ]);
    const id = await findSeededApplication(
      t,
      SUMMIT,
      `a.state = 'approved' and exists (select 1 from applicants p join applicant_emails e on e.applicant_id = p.id
        where p.application_id = a.id and p.role = 'PRIMARY')`,
    );
    const subject = `We need something for application ${id}`;
    const count = async () =>
      (await t.pool.query(`select 1 from outbox where kind = 'email' and payload->>'subject' = $1`, [subject]))
        .rowCount;
    const optional = await officer.post(`/api/applications/${id}/fundingRequirements`, {
      description: 'Proof of residence (if available)',
      required: false,
    });
    expect(optional.statusCode, optional.body).toBe(201);
    expect(await count()).toBe(0);
    const required = await officer.post(`/api/applications/${id}/fundingRequirements`, {
      description: 'Proof of insurance',
      required: true,
    });
    expect(required.statusCode, required.body).toBe(201);
    expect(await count()).toBe(1);
    expect((await logOf(id))[0]).toMatchObject({ typeName: 'Funding Requirement Requested', channel: 'email' });
  });

  it('previews texts merged with an application, the addresses masked; 404 for an unknown application', async () => {
    const id = await createApplication();
    const res = await admin.post(e.preview.path, {
      applicationId: id,
      subject: 'About {ApplicationId}',
      emailBody: 'Dear {ApplicantFirstName}',
      smsBody: '{Status}',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      applicationId: id,
      subject: `About ${id}`,
      emailBody: 'Dear Dana',
      smsBody: 'New',
      emailTo: 'd***@example.com',
      smsTo: '****0142',
      smsOff: false,
    });
    const missing = await admin.post(e.preview.path, {
      applicationId: 2_000_000_000,
      subject: '',
      emailBody: '',
      smsBody: '',
    });
    expect(missing.statusCode).toBe(404);
  });
});
