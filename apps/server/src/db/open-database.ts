import { setTimeout as sleep } from 'node:timers/promises';
import type pino from 'pino';
import type { Env } from '../env.ts';
import type { Secrets } from '../lib/secrets.ts';
import { createDatabaseClient, type DatabaseClient } from './client.ts';
import { isDatabaseUnavailable } from './database-unavailable.ts';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './embedded-postgres.ts';

export type OpenDatabase = DatabaseClient & {
  databaseUrl: string;
  /** The embedded PostgreSQL this process runs, or null with DATABASE_URL. */
  embedded: EmbeddedPostgres | null;
  close: () => Promise<void>;
};

const FIRST_RETRY_MS = 500;
const LONGEST_RETRY_MS = 10_000;

/**
 * The database every Leadbell program uses (server, migrate, backup, restore): the embedded
 * PostgreSQL in DATA_DIR, or the server at DATABASE_URL, waited for with backoff while it is
 * unreachable (a managed PostgreSQL restarting as the process starts) but not when it refuses us.
 */
export async function openDatabase(
  env: Pick<Env, 'DATABASE_URL' | 'DATA_DIR' | 'DATABASE_POOL_SIZE'>,
  secrets: Pick<Secrets, 'embeddedPostgresPassword'>,
  log: pino.Logger,
  {
    onUnrecoverable,
    keepWarm = false,
  }: {
    onUnrecoverable: (error: Error) => void;
    /** The server's pool keeps warm connections (db/client.ts, decision 090); a command's does not. */
    keepWarm?: boolean;
  },
): Promise<OpenDatabase> {
  const embedded = env.DATABASE_URL
    ? null
    : await startEmbeddedPostgres({
        dataDir: env.DATA_DIR,
        password: secrets.embeddedPostgresPassword,
        log,
        onUnrecoverable,
      });
  const databaseUrl = env.DATABASE_URL ?? embedded!.connectionString;
  const client = createDatabaseClient(databaseUrl, {
    max: env.DATABASE_POOL_SIZE,
    warmUp: keepWarm ? ['accept'] : [],
  });
  const close = async () => {
    await client.pool.end();
    await embedded?.stop();
  };
  try {
    await waitUntilReachable(client, databaseUrl, log);
  } catch (error) {
    await close().catch(() => {});
    throw error;
  }
  return { ...client, databaseUrl, embedded, close };
}

async function waitUntilReachable({ pool }: DatabaseClient, databaseUrl: string, log: pino.Logger): Promise<void> {
  const { host, port } = new URL(databaseUrl);
  for (let delay = FIRST_RETRY_MS; ; delay = Math.min(delay * 2, LONGEST_RETRY_MS)) {
    try {
      await pool.query('select 1');
      return;
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      log.warn(
        `PostgreSQL at ${host || 'localhost'}:${port || 5432} is not reachable; trying again in ${delay / 1000} s`,
      );
      await sleep(delay);
    }
  }
}
