import { loadConfig } from '../../config.ts';
import { connectDatabase } from '../client.ts';
import { startEmbeddedPostgres } from '../embedded.ts';
import { runMigrations } from '../migrate.ts';
import { seedDemo } from './demo.ts';

/** `npm run seed`: migrate and create the demo data (on DATABASE_URL, or the embedded database). */
const config = loadConfig();
const embedded = config.databaseUrl ? undefined : await startEmbeddedPostgres(config.dataDir);
const database = connectDatabase(config.databaseUrl ?? embedded!.url);
try {
  await runMigrations(database.db);
  const created = await seedDemo(database.db, config);
  process.stdout.write(
    created ? 'Demo data created.\n' : 'The database already has lenders; demo data left as it is.\n',
  );
} finally {
  await database.close();
  await embedded?.stop();
}
