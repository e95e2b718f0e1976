import { randomBytes } from 'node:crypto';
import pino from 'pino';
import type { TestProject } from 'vitest/node';
import { createDatabaseClient } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { startDeliveryQueue } from '../src/jobs/delivery-queue.ts';
import { createDatabase, dropDatabases } from './databases.ts';
import { startThrowawayPostgres } from './throwaway-postgres.ts';

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  export interface ProvidedContext {
    databaseKind: 'embedded' | 'server';
    adminDatabaseUrl: string;
    /** A database migrated once per run (schema, functions, the job queue's tables) that test databases are copied from. */
    templateDatabase: string;
    /** How this run's test databases are named, so its teardown drops them and no other run's. */
    testDatabasePrefix: string;
  }
}

/**
 * Gives each integration project a PostgreSQL admin URL (a fresh embedded cluster, or
 * TEST_DATABASE_URL) and a migrated template database on it: copying a template takes a few
 * milliseconds where migrating each test file's database took most of a second.
 */
export default async function setup(project: TestProject) {
  const embedded =
    project.config.provide.databaseKind === 'embedded' ? await startThrowawayPostgres('test-pg') : undefined;
  const adminUrl = embedded?.connectionString ?? process.env.TEST_DATABASE_URL!;
  const template = await createTemplateDatabase(adminUrl);
  const testDatabasePrefix = `leadbell_test_${randomBytes(4).toString('hex')}_`;
  project.provide('adminDatabaseUrl', adminUrl);
  project.provide('templateDatabase', template);
  project.provide('testDatabasePrefix', testDatabasePrefix);
  return async () => {
    // A throwaway cluster goes with its databases; a server keeps what is not dropped.
    if (embedded) return embedded.stop();
    await dropDatabases(adminUrl, testDatabasePrefix);
    await dropDatabases(adminUrl, template);
  };
}

async function createTemplateDatabase(adminUrl: string): Promise<string> {
  const { name, url } = await createDatabase(adminUrl, 'leadbell_template_');
  const client = createDatabaseClient(url, { max: 2 });
  try {
    await runMigrations(client);
  } finally {
    await client.pool.end();
  }
  const queue = await startDeliveryQueue({
    databaseUrl: url,
    log: pino({ level: 'silent' }),
    supervise: false,
  });
  await queue.stop();
  return name;
}
