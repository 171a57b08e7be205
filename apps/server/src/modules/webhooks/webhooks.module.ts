import { webhookEndpoints as e, webhooksResource } from '@credence/contracts';
import type { Db } from '../../db/client.ts';
import { webhookEndpoints } from '../../db/schema/webhooks.ts';
import type { Module } from '../../platform/app-types.ts';
import { crudModule } from '../../platform/crud.ts';
import { createDataProtector } from '../../platform/crypto.ts';
import { registerEndpoint } from '../../platform/endpoints.ts';
import { registerJobQueue, wakeJobQueue } from '../../platform/jobs.ts';
import { setAllowLoopback } from '../../platform/outbound-url.ts';
import type { OutboxHandlers } from '../../platform/outbox.ts';
import { deliverDueWebhooks, WEBHOOK_QUEUE, webhookDeliveriesDue, webhookFanOut } from './webhooks.delivery.ts';
import { assertWebhookUrl, createWebhooksService, toWebhook } from './webhooks.service.ts';

/**
 * Administration › Webhooks (issue 38 item 3). The kit carries list, get, update, delete, enable and disable;
 * `POST webhooks` (create) is the area's own, since it answers the new secret once and the audit must not hold it.
 * Extra calls: rotate the secret, send a test event, the delivery log, replay one delivery or a period. The job
 * queue `webhook-deliver` sends the deliveries (webhooks.delivery.ts); `webhookOutboxHandlers` turns the outbox's
 * 'webhook' events into deliveries (main.ts and worker.ts pass it to the job runner).
 */
const kitResource = { ...webhooksResource, endpoints: { ...webhooksResource.endpoints, create: undefined } };

export const webhooksModule: Module = crudModule(kitResource, {
  table: webhookEndpoints,
  toRow: (row) => toWebhook(row),
  toValues: (input) => input,
  // The SSRF guard again when the URL changes (an update keeps the secret).
  beforeWrite: async (_ctx, values, existing) => {
    if (values.url !== undefined && values.url !== existing?.url) await assertWebhookUrl(values.url);
  },
  extraRoutes: (app, { db, config }) => {
    // The local demo (its own embedded database, seeded) may call receivers on this machine, unless told not to.
    if (config.seedDemo && process.env.WEBHOOKS_ALLOW_LOOPBACK === undefined) setAllowLoopback(true);
    const protector = createDataProtector(config.dataEncryptionKey);
    const service = createWebhooksService(db, protector);
    registerJobQueue({
      name: WEBHOOK_QUEUE,
      due: webhookDeliveriesDue,
      work: async (jobDb, log) => void (await deliverDueWebhooks(jobDb, protector, log)),
    });
    registerEndpoint(app, webhooksResource.endpoints.create, (r) => service.create(r.auth, r.body));
    registerEndpoint(app, e.rotateSecret, (r) => service.rotateSecret(r.auth, r.params.id));
    registerEndpoint(app, e.test, (r) => service.sendTest(r.auth, r.params.id));
    registerEndpoint(app, e.deliveries, (r) => service.deliveries(r.auth, r.params.id, r.query));
    registerEndpoint(app, e.delivery, (r) => service.delivery(r.auth, r.params.id, r.params.deliveryId));
    registerEndpoint(app, e.replay, (r) => service.replay(r.auth, r.params.id, r.params.deliveryId));
    registerEndpoint(app, e.replayPeriod, (r) => service.replayPeriod(r.auth, r.params.id, r.body));
  },
});

/** The outbox handlers of the webhooks, for the job runner (main.ts, worker.ts). */
export const webhookOutboxHandlers = (db: Db): OutboxHandlers => ({
  webhook: webhookFanOut(db, () => wakeJobQueue(WEBHOOK_QUEUE)),
});
