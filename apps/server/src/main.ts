import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { connectDatabase } from './db/client.ts';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded.ts';
import { runMigrations } from './db/migrate.ts';
import { seedDemo } from './db/seed/demo.ts';
import { RETRY_AFTER_SECONDS } from './platform/errors.ts';
import { loanSummaryOutboxHandlers } from './modules/loan-summary/loan-summary-export.ts';
import { webhookOutboxHandlers } from './modules/webhooks/webhooks.module.ts';
import { borrowerSmsOutboxHandlers } from './modules/borrower-notifications/borrower-notifications.service.ts';
import { startHub } from './platform/hub.ts';
import { startJobs } from './platform/jobs.ts';

/**
 * Start-up: config -> database (embedded or DATABASE_URL) -> migrate -> seed the demo once -> job runner (pg-boss,
 * outbox delivery) -> listen.
 */
const main = async () => {
  const config = loadConfig();
  let embedded: EmbeddedDatabase | undefined;
  let url = config.databaseUrl;
  // Only the watchdog's own messages (exits, restarts), not the server's log lines.
  const ofWatchdog = (message: string) => message.startsWith('embedded PostgreSQL');
  let log = (message: string) => {
    if (ofWatchdog(message)) process.stderr.write(`${message}\n`);
  };
  if (!url) {
    // A watchdog restarts the embedded server if it exits (crash, kill -9); /healthz fails if it cannot.
    embedded = await startEmbeddedPostgres(config.dataDir, (message) => log(message), {
      restartAttempts: config.embeddedDbRestartAttempts,
    });
    url = embedded.url;
  }
  // Migrations and the demo seed may run long statements: they use their own short-lived pool with the tools'
  // limits. Requests get the configured ones, so a frozen database answers 503 within seconds.
  const setup = connectDatabase(url, 2);
  try {
    await runMigrations(setup.db);
    if (config.seedDemo) await seedDemo(setup.db, config);
  } finally {
    await setup.close();
  }
  const database = connectDatabase(url, config.databasePoolMax, {
    statementTimeoutMs: config.dbStatementTimeoutMs,
    queryTimeoutMs: config.dbQueryTimeoutMs,
    connectionTimeoutMs: config.dbConnectTimeoutMs,
  });
  const { app } = await buildApp({ db: database.db, config, databaseProcess: embedded });
  log = (message) => {
    if (ofWatchdog(message)) app.log.warn(message);
  };
  // Delivers the outbox (e-mail, the loan summary export on funding) with pg-boss on the same database, as the owner
  // role of DATABASE_URL. JOBS_IN_API=false leaves them to `npm run worker` (worker.ts) when the API scales out.
  const jobs =
    process.env.JOBS_IN_API === 'false'
      ? undefined
      : await startJobs({
          url,
          db: database.db,
          config,
          log: app.log,
          moreHandlers: {
            ...loanSummaryOutboxHandlers(app, { db: database.db, config }),
            ...webhookOutboxHandlers(database.db),
            ...borrowerSmsOutboxHandlers(config),
          },
        });

  // The real-time hub on the same port (Socket.IO at /socket.io/), LISTENing on the database for its signals.
  const hub = await startHub(app, { db: database.db, config, databaseUrl: url });

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    // While closing, Fastify answers new requests 503 itself, before any hook: they get Retry-After here.
    app.server.prependListener('request', (_request, response) =>
      response.setHeader('Retry-After', String(RETRY_AFTER_SECONDS)),
    );
    await hub.close();
    await app.close();
    await jobs?.stop();
    await database.close();
    await embedded?.stop();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.host, port: config.port });
  const address = `http://localhost:${config.port}`;
  const databaseLabel = embedded ? 'embedded PostgreSQL' : 'DATABASE_URL';
  app.log.info(`Credence is running at ${address} (${databaseLabel})`);
  // A person at a terminal gets a plain banner among the JSON log lines; log collectors (no TTY) do not.
  if (process.stdout.isTTY) process.stdout.write(startBanner(address, databaseLabel));
};

/** The start-up banner for a terminal: the address to open, the database, how to stop. */
const startBanner = (address: string, database: string): string =>
  [
    '',
    '  ──────────────────────────────────────────────',
    `   Credence is running at ${address}`,
    `   Database: ${database}   ·   Stop: Ctrl+C`,
    '  ──────────────────────────────────────────────',
    '',
    '',
  ].join('\n');

main().catch((error: unknown) => {
  process.stderr.write(
    `Credence failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
