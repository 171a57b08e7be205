import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Webhook, WebhookDelivery, WebhookDeliveryDetail } from '@credence/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { newAutoApplication, productId, signIn, SUMMIT, type ApiClient } from '../../test/api-client.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createDataProtector } from '../../platform/crypto.ts';
import { setAllowLoopback } from '../../platform/outbound-url.ts';
import { drainOutbox } from '../../platform/outbox.ts';
import { deliverDueWebhooks, setWebhookDeliverySettings } from './webhooks.delivery.ts';
import { webhookOutboxHandlers } from './webhooks.module.ts';

/**
 * Webhooks (issue 38 item 3) against a receiver on 127.0.0.1 that checks every signature with its own Standard
 * Webhooks verification (node:crypto, not the server's code): events from the business transactions, the retry
 * schedule after a 500 and a timeout, replays, the secret rotation's two signatures, the SSRF guard at save and
 * at delivery (redirects not followed), and the endpoint disabled after 5 days of failures.
 */
type Received = { path: string; headers: http.IncomingHttpHeaders; body: string };
type Answer = { status: number; delayMs?: number; location?: string };

let t: TestApp;
let admin: ApiClient;
let officer: ApiClient;
let receiver: http.Server;
let base: string;
const received: Received[] = [];
const answers: Answer[] = [];
const protector = () => createDataProtector(t.config.dataEncryptionKey);
const defaults = setWebhookDeliverySettings({});
let loopbackBefore = false;

beforeAll(async () => {
  loopbackBefore = setAllowLoopback(true);
  t = await createTestApp();
  admin = await signIn(t, 'admin', 'Admin2026');
  officer = await signIn(t, 'officer', 'Officer2026');
  receiver = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks).toString() });
      const answer = answers.shift() ?? { status: 200 };
      const reply = () => {
        if (response.destroyed) return;
        response.writeHead(answer.status, answer.location ? { location: answer.location } : {});
        response.end('ok');
      };
      if (answer.delayMs) setTimeout(reply, answer.delayMs);
      else reply();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
afterAll(async () => {
  setAllowLoopback(loopbackBefore);
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
  await t.close();
});
afterEach(() => {
  setWebhookDeliverySettings(defaults);
  setAllowLoopback(true);
  received.length = 0;
  answers.length = 0;
});

