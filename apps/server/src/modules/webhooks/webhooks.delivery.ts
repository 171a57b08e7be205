import http from 'node:http';
import https from 'node:https';
import { WEBHOOK_TEST_EVENT } from '@credence/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { withTenant } from '../../db/tenancy.ts';
import type { DataProtector } from '../../platform/crypto.ts';
import type { JobsLog } from '../../platform/jobs.ts';
import { checkOutboundUrl, pinnedLookup } from '../../platform/outbound-url.ts';
import { describeDeliveryError, type OutboxHandler, type OutboxRow } from '../../platform/outbox.ts';
import { newMessageId, webhookHeaders } from './webhooks.signing.ts';

/**
 * Delivery (issue 38 item 3). An event leaves its business transaction as an outbox row of kind 'webhook'
 * (webhook-events.service.ts); the outbox handler below fans it out into one `webhook_deliveries` row per enabled endpoint
 * that takes its type (idempotent: a message goes once to an endpoint). The pg-boss queue `webhook-deliver` sends
 * the due deliveries: each is claimed (`for update skip locked`, then a claim of 2 minutes, so no transaction is
 * held during the request), its URL checked again by the SSRF guard and the request sent to the checked address
 * (platform/outbound-url.ts), redirects not followed, at most `timeoutMs` (15 s). A 2xx answer delivers it; anything
 * else is a failed attempt, retried by the schedule (immediately, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h: eight
 * attempts), then failed. Every attempt is logged (status, duration, error). An endpoint whose attempts have all
 * failed for 5 days is disabled and the lender's webhook administrators are notified.
 */
export const WEBHOOK_QUEUE = 'webhook-deliver';
export const WEBHOOK_SECRET_PURPOSE = 'webhook_endpoint.secret';

const DEFAULT_SCHEDULE_SECONDS = [0, 5, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600, 10 * 3600];
const settings = {
  scheduleSeconds: DEFAULT_SCHEDULE_SECONDS,
  timeoutMs: 15_000,
  disableAfterSeconds: 5 * 86_400,
};
export type WebhookDeliverySettings = typeof settings;
/** Tests shorten the schedule and the timeout; answers the settings before, to put back. */
export const setWebhookDeliverySettings = (next: Partial<WebhookDeliverySettings>): WebhookDeliverySettings => {
  const before = { ...settings };
  Object.assign(settings, next);
  return before;
};

/** The notification told to the webhook administrators when an endpoint is disabled (spec 1's table has none). */
export const WEBHOOK_DISABLED_NOTIFICATION = {
  code: 700,
  subject: 'Webhook Disabled',
  body: 'The webhook endpoint %s was disabled after 5 days of failed deliveries.',
} as const;

type WebhookEvent = {
  messageId: string;
  type: string;
  timestamp: string;
  applicationId: number | null;
  sequence: number | null;
  data: Record<string, unknown>;
};

/** The request body of an event: exactly these fields, in this order (what is signed is what is stored). */
export const webhookBody = (event: WebhookEvent) =>
  JSON.stringify({
    type: event.type,
    timestamp: event.timestamp,
    applicationId: event.applicationId,
    sequence: event.sequence,
    data: event.data,
  });

/** The outbox handler of 'webhook': one delivery per enabled endpoint of the lender that takes the event. */
export const webhookFanOut =
  (db: Db, wake: () => void): OutboxHandler =>
  async (row: OutboxRow) => {
    const event = row.payload as unknown as WebhookEvent;
    const body = webhookBody(event);
    await withTenant(db, row.lenderId, (tx) =>
      tx.execute(sql`
        insert into webhook_deliveries (lender_id, endpoint_id, message_id, event_type, application_id, sequence, payload)
        select e.lender_id, e.id, ${event.messageId}, ${event.type}, ${event.applicationId}::int, ${event.sequence}::bigint, ${body}
          from webhook_endpoints e
         where e.lender_id = ${row.lenderId}::int and e.enabled and ${event.type} = any(e.events)
        on conflict (endpoint_id, message_id) where replay_of is null do nothing`),
    );
    wake();
  };

