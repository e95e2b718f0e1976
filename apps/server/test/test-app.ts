import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { createDatabaseClient } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { loadEnv } from '../src/env.ts';
import { findFreePort } from '../src/lib/free-port.ts';
import { startSmtpSink, type SmtpSink } from './smtp-sink.ts';

/** A fresh database on the project's PostgreSQL, migrated, so test files never see each other's rows. */
async function createTestDatabase(adminUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `leadbell_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export type TestApp = {
  baseUrl: string;
  smtp: SmtpSink;
  pool: pg.Pool;
  close: () => Promise<void>;
};

/**
 * The real app on a real port, a fresh real database and a real SMTP sink. The PostgreSQL is
 * the Vitest project's (embedded or TEST_DATABASE_URL) unless the caller names one (benchmarks).
 */
export async function startTestApp(
  overrides: Record<string, string> = {},
  adminDatabaseUrl?: string,
): Promise<TestApp> {
  const database = await createTestDatabase(adminDatabaseUrl ?? inject('adminDatabaseUrl'));
  const smtp = await startSmtpSink();
  const port = await findFreePort();
  const env = loadEnv({
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: database.url,
    SMTP_URL: smtp.url,
    LOG_LEVEL: 'silent',
    TRUST_PROXY: 'true',
    ...overrides,
  });
  const client = createDatabaseClient(database.url, { max: 5 });
  await runMigrations(client);
  const app = await buildApp({
    env,
    databaseUrl: database.url,
    secrets: {
      authSecret: randomBytes(32).toString('hex'),
      apiKeyEncryptionKey: randomBytes(32).toString('hex'),
      embeddedPostgresPassword: 'unused',
    },
    ...client,
  });
  await app.listen({ port, host: '127.0.0.1' });
  return {
    baseUrl: env.PUBLIC_URL,
    smtp,
    pool: client.pool,
    close: async () => {
      await app.close();
      await client.pool.end();
      await smtp.close();
      await database.drop();
    },
  };
}
