import { startThrowawayPostgres } from '../test/throwaway-postgres.ts';

export type BenchDatabase = { adminUrl: string; kind: string; stop: () => Promise<void> };

/** The PostgreSQL a benchmark runs on: TEST_DATABASE_URL when set, otherwise a throwaway embedded one. */
export async function startBenchDatabase(): Promise<BenchDatabase> {
  if (process.env.TEST_DATABASE_URL)
    return { adminUrl: process.env.TEST_DATABASE_URL, kind: 'PostgreSQL server', stop: async () => {} };
  const embedded = await startThrowawayPostgres('bench');
  return { adminUrl: embedded.connectionString, kind: 'embedded PostgreSQL', stop: embedded.stop };
}

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}
