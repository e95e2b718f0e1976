import { fileURLToPath } from 'node:url';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { DatabaseClient } from './client.ts';

const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));
// Any constant shared by every Leadbell process: 'lbmg' in ASCII.
const MIGRATION_LOCK_ID = 0x6c626d67;

/**
 * Applies the committed migrations. Several servers may start at once against one database,
 * so they take turns under a session-level advisory lock held on one dedicated connection.
 */
export async function runMigrations({ db, pool }: DatabaseClient): Promise<void> {
  const lockConnection = await pool.connect();
  try {
    await lockConnection.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await lockConnection.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
    lockConnection.release();
  }
}
