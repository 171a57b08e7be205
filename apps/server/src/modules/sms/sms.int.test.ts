import { randomBytes } from 'node:crypto';
import { smsEndpoints, TWIML_EMPTY_RESPONSE } from '@credence/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SMS_AUTH_TOKEN, DEMO_SMS_NUMBER } from '../../db/seed/sms.ts';
import { createDataProtector, protectedPurposes } from '../../platform/crypto.ts';
import { countRows, newAutoApplication, productId, signIn, SUMMIT, type ApiClient } from '../../test/api-client.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { TEST_DATA_ENCRYPTION_KEY } from '../../test/template.ts';
import { twilioSignature } from './twilio-signature.ts';

/*
 * The sandbox SMS provider's inbound webhook (SmsReceived 600), spoken as Twilio does: a form post signed with the
 * lender's auth token. Summit has SMS on (the demo's number and token); Harbor is given a number and token here.
 */
let t: TestApp;
let officer: ApiClient;
let applicationId: number;

const HARBOR_NUMBER = '+12065550100';
const HARBOR_TOKEN = 'harbor-sandbox-sms-auth-token';
/** The applicant's phone, as the worksheet keeps it (ten digits), and as the provider sends it. */
const PHONE = '7205550987';
const FROM = `+1${PHONE}`;
const path = smsEndpoints.inbound.path;

beforeAll(async () => {
  t = await createTestApp();
  officer = await signIn(t, 'officer', 'Officer2026');
  const protector = createDataProtector(Buffer.from(TEST_DATA_ENCRYPTION_KEY, 'base64'));
  await t.pool.query(
    `update lenders set sms_enabled = true, sms_phone_number = $1, sms_auth_token = $2 where name = 'Harbor Auto Finance'`,
    [HARBOR_NUMBER, protector.encrypt(HARBOR_TOKEN, protectedPurposes.smsAuthToken)],
  );
  // Olivia's application, Dana's phone 720-555-0987, shared with Ethan (no notifications right) and the Underwriters.
  const body = newAutoApplication(await productId(t, SUMMIT, 'New Auto'));
  body.applicants[0]!.phoneNumbers = [{ number: PHONE, preferredContact: true }];
  const created = await officer.post('/api/applications', body);
  expect(created.statusCode, created.body).toBe(201);
  applicationId = created.json<{ id: number }>().id;
  const ids = await t.pool.query<{ username: string; id: number }>(
    `select username, id from users where username in ('expiring')`,
  );
  const group = await t.pool.query<{ id: number }>(
    `select g.id from user_groups g join lenders l on l.id = g.lender_id where l.name = $1 and g.name = 'Underwriters'`,
    [SUMMIT],
  );
  const shared = await officer.put(`/api/applications/${applicationId}/shares`, {
    shares: [{ userId: ids.rows[0]!.id }, { userGroupId: group.rows[0]!.id }],
  });
  expect(shared.statusCode, shared.body).toBe(200);
});
afterAll(() => t.close());

const sid = (prefix: string) => `${prefix}${randomBytes(16).toString('hex')}`;

/** A message as Twilio posts it (its usual fields besides the five read). */
const message = (fields: Record<string, string> = {}) => ({
  MessageSid: sid('SM'),
  SmsSid: '',
  AccountSid: sid('AC'),
  MessagingServiceSid: '',
  From: FROM,
  To: DEMO_SMS_NUMBER,
  Body: 'Hi, I sent the paystub this morning.',
  NumMedia: '0',
  NumSegments: '1',
  SmsStatus: 'received',
  ApiVersion: '2010-04-01',
  FromCity: 'DENVER',
  FromState: 'CO',
  FromCountry: 'US',
  ...fields,
});

type Post = { token?: string; signature?: string | null; remoteAddress?: string };

const post = (fields: Record<string, string>, { token = DEMO_SMS_AUTH_TOKEN, signature, remoteAddress }: Post = {}) => {
  const sign = signature === undefined ? twilioSignature(token, `${t.config.publicUrl}${path}`, fields) : signature;
  return t.app.inject({
    method: 'POST',
    url: path,
    headers: {
      'content-type': 'application/x-www-form-urlencoded; charset=UTF-8',
      ...(sign === null ? {} : { 'x-twilio-signature': sign }),
    },
    payload: new URLSearchParams(fields).toString(),
    ...(remoteAddress ? { remoteAddress } : {}),
  });
};

const stored = () => countRows(t, 'sms_messages');
const notified = async () =>
  (
    await t.pool.query<{
      username: string;
      lender: string;
      subject: string;
      description: string;
      actor: string | null;
    }>(
      `select u.username, l.name as lender, n.subject, n.description, n.actor_name as actor
         from notifications n join users u on u.id = n.user_id join lenders l on l.id = n.lender_id
        where n.type = 600 order by n.id, u.username`,
    )
  ).rows;
const told = (description: string) =>
  ['admin', 'officer'].map((username) => ({
    username,
    lender: SUMMIT,
    subject: 'New SMS Message',
    description,
    actor: null,
  }));

