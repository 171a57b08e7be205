import { createHash } from 'node:crypto';
import { messages } from '@credence/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { openAmbient, runWithAmbient, type AmbientTransaction } from '../db/ambient-transaction.ts';
import type { Db } from '../db/client.ts';
import { AppError, fieldError, loggableError } from './errors.ts';

/**
 * `Idempotency-Key` on every guarded POST (issue 10, item 14): a client that did not get an answer (a crash, a
 * lost connection) sends the same request again with the same key and gets the first answer, not a second write.
 *
 * - The key belongs to the signed-in user: (user, key) is the primary key of `idempotency_keys`; another user's
 *   identical key is unrelated. Keys are printable ASCII, 1 to 255 characters; anything else is a 422.
 * - The request's fingerprint is the SHA-256 of its method, route pattern, current lender, path parameters,
 *   query and parsed (validated) body. The same key with another fingerprint is a 422
 *   IDEMPOTENCY_KEY_REUSED and runs nothing.
 * - A stored answer (2xx status, content type and body) is replayed as it was, with `Idempotent-Replayed: true`,
 *   for 24 hours; after that the key may be used again. Answers other than 2xx are not kept (nothing was
 *   written: the services' transactions rolled back), so the same key may be retried.
 *
 * Concurrency and crashes. Before the handler runs, a transaction is opened and a transaction-level advisory
 * lock on (user, key) taken with `pg_try_advisory_xact_lock`. A duplicate that finds the lock taken does not
 * wait holding a connection: it lets go and tries again shortly (up to IN_PROGRESS_WAIT_MS, then 409
 * IDEMPOTENCY_KEY_IN_PROGRESS with Retry-After), and when it gets the lock finds the stored answer. The handler
 * runs with that transaction as its ambient transaction: every `withTenant` of the handler runs in a savepoint
 * of it (db/tenancy.ts), and the answer is inserted into `idempotency_keys` in the same transaction, committed
 * before a byte of the answer is sent. So:
 *   - an acknowledged answer is always stored: a retry never writes twice;
 *   - a crash (or a lost database connection) before the commit loses the writes and the key together: the
 *     retry runs the request once more, and there is still exactly one write;
 *   - concurrent duplicates never both run: one holds the lock until its writes and answer are committed.
 * The lock dies with the connection, so there is no lease to wait out after a crash. Writes a handler makes
 * outside `withTenant` (directly on the pool) are not part of the transaction: they are committed on their own
 * and only the "acknowledged = stored" guarantee holds for them (every POST service of this codebase writes
 * through `withTenant`).
 *
 * An idempotent request holds one pooled connection from before its handler to its answer, and its handler's
 * tenant work runs on that connection. At most `poolMax - 2` do so at once in a process (the next ones wait for
 * a slot), so handlers that also need the pool always find a connection.
 *
 * Multipart uploads are not covered (their body is a stream the fingerprint cannot see): the header is ignored
 * there. Public routes (sign-in) have no owner for a key: ignored as well.
 */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_REPLAYED_HEADER = 'idempotent-replayed';
/** How long a stored answer is replayed. */
export const IDEMPOTENCY_TTL_HOURS = 24;
/** How long a duplicate waits for the first request with its key to finish before a 409. */
const IN_PROGRESS_WAIT_MS = 10_000;
/** A request still without an answer after this long is rolled back, freeing its key and its connection. */
const ABANDONED_MS = 10 * 60_000;
/** Advisory lock namespace of idempotency keys (the SSN lookups and the audit use others). */
const LOCK_NAMESPACE = 0x1d_e4;
const KEY_PATTERN = /^[\x20-\x7e]{1,255}$/;
/**
 * POSTs whose answer must not be kept or replayed, so the header is ignored there: the queue search only reads
 * (and its answer is personal data), and a download token is a single-use secret that is stored only as a hash.
 * A route may also say so itself with `config: { idempotency: false }`.
 */
const NOT_REPLAYABLE = new Set([
  '/api/applicationqueues/:gridName/search',
  '/api/applications/:id/files/:fileId/downloadToken',
  '/api/fileExports/:id/downloadToken',
]);

