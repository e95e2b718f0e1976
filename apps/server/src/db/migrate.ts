import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import type { DatabaseClient } from './client.ts';

const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));
const FUNCTIONS_FOLDER = fileURLToPath(new URL('./functions', import.meta.url));
// Any constant shared by every Leadbell process: 'lbmg' in ASCII.
const MIGRATION_LOCK_ID = 0x6c626d67;

/**
 * Applies the committed migrations, then the stored functions' current versions. Several servers
 * may start at once against one database, so they take turns under a session-level advisory lock
 * held on one dedicated connection. Returns how many migrations were applied.
 */
export async function runMigrations({ db, pool }: DatabaseClient): Promise<number> {
  const lockConnection = await pool.connect();
  try {
    await lockConnection.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    const before = await appliedMigrations(lockConnection);
    await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
    const applied = (await appliedMigrations(lockConnection)) - before;
    await applyStoredFunctions(lockConnection, { force: applied > 0 });
    return applied;
  } finally {
    await lockConnection.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
    lockConnection.release();
  }
}

/** How many migrations the database has recorded (Drizzle's own journal table, absent at first). */
async function appliedMigrations(connection: pg.PoolClient): Promise<number> {
  const { rows } = await connection.query<{ journal: string | null }>(
    "select to_regclass('drizzle.__drizzle_migrations')::text as journal",
  );
  if (!rows[0]?.journal) return 0;
  const counted = await connection.query<{ count: number }>(
    'select count(*)::int as count from drizzle.__drizzle_migrations',
  );
  return counted.rows[0]!.count;
}

/**
 * Every file of `functions/` in one transaction, after the migrations: each stored function has one
 * source file, which replaces whatever version an older migration created (decision 034).
 * Migrations hold schema changes only. A file per concern, in the order of the number its name
 * starts with (decision 065): the batch item's type first, then the functions in the order a lead
 * meets them, and last the planner settings they share. Skipped when the database holds these very
 * files already (their digest in stored_functions) and no migration ran: replacing every function
 * on each start was a good part of a restart (issue 45), and invalidated every connection's plans.
 */
async function applyStoredFunctions(connection: pg.PoolClient, { force }: { force: boolean }): Promise<void> {
  const files = (await readdir(FUNCTIONS_FOLDER)).filter((file) => file.endsWith('.sql')).sort();
  const texts = await Promise.all(files.map((file) => readFile(path.join(FUNCTIONS_FOLDER, file), 'utf8')));
  const digest = createHash('sha256');
  for (const [index, file] of files.entries()) digest.update(`${file}\0${texts[index]}\0`);
  const current = digest.digest('hex');
  if (!force) {
    const { rows } = await connection.query<{ digest: string }>('select digest from stored_functions');
    if (rows[0]?.digest === current) return;
  }
  await connection.query('begin');
  try {
    for (const [index, file] of files.entries()) {
      await connection.query(texts[index]!).catch((error: unknown) => {
        throw new Error(`The stored functions in ${file} could not be applied`, { cause: error });
      });
    }
    await connection.query(
      `insert into stored_functions (is_current, digest) values (true, $1)
       on conflict (is_current) do update set digest = excluded.digest, applied_at = now()`,
      [current],
    );
    await connection.query('commit');
  } catch (error) {
    await connection.query('rollback').catch(() => {});
    throw error;
  }
}
