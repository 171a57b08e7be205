import { z } from 'zod';
import { idParamsSchema } from '../applications/common.ts';
import { endpoint } from '../kit/endpoint.ts';
import { booleanQuery } from '../kit/list.ts';
import { defineResource } from '../kit/resource.ts';
import { dateTimeSchema, MAX_ID, textSchema } from '../primitives.ts';

/**
 * Administration › Webhooks (issue 38 item 3; spec 2 §7 "GET webhooks; POST webhooks", shapes not shown): a lender's
 * endpoints, each with the events it takes, delivered by the Standard Webhooks specification (webhook-id,
 * webhook-timestamp, webhook-signature `v1,<base64 HMAC-SHA256>` keyed by its `whsec_` secret). `GET webhooks` lists
 * the endpoints, `POST webhooks` creates one (answering its secret, once); the rest is the kit's verbs under
 * `webhooks/{id}`, a secret rotation, a test event, the delivery log and replays.
 */

/** The events an endpoint may take (the `type` of a payload). */
export const webhookEventTypes = [
  'application.created',
  'application.state_changed',
  'decision.made',
  'loan.funded',
  'loan.reversed',
  'requirement.cleared',
] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];
export const webhookEventTypeSchema = z.enum(webhookEventTypes);
export const webhookEventLabels: Record<WebhookEventType, string> = {
  'application.created': 'Application created',
  'application.state_changed': 'Application state changed',
  'decision.made': 'Decision made',
  'loan.funded': 'Loan funded',
  'loan.reversed': 'Loan funding reversed',
  'requirement.cleared': 'Funding requirement cleared or waived',
};
/** The event a "Send test event" sends (to that endpoint only, whatever it takes). */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const webhookMessages = {
  /** Spec 2 §8. */
  saveFailed: 'Webhooks Data Save Failed',
  oneEvent: 'Choose at least one event.',
  secretShownOnce: 'Copy this signing secret now: it is shown only once.',
  rotated: 'Secret rotated: the previous one keeps signing for 24 hours.',
  replayed: 'Delivery queued again.',
  replayedPeriod: (count: number) => `${count} ${count === 1 ? 'delivery' : 'deliveries'} queued again.`,
  testSent: 'Test event queued.',
  periodOrder: 'The end of the period must be after its start.',
  periodTooLong: 'Replay at most 31 days at once.',
} as const;

export const webhookInputSchema = z.object({
  url: textSchema().trim().min(1, 'Required').max(2000),
  description: textSchema()
    .trim()
    .max(200)
    .optional()
    .transform((v) => v ?? ''),
  events: z
    .array(webhookEventTypeSchema)
    .min(1, webhookMessages.oneEvent)
    .max(webhookEventTypes.length)
    .transform((events) => [...new Set(events)]),
  enabled: z
    .boolean()
    .optional()
    .transform((v) => v ?? true),
});
export type WebhookInput = z.input<typeof webhookInputSchema>;

export const webhookSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.string()),
  enabled: z.boolean(),
  /** 'failing': disabled by the deliveries (5 days of failures); null otherwise. */
  disabledReason: z.string().nullable(),
  failingSince: z.string().nullable(),
  secretRotatedAt: z.string(),
  /** Until when the previous secret still signs (24 h after a rotation); null when there is none. */
  previousSecretValidUntil: z.string().nullable(),
  createdAt: z.string(),
  /** The signing secret: only in the answer of the create (and of a rotation), never again. */
  secret: z.string().optional(),
});
export type Webhook = z.infer<typeof webhookSchema>;

export const webhooksResource = defineResource({
  name: 'webhooks',
  title: 'Webhooks',
  singular: 'Webhook',
  path: '/api/webhooks',
  right: 'canManageWebhooks',
  row: webhookSchema,
  input: webhookInputSchema,
  verbs: ['list', 'get', 'create', 'update', 'delete', 'enable', 'disable'],
  labelField: 'url',
  list: {
    sort: ['url', 'description', 'enabled', 'createdAt'],
    text: ['url', 'description'],
    filters: { enabled: booleanQuery },
  },
});

