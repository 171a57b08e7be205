import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { lenders } from './lenders.ts';

/**
 * A lender's webhook endpoint (issue 38 item 3; modules/webhooks): where its events are POSTed (Standard Webhooks),
 * which event types it takes, and its signing secret (`whsec_…`, AES-GCM through platform/crypto.ts, never
 * returned after the answer that made it). After a rotation the previous secret stays valid until
 * `previous_secret_expires_at` (24 h): both sign meanwhile. `failing_since` is the start of an unbroken run of
 * failed attempts; 5 days of it disable the endpoint (`disabled_reason = 'failing'`).
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    lenderId: integer('lender_id')
      .notNull()
      .references(() => lenders.id),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    events: text('events').array().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    secretEncrypted: text('secret_encrypted').notNull(),
    previousSecretEncrypted: text('previous_secret_encrypted'),
    previousSecretExpiresAt: timestamp('previous_secret_expires_at', { withTimezone: true }),
    secretRotatedAt: timestamp('secret_rotated_at', { withTimezone: true }).notNull().defaultNow(),
    failingSince: timestamp('failing_since', { withTimezone: true }),
    disabledReason: text('disabled_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_endpoints_lender_idx').on(t.lenderId)],
);

/** The last sequence number given to an event of an application (credence_emit_webhook, migration 0042). */
export const webhookSequences = pgTable(
  'webhook_sequences',
  {
    lenderId: integer('lender_id')
      .notNull()
      .references(() => lenders.id),
    applicationId: integer('application_id').notNull(),
    lastSequence: bigint('last_sequence', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ name: 'webhook_sequences_pkey', columns: [t.lenderId, t.applicationId] })],
);

/**
 * One message to one endpoint: the body exactly as sent (`payload`), its state (pending → succeeded | failed), the
 * attempts made and when the next is due. A replay is a new row with the same `message_id` (`replay_of` the row
 * replayed), as the Standard Webhooks specification asks of a redelivery.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    lenderId: integer('lender_id')
      .notNull()
      .references(() => lenders.id),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    messageId: text('message_id').notNull(),
    eventType: text('event_type').notNull(),
    applicationId: integer('application_id'),
    sequence: bigint('sequence', { mode: 'number' }),
    payload: text('payload').notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    replayOf: bigint('replay_of', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    lastStatusCode: integer('last_status_code'),
    lastDurationMs: integer('last_duration_ms'),
    lastError: text('last_error'),
  },
  (t) => [
    index('webhook_deliveries_endpoint_created_idx').on(t.endpointId, t.createdAt),
    index('webhook_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`status = 'pending'`),
    uniqueIndex('webhook_deliveries_message_key')
      .on(t.endpointId, t.messageId)
      .where(sql`replay_of is null`),
    check('webhook_deliveries_status_check', sql`${t.status} in ('pending', 'succeeded', 'failed')`),
  ],
);

/** One attempt of a delivery: when, the answer's status (null when none came), how long it took, the error. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    lenderId: integer('lender_id')
      .notNull()
      .references(() => lenders.id),
    deliveryId: bigint('delivery_id', { mode: 'number' })
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull().defaultNow(),
    statusCode: integer('status_code'),
    durationMs: integer('duration_ms').notNull(),
    error: text('error'),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId)],
);
