import PgBoss from 'pg-boss';
import type { Db } from '../db/client.ts';
import { createMailTransport, emailHandler, type MailConfig, type MailTransport } from './mail.ts';
import { loggableError } from './errors.ts';
import {
  describeDeliveryError,
  drainOutbox,
  outboxHasDueRows,
  type DrainOptions,
  type DrainResult,
  type OutboxHandlers,
} from './outbox.ts';

/** pg-boss keeps its tables in their own schema of the application's database. */
export const JOBS_SCHEMA = 'pgboss';
/** The queue whose job drains the outbox. */
export const OUTBOX_QUEUE = 'outbox-deliver';

type LogFn = (object: Record<string, unknown>, message: string) => void;
export type JobsLog = { info: LogFn; warn: LogFn; error: LogFn };
const silent: JobsLog = { info: () => {}, warn: () => {}, error: () => {} };

/**
 * A queue of a module's own (the policy sandbox's replays): the module registers it when the app is built, the job
 * runner started after it works it in this process. Its work waits in the module's own table: `due` says cheaply
 * whether some does (polled with the outbox), `work` does what waits (one pg-boss job, retried on failure).
 */
export type JobQueue = {
  name: string;
  due: (db: Db) => Promise<boolean>;
  work: (db: Db, log: JobsLog) => Promise<void>;
  expireInSeconds?: number;
};
const jobQueues = new Map<string, JobQueue>();
const jobWakers = new Set<(name: string) => void>();
export const registerJobQueue = (queue: JobQueue) => void jobQueues.set(queue.name, queue);
/** After a commit that queued work: this process's job runner (if any) takes it now rather than at its next poll. */
export const wakeJobQueue = (name: string) => {
  for (const wake of jobWakers) wake(name);
};

export type JobsOptions = {
  /** The database (owner role, as for migrations): pg-boss opens a small pool of its own on it. */
  url: string;
  /** The application's pool: the drain runs on it as the owner, across lenders (not as credence_app). */
  db: Db;
  config: MailConfig;
  log?: JobsLog;
  /** Default: chosen by the configuration (SMTP_URL, else .eml files). */
  transport?: MailTransport;
  /** Default: `{ email }` on the transport, and `moreHandlers`. */
  handlers?: OutboxHandlers;
  /** Handlers of the modules' kinds beside the e-mail (the loan summary's `loan.funded`). */
  moreHandlers?: OutboxHandlers;
  /** How often this process looks for due outbox rows (default 2 s). */
  pollIntervalMs?: number;
  drain?: DrainOptions;
};

export type Jobs = {
  boss: PgBoss;
  transport: MailTransport;
  /** Queues a drain job and wakes this process's worker (what the poller does when rows are due). */
  nudge: () => Promise<void>;
  /** Drains the due rows now, in this process, as the job does; answers when done (tests wait on it). */
  drain: () => Promise<DrainResult>;
  /** Stops polling and the worker (waiting for a running drain), closes pg-boss's pool and the transport. */
  stop: () => Promise<void>;
};

/**
 * The job runner: pg-boss v10 on the same PostgreSQL (schema `pgboss`), one queue `outbox-deliver`.
 *
 * Every `pollIntervalMs` a cheap index query asks whether an outbox row is due (new, or its retry backoff
 * over); if so a drain job is queued (policy `short`: at most one waiting, however many processes poll) and this
 * process's worker is woken. The job drains with `drainOutbox` (row locks with `skip locked`, so any number of
 * processes may work). Per-row failures are counted on the row (attempts, backoff, give up: see outbox.ts); a
 * drain that fails as a whole (database down) is retried by pg-boss with backoff. Idle cost: one small query
 * per poll interval, pg-boss's worker fetch every 30 s and its maintenance every few minutes.
 */