/** A `webhook.test` message to one endpoint (Send test event), in the caller's transaction. */
export const testEventBody = (endpointId: number) => {
  const messageId = newMessageId();
  return {
    messageId,
    body: webhookBody({
      messageId,
      type: WEBHOOK_TEST_EVENT,
      timestamp: new Date().toISOString(),
      applicationId: null,
      sequence: null,
      data: { endpointId },
    }),
  };
};

type SendResult = { statusCode: number | null; error: string | null; durationMs: number };

/** One POST to a checked address; never follows a redirect; the answer's body is read and dropped (64 KiB at most). */
export const sendWebhook = async (
  rawUrl: string,
  headers: Record<string, string>,
  body: string,
  timeoutMs = settings.timeoutMs,
): Promise<SendResult> => {
  const started = performance.now();
  const done = (statusCode: number | null, error: string | null): SendResult => ({
    statusCode,
    error,
    durationMs: Math.round(performance.now() - started),
  });
  const check = await checkOutboundUrl(rawUrl);
  if (!check.ok) return done(null, check.message);
  const { url, address } = check;
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<SendResult>((resolve) => {
    let settled = false;
    const finish = (result: SendResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const request = client.request(
      url,
      {
        method: 'POST',
        lookup: pinnedLookup(address) as never,
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'Credence-Webhooks/1',
        },
        agent: false,
      },
      (response) => {
        const status = response.statusCode ?? 0;
        let received = 0;
        response.on('data', (chunk: Buffer) => {
          received += chunk.length;
          if (received > 65_536) response.destroy();
        });
        const end = () =>
          finish(
            done(
              status,
              status >= 200 && status < 300
                ? null
                : status >= 300 && status < 400
                  ? `Answered a redirect (${status}): redirects are not followed.`
                  : `Answered ${status}.`,
            ),
          );
        response.on('end', end);
        response.on('close', end);
        response.on('error', end);
      },
    );
    const timer = setTimeout(() => {
      finish(done(null, `No answer within ${Math.round(timeoutMs / 100) / 10} s.`));
      request.destroy();
    }, timeoutMs);
    request.on('error', (error) => finish(done(null, describeDeliveryError(error))));
    request.end(body);
  });
};

type Claimed = {
  id: number;
  lender_id: number;
  endpoint_id: number;
  message_id: string;
  payload: string;
  attempts: number;
  url: string;
  enabled: boolean;
  secret_encrypted: string;
  previous_secret_encrypted: string | null;
  previous_valid: boolean | null;
};

/** Whether a delivery is due (the job runner's cheap poll). */
export const webhookDeliveriesDue = async (db: Db) => {
  const { rows } = await db.execute<{ due: boolean }>(
    sql`select exists(select 1 from webhook_deliveries where status = 'pending' and next_attempt_at <= now()
          and (claimed_until is null or claimed_until < now())) as due`,
  );
  return rows[0]?.due === true;
};

/**
 * Sends the deliveries due now (each at most once per call), as the database owner across lenders; answers how many
 * were attempted. Safe to run in any number of processes (claims with `skip locked`).
 */
export const deliverDueWebhooks = async (
  db: Db,
  protector: DataProtector,
  log?: JobsLog,
  limit = 100,
): Promise<number> => {
  const tried: number[] = [];
  while (tried.length < limit) {
    const { rows } = await db.execute<Claimed>(sql`
      update webhook_deliveries d set claimed_until = now() + interval '2 minutes'
        from webhook_endpoints e
       where d.id = (select id from webhook_deliveries
                      where status = 'pending' and next_attempt_at <= now()
                        and (claimed_until is null or claimed_until < now())
                        and not (id = any(${sql.param(tried)}::bigint[]))
                      order by next_attempt_at, id limit 1 for update skip locked)
         and e.id = d.endpoint_id
      returning d.id, d.lender_id, d.endpoint_id, d.message_id, d.payload, d.attempts, e.url, e.enabled,
                e.secret_encrypted, e.previous_secret_encrypted, e.previous_secret_expires_at > now() as previous_valid`);
    const claimed = rows[0];
    if (!claimed) break;
    const id = Number(claimed.id);
    tried.push(id);
    if (!claimed.enabled) {
      await db.execute(sql`update webhook_deliveries set status = 'failed', claimed_until = null,
        last_error = 'The endpoint is disabled.' where id = ${id}`);
      continue;
    }
    try {
      await attempt(db, protector, claimed);
    } catch (error) {
      // The delivery stays pending; its claim runs out and it is tried again.
      log?.warn({ error: describeDeliveryError(error), deliveryId: id }, 'webhook delivery failed');
    }
  }
  return tried.length;
};