export const webhookDeliveryStatuses = ['pending', 'succeeded', 'failed'] as const;
export const webhookDeliveryStatusSchema = z.enum(webhookDeliveryStatuses);

export const webhookDeliverySchema = z.object({
  id: z.number().int(),
  /** The Standard Webhooks `webhook-id` (the same for a replay). */
  messageId: z.string(),
  eventType: z.string(),
  applicationId: z.number().int().nullable(),
  sequence: z.number().int().nullable(),
  status: webhookDeliveryStatusSchema,
  attempts: z.number().int(),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  lastStatusCode: z.number().int().nullable(),
  lastDurationMs: z.number().int().nullable(),
  lastError: z.string().nullable(),
  /** The delivery this one replays. */
  replayOf: z.number().int().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookAttemptSchema = z.object({
  attempt: z.number().int(),
  attemptedAt: z.string(),
  statusCode: z.number().int().nullable(),
  durationMs: z.number().int(),
  error: z.string().nullable(),
});
export type WebhookAttempt = z.infer<typeof webhookAttemptSchema>;

export const webhookDeliveryDetailSchema = webhookDeliverySchema.extend({
  /** The request body exactly as sent. */
  payload: z.string(),
  attemptLog: z.array(webhookAttemptSchema),
});
export type WebhookDeliveryDetail = z.infer<typeof webhookDeliveryDetailSchema>;

const deliveryIdSchema = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
export const webhookDeliveryParamsSchema = idParamsSchema.extend({ deliveryId: deliveryIdSchema });

export const webhookDeliveriesQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(25),
  status: webhookDeliveryStatusSchema.optional(),
  eventType: textSchema().max(100).optional(),
  applicationId: z.coerce.number().int().min(1).max(MAX_ID).optional(),
});

export const webhookReplayPeriodSchema = z
  .object({ from: dateTimeSchema, to: dateTimeSchema })
  .refine((p) => Date.parse(p.to) > Date.parse(p.from), { message: webhookMessages.periodOrder, path: ['to'] })
  .refine((p) => Date.parse(p.to) - Date.parse(p.from) <= 31 * 86_400_000, {
    message: webhookMessages.periodTooLong,
    path: ['to'],
  });

const tag = 'webhooks';
const right = { right: 'canManageWebhooks' } as const;

export const webhookEndpoints = {
  rotateSecret: endpoint({
    method: 'POST',
    path: '/api/webhooks/:id/rotateSecret',
    access: right,
    tag,
    summary: 'A new signing secret (answered once); the previous one keeps signing for 24 hours',
    params: idParamsSchema,
    response: webhookSchema,
  }),
  test: endpoint({
    method: 'POST',
    path: '/api/webhooks/:id/test',
    access: right,
    tag,
    summary: 'Send a test event (webhook.test) to this endpoint',
    params: idParamsSchema,
    response: webhookDeliverySchema,
  }),
  deliveries: endpoint({
    method: 'GET',
    path: '/api/webhooks/:id/deliveries',
    access: right,
    tag,
    summary: "The endpoint's delivery log, newest first",
    params: idParamsSchema,
    query: webhookDeliveriesQuerySchema,
    response: z.object({ data: z.array(webhookDeliverySchema), total: z.number().int() }),
  }),
  delivery: endpoint({
    method: 'GET',
    path: '/api/webhooks/:id/deliveries/:deliveryId',
    access: right,
    tag,
    summary: 'One delivery: the request as sent and every attempt',
    params: webhookDeliveryParamsSchema,
    response: webhookDeliveryDetailSchema,
  }),
  replay: endpoint({
    method: 'POST',
    path: '/api/webhooks/:id/deliveries/:deliveryId/replay',
    access: right,
    tag,
    summary: 'Send one delivery again (a new delivery, the same webhook-id)',
    params: webhookDeliveryParamsSchema,
    response: webhookDeliverySchema,
  }),
  replayPeriod: endpoint({
    method: 'POST',
    path: '/api/webhooks/:id/replay',
    access: right,
    tag,
    summary: 'Send again every message of the endpoint created in a period (at most 31 days, 1 000 messages)',
    params: idParamsSchema,
    body: webhookReplayPeriodSchema,
    response: z.object({ count: z.number().int() }),
  }),
};
