import type {
  Webhook,
  WebhookDelivery,
  WebhookDeliveryDetail,
  webhookDeliveriesQuerySchema,
  webhookInputSchema,
} from '@credence/contracts';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../db/schema/webhooks.ts';
import { withTenant, type TenantTx } from '../../db/tenancy.ts';
import { recordAudit } from '../../platform/audit.ts';
import type { AuthContext } from '../../platform/auth.ts';
import { changedFields } from '../../platform/crud.ts';
import type { DataProtector } from '../../platform/crypto.ts';
import { fieldError, notFound } from '../../platform/errors.ts';
import { wakeJobQueue } from '../../platform/jobs.ts';
import { checkOutboundUrl } from '../../platform/outbound-url.ts';
import { testEventBody, WEBHOOK_QUEUE, WEBHOOK_SECRET_PURPOSE } from './webhooks.delivery.ts';
import { generateWebhookSecret } from './webhooks.signing.ts';

type EndpointRow = typeof webhookEndpoints.$inferSelect;
type DeliveryRow = typeof webhookDeliveries.$inferSelect;
type WebhookValues = z.output<typeof webhookInputSchema>;

export const PREVIOUS_SECRET_HOURS = 24;
/** At most this many messages per replay of a period. */
export const REPLAY_PERIOD_MAX = 1000;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A stored endpoint as the API shows it (never a secret). */
export const toWebhook = (r: EndpointRow): Webhook => ({
  id: r.id,
  url: r.url,
  description: r.description,
  events: r.events,
  enabled: r.enabled,
  // Disabled by the deliveries, and not touched by an administrator since.
  disabledReason:
    !r.enabled && r.disabledReason === 'failing' && r.failingSince && r.failingSince >= r.updatedAt ? 'failing' : null,
  failingSince: iso(r.failingSince),
  secretRotatedAt: r.secretRotatedAt.toISOString(),
  previousSecretValidUntil:
    r.previousSecretExpiresAt && r.previousSecretExpiresAt.getTime() > Date.now()
      ? iso(r.previousSecretExpiresAt)
      : null,
  createdAt: r.createdAt.toISOString(),
});

export const toDelivery = (r: DeliveryRow): WebhookDelivery => ({
  id: r.id,
  messageId: r.messageId,
  eventType: r.eventType,
  applicationId: r.applicationId,
  sequence: r.sequence,
  status: r.status as WebhookDelivery['status'],
  attempts: r.attempts,
  createdAt: r.createdAt.toISOString(),
  lastAttemptAt: iso(r.lastAttemptAt),
  nextAttemptAt: r.status === 'pending' ? r.nextAttemptAt.toISOString() : null,
  lastStatusCode: r.lastStatusCode,
  lastDurationMs: r.lastDurationMs,
  lastError: r.lastError,
  replayOf: r.replayOf,
});

/** The SSRF guard at save time: a refused URL is a 422 on `url` with the guard's reason. */
export const assertWebhookUrl = async (url: string) => {
  const check = await checkOutboundUrl(url);
  if (!check.ok) throw fieldError('url', check.message);
};

