import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { outbox } from '../db/schema/outbox.ts';
import type { TenantTx } from '../db/tenancy.ts';
import { scrubbedMessage } from './errors.ts';

/**
 * The outbox (DESIGN.md rule 14): a business transaction that wants a side effect (an e-mail, later a webhook or
 * a PDF export) writes one row with `enqueue`/`enqueueEmail` **in its own tenant transaction**, so the row exists
 * exactly when the business work committed (a rollback leaves nothing to send). The job runner
 * (platform/jobs.ts) drains the undelivered rows with `drainOutbox`, as the database owner across lenders.
 *
 * Usage, e.g. in a users service:
 *
 *   await withTenant(db, lenderId, async (tx) => {
 *     const user = await insertUser(tx, …);
 *     await enqueueEmail(tx, lenderId, { to: user.email, subject: 'Welcome to Credence', text, html });
 *   });
 *
 * The e-mail is delivered within seconds of the commit (jobs.ts polls for due rows). Nothing here logs the
 * address or the body; a failure keeps only a scrubbed error text.
 */

/** An e-mail as the business code writes it. The From is the configured MAIL_FROM. */
export const emailMessageSchema = z.object({
  to: z.string().trim().email().max(254),
  // Header injection: a subject is one line.
  subject: z
    .string()
    .min(1)
    .max(500)
    .refine((v) => !/[\r\n]/.test(v), 'must be one line'),
  text: z.string().max(1_000_000),
  html: z.string().max(2_000_000).optional(),
});
export type EmailMessage = z.infer<typeof emailMessageSchema>;

/**
 * The kinds of side effect. Add a kind here and a handler for it in jobs.ts. `loan.funded` is consumed by the loan
 * summary's export on funding (modules/loan-summary/loan-summary-export.ts). `webhook` rows are the webhook events
 * (modules/webhooks: fanned out into deliveries). `loan.reversed` (loans.service) has no handler: it waits
 * undelivered for a consumer (rows of a kind without a handler are never taken, never counted as failed).
 */
export type OutboxKind = 'email' | 'loan.funded' | 'webhook' | 'sms';

/**
 * Writes one outbox row in the caller's tenant transaction and answers its id. `lenderId` must be the
 * transaction's lender (row-level security refuses any other).
 */
export const enqueue = async (
  tx: TenantTx,
  lenderId: number,
  kind: OutboxKind,
  payload: Record<string, unknown>,
): Promise<number> => {
  const [row] = await tx.insert(outbox).values({ lenderId, kind, payload }).returning({ id: outbox.id });
  if (!row) throw new Error('outbox insert returned no row');
  return row.id;
};

/** Queues an e-mail in the caller's tenant transaction (see the module comment); answers the outbox id. */
export const enqueueEmail = (tx: TenantTx, lenderId: number, message: EmailMessage): Promise<number> =>
  enqueue(tx, lenderId, 'email', emailMessageSchema.parse(message));

/** An undelivered row as a handler receives it. */
export type OutboxRow = {
  id: number;
  lenderId: number;
  kind: string;
  payload: Record<string, unknown>;
  /** Attempts made before this one. */
  attempts: number;
};

/** Delivers one row; throws to have it retried later. Must not log personal data. */
export type OutboxHandler = (row: OutboxRow) => Promise<void>;
export type OutboxHandlers = Partial<Record<OutboxKind, OutboxHandler>>;

export type DrainOptions = {
  /** After this many failed attempts a row is left undelivered, with its last error: failed. */
  maxAttempts?: number;
  /**
   * Backoff: attempt n (0-based) is due `retryBaseSeconds * (2^n - 1)` seconds after the row was created
   * (10 s: at 0, 10 s, 30 s, 70 s, … ~85 min for the 10th). 0 retries at once (tests).
   */
  retryBaseSeconds?: number;
  /** At most this many rows per drain (the next drain continues). */
  limit?: number;
};
export type DrainResult = { delivered: number; failed: number };

export const OUTBOX_MAX_ATTEMPTS = 10;
export const OUTBOX_RETRY_BASE_SECONDS = 10;

/** Rows due now: undelivered, attempts left, their backoff over, of a kind that has a handler. */
const dueCondition = (kinds: string[], maxAttempts: number, retryBaseSeconds: number) =>
  sql`delivered_at is null and attempts < ${maxAttempts} and kind = any(${sql.param(kinds)}::text[])
      and created_at + make_interval(secs => ${retryBaseSeconds}::float8 * (power(2, attempts) - 1)) <= now()`;

