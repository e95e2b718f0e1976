import { randomBytes } from 'node:crypto';
import pg from 'pg';
import pino from 'pino';
import type { TestProject } from 'vitest/node';
import { createDatabaseClient } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { startDeliveryQueue } from '../src/jobs/delivery-queue.ts';
import { startThrowawayPostgres } from './throwaway-postgres.ts';

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  export interface ProvidedContext {
    databaseKind: 'embedded' | 'server';
    adminDatabaseUrl: string;
    /** A database migrated once per run (schema, functions, the job queue's tables) that test databases are copied from. */
    templateDatabase: string;
  }
}

/**
 * Gives each integration project a PostgreSQL admin URL (a fresh embedded cluster, or
 * TEST_DATABASE_URL) and a migrated template database on it: copying a template takes a few
 * milliseconds where migrating each test file's database took most of a second.
 */
export default async function setup(project: TestProject) {
  const cleanups: Array<() => Promise<void>> = [];
  let adminUrl = process.env.TEST_DATABASE_URL!;
  if (project.config.provide.databaseKind === 'embedded') {
    const embedded = await startThrowawayPostgres('test-pg');
    adminUrl = embedded.connectionString;
    cleanups.push(embedded.stop);
  }
  const template = await createTemplateDatabase(adminUrl);
  // The template goes before the cluster that holds it.
  cleanups.unshift(() => dropDatabase(adminUrl, template));
  project.provide('adminDatabaseUrl', adminUrl);
  project.provide('templateDatabase', template);
  return async () => {
    for (const cleanup of cleanups) await cleanup();
  };
}

async function createTemplateDatabase(adminUrl: string): Promise<string> {
  const name = `leadbell_template_${randomBytes(6).toString('hex')}`;
  await onAdmin(adminUrl, (admin) => admin.query(`create database ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const client = createDatabaseClient(url.toString(), { max: 2 });
  try {
    await runMigrations(client);
  } finally {
    await client.pool.end();
  }
  const queue = await startDeliveryQueue({
    databaseUrl: url.toString(),
    log: pino({ level: 'silent' }),
    supervise: false,
  });
  await queue.stop();
  return name;
}

async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  await onAdmin(adminUrl, (admin) => admin.query(`drop database if exists ${name} with (force)`));
}

async function onAdmin(adminUrl: string, work: (admin: pg.Client) => Promise<unknown>): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await work(admin);
  } finally {
    await admin.end();
  }
}