/** The Standard Webhooks verification a receiver would write: every `v1,` signature against the secret. */
const verifies = (secret: string, r: Received) => {
  const id = String(r.headers['webhook-id']);
  const timestamp = String(r.headers['webhook-timestamp']);
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${r.body}`).digest('base64');
  return String(r.headers['webhook-signature'])
    .split(' ')
    .some((s) => s === `v1,${expected}`);
};

const createEndpoint = async (body: { url: string; events: string[]; description?: string }) => {
  const response = await admin.post('/api/webhooks', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Webhook & { secret: string }>();
};
/** What the job runner does: the outbox's 'webhook' rows into deliveries, then one pass over the due deliveries. */
const deliver = async () => {
  await drainOutbox(t.db, webhookOutboxHandlers(t.db), { retryBaseSeconds: 0 });
  return deliverDueWebhooks(t.db, protector());
};
const detail = async (endpointId: number, deliveryId: number) => {
  const response = await admin.get(`/api/webhooks/${endpointId}/deliveries/${deliveryId}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<WebhookDeliveryDetail>();
};
const sendTest = async (endpointId: number) => {
  const response = await admin.post(`/api/webhooks/${endpointId}/test`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<WebhookDelivery>();
};
const disableAll = () => t.pool.query(`update webhook_endpoints set enabled = false`);

describe('webhooks', () => {
  it('signs every event of an application, in sequence, and keeps the secret out of every later answer', async () => {
    await disableAll();
    const endpoint = await createEndpoint({
      url: `${base}/events`,
      description: 'Core sync',
      events: ['application.created', 'application.state_changed', 'decision.made'],
    });
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const read = await admin.get(`/api/webhooks/${endpoint.id}`);
    expect(read.json()).not.toHaveProperty('secret');
    expect((await admin.get('/api/webhooks')).body).not.toContain(endpoint.secret);
    const audit = await t.pool.query(`select 1 from audit_events where details::text like $1`, [
      `%${endpoint.secret.slice(6, 20)}%`,
    ]);
    expect(audit.rowCount).toBe(0);

    const created = await officer.post('/api/applications', newAutoApplication(await productId(t, SUMMIT, 'New Auto')));
    expect(created.statusCode, created.body).toBe(201);
    const applicationId = created.json<{ id: number }>().id;
    // A decline: the decision and the state change it makes, in its transaction.
    const applicants = (await officer.get(`/api/applications/${applicationId}`)).json<{
      applicants: { id: number }[];
    }>().applicants;
    const declined = await officer.post(`/api/applications/${applicationId}/decisions`, {
      applicationId,
      decisionType: 'decline',
      decisionApplicants: applicants.map((a) => ({
        applicantId: a.id,
        declineReasons: [{ freeFormatName: 'No credit file' }],
      })),
    });
    expect(declined.statusCode, declined.body).toBe(201);
    await deliver();

    expect(received.map((r) => r.path)).toEqual(['/events', '/events', '/events']);
    for (const r of received) expect(verifies(endpoint.secret, r)).toBe(true);
    const bodies = received.map((r) => JSON.parse(r.body) as Record<string, unknown>);
    expect(bodies).toEqual([
      expect.objectContaining({ type: 'application.created', applicationId, sequence: 1 }),
      expect.objectContaining({
        type: 'decision.made',
        applicationId,
        sequence: 2,
        data: expect.objectContaining({
          decisionType: 'decline',
          stateBefore: 'new',
          stateAfter: 'declined',
        }) as object,
      }),
      expect.objectContaining({
        type: 'application.state_changed',
        applicationId,
        sequence: 3,
        data: { from: 'new', to: 'declined' },
      }),
    ]);
    // A tampered body does not verify.
    expect(verifies(endpoint.secret, { ...received[0]!, body: received[0]!.body.replace('1', '2') })).toBe(false);

    const log = await admin.get(`/api/webhooks/${endpoint.id}/deliveries`);
    const rows = log.json<{ data: WebhookDelivery[]; total: number }>().data;
    expect(rows.map((d) => [d.eventType, d.status, d.lastStatusCode, d.attempts])).toEqual([
      ['application.state_changed', 'succeeded', 200, 1],
      ['decision.made', 'succeeded', 200, 1],
      ['application.created', 'succeeded', 200, 1],
    ]);
  });

  it('retries after a 500 and after a timeout with the same webhook-id, by the schedule', async () => {
    await disableAll();
    const endpoint = await createEndpoint({ url: `${base}/retry`, events: ['loan.funded'] });
    setWebhookDeliverySettings({ timeoutMs: 300, scheduleSeconds: [0, 0, 0] });
    answers.push({ status: 500 }, { status: 200, delayMs: 1500 }, { status: 204 });
    const delivery = await sendTest(endpoint.id);
    await deliver();
    await deliver();
    await deliver();
    const d = await detail(endpoint.id, delivery.id);
    expect(d.status).toBe('succeeded');
    expect(d.attemptLog.map((a) => [a.attempt, a.statusCode])).toEqual([
      [1, 500],
      [2, null],
      [3, 204],
    ]);
    expect(d.attemptLog[1]!.error).toBe('No answer within 0.3 s.');
    expect(d.attemptLog[1]!.durationMs).toBeLessThan(1400);
    expect(new Set(received.map((r) => r.headers['webhook-id']))).toEqual(new Set([d.messageId]));
    expect(received.every((r) => verifies(endpoint.secret, r))).toBe(true);

    // The real schedule: the second attempt 5 s after the first failure.
    setWebhookDeliverySettings(defaults);
    answers.push({ status: 503 });
    const next = await sendTest(endpoint.id);
    await deliver();
    const failed = await detail(endpoint.id, next.id);
    expect(failed.status).toBe('pending');
    const wait = Date.parse(failed.nextAttemptAt!) - Date.parse(failed.lastAttemptAt!);
    expect(wait).toBeGreaterThan(4000);
    expect(wait).toBeLessThan(6500);
    expect(await deliverDueWebhooks(t.db, protector())).toBe(0);
  });

  it('replays one delivery and every delivery of a period, with the same webhook-id', async () => {
    await disableAll();
    const endpoint = await createEndpoint({ url: `${base}/replay`, events: ['loan.reversed'] });
    const first = await sendTest(endpoint.id);
    const second = await sendTest(endpoint.id);
    await deliver();
    expect(received).toHaveLength(2);

    const replay = await admin.post(`/api/webhooks/${endpoint.id}/deliveries/${first.id}/replay`);
    expect(replay.statusCode, replay.body).toBe(200);
    const replayed = replay.json<WebhookDelivery>();
    expect(replayed).toMatchObject({ messageId: first.messageId, replayOf: first.id, status: 'pending' });
    await deliver();
    expect(received).toHaveLength(3);
    expect(received[2]!.headers['webhook-id']).toBe(first.messageId);
    expect(received[2]!.body).toBe(received[0]!.body);

    const from = new Date(Date.now() - 3600_000).toISOString();
    const to = new Date(Date.now() + 60_000).toISOString();
    const period = await admin.post(`/api/webhooks/${endpoint.id}/replay`, { from, to });
    expect(period.statusCode, period.body).toBe(200);
    expect(period.json()).toEqual({ count: 2 });
    await deliver();
    expect(received.slice(3).map((r) => r.headers['webhook-id'])).toEqual([first.messageId, second.messageId]);
    const bad = await admin.post(`/api/webhooks/${endpoint.id}/replay`, { from: to, to: from });
    expect(bad.statusCode).toBe(422);
  });

  it('signs with both secrets for 24 hours after a rotation', async () => {
    await disableAll();
    const endpoint = await createEndpoint({ url: `${base}/rotate`, events: ['loan.funded'] });
    const rotated = await admin.post(`/api/webhooks/${endpoint.id}/rotateSecret`);
    expect(rotated.statusCode, rotated.body).toBe(200);
    const { secret, previousSecretValidUntil } = rotated.json<Webhook & { secret: string }>();
    expect(secret).not.toBe(endpoint.secret);
    expect(Date.parse(previousSecretValidUntil!) - Date.now()).toBeGreaterThan(23.9 * 3600_000);
    await sendTest(endpoint.id);
    await deliver();
    const r = received[0]!;
    expect(String(r.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(verifies(secret, r)).toBe(true);
    expect(verifies(endpoint.secret, r)).toBe(true);
    // Past the 24 h, only the new secret signs.
    await t.pool.query(
      `update webhook_endpoints set previous_secret_expires_at = now() - interval '1 second' where id = $1`,
      [endpoint.id],
    );
    await sendTest(endpoint.id);
    await deliver();
    expect(String(received[1]!.headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect(verifies(endpoint.secret, received[1]!)).toBe(false);
    expect(verifies(secret, received[1]!)).toBe(true);
  });

  it('refuses private, loopback and link-local addresses when saving (422 on url)', async () => {
    setAllowLoopback(false);
    const refused = async (url: string, text: RegExp) => {
      const response = await admin.post('/api/webhooks', { url, events: ['loan.funded'] });
      expect(response.statusCode, url).toBe(422);
      expect(response.json<{ errors: { field: string; message: string }[] }>().errors).toEqual([
        { field: 'url', message: expect.stringMatching(text) as string },
      ]);
    };
    await refused(`${base}/x`, /must use https/);
    await refused('https://127.0.0.1/x', /127\.0\.0\.1, a private, loopback or link-local/);
    await refused('https://localhost/x', /loopback/);
    await refused('https://10.0.0.8/x', /10\.0\.0\.8/);
    await refused('https://192.168.1.20/x', /192\.168\.1\.20/);
    await refused('https://169.254.169.254/latest/meta-data', /169\.254\.169\.254/);
    await refused('https://[fe80::1]/x', /fe80::1/);
    await refused('https://[::ffff:10.0.0.1]/x', /private/);
    const update = await admin.get('/api/webhooks?pageSize=1');
    const some = update.json<{ data: Webhook[] }>().data[0]!;
    const put = await admin.put(`/api/webhooks/${some.id}`, { url: 'https://10.1.1.1/', events: some.events });
    expect(put.statusCode).toBe(422);
  });

  it('checks again at delivery: loopback refused once the setting is off, redirects never followed', async () => {
    await disableAll();
    const endpoint = await createEndpoint({ url: `${base}/guarded`, events: ['loan.funded'] });
    setAllowLoopback(false);
    const refused = await sendTest(endpoint.id);
    await deliver();
    expect(received).toHaveLength(0);
    const d = await detail(endpoint.id, refused.id);
    expect(d.attemptLog[0]).toMatchObject({ statusCode: null, error: expect.stringContaining('https') as string });

    setAllowLoopback(true);
    answers.push({ status: 302, location: `${base}/redirected` }, { status: 307, location: 'http://169.254.169.254/' });
    const redirected = await sendTest(endpoint.id);
    await deliver();
    expect(received.map((r) => r.path)).toEqual(['/guarded']);
    const r = await detail(endpoint.id, redirected.id);
    expect(r.attemptLog[0]).toMatchObject({
      statusCode: 302,
      error: 'Answered a redirect (302): redirects are not followed.',
    });
    expect(r.status).toBe('pending');
  });

  it('disables an endpoint after 5 days of failures and tells the administrators', async () => {
    await disableAll();
    const endpoint = await createEndpoint({ url: `${base}/failing`, events: ['loan.funded'] });
    await t.pool.query(
      `update webhook_endpoints set updated_at = now() - interval '6 days', failing_since = now() - interval '5 days 1 minute' where id = $1`,
      [endpoint.id],
    );
    answers.push({ status: 500 });
    await sendTest(endpoint.id);
    await deliver();
    const read = (await admin.get(`/api/webhooks/${endpoint.id}`)).json<Webhook>();
    expect(read).toMatchObject({ enabled: false, disabledReason: 'failing' });
    const notes = await t.pool.query<{ description: string }>(
      `select n.description from notifications n join users u on u.id = n.user_id where u.username = 'admin' and n.type = 700`,
    );
    expect(notes.rows.map((n) => n.description)).toContain(
      `The webhook endpoint ${base}/failing was disabled after 5 days of failed deliveries.`,
    );
    // The bell lists it (a notification without an application).
    const bell = await admin.get('/api/user/notifications');
    expect(bell.statusCode, bell.body).toBe(200);
    expect(bell.json<{ data: { subject: string; applicationId: number | null }[] }>().data).toContainEqual(
      expect.objectContaining({ subject: 'Webhook Disabled', applicationId: null }),
    );
    // Enabled again by an administrator: a new run of failures starts.
    expect((await admin.post(`/api/webhooks/${endpoint.id}/enable`)).statusCode).toBe(200);
    answers.push({ status: 500 });
    await sendTest(endpoint.id);
    await deliver();
    expect((await admin.get(`/api/webhooks/${endpoint.id}`)).json<Webhook>()).toMatchObject({
      enabled: true,
      disabledReason: null,
    });
  });

  it('keeps the area to its right and to the lender', async () => {
    expect((await officer.get('/api/webhooks')).statusCode).toBe(403);
    expect((await officer.post('/api/webhooks', { url: `${base}/x`, events: ['loan.funded'] })).statusCode).toBe(403);
    const { rows } = await t.pool.query<{ id: number }>(
      `insert into webhook_endpoints (lender_id, url, events, secret_encrypted)
       select id, 'https://example.com/', '{loan.funded}', 'x' from lenders where name <> $1 limit 1 returning id`,
      [SUMMIT],
    );
    expect((await admin.get(`/api/webhooks/${rows[0]!.id}`)).statusCode).toBe(404);
    expect((await admin.get(`/api/webhooks/${rows[0]!.id}/deliveries`)).statusCode).toBe(404);
  });
});
