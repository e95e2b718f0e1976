import { runMigrations } from '../db/migrate.ts';
import { openDatabase } from '../db/open-database.ts';
import { loadEnv } from '../env.ts';
import { createLogger } from '../lib/logger.ts';
import { loadSecrets } from '../lib/secrets.ts';
import { runCommand } from './run-command.ts';

// `npm run migrate`: the migrations the server applies at start, applied now (before an upgrade's
// first start, or from a deploy step while the old version still serves).
await runCommand(async () => {
  const env = loadEnv();
  const log = createLogger({ level: env.LOG_LEVEL, format: env.LOG_FORMAT });
  const secrets = await loadSecrets(env.DATA_DIR, {});
  const database = await openDatabase(env, secrets, log, {
    onUnrecoverable: (error) => log.fatal({ err: error }, 'the database stopped during the migration'),
  });
  try {
    const applied = await runMigrations(database);
    log.info(
      applied === 0 ? 'the database is up to date' : `applied ${applied} migration(s); the database is up to date`,
    );
  } finally {
    await database.close();
  }
});
