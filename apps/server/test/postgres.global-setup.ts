import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../src/db/embedded-postgres.ts';

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  export interface ProvidedContext {
    databaseKind: 'embedded' | 'server';
    adminDatabaseUrl: string;
  }
}

/** Gives each integration project a PostgreSQL admin URL: a fresh embedded cluster, or TEST_DATABASE_URL. */
export default async function setup(project: TestProject) {
  if (project.config.provide.databaseKind === 'server') {
    project.provide('adminDatabaseUrl', process.env.TEST_DATABASE_URL!);
    return;
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'leadbell-test-pg-'));
  const embedded = await startEmbeddedPostgres({
    dataDir,
    password: 'test-password',
    log: pino({ level: 'warn' }),
    // Every result after this would be meaningless.
    onUnrecoverable: (error) => {
      console.error(error);
      process.exit(1);
    },
  });
  project.provide('adminDatabaseUrl', embedded.connectionString);
  return async () => {
    await embedded.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}
