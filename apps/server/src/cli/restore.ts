import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import path from 'node:path';
import { createGunzip } from 'node:zlib';
import { runningEmbeddedPostgresUrl } from '../db/embedded-postgres.ts';
import { runMigrations } from '../db/migrate.ts';
import { openDatabase } from '../db/open-database.ts';
import { loadSnapshot } from '../db/snapshot.ts';
import { loadEnv } from '../env.ts';
import { startDeliveryQueue } from '../jobs/delivery-queue.ts';
import { createLogger } from '../lib/logger.ts';
import { loadSecrets } from '../lib/secrets.ts';
import { runCommand } from './run-command.ts';

// `npm run restore <file>`: loads a backup into an empty data folder (or an empty DATABASE_URL
// database) with the server stopped. It never overwrites a database that holds accounts.

await runCommand(async () => {
  const [file] = process.argv.slice(2);
  if (!file)
    throw new Error('Invalid environment: name the backup to restore, e.g. npm run restore -- ./leadbell.backup.gz');
  const backup = await open(path.resolve(file));
  const env = loadEnv();
  const log = createLogger({ level: env.LOG_LEVEL, format: env.LOG_FORMAT });
  const secrets = await loadSecrets(env.DATA_DIR, {});
  if (!env.DATABASE_URL && (await runningEmbeddedPostgresUrl(env.DATA_DIR, secrets.embeddedPostgresPassword))) {
    throw new Error(`Invalid environment: a Leadbell server is running on ${env.DATA_DIR}; stop it first.`);
  }
  const database = await openDatabase(env, secrets, log, {
    onUnrecoverable: (error) => log.fatal({ err: error }, 'the database stopped during the restore'),
  });
  try {
    await runMigrations(database);
    const { rows } = await database.pool.query<{ count: number }>('select count(*)::int as count from users');
    if (rows[0]!.count > 0) {
      throw new Error(
        'Invalid environment: this database already holds accounts; restore into an empty DATA_DIR ' +
          '(or an empty database) so nothing is overwritten.',
      );
    }
    // The job queue's own tables come from pg-boss, as when the server starts.
    const queue = await startDeliveryQueue({ databaseUrl: database.databaseUrl, log, supervise: false });
    await queue.stop();
    const compressed = createReadStream('', { fd: backup });
    const text = createGunzip();
    compressed.on('error', (error) => text.destroy(error));
    const header = await loadSnapshot(database.pool, compressed.pipe(text));
    log.info(`restored ${header.tables.length} tables from ${file} (taken ${header.takenAt})`);
  } finally {
    await database.close();
  }
});
