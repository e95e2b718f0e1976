import type pg from 'pg';

// SQLSTATE classes and codes that mean "no database right now", not "this query is wrong":
// 08 connection exception; 57P01–57P03 shutting down, crashed, starting up; 53300 too many connections.
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123]|53300)$/;
const UNAVAILABLE_ERRNO = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
// node-postgres reports a lost socket or a pool that cannot connect in time only by message.
const UNAVAILABLE_MESSAGE =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable)/;

/**
 * Whether an error (or anything in its `cause` chain: Drizzle wraps driver errors) says the
 * database is unreachable, so the request can be answered 503 with Retry-After instead of 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_ERRNO.has(code))) return true;
    // A Unix socket's file is there only while its server runs (a DATABASE_URL with a socket
    // folder as its host): ENOENT elsewhere means a missing file, so only a connect's counts.
    if (code === 'ENOENT' && (current as { syscall?: unknown }).syscall === 'connect') return true;
    if (UNAVAILABLE_MESSAGE.test(current.message)) return true;
    if (current instanceof AggregateError && current.errors.some(isDatabaseUnavailable)) return true;
  }
  return false;
}

/**
 * Asks the database itself, for failures that arrive without their cause (a library that turns
 * every error into a generic 500): true when even `select 1` cannot reach it.
 */
export function createDatabaseProbe(pool: pg.Pool): () => Promise<boolean> {
  return () => pool.query('select 1').then(() => false, isDatabaseUnavailable);
}
