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
  // The pool listens on idle connections only: one lost while checked out, between two statements
  // of a transaction (PostgreSQL restarting), would be an uncaught 'error' event that ends the
  // process (the browser journey that kills the embedded PostgreSQL caught it). Its next query
  // fails instead, and the connection is released as broken.
  pool.on('connect', (client) => client.on('error', () => {}));
  return { db: drizzle(pool), pool };
}