describe('inbound SMS (600)', () => {
  it('stores a signed message, matches it to the applicant’s application, and tells its followers', async () => {
    const fields = message();
    const response = await post(fields);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/xml/);
    expect(response.body).toBe(TWIML_EMPTY_RESPONSE);
    const rows = await t.pool.query(
      `select m.from_number, m.to_number, m.body, l.name as lender, array(select a.application_id from sms_message_applications a where a.sms_message_id = m.id) as applications
         from sms_messages m join lenders l on l.id = m.lender_id where m.message_sid = $1`,
      [fields.MessageSid],
    );
    expect(rows.rows).toEqual([
      {
        from_number: FROM,
        to_number: DEMO_SMS_NUMBER,
        body: fields.Body,
        lender: SUMMIT,
        applications: [applicationId],
      },
    ]);
    // Avery and Olivia (through the Underwriters, and as the owner); not Ethan, nor anyone at Harbor.
    expect(await notified()).toEqual(told(fields.Body));
    const n = await t.pool.query('select application_id from notifications where type = 600');
    expect(n.rows.every((r: { application_id: number }) => r.application_id === applicationId)).toBe(true);
    // Personal data stays out of the logs: neither the number nor the text.
    const logs = t.logs.join('');
    expect(logs).toContain('inbound sms');
    for (const secret of [PHONE, fields.Body, 'paystub']) expect(logs).not.toContain(secret);
  });

  it('a replayed MessageSid is answered the same and stored and told once', async () => {
    const fields = message({ Body: 'Replay me' });
    expect((await post(fields)).statusCode).toBe(200);
    const before = { stored: await stored(), notified: (await notified()).length };
    const again = await post(fields);
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(TWIML_EMPTY_RESPONSE);
    expect(await stored()).toBe(before.stored);
    expect((await notified()).length).toBe(before.notified);
    expect((await notified()).filter((r) => r.description === 'Replay me')).toEqual(told('Replay me'));
  });

  it('a missing or wrong signature, or an unknown number, is 403 and stores nothing', async () => {
    const before = { stored: await stored(), notified: (await notified()).length };
    const fields = message({ Body: 'Forged' });
    const cases = [
      await post(fields, { signature: null }),
      await post(fields, { signature: '' }),
      await post(fields, { token: 'not-the-token' }),
      // Signed, then a field changed on the way.
      await post(fields, {
        signature: twilioSignature(DEMO_SMS_AUTH_TOKEN, `${t.config.publicUrl}${path}`, message()),
      }),
      // Summit's token for Harbor's number; a number no lender has.
      await post(message({ To: HARBOR_NUMBER })),
      await post(message({ To: '+19995550100' })),
    ];
    for (const response of cases) {
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json()).toEqual(cases[0]!.json());
    }
    expect(await stored()).toBe(before.stored);
    expect((await notified()).length).toBe(before.notified);
  });

  it("another lender's number never tells this lender's people", async () => {
    const before = (await notified()).length;
    const fields = message({ To: HARBOR_NUMBER, Body: 'For Harbor' });
    const response = await post(fields, { token: HARBOR_TOKEN });
    expect(response.statusCode, response.body).toBe(200);
    const rows = await t.pool.query(
      `select l.name as lender, (select count(*)::int from sms_message_applications a where a.sms_message_id = m.id) as matched
         from sms_messages m join lenders l on l.id = m.lender_id where m.message_sid = $1`,
      [fields.MessageSid],
    );
    // Stored for Harbor, where no applicant has that phone: matched to nothing, no one told.
    expect(rows.rows).toEqual([{ lender: 'Harbor Auto Finance', matched: 0 }]);
    expect((await notified()).length).toBe(before);
  });

  it("with the lender's SMS setting off a genuine message is accepted and dropped", async () => {
    await t.pool.query(`update lenders set sms_enabled = false where name = $1`, [SUMMIT]);
    try {
      const before = { stored: await stored(), notified: (await notified()).length };
      const response = await post(message({ Body: 'Anyone there?' }));
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(TWIML_EMPTY_RESPONSE);
      expect(await stored()).toBe(before.stored);
      expect((await notified()).length).toBe(before.notified);
    } finally {
      await t.pool.query(`update lenders set sms_enabled = true where name = $1`, [SUMMIT]);
    }
  });

  it('a long message is shown shortened; a message without text says so', async () => {
    const long = `${'Please call me back about the loan. '.repeat(10)}Thanks`;
    expect((await post(message({ Body: long }))).statusCode).toBe(200);
    expect((await post(message({ Body: '', NumMedia: '1' }))).statusCode).toBe(200);
    const descriptions = (await notified()).slice(-4).map((r) => r.description);
    const shown = descriptions[0]!;
    // Cut at a word's end, within the 160 characters, with an ellipsis.
    expect(shown).toBe(`${long.slice(0, long.lastIndexOf(' ', 159)).trimEnd()}…`);
    expect(Array.from(shown).length).toBeLessThanOrEqual(160);
    expect(Array.from(shown).length).toBeGreaterThan(130);
    expect(descriptions).toEqual([shown, shown, '(no text)', '(no text)']);
  });

  it('refuses an address past 120 requests a minute (429 with Retry-After)', async () => {
    const fields = message();
    const answers: number[] = [];
    for (let i = 0; i < 121; i++)
      answers.push((await post(fields, { signature: null, remoteAddress: '203.0.113.9' })).statusCode);
    expect(answers.slice(0, 120).every((s) => s === 403)).toBe(true);
    const limited = await post(fields, { signature: null, remoteAddress: '203.0.113.9' });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not held up.
    expect((await post(message({ Body: 'Still here' }), { remoteAddress: '198.51.100.7' })).statusCode).toBe(200);
  });
});
