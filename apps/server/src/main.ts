import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { connectDatabase } from './db/client.ts';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded.ts';
import { runMigrations } from './db/migrate.ts';
import { seedDemo } from './db/seed/demo.ts';

/** Start-up: config -> database (embedded or DATABASE_URL) -> migrate -> seed the demo once -> listen. */
const main = async () => {
  const config = loadConfig();
  let embedded: EmbeddedDatabase | undefined;
  let url = config.databaseUrl;
  if (!url) {
    embedded = await startEmbeddedPostgres(config.dataDir);
    url = embedded.url;
  }
  const database = connectDatabase(url, config.databasePoolMax);
  await runMigrations(database.db);
  if (config.seedDemo) await seedDemo(database.db, config);
  const { app } = await buildApp({ db: database.db, config });

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    await embedded?.stop();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.host, port: config.port });
  app.log.info(
    `Credence is running at http://localhost:${config.port} (${embedded ? 'embedded PostgreSQL' : 'DATABASE_URL'})`,
  );
};

main().catch((error: unknown) => {
  process.stderr.write(
    `Credence failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
