import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { startEmbeddedPostgres } from '../src/db/embedded-postgres.ts';

export type BenchDatabase = { adminUrl: string; kind: string; stop: () => Promise<void> };

/** The PostgreSQL a benchmark runs on: TEST_DATABASE_URL when set, otherwise a throwaway embedded one. */
export async function startBenchDatabase(): Promise<BenchDatabase> {
  if (process.env.TEST_DATABASE_URL)
    return { adminUrl: process.env.TEST_DATABASE_URL, kind: 'PostgreSQL server', stop: async () => {} };
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'leadbell-bench-'));
  const embedded = await startEmbeddedPostgres({
    dataDir,
    password: 'bench',
    log: pino({ level: 'warn' }),
    // Every result after this would be meaningless.
    onUnrecoverable: (error) => {
      console.error(error);
      process.exit(1);
    },
  });
  return {
    adminUrl: embedded.connectionString,
    kind: 'embedded PostgreSQL',
    stop: async () => {
      await embedded.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}
