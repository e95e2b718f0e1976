import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** Runs `work` on a connection to the cluster's admin database, closed afterwards. */
export async function onAdmin<Result>(adminUrl: string, work: (admin: pg.Client) => Promise<Result>): Promise<Result> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

/** A new database named `prefix` and a random suffix: a copy of `template` when given, else empty. */
export async function createDatabase(
  adminUrl: string,
  prefix: string,
  template?: string,
): Promise<{ name: string; url: string }> {
  const name = `${prefix}${randomBytes(6).toString('hex')}`;
  await onAdmin(adminUrl, (admin) => admin.query(`create database ${name}${template ? ` template ${template}` : ''}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString() };
}

/**
 * Drops every database whose name starts with `prefix`, a few at a time. Each DROP DATABASE makes
 * PostgreSQL wait for a checkpoint, which one at a time after each test file took up to a minute
 * on a busy disk; together they share checkpoints.
 */
export async function dropDatabases(adminUrl: string, prefix: string): Promise<void> {
  const { rows } = await onAdmin(adminUrl, (admin) =>
    admin.query<{ datname: string }>('select datname from pg_database where starts_with(datname, $1)', [prefix]),
  );
  const names = rows.map((row) => row.datname);
  const dropNext = async (): Promise<void> => {
    for (let name = names.pop(); name; name = names.pop())
      await onAdmin(adminUrl, (admin) => admin.query(`drop database if exists "${name}" with (force)`));
  };
  await Promise.all(Array.from({ length: 4 }, dropNext));
}