export const createWebhooksService = (db: Db, protector: DataProtector) => {
  const encrypt = (secret: string) => protector.encrypt(secret, WEBHOOK_SECRET_PURPOSE);
  const audit = (tx: TenantTx, auth: AuthContext, action: string, row: Webhook, changes: object) =>
    recordAudit(tx, auth, { area: 'webhooks', action, recordId: row.id, details: { label: row.url, changes } });

  const findEndpoint = async (tx: TenantTx, id: number, lock = false) => {
    const query = tx.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    const [row] = lock ? await query.for('update') : await query;
    if (!row) throw notFound();
    return row;
  };
  const findDelivery = async (tx: TenantTx, endpointId: number, deliveryId: number) => {
    const [row] = await tx
      .select()
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpointId)));
    if (!row) throw notFound();
    return row;
  };

  return {
    /** POST webhooks: a new endpoint with a new secret, answered once (the audit row never holds it). */
    create: async (auth: AuthContext, input: WebhookValues): Promise<Webhook> => {
      await assertWebhookUrl(input.url);
      const secret = generateWebhookSecret();
      return withTenant(db, auth.lenderId, async (tx) => {
        const [row] = await tx
          .insert(webhookEndpoints)
          .values({ ...input, lenderId: auth.lenderId, secretEncrypted: encrypt(secret) })
          .returning();
        const view = toWebhook(row!);
        await audit(tx, auth, 'create', view, changedFields(null, view));
        return { ...view, secret };
      });
    },
    rotateSecret: async (auth: AuthContext, id: number): Promise<Webhook> => {
      const secret = generateWebhookSecret();
      return withTenant(db, auth.lenderId, async (tx) => {
        const existing = await findEndpoint(tx, id, true);
        const [row] = await tx
          .update(webhookEndpoints)
          .set({
            secretEncrypted: encrypt(secret),
            previousSecretEncrypted: existing.secretEncrypted,
            previousSecretExpiresAt: sql`now() + make_interval(hours => ${PREVIOUS_SECRET_HOURS}::int)`,
            secretRotatedAt: sql`now()`,
            updatedAt: sql`now()`,
          })
          .where(eq(webhookEndpoints.id, id))
          .returning();
        const view = toWebhook(row!);
        await audit(tx, auth, 'rotateSecret', view, {
          secretRotatedAt: { old: existing.secretRotatedAt.toISOString(), new: view.secretRotatedAt },
        });
        return { ...view, secret };
      });
    },
    sendTest: (auth: AuthContext, id: number): Promise<WebhookDelivery> =>
      withTenant(db, auth.lenderId, async (tx) => {
        const endpoint = await findEndpoint(tx, id);
        const { messageId, body } = testEventBody(endpoint.id);
        const [row] = await tx
          .insert(webhookDeliveries)
          .values({
            lenderId: auth.lenderId,
            endpointId: endpoint.id,
            messageId,
            eventType: 'webhook.test',
            payload: body,
          })
          .returning();
        return toDelivery(row!);
      }).then(woken),
    deliveries: (auth: AuthContext, id: number, query: z.output<typeof webhookDeliveriesQuerySchema>) =>
      withTenant(db, auth.lenderId, async (tx) => {
        await findEndpoint(tx, id);
        const where = and(
          eq(webhookDeliveries.endpointId, id),
          query.status ? eq(webhookDeliveries.status, query.status) : undefined,
          query.eventType ? eq(webhookDeliveries.eventType, query.eventType) : undefined,
          query.applicationId ? eq(webhookDeliveries.applicationId, query.applicationId) : undefined,
        );
        const rows = await tx
          .select()
          .from(webhookDeliveries)
          .where(where)
          .orderBy(desc(webhookDeliveries.id))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize);
        const [total] = await tx.select({ n: count() }).from(webhookDeliveries).where(where);
        return { data: rows.map(toDelivery), total: Number(total?.n ?? 0) };
      }),
    delivery: (auth: AuthContext, id: number, deliveryId: number): Promise<WebhookDeliveryDetail> =>
      withTenant(db, auth.lenderId, async (tx) => {
        const row = await findDelivery(tx, id, deliveryId);
        const attempts = await tx
          .select()
          .from(webhookAttempts)
          .where(eq(webhookAttempts.deliveryId, row.id))
          .orderBy(webhookAttempts.attempt);
        return {
          ...toDelivery(row),
          payload: row.payload,
          attemptLog: attempts.map((a) => ({
            attempt: a.attempt,
            attemptedAt: a.attemptedAt.toISOString(),
            statusCode: a.statusCode,
            durationMs: a.durationMs,
            error: a.error,
          })),
        };
      }),
    /** A new delivery of the same message (same webhook-id and body; a new timestamp and signature when sent). */
    replay: (auth: AuthContext, id: number, deliveryId: number): Promise<WebhookDelivery> =>
      withTenant(db, auth.lenderId, async (tx) => {
        const original = await findDelivery(tx, id, deliveryId);
        const [row] = await tx
          .insert(webhookDeliveries)
          .values({
            lenderId: auth.lenderId,
            endpointId: id,
            messageId: original.messageId,
            eventType: original.eventType,
            applicationId: original.applicationId,
            sequence: original.sequence,
            payload: original.payload,
            replayOf: original.replayOf ?? original.id,
          })
          .returning();
        await recordAudit(tx, auth, {
          area: 'webhooks',
          action: 'replay',
          recordId: id,
          details: { label: original.messageId, changes: {} },
        });
        return toDelivery(row!);
      }).then(woken),
    /** Every message first delivered to the endpoint in the period, sent again (each once, oldest first). */
    replayPeriod: (auth: AuthContext, id: number, period: { from: string; to: string }) =>
      withTenant(db, auth.lenderId, async (tx) => {
        const endpoint = await findEndpoint(tx, id);
        const { rows } = await tx.execute<{ n: number }>(sql`
          with originals as (
            select id, message_id, event_type, application_id, sequence, payload from webhook_deliveries
             where endpoint_id = ${id}::int and replay_of is null
               and created_at >= ${period.from}::timestamptz and created_at < ${period.to}::timestamptz
             order by id limit ${REPLAY_PERIOD_MAX}),
          made as (
            insert into webhook_deliveries (lender_id, endpoint_id, message_id, event_type, application_id, sequence, payload, replay_of)
            select ${auth.lenderId}::int, ${id}::int, message_id, event_type, application_id, sequence, payload, id
              from originals order by id
            returning 1)
          select count(*)::int as n from made`);
        const n = Number(rows[0]?.n ?? 0);
        await recordAudit(tx, auth, {
          area: 'webhooks',
          action: 'replayPeriod',
          recordId: id,
          details: {
            label: endpoint.url,
            changes: { period: { old: null, new: period }, count: { old: null, new: n } },
          },
        });
        return { count: n };
      }).then(woken),
  };
};

/** After the commit: this process's delivery worker looks now rather than at its next poll. */
const woken = <T>(value: T): T => {
  wakeJobQueue(WEBHOOK_QUEUE);
  return value;
};
