import { eq } from 'drizzle-orm';
import { createDataProtector } from '../../platform/crypto.ts';
import { webhookBody, WEBHOOK_SECRET_PURPOSE } from '../../modules/webhooks/webhooks.delivery.ts';
import { generateWebhookSecret, newMessageId } from '../../modules/webhooks/webhooks.signing.ts';
import type { DbExecutor } from '../client.ts';
import { applications, lenders, webhookAttempts, webhookDeliveries, webhookEndpoints } from '../schema/index.ts';
import { SUMMIT } from './lender-names.ts';

const HOUR_MS = 3_600_000;

/**
 * Summit's webhook endpoint (issue 38 item 3) and a few past deliveries, so Administration › Webhooks shows an
 * endpoint with a delivery log (succeeded, retried, failed). The endpoint is disabled: its host (a `.example` name)
 * receives nothing, and a disabled endpoint makes the business transactions write no webhook events. Point it at a
 * receiver of your own (with WEBHOOKS_ALLOW_LOOPBACK=true, http://127.0.0.1:<port> will do) and enable it.
 */
export const seedWebhookDemo = async (tx: DbExecutor, dataEncryptionKey: Buffer) => {
  const protector = createDataProtector(dataEncryptionKey);
  const [lender] = await tx.select({ id: lenders.id }).from(lenders).where(eq(lenders.name, SUMMIT));
  if (!lender) return;
  const [endpoint] = await tx
    .insert(webhookEndpoints)
    .values({
      lenderId: lender.id,
      url: 'https://hooks.summitfcu.example/credence',
      description: 'Core banking sync (demo: enable once the receiver answers)',
      events: ['decision.made', 'loan.funded', 'loan.reversed'],
      enabled: false,
      secretEncrypted: protector.encrypt(generateWebhookSecret(), WEBHOOK_SECRET_PURPOSE),
    })
    .returning({ id: webhookEndpoints.id });
  const apps = await tx
    .select({ id: applications.id })
    .from(applications)
    .where(eq(applications.lenderId, lender.id))
    .orderBy(applications.id)
    .limit(3);
  const now = Date.now();
  const past: { type: string; hoursAgo: number; answers: (number | null)[] }[] = [
    { type: 'decision.made', hoursAgo: 50, answers: [200] },
    { type: 'loan.funded', hoursAgo: 30, answers: [503, null, 200] },
    { type: 'loan.reversed', hoursAgo: 6, answers: [500, 500, 500] },
  ];
  for (const [i, p] of past.entries()) {
    const applicationId = apps[i]?.id ?? null;
    const messageId = newMessageId();
    const createdAt = new Date(now - p.hoursAgo * HOUR_MS);
    const ok = p.answers.at(-1) === 200;
    const last = p.answers.at(-1) ?? null;
    const [delivery] = await tx
      .insert(webhookDeliveries)
      .values({
        lenderId: lender.id,
        endpointId: endpoint!.id,
        messageId,
        eventType: p.type,
        applicationId,
        sequence: applicationId === null ? null : 1,
        payload: webhookBody({
          messageId,
          type: p.type,
          timestamp: createdAt.toISOString(),
          applicationId,
          sequence: applicationId === null ? null : 1,
          data: {},
        }),
        status: ok ? 'succeeded' : 'failed',
        attempts: p.answers.length,
        createdAt,
        nextAttemptAt: createdAt,
        lastAttemptAt: new Date(createdAt.getTime() + (p.answers.length - 1) * 300_000),
        lastStatusCode: last,
        lastDurationMs: 180,
        lastError: ok ? null : last === null ? 'No answer within 15 s.' : `Answered ${last}.`,
      })
      .returning({ id: webhookDeliveries.id });
    await tx.insert(webhookAttempts).values(
      p.answers.map((status, n) => ({
        lenderId: lender.id,
        deliveryId: delivery!.id,
        attempt: n + 1,
        attemptedAt: new Date(createdAt.getTime() + n * 300_000),
        statusCode: status,
        durationMs: status === null ? 15_000 : 120 + n * 40,
        error: status === null ? 'No answer within 15 s.' : status === 200 ? null : `Answered ${status}.`,
      })),
    );
  }
};