export const startJobs = async (options: JobsOptions): Promise<Jobs> => {
  const log = options.log ?? silent;
  const transport = options.transport ?? createMailTransport(options.config);
  const handlers = options.handlers ?? { email: emailHandler(transport), ...options.moreHandlers };
  const pollIntervalMs = options.pollIntervalMs ?? 2000;

  const boss = new PgBoss({
    connectionString: options.url,
    schema: JOBS_SCHEMA,
    application_name: 'credence-jobs',
    max: 3,
    // No cron schedules (yet): no clock monitor.
    schedule: false,
    // Finished jobs are kept a day, then archived and deleted.
    archiveCompletedAfterSeconds: 24 * 3600,
    deleteAfterDays: 7,
  });
  // A poll that failed (the database away, a pool timeout): its code and scrubbed message, no query, no stack.
  boss.on('error', (error) => log.warn({ err: loggableError(error) }, 'job runner error'));
  await boss.start();
  const queue = {
    name: OUTBOX_QUEUE,
    policy: 'short' as const,
    retryLimit: 5,
    retryDelay: 5,
    retryBackoff: true,
    expireInSeconds: 15 * 60,
  };
  await boss.createQueue(OUTBOX_QUEUE, queue);
  await boss.updateQueue(OUTBOX_QUEUE, queue);

  const running = new Set<Promise<unknown>>();
  const drain = (): Promise<DrainResult> => {
    const work = drainOutbox(options.db, handlers, options.drain).then((result) => {
      if (result.delivered + result.failed > 0) log.info({ ...result }, 'outbox drained');
      return result;
    });
    running.add(work);
    void work.finally(() => running.delete(work)).catch(() => {});
    return work;
  };

  const workerId = await boss.work(OUTBOX_QUEUE, { pollingIntervalSeconds: 30, batchSize: 1 }, async () => {
    await drain();
  });

  let stopped = false;
  const nudge = async () => {
    await boss.send(OUTBOX_QUEUE, {});
    boss.notifyWorker(workerId);
  };

  const moduleQueues = [...jobQueues.values()];
  const moduleWorkers = new Map<string, string>();
  for (const q of moduleQueues) {
    const settings = {
      name: q.name,
      policy: 'short' as const,
      retryLimit: 2,
      retryDelay: 5,
      retryBackoff: true,
      expireInSeconds: q.expireInSeconds ?? 30 * 60,
    };
    await boss.createQueue(q.name, settings);
    await boss.updateQueue(q.name, settings);
    moduleWorkers.set(
      q.name,
      await boss.work(q.name, { pollingIntervalSeconds: 30, batchSize: 1 }, () => q.work(options.db, log)),
    );
  }
  const wakeQueue = async (name: string) => {
    await boss.send(name, {});
    const worker = moduleWorkers.get(name);
    if (worker) boss.notifyWorker(worker);
  };
  const wake = (name: string) => {
    if (!stopped && moduleWorkers.has(name))
      wakeQueue(name).catch((error: unknown) => log.warn({ error: describeDeliveryError(error) }, 'job wake failed'));
  };
  jobWakers.add(wake);

  let timer: NodeJS.Timeout | undefined;
  let polling: Promise<void> = Promise.resolve();
  let failing = false;
  const poll = async () => {
    try {
      if (await outboxHasDueRows(options.db, handlers, options.drain)) await nudge();
      for (const q of moduleQueues) if (await q.due(options.db)) await wakeQueue(q.name);
      if (failing) log.info({}, 'outbox poll recovered');
      failing = false;
    } catch (error) {
      // The database may be down for a while: keep polling, and say so once, not every interval.
      if (!failing && !stopped) log.warn({ error: describeDeliveryError(error) }, 'outbox poll failed');
      failing = true;
    }
    schedule(pollIntervalMs);
  };
  const schedule = (delayMs: number) => {
    if (stopped) return;
    timer = setTimeout(() => (polling = poll()), delayMs);
    timer.unref();
  };
  // The first look at once: rows left from before a restart go out now.
  schedule(0);

  return {
    boss,
    transport,
    nudge,
    drain,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      jobWakers.delete(wake);
      clearTimeout(timer);
      await polling;
      // Waits for a running drain job (at most 10 s; a row's transaction is short), then closes pg-boss's pool.
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
      await Promise.allSettled([...running]);
      transport.close();
    },
  };
};