type Claimed = { kind: 'claimed'; ambient: AmbientTransaction; fingerprint: string };
type Stored = { kind: 'stored'; status: number; contentType: string | null; body: string | null };
type State = {
  ambient: AmbientTransaction;
  userId: number;
  key: string;
  fingerprint: string;
  ended: boolean;
  /** The safety net: rolls back a request that never answers (its lock and connection are not kept for ever). */
  timer: NodeJS.Timeout;
};

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  interface FastifyContextConfig {
    /** `false`: the route ignores Idempotency-Key (a POST that only reads, or answers a secret). */
    idempotency?: boolean;
  }
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  interface FastifyRequest {
    idempotency: State | null;
  }
}

/** JSON with object keys sorted, so the fingerprint does not depend on the order fields were sent in. */
const canonicalJson = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Date)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : v,
  ) ?? 'null';

export const requestFingerprint = (request: FastifyRequest, lenderId: number) =>
  createHash('sha256')
    .update(
      canonicalJson({
        method: request.method,
        route: request.routeOptions.url,
        lenderId,
        params: request.params ?? null,
        query: request.query ?? null,
        body: request.body ?? null,
      }),
    )
    .digest('hex');

/** At most `size` holders at once; the next ones wait in line. */
const semaphore = (size: number) => {
  let free = size;
  const waiting: (() => void)[] = [];
  return {
    acquire: async () => {
      if (free > 0) {
        free--;
        return;
      }
      await new Promise<void>((resolve) => waiting.push(resolve));
    },
    release: () => {
      const next = waiting.shift();
      if (next) next();
      else free++;
    },
  };
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const inProgress = () =>
  new AppError(409, 'IDEMPOTENCY_KEY_IN_PROGRESS', messages.idempotency.inProgress, undefined, { 'Retry-After': '1' });

export const registerIdempotency = (app: FastifyInstance, deps: { db: Db; config: { databasePoolMax: number } }) => {
  const { db } = deps;
  const slots = semaphore(Math.max(1, deps.config.databasePoolMax - 2));
  app.decorateRequest('idempotency', null);

  /** Takes the key's lock in a new transaction: the stored answer, or the transaction to run the request in. */
  const claim = async (userId: number, key: string, fingerprint: string): Promise<Claimed | Stored> => {
    const deadline = Date.now() + IN_PROGRESS_WAIT_MS;
    for (let pause = 20; ; pause = Math.min(pause * 2, 250)) {
      await slots.acquire();
      let ambient: AmbientTransaction | undefined;
      let handedOver = false;
      try {
        ambient = await openAmbient(db);
        const locked = await ambient.tx.execute<{ locked: boolean }>(
          sql`select pg_try_advisory_xact_lock(${LOCK_NAMESPACE}::int, hashtext(${`${userId}:${key}`})) as locked`,
        );
        if (locked.rows[0]?.locked) {
          const found = await ambient.tx.execute<{
            fingerprint: string;
            status: number;
            content_type: string | null;
            body: string | null;
          }>(sql`select fingerprint, status, content_type, body from idempotency_keys
                  where user_id = ${userId} and key = ${key} and expires_at > now()`);
          const row = found.rows[0];
          if (!row) {
            handedOver = true; // ended (and its slot freed) when the answer is known
            return { kind: 'claimed', ambient, fingerprint };
          }
          if (row.fingerprint !== fingerprint) {
            throw new AppError(422, 'IDEMPOTENCY_KEY_REUSED', messages.idempotency.keyReused, [
              { field: 'Idempotency-Key', message: messages.idempotency.keyReused },
            ]);
          }
          return { kind: 'stored', status: row.status, contentType: row.content_type, body: row.body };
        }
      } finally {
        if (!handedOver) {
          await ambient?.end(false).catch(() => undefined);
          slots.release();
        }
      }
      if (Date.now() + pause > deadline) throw inProgress();
      await sleep(pause);
    }
  };

  /** Keeps a 2xx answer with the request's writes and commits; anything else rolls back. */
  const finish = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const state = request.idempotency;
    if (!state || state.ended) return payload;
    state.ended = true;
    clearTimeout(state.timer);
    if (reply.statusCode < 200 || reply.statusCode >= 300) {
      await state.ambient.end(false).catch(() => undefined);
      slots.release();
      request.idempotency = null;
      return payload;
    }
    try {
      // A stream (a file) cannot be kept: the status and type are, with no body.
      const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
      const contentType = reply.getHeader('content-type');
      await state.ambient.tx.execute(sql`
        insert into idempotency_keys (user_id, key, fingerprint, status, content_type, body, expires_at)
        values (${state.userId}, ${state.key}, ${state.fingerprint}, ${reply.statusCode},
                ${typeof contentType === 'string' ? contentType : null}, ${body},
                now() + make_interval(hours => ${IDEMPOTENCY_TTL_HOURS}))
        on conflict (user_id, key) do update
          set fingerprint = excluded.fingerprint, status = excluded.status, content_type = excluded.content_type,
              body = excluded.body, created_at = now(), expires_at = excluded.expires_at`);
      await state.ambient.end(true);
      return payload;
    } catch (error) {
      // Not committed (or not known to be): the client must not take the request as done.
      request.log.error({ err: loggableError(error, { stack: true }) }, 'idempotent request not committed');
      await state.ambient.end(false).catch(() => undefined);
      void reply.code(503).header('content-type', 'application/json; charset=utf-8').header('retry-after', '5');
      return JSON.stringify({ code: 'DB_UNAVAILABLE', message: messages.errors.databaseUnavailable });
    } finally {
      slots.release();
      request.idempotency = null;
      // Now and then, forget expired keys (outside the request's transaction).
      if (Math.random() < 0.02) {
        db.execute(
          sql`delete from idempotency_keys where ctid = any(array(
                select ctid from idempotency_keys where expires_at <= now() limit 1000))`,
        ).catch((error: unknown) => request.log.warn({ err: loggableError(error) }, 'expired idempotency keys'));
      }
    }
  };

  /** Rolls back without keeping anything. */
  const abandon = async (request: FastifyRequest, state: State) => {
    if (state.ended) return;
    state.ended = true;
    clearTimeout(state.timer);
    if (request.idempotency === state) request.idempotency = null;
    request.log.warn('idempotent request ended without a kept answer');
    await state.ambient.end(false).catch(() => undefined);
    slots.release();
  };

  app.addHook('preHandler', (request, reply, done) => {
    const header = request.headers[IDEMPOTENCY_KEY_HEADER];
    const auth = request.auth;
    if (
      header === undefined ||
      request.method !== 'POST' ||
      !auth ||
      request.routeOptions.config.public ||
      request.routeOptions.config.idempotency === false ||
      NOT_REPLAYABLE.has(request.routeOptions.url ?? '') ||
      request.headers['content-type']?.toLowerCase().startsWith('multipart/')
    ) {
      done();
      return;
    }
    const key = Array.isArray(header) ? header.join(', ') : header;
    if (!KEY_PATTERN.test(key)) {
      done(fieldError('Idempotency-Key', messages.idempotency.invalidKey));
      return;
    }
    const fingerprint = requestFingerprint(request, auth.lenderId);
    claim(auth.userId, key, fingerprint).then(
      (result) => {
        if (result.kind === 'stored') {
          void reply.code(result.status).header(IDEMPOTENCY_REPLAYED_HEADER, 'true');
          if (result.contentType) void reply.header('content-type', result.contentType);
          void reply.send(result.body ?? undefined);
          return;
        }
        const state: State = {
          ambient: result.ambient,
          userId: auth.userId,
          key,
          fingerprint,
          ended: false,
          timer: setTimeout(() => abandon(request, state), ABANDONED_MS).unref(),
        };
        request.idempotency = state;
        // The handler (and all it awaits) runs with the claimed transaction as its ambient transaction.
        runWithAmbient(result.ambient, () => done());
      },
      (error: unknown) => done(error as Error),
    );
  });

  app.addHook('onSend', async (request, reply, payload) => finish(request, reply, payload));
  // A request whose answer never went through onSend still ends its transaction, without keeping anything.
  app.addHook('onResponse', async (request) => {
    if (request.idempotency) await abandon(request, request.idempotency);
  });
};
