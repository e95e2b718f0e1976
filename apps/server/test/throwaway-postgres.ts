import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { startEmbeddedPostgres } from '../src/db/embedded-postgres.ts';

/** An embedded PostgreSQL on a fresh temporary folder, for a test run or a benchmark; `stop` removes the folder. */
export async function startThrowawayPostgres(
  name: string,
): Promise<{ connectionString: string; stop: () => Promise<void> }> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `leadbell-${name}-`));
  const embedded = await startEmbeddedPostgres({
    dataDir,
    password: name,
    log: pino({ level: 'warn' }),
    // Every result after this would be meaningless.
    onUnrecoverable: (error) => {
      console.error(error);
      process.exit(1);
    },
  });
  return {
    connectionString: embedded.connectionString,
    stop: async () => {
      await embedded.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
