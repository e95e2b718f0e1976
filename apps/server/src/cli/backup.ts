import { createWriteStream } from 'node:fs';
import { mkdir, rename, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { PassThrough } from 'node:stream';
import { createGzip } from 'node:zlib';
import { createDatabaseClient } from '../db/client.ts';
import { runningEmbeddedPostgresUrl } from '../db/embedded-postgres.ts';
import { openDatabase, type OpenDatabase } from '../db/open-database.ts';
import { writeSnapshot } from '../db/snapshot.ts';
import { loadEnv } from '../env.ts';
import { createLogger } from '../lib/logger.ts';
import { loadSecrets } from '../lib/secrets.ts';
import { runCommand } from './run-command.ts';

// `npm run backup [file]`: a consistent snapshot of the whole database (decision 029), taken while
// the server runs or not. Default file: DATA_DIR/backups/leadbell-<time>.backup.gz.

await runCommand(async () => {
  const env = loadEnv();
  const log = createLogger({ level: env.LOG_LEVEL, format: env.LOG_FORMAT });
  const secrets = await loadSecrets(env.DATA_DIR, {});
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = path.resolve(process.argv[2] ?? path.join(env.DATA_DIR, 'backups', `leadbell-${stamp}.backup.gz`));

  const runningUrl =
    env.DATABASE_URL ?? (await runningEmbeddedPostgresUrl(env.DATA_DIR, secrets.embeddedPostgresPassword));
  const database: Pick<OpenDatabase, 'pool' | 'close'> = runningUrl
    ? (({ pool }) => ({ pool, close: () => pool.end() }))(createDatabaseClient(runningUrl, { max: 1 }))
    : await openDatabase(env, secrets, log, {
        onUnrecoverable: (error) => log.fatal({ err: error }, 'the database stopped during the backup'),
      });
  try {
    await mkdir(path.dirname(file), { recursive: true });
    // Written beside the target and renamed when complete: a failed backup never looks like a good one.
    const partial = `${file}.partial`;
    const text = new PassThrough();
    const written = pipeline(text, createGzip(), createWriteStream(partial, { mode: 0o600 }));
    const header = await writeSnapshot(database.pool, text);
    text.end();
    await written;
    await rename(partial, file);
    const { size } = await stat(file);
    log.info(`backup written to ${file} (${header.tables.length} tables, ${(size / 1024).toFixed(0)} KiB)`);
  } finally {
    await database.close();
  }
});
