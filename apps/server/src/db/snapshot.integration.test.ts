import { copyFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildServer, runBuilt } from '../../test/built-server.ts';
import { createHttpClient } from '../../test/http-client.ts';
import { createFlow, notify, onboardedOwner, PASSWORD } from '../../test/owners.ts';
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink.ts';
import { startServerProcess, WITH_SERVER_PROCESS_MS } from '../../test/test-app.ts';
import { until } from '../../test/until.ts';
import { runningEmbeddedPostgresUrl, startEmbeddedPostgres } from './embedded-postgres.ts';

// Issue 14: `npm run backup` while the server runs, `npm run restore` into an empty data folder,
// and every table of the restored database equals the original, row for row.

let smtp: SmtpSink;
const folders: string[] = [];

beforeAll(async () => {
  [smtp] = await Promise.all([startSmtpSink(), buildServer()]);
}, 60_000);
afterAll(async () => {
  await smtp?.close();
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
});

async function temporaryFolder(prefix: string): Promise<string> {
  const folder = await mkdtemp(path.join(os.tmpdir(), prefix));
  folders.push(folder);
  return folder;
}

/**
 * What a table's fingerprint reads, where not every column: pg-boss stamps when the running server
 * last did its upkeep, which it may do again between the backup and its stop.
 */
const COMPARED_COLUMNS: Record<string, string> = { 'pgboss.version': 'version' };

type Contents = {
  /** One fingerprint per table: every row, in a stable order. */
  tables: Record<string, string>;
  sequences: Record<string, { lastValue: number; isCalled: boolean }>;
};

async function contentsOf(connectionString: string): Promise<Contents> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    const { rows: tables } = await client.query<{ name: string }>(
      `select quote_ident(n.nspname) || '.' || quote_ident(c.relname) as name
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname in ('public', 'drizzle', 'pgboss') and c.relkind in ('r', 'p') and not c.relispartition
        order by 1`,
    );
    const contents: Contents = { tables: {}, sequences: {} };
    for (const { name } of tables) {
      const { rows } = await client.query<{ count: string; digest: string | null }>(
        `select count(*)::text as count, md5(string_agg(t::text, E'\\n' order by t::text)) as digest
           from (select ${COMPARED_COLUMNS[name] ?? '*'} from ${name}) t`,
      );
      contents.tables[name] = `${rows[0]!.count} rows ${rows[0]!.digest ?? ''}`;
    }
    const { rows: sequences } = await client.query<{ name: string }>(
      `select quote_ident(sequence_schema) || '.' || quote_ident(sequence_name) as name
         from information_schema.sequences order by 1`,
    );
    for (const { name } of sequences) {
      const { rows } = await client.query<{ last_value: string; is_called: boolean }>(
        `select last_value, is_called from ${name}`,
      );
      contents.sequences[name] = { lastValue: Number(rows[0]!.last_value), isCalled: rows[0]!.is_called };
    }
    return contents;
  } finally {
    await client.end();
  }
}

async function embeddedPasswordOf(dataDir: string): Promise<string> {
  const secrets = JSON.parse(await readFile(path.join(dataDir, 'secrets.json'), 'utf8')) as {
    embeddedPostgresPassword: string;
  };
  return secrets.embeddedPostgresPassword;
}

/**
 * Until the running server's worker has nothing due: no job in the outbox or pg-boss, no usage
 * count left to fold. Its work after the leads' 202s would otherwise land between the backup and
 * the stop, in the original only (a loaded machine's worker once took the leads in after the backup).
 */
async function untilWorkerIdle(dataDir: string): Promise<void> {
  const url = await runningEmbeddedPostgresUrl(dataDir, await embeddedPasswordOf(dataDir));
  if (url === null) throw new Error(`no server is running on ${dataDir}`);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await until(
      async () =>
        (
          await client.query<{ waiting: string }>(
            `select (select count(*) from job_outbox)
                  + (select count(*) from entity_usage_deltas)
                  + (select count(*) from pgboss.job where state in ('created', 'retry', 'active') and start_after <= now())
                    as waiting`,
          )
        ).rows[0]!.waiting,
      (waiting) => Number(waiting) === 0,
      30_000,
    );
  } finally {
    await client.end();
  }
}

async function embeddedUrl(dataDir: string) {
  const database = await startEmbeddedPostgres({
    dataDir,
    password: await embeddedPasswordOf(dataDir),
    log: pino({ level: 'silent' }),
    onUnrecoverable: (error) => {
      throw error;
    },
  });
  return database;
}