/** Whether any row is due for delivery (a cheap check the job runner polls). */
export const outboxHasDueRows = async (db: Db, handlers: OutboxHandlers, options: DrainOptions = {}) => {
  const kinds = Object.keys(handlers);
  if (kinds.length === 0) return false;
  const { rows } = await db.execute<{ due: boolean }>(
    sql`select exists(select 1 from outbox where ${dueCondition(
      kinds,
      options.maxAttempts ?? OUTBOX_MAX_ATTEMPTS,
      options.retryBaseSeconds ?? OUTBOX_RETRY_BASE_SECONDS,
    )}) as due`,
  );
  return rows[0]?.due === true;
};

const EMAIL_ADDRESS = /[^\s<>()[\]",;:]+@[^\s<>()[\]",;:]+/g;

/**
 * An error as kept in `last_error` and in logs: its code and message with any e-mail address replaced (an SMTP
 * refusal often quotes the recipient), one line, at most 500 characters.
 */
export const describeDeliveryError = (error: unknown): string => {
  const e = error as { code?: unknown; responseCode?: unknown; message?: unknown } | null;
  const parts = [
    typeof e?.code === 'string' ? e.code : undefined,
    typeof e?.responseCode === 'number' ? String(e.responseCode) : undefined,
    typeof e?.message === 'string' ? e.message : typeof error === 'string' ? error : 'unknown error',
  ].filter((p) => p !== undefined);
  return scrubbedMessage(parts.join(' ').replace(EMAIL_ADDRESS, '<address>').replace(/\s+/g, ' '));
};

/**
 * Delivers the rows due now, oldest first, each in its own short transaction: the row is locked
 * (`for update skip locked`, so two workers never take the same row), handed to its handler, and marked
 * delivered in the same transaction; a row marked delivered is never selected again. A failure counts an
 * attempt and keeps the scrubbed error; the row is retried after its backoff until `maxAttempts`. Each row is
 * tried at most once per drain. Runs as the connection's own role (the owner), across lenders.
 *
 * Delivery is at least once: if the process dies after the handler sent but before the commit, the row is sent
 * again later (the .eml transport overwrites the same file; SMTP keeps the same Message-ID).
 */
export const drainOutbox = async (
  db: Db,
  handlers: OutboxHandlers,
  options: DrainOptions = {},
): Promise<DrainResult> => {
  const kinds = Object.keys(handlers);
  const maxAttempts = options.maxAttempts ?? OUTBOX_MAX_ATTEMPTS;
  const retryBaseSeconds = options.retryBaseSeconds ?? OUTBOX_RETRY_BASE_SECONDS;
  const limit = options.limit ?? 500;
  const result: DrainResult = { delivered: 0, failed: 0 };
  if (kinds.length === 0) return result;
  const tried: number[] = [];
  while (tried.length < limit) {
    const outcome = await db.transaction(async (tx) => {
      const { rows } = await tx.execute<{
        id: number;
        lender_id: number;
        kind: string;
        payload: Record<string, unknown>;
        attempts: number;
      }>(
        sql`select id, lender_id, kind, payload, attempts from outbox
            where ${dueCondition(kinds, maxAttempts, retryBaseSeconds)} and not (id = any(${sql.param(tried)}::bigint[]))
            order by id limit 1 for update skip locked`,
      );
      const row = rows[0];
      if (!row) return 'none' as const;
      tried.push(row.id);
      const handler = handlers[row.kind as OutboxKind];
      try {
        if (!handler) throw new Error(`no handler for kind ${row.kind}`);
        await handler({
          id: row.id,
          lenderId: row.lender_id,
          kind: row.kind,
          payload: row.payload,
          attempts: row.attempts,
        });
      } catch (error) {
        await tx.execute(
          sql`update outbox set attempts = attempts + 1, last_error = ${describeDeliveryError(error)} where id = ${row.id}`,
        );
        return 'failed' as const;
      }
      await tx.execute(
        sql`update outbox set attempts = attempts + 1, last_error = null, delivered_at = now() where id = ${row.id}`,
      );
      return 'delivered' as const;
    });
    if (outcome === 'none') break;
    result[outcome] += 1;
  }
  return result;
};
