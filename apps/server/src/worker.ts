import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { connectDatabase } from './db/client.ts';
import { runningPostmaster } from './db/embedded.ts';
import { loanSummaryOutboxHandlers } from './modules/loan-summary/loan-summary-export.ts';
import { webhookOutboxHandlers } from './modules/webhooks/webhooks.module.ts';
import { borrowerSmsOutboxHandlers } from './modules/borrower-notifications/borrower-notifications.service.ts';
import { startJobs } from './platform/jobs.ts';

/**
 * `npm run worker`: the job runner alone (issue 15 item 5), for a lender that scales out — the API processes run
 * with JOBS_IN_API=false and one or more workers deliver the outbox (e-mail, the loan summary export on funding)
 * and the modules' queues. The app is built (the loan summary export reads the summary through the in-process
 * GraphQL) but never listens. Several workers may run at once: outbox rows are taken with `skip locked`, and the
 * export attaches one PDF per funding whoever runs it.
 *
 * The database: DATABASE_URL; without it, the embedded cluster of DATA_DIR that a running `npm start` serves (its
 * port from the cluster's lock file, its password from DATA_DIR). The worker migrates and seeds nothing.
 */

/** The URL of the embedded cluster an API process is serving, or undefined when none runs. */
const embeddedUrl = (dataDir: string): string | undefined => {
  const clusterDir = path.join(dataDir, 'pg');
  if (runningPostmaster(clusterDir) === undefined) return undefined;
  const port = Number(readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8').split('\n')[3]);
  const password = readFileSync(path.join(dataDir, 'pg-password'), 'utf8').trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/credence`;
};

const main = async () => {
  const config = loadConfig();
  const url = config.databaseUrl ?? embeddedUrl(config.dataDir);
  if (!url) {
    throw new Error(
      `no database: set DATABASE_URL, or start the API first (npm start) so the embedded database in ${config.dataDir} runs`,
    );
  }
  const database = connectDatabase(url, Math.min(config.databasePoolMax, 5), {
    statementTimeoutMs: config.dbStatementTimeoutMs,
    queryTimeoutMs: config.dbQueryTimeoutMs,
    connectionTimeoutMs: config.dbConnectTimeoutMs,
  });
  const { app } = await buildApp({ db: database.db, config });
  await app.ready();
  const jobs = await startJobs({
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
  app.log.info('Credence worker is running the jobs');

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'worker shutting down');
    await jobs.stop();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
};

main().catch((error: unknown) => {
  process.stderr.write(
    `Credence worker failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