describe.runIf(inject('databaseKind') === 'embedded')('migrate', () => {
  it('npm run migrate applies every committed migration to a new data folder, then has nothing to do', async () => {
    const journal = JSON.parse(await readFile(new URL('./migrations/meta/_journal.json', import.meta.url), 'utf8')) as {
      entries: unknown[];
    };
    const dataDir = await temporaryFolder('leadbell-migrate-');
    expect(await runBuilt('migrate', [], { DATA_DIR: dataDir })).toContain(
      `applied ${journal.entries.length} migration(s); the database is up to date`,
    );
    const again = await runBuilt('migrate', [], { DATA_DIR: dataDir });
    expect(again).toContain('the database is up to date');
    expect(again).not.toContain('applied');
  }, 60_000);
});

describe.runIf(inject('databaseKind') === 'embedded')('backup and restore', () => {
  it(
    'a backup taken while the server runs restores into an empty data folder equal on every table',
    async () => {
      const original = await temporaryFolder('leadbell-original-');
      const server = await startServerProcess({ SMTP_URL: smtp.url, DATA_DIR: original });
      const owner = await onboardedOwner({ baseUrl: server.baseUrl, smtp });
      const flowId = await createFlow(owner.client);
      const leads = [];
      for (const name of ['Ann', 'Bob', 'Chloé', 'Dara "the quoted"', 'Line\nbreak\\and\tbackslash']) {
        leads.push(await notify({ baseUrl: server.baseUrl }, owner.apiKey, { flowId, data: { name, note: '½ 🚀' } }));
      }
      expect((await owner.client.post(`/v1/leads/${leads[0]!.id}/claim`, {})).status).toBe(200);
      await untilWorkerIdle(original);
      const file = path.join(await temporaryFolder('leadbell-backups-'), 'nightly.backup.gz');
      const output = await runBuilt('backup', [file], { DATA_DIR: original });
      expect(output).toContain(`backup written to ${file}`);
      await server.stop('SIGTERM');

      // The secrets go into the empty folder first (docs/operations.md): API keys are stored
      // encrypted with them, and the restored cluster is created with their database password.
      const restored = await temporaryFolder('leadbell-restored-');
      await copyFile(path.join(original, 'secrets.json'), path.join(restored, 'secrets.json'));
      await runBuilt('restore', [file], { DATA_DIR: restored });
      await expect(runBuilt('restore', [file], { DATA_DIR: restored })).rejects.toThrow(/already holds accounts/);

      const [before, after] = [await embeddedUrl(original), await embeddedUrl(restored)];
      try {
        const [expected, actual] = await Promise.all([
          contentsOf(before.connectionString),
          contentsOf(after.connectionString),
        ]);
        expect(Object.keys(expected.tables).length).toBeGreaterThan(20);
        expect(expected.tables['public.notifications']).toMatch(/^5 rows/);
        // Where new positions start is set anew for the restored cluster's transaction ids.
        const { 'public.notification_positions': _, ...restoredTables } = actual.tables;
        const { 'public.notification_positions': __, ...originalTables } = expected.tables;
        expect(restoredTables).toEqual(originalTables);
        // A sequence moves on in a transaction that rolls back (PostgreSQL's sequences are not
        // transactional), and every connection the server opens warms up in one (decision 090):
        // one it opened after the backup took a value the backup cannot hold. Never past the
        // original's, and used where the original's was.
        expect(Object.keys(actual.sequences)).toEqual(Object.keys(expected.sequences));
        for (const [name, original] of Object.entries(expected.sequences)) {
          const restoredSequence = actual.sequences[name]!;
          expect(restoredSequence.isCalled, name).toBe(original.isCalled);
          expect(restoredSequence.lastValue, name).toBeLessThanOrEqual(original.lastValue);
        }
      } finally {
        await Promise.all([before.stop(), after.stop()]);
      }

      // The business carries on where it was: the owner signs in, the website's key still sends,
      // and the console can still show that key.
      const resumed = await startServerProcess({ SMTP_URL: smtp.url, DATA_DIR: restored });
      try {
        const signedIn = createHttpClient(resumed);
        expect((await signedIn.post('/v1/auth/sign-in/email', { email: owner.email, password: PASSWORD })).status).toBe(
          200,
        );
        expect((await signedIn.get('/v1/leads?filter=all')).body.data).toHaveLength(5);
        const keys = await signedIn.get('/v1/api-keys');
        const secret = await signedIn.get(`/v1/api-keys/${keys.body.data[0].id}/secret`);
        expect(secret.body.API_Key).toBe(owner.apiKey);
        const eve = await notify({ baseUrl: resumed.baseUrl }, owner.apiKey, { flowId, data: { name: 'Eve' } });
        // Newest first: a new lead's position is past every restored one.
        expect((await signedIn.get('/v1/leads?filter=all')).body.data[0].id).toBe(eve.id);
      } finally {
        await resumed.stop('SIGTERM');
      }
    },
    2 * WITH_SERVER_PROCESS_MS,
  );
});
