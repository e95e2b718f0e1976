import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Integration tests run once per PostgreSQL: the embedded one always, and the server named by
// TEST_DATABASE_URL when it is set (CI sets it), so both paths stay proven.
const databases: Array<'embedded' | 'server'> = [
  'embedded',
  ...(process.env.TEST_DATABASE_URL ? (['server'] as const) : []),
];

// Integration test files mostly wait on PostgreSQL, HTTP and child processes, so more files run at
// once than the machine has cores: three on two cores (measured in docs/performance.md, "CI").
// Each file has its own database copied from the run's migrated template, so files never meet.
const WORKERS = Number(process.env.VITEST_MAX_WORKERS ?? Math.max(2, availableParallelism() + 1));

export default defineConfig({
  test: {
    maxWorkers: WORKERS,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['src/**/*.integration.test.ts'],
        },
      },
      ...databases.map((database) => ({
        test: {
          name: `integration:${database}`,
          include: ['src/**/*.integration.test.ts'],
          globalSetup: ['./test/postgres.global-setup.ts'],
          setupFiles: ['./test/show-server-warnings.setup.ts'],
          provide: { databaseKind: database },
          // Every file builds its own app on its own database, and the server keeps no state in
          // modules, so a worker's files share one module graph: importing the app once per worker
          // instead of once per file saved a third of the integration suite's CPU time.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // What tests poll for (a mail, a worker-derived row) is made by the worker after the
          // 202; on a CI host running two PostgreSQL clusters and the type checker at once that
          // takes seconds, not the 1 s Vitest allows by default. A poll ends at its first match,
          // so the longer ceiling costs nothing when the host is quiet.
          expect: { poll: { timeout: 10_000 } },
        },
      })),
    ],
  },
});
