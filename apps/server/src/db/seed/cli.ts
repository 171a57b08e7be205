import { parseArgs } from 'node:util';
import { loadConfig } from '../../config.ts';
import { connectDatabase } from '../client.ts';
import { startEmbeddedPostgres } from '../embedded.ts';
import { runMigrations } from '../migrate.ts';
import { seedBulkApplications } from './bulk-applications.ts';
import { seedDemo } from './demo.ts';

/**
 * `npm run seed`: migrate and create the demo data (on DATABASE_URL, or the embedded database).
 * `npm run seed -- --applications 100000 [--lender "Harbor Auto Finance"] [--batch 1000]`: then add that many
 * synthetic applications, in batches of multi-row INSERTs.
 */
const { values: args } = parseArgs({
  options: {
    applications: { type: 'string' },
    lender: { type: 'string' },
    batch: { type: 'string' },
  },
});
const count = args.applications === undefined ? 0 : Number(args.applications);
if (!Number.isInteger(count) || count < 0) throw new Error('--applications must be a whole number');

const config = loadConfig();
const embedded = config.databaseUrl ? undefined : await startEmbeddedPostgres(config.dataDir);
const database = connectDatabase(config.databaseUrl ?? embedded!.url);
try {
  await runMigrations(database.db);
  const created = await seedDemo(database.db, config);
  process.stdout.write(
    created ? 'Demo data created.\n' : 'The database already has lenders; demo data left as it is.\n',
  );
  if (count > 0) {
    const started = Date.now();
    await seedBulkApplications(database.db, config.dataEncryptionKey, {
      count,
      ...(args.lender ? { lenderName: args.lender } : {}),
      ...(args.batch ? { batchSize: Number(args.batch) } : {}),
      onProgress: (done, total) => {
        const seconds = (Date.now() - started) / 1000;
        process.stdout.write(`  ${done} of ${total} applications (${Math.round(done / seconds)}/s)\n`);
      },
    });
    process.stdout.write(
      `${count} synthetic applications created in ${Math.round((Date.now() - started) / 100) / 10} s.\n`,
    );
  }
} finally {
  await database.close();
  await embedded?.stop();
}
