import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-app.ts';
import { createDatabaseClient, type DatabaseClient } from './client.ts';
import { runMigrations } from './migrate.ts';

// Decision 034: migrations hold schema changes; each stored function has one source file in
// functions/, applied after the migrations on every run.

const FUNCTIONS_DIR = fileURLToPath(new URL('./functions', import.meta.url));
const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));
// The last migration that still defined a function; later ones must not.
const LAST_MIGRATION_WITH_FUNCTIONS = 11;

let database: { url: string };
let client: DatabaseClient;

/** The functions (and procedures) the source files define, by name. */
async function sourceFunctions(): Promise<string[]> {
  const names: string[] = [];
  for (const file of await readdir(FUNCTIONS_DIR)) {
    const text = await readFile(`${FUNCTIONS_DIR}/${file}`, 'utf8');
    for (const match of text.matchAll(/^CREATE OR REPLACE (?:FUNCTION|PROCEDURE) (\w+)\(/gm)) names.push(match[1]!);
  }
  return names;
}

async function versionsOf(pool: pg.Pool): Promise<Record<string, number>> {
  const { rows } = await pool.query<{ name: string; versions: number }>(
    `select proname as name, count(*)::int as versions from pg_proc
      where pronamespace = 'public'::regnamespace and proname like 'leadbell\\_%' group by proname`,
  );
  return Object.fromEntries(rows.map((row) => [row.name, row.versions]));
}

beforeAll(async () => {
  // Empty, not the template: the migrations run here from the first.
  database = await createTestDatabase({ migrated: false });
  client = createDatabaseClient(database.url, { max: 2 });
}, 60_000);

afterAll(async () => {
  await client?.pool.end();
});

describe('migrations › stored functions', () => {
  it('a new database gets every migration, then one version of each function in functions/, none with pg-boss’s SQL', async () => {
    expect(await runMigrations(client)).toBeGreaterThan(LAST_MIGRATION_WITH_FUNCTIONS);
    const names = await sourceFunctions();
    expect(names).toContain('leadbell_accept_notifications');
    expect(await versionsOf(client.pool)).toEqual(Object.fromEntries(names.map((name) => [name, 1])));
    const { rows } = await client.pool.query<{ name: string }>(
      `select proname as name from pg_proc
        where pronamespace = 'public'::regnamespace and (prosrc ilike '%pgboss%' or prosrc ilike '%insert_jobs%')`,
    );
    expect(rows).toEqual([]);
  }, 60_000);

  it('a run applies the files only when they changed since the last (their digest), though no migration is left to apply', async () => {
    await client.pool.query(
      'create or replace function leadbell_claim_bucket(p_seconds integer) returns integer language sql immutable as $$ select 42 $$',
    );
    // The same files as the last run: nothing is applied (a restart's time, issue 45).
    expect(await runMigrations(client)).toBe(0);
    expect((await client.pool.query('select leadbell_claim_bucket(5) as bucket')).rows).toEqual([{ bucket: 42 }]);
    // Other files (another release): each file's version is put back.
    await client.pool.query(`update stored_functions set digest = 'an older release'`);
    expect(await runMigrations(client)).toBe(0);
    expect((await client.pool.query('select leadbell_claim_bucket(5) as bucket')).rows).toEqual([{ bucket: 5 }]);
    expect(Object.values(await versionsOf(client.pool)).every((versions) => versions === 1)).toBe(true);
  });

  it(`migrations after ${LAST_MIGRATION_WITH_FUNCTIONS} create no function: functions/ is their one source`, async () => {
    const later = (await readdir(MIGRATIONS_DIR)).filter(
      (file) => file.endsWith('.sql') && Number.parseInt(file, 10) > LAST_MIGRATION_WITH_FUNCTIONS,
    );
    expect(later.length).toBeGreaterThan(0);
    for (const file of later) {
      // A column default must name a function that exists: such a migration creates a first
      // version, which functions/ replaces on the same run (0033, the positions' default).
      const sql = (await readFile(`${MIGRATIONS_DIR}/${file}`, 'utf8')).replace(
        /CREATE OR REPLACE FUNCTION (leadbell_\w+)\(\)[\s\S]*?\$\$;[\s\S]*?SET DEFAULT \1\(\)/,
        '',
      );
      expect(sql, file).not.toMatch(/CREATE\s+(OR\s+REPLACE\s+)?FUNCTION/i);
    }
  });
});
