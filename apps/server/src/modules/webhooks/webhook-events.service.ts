import type { WebhookEventType } from '@credence/contracts';
import { sql } from 'drizzle-orm';
import type { TenantTx } from '../../db/tenancy.ts';

/**
 * Writes one webhook event of an application in the caller's transaction (so it exists exactly when the business
 * work committed): `credence_emit_webhook` (migration 0042) gives it the application's next sequence number and
 * writes an outbox row of kind 'webhook' — or nothing when the lender has no enabled endpoint. The outbox handler
 * (webhooks.delivery.ts) fans it out to the endpoints that take the event. Application state changes are written
 * by a trigger on `applications.state`, whatever code changes it.
 *
 * `data` is what a receiver needs to act without calling back: ids, states, types and amounts as decimal strings —
 * never personal data (names, SSNs, addresses).
 */
export const emitWebhookEvent = async (
  tx: TenantTx,
  lenderId: number,
  type: WebhookEventType,
  applicationId: number,
  data: Record<string, unknown> = {},
): Promise<void> => {
  await tx.execute(
    sql`select credence_emit_webhook(${lenderId}::int, ${applicationId}::int, ${type}::text, ${JSON.stringify(data)}::jsonb)`,
  );
};