const attempt = async (db: Db, protector: DataProtector, d: Claimed) => {
  const secrets = [protector.decrypt(d.secret_encrypted, WEBHOOK_SECRET_PURPOSE)];
  if (d.previous_secret_encrypted && d.previous_valid)
    secrets.push(protector.decrypt(d.previous_secret_encrypted, WEBHOOK_SECRET_PURPOSE));
  const timestamp = Math.floor(Date.now() / 1000);
  const result = await sendWebhook(d.url, webhookHeaders(secrets, d.message_id, timestamp, d.payload), d.payload);
  const ok = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
  const made = d.attempts + 1;
  const schedule = settings.scheduleSeconds;
  const last = !ok && made >= schedule.length;
  const delay = schedule[Math.min(made, schedule.length - 1)] ?? 0;
  const id = Number(d.id);
  await db.transaction(async (tx) => {
    await tx.execute(sql`insert into webhook_attempts (lender_id, delivery_id, attempt, status_code, duration_ms, error)
      values (${d.lender_id}::int, ${id}, ${made}::int, ${result.statusCode}::int, ${result.durationMs}::int, ${result.error})`);
    await tx.execute(sql`update webhook_deliveries set attempts = ${made}::int, last_attempt_at = now(),
        last_status_code = ${result.statusCode}::int, last_duration_ms = ${result.durationMs}::int,
        last_error = ${result.error}, claimed_until = null,
        status = ${ok ? 'succeeded' : last ? 'failed' : 'pending'},
        next_attempt_at = case when ${ok || last} then next_attempt_at else now() + make_interval(secs => ${delay}::float8) end
      where id = ${id}`);
    if (ok) {
      await tx.execute(sql`update webhook_endpoints set failing_since = null where id = ${d.endpoint_id}::int`);
      return;
    }
    // A run of failures starts at the first; an administrator's change (enable, edit) starts it again.
    const { rows } = await tx.execute<{ disabled: boolean }>(sql`
      update webhook_endpoints set
        failing_since = case when failing_since is null or failing_since < updated_at then now() else failing_since end,
        enabled = enabled and not (failing_since is not null and failing_since >= updated_at
                                   and failing_since <= now() - make_interval(secs => ${settings.disableAfterSeconds}::float8)),
        disabled_reason = case when enabled and failing_since is not null and failing_since >= updated_at
                                    and failing_since <= now() - make_interval(secs => ${settings.disableAfterSeconds}::float8)
                               then 'failing' else disabled_reason end
      where id = ${d.endpoint_id}::int
      returning (disabled_reason = 'failing' and not enabled) as disabled`);
    const turnedOff = rows[0]?.disabled === true;
    if (turnedOff) await notifyDisabled(tx, d.lender_id, d.endpoint_id);
  });
};

/** Tells the lender's users who manage webhooks (and receive notifications) that an endpoint was disabled. */
const notifyDisabled = (tx: Pick<Db, 'execute'>, lenderId: number, endpointId: number) =>
  tx.execute(sql`
    insert into notifications (lender_id, user_id, type, application_id, actor_name, subject, description)
    select ul.lender_id, ul.user_id, ${WEBHOOK_DISABLED_NOTIFICATION.code}::int, null, null,
           ${WEBHOOK_DISABLED_NOTIFICATION.subject}::text, format(${WEBHOOK_DISABLED_NOTIFICATION.body}::text, e.url)
      from webhook_endpoints e
      join user_lenders ul on ul.lender_id = e.lender_id
      join users u on u.id = ul.user_id and u.enabled
      join role_rights rw on rw.role_id = ul.role_id and rw.right = 'canManageWebhooks'
      join role_rights rn on rn.role_id = ul.role_id and rn.right = 'canReceiveNotifications'
     where e.id = ${endpointId}::int and e.lender_id = ${lenderId}::int`);
