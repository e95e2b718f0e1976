import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';

export type Database = NodePgDatabase;

export type DatabaseClient = { db: Database; pool: pg.Pool };

/**
 * The parts of the lead's path a pool's connections run, which each plans as it opens
 * (85-warm-up.sql, decisions 090 and 091): `accept` before the 202, `take` the worker's take and
 * settle, `deliver` a lane's claim and the record of its sends.
 */
export type LeadPathPart = 'accept' | 'take' | 'deliver';

/**
 * Plans the pool's parts of the lead's path on a connection, in a transaction rolled back. A
 * database the migrations have not reached yet has no warm-up to run: the connection is warmed
 * again by `warmConnections` once they have.
 */
const warmUpOf = (parts: readonly LeadPathPart[]) => `begin;
  do $$ begin if to_regprocedure('leadbell_warm_up(text[])') is not null then
    perform leadbell_warm_up('{${parts.join(',')}}');
  end if; end $$;
  rollback`;

/** Connections a warm pool keeps: a lead's accept and a console's read, or a take and a claim. */
const KEPT_WARM = 2;

async function warmConnection(client: pg.ClientBase, warmUp: string): Promise<void> {
  try {
    await client.query(warmUp);
  } catch {
    // A warm-up that failed leaves the connection as it found it, only not warm: the lead's path
    // reports its own errors.
    await client.query('rollback').catch(() => {});
  }
}

/**
 * Opens the connections a pool keeps (its `min`) and warms each (decision 090), each handed back
 * as soon as it is warm. One the database refuses now (its max_connections reached) is opened when
 * a lead needs it, and warmed then.
 */
export async function warmConnections(pool: pg.Pool): Promise<void> {
  await Promise.allSettled(
    Array.from({ length: pool.options.min ?? 0 }, async () => {
      const client = await pool.connect();
      await pool.options.onConnect?.(client);
      client.release();
    }),
  );
}

/**
 * One pool per process; its size leaves room for several servers on one managed PostgreSQL.
 * `warmUp` (the server's pools, decisions 090 and 091): each connection plans the parts of the
 * lead's path its pool runs as it opens, and two stay open through a quiet spell, so the next lead
 * meets warm connections; more are opened for a burst and closed after it, as before.
 */
export function createDatabaseClient(
  connectionString: string,
  {
    max = 10,
    isCommitDurable = true,
    warmUp = [],
  }: { max?: number; isCommitDurable?: boolean; warmUp?: readonly LeadPathPart[] } = {},
): DatabaseClient {
  // A request waits at most this long for a connection; an unreachable database then answers 503
  // (database-unavailable.ts) instead of holding requests open until the caller gives up.
  const pool = new pg.Pool({
    connectionString,
    max,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 10_000,
    ...(!isCommitDurable && { options: '-c synchronous_commit=off' }),
    ...(warmUp.length > 0 && {
      onConnect: (client: pg.ClientBase) => warmConnection(client, warmUpOf(warmUp)),
      min: Math.min(max, KEPT_WARM),
    }),
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
