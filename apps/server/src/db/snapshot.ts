import { once } from 'node:events';
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';

// A snapshot is every table of Leadbell's schemas (ours, Drizzle's journal, pg-boss's jobs), read
// in one repeatable-read transaction so it is consistent as of one moment, as text:
//   line 1: a JSON header (format, time, migrations, sequences' values, the tables in order)
//   then per table: `\copy <schema>.<table> (<columns>)`, its rows in COPY text format, `\.`
// COPY's text format escapes backslashes and newlines, so a row is one line and a line holding
// only `\.` can only be the end of a table. It is PostgreSQL's own fast path in both directions
// and needs no pg_dump, which the embedded package does not ship (decision 029).

const FORMAT = 'leadbell-snapshot/1';
const SCHEMAS = ['public', 'drizzle', 'pgboss'];

type Table = { schema: string; name: string; columns: string[]; partitioned: boolean };
export type SnapshotHeader = {
  format: typeof FORMAT;
  takenAt: string;
  migrations: number;
  sequences: Array<{ name: string; lastValue: string; isCalled: boolean }>;
  tables: Array<{ name: string; columns: string[] }>;
};

const quoted = (client: pg.ClientBase, name: string) => client.escapeIdentifier(name);
const qualified = (client: pg.ClientBase, schema: string, name: string) =>
  `${quoted(client, schema)}.${quoted(client, name)}`;

async function tablesOf(client: pg.ClientBase): Promise<Table[]> {
  // Partitions are read through their parent; generated columns are computed again on load.
  const { rows } = await client.query<{ schema: string; name: string; columns: string[]; partitioned: boolean }>(
    `select n.nspname as schema, c.relname as name, c.relkind = 'p' as partitioned,
            array_agg(a.attname::text order by a.attnum) as columns
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
      where n.nspname = any($1) and c.relkind in ('r', 'p') and not c.relispartition
      group by n.nspname, c.relname, c.relkind
      order by n.nspname, c.relname`,
    [SCHEMAS],
  );
  return rows;
}

async function write(output: Writable, text: string): Promise<void> {
  if (!output.write(text)) await once(output, 'drain');
}

/** Writes a consistent snapshot of the database to `output` (left open). */
export async function writeSnapshot(pool: pg.Pool, output: Writable): Promise<SnapshotHeader> {
  const client = await pool.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const tables = await tablesOf(client);
    const { rows: sequences } = await client.query<{ name: string }>(
      `select quote_ident(sequence_schema) || '.' || quote_ident(sequence_name) as name
         from information_schema.sequences where sequence_schema = any($1) order by 1`,
      [SCHEMAS],
    );
    const header: SnapshotHeader = {
      format: FORMAT,
      takenAt: new Date().toISOString(),
      migrations: Number(
        (await client.query<{ count: string }>('select count(*) from drizzle.__drizzle_migrations')).rows[0]!.count,
      ),
      sequences: [],
      tables: tables.map((table) => ({ name: `${table.schema}.${table.name}`, columns: table.columns })),
    };
    for (const { name } of sequences) {
      const { rows } = await client.query<{ last_value: string; is_called: boolean }>(
        `select last_value::text, is_called from ${name}`,
      );
      header.sequences.push({ name, lastValue: rows[0]!.last_value, isCalled: rows[0]!.is_called });
    }
    await write(output, `${JSON.stringify(header)}\n`);
    for (const table of tables) {
      const columns = table.columns.map((column) => quoted(client, column)).join(', ');
      const source = qualified(client, table.schema, table.name);
      await write(output, `\\copy ${table.schema}.${table.name} (${table.columns.join(',')})\n`);
      const copy = client.query(copyTo(`copy (select ${columns} from ${source}) to stdout`));
      await pipeline(copy, output, { end: false });
      await write(output, '\\.\n');
    }
    await client.query('commit');
    return header;
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

export class SnapshotMismatchError extends Error {}

/**
 * Loads a snapshot into a database whose schema is at the same migration (a fresh one, migrated
 * and with the job queue set up), replacing whatever rows those tables hold, in one transaction.
 */
export async function loadSnapshot(pool: pg.Pool, input: Readable): Promise<SnapshotHeader> {
  const lines = createInterface({ input, crlfDelay: Infinity })[Symbol.asyncIterator]();
  const first = await lines.next();
  const header = JSON.parse(first.done ? '{}' : first.value) as SnapshotHeader;
  if (header.format !== FORMAT) throw new SnapshotMismatchError('This file is not a Leadbell backup.');

  const client = await pool.connect();
  try {
    const migrations = Number(
      (await client.query<{ count: string }>('select count(*) from drizzle.__drizzle_migrations')).rows[0]!.count,
    );
    if (migrations !== header.migrations) {
      throw new SnapshotMismatchError(
        `The backup was made by a Leadbell with ${header.migrations} migrations; this one has ${migrations}. ` +
          'Restore it with the version that made it, then upgrade.',
      );
    }
    await client.query('begin');
    // Replica mode: foreign keys and triggers (the daily rollup's) stay quiet; every row comes as saved.
    await client.query('set local session_replication_role = replica');
    for (;;) {
      const next = await lines.next();
      if (next.done) break;
      if (next.value === '') continue;
      const match = /^\\copy (\w+)\.(\w+) \(([\w,]*)\)$/.exec(next.value);
      if (!match) throw new SnapshotMismatchError(`The backup is damaged near: ${next.value.slice(0, 80)}`);
      const [, schema, name, columnList] = match as unknown as [string, string, string, string];
      const target = qualified(client, schema, name);
      const columns = columnList
        .split(',')
        .map((column) => quoted(client, column))
        .join(', ');
      await client.query(`delete from ${target}`);
      const copy = client.query(copyFrom(`copy ${target} (${columns}) from stdin`));
      for (;;) {
        const row = await lines.next();
        if (row.done) throw new SnapshotMismatchError(`The backup ends inside ${schema}.${name}.`);
        if (row.value === '\\.') break;
        if (!copy.write(`${row.value}\n`)) await once(copy, 'drain');
      }
      copy.end();
      await once(copy, 'finish');
    }
    for (const sequence of header.sequences) {
      await client.query('select setval($1::regclass, $2::bigint, $3)', [
        sequence.name,
        sequence.lastValue,
        sequence.isCalled,
      ]);
    }
    // Leads' positions follow transaction ids, which start again from low on a new cluster: the
    // next lead's is placed past every restored one (decision 061).
    await client.query('select leadbell_restart_positions()');
    await client.query('commit');
    return header;
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}
