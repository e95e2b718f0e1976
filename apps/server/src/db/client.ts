import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';

export type Database = NodePgDatabase;

export type DatabaseClient = { db: Database; pool: pg.Pool };

/** One pool per process; its size leaves room for several servers on one managed PostgreSQL. */
export function createDatabaseClient(
  connectionString: string,
  { max = 10, isCommitDurable = true }: { max?: number; isCommitDurable?: boolean } = {},
): DatabaseClient {
  // A request waits at most this long for a connection; an unreachable database then answers 503
  // (database-unavailable.ts) instead of holding requests open until the caller gives up.
  const pool = new pg.Pool({
    connectionString,
    max,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 10_000,
    ...(!isCommitDurable && { options: '-c synchronous_commit=off' }),
  });
  // An idle client losing its connection (database restart) must not crash the process;
  // the pool replaces it and the next query reports the failure to its caller.
  pool.on('error', () => {});
  return { db: drizzle(pool), pool };
}
