import { defineConfig } from 'vitest/config';

// Integration tests run once per PostgreSQL: the embedded one always, and the server named by
// TEST_DATABASE_URL when it is set (CI sets it), so both paths stay proven.
const databases: Array<'embedded' | 'server'> = [
  'embedded',
  ...(process.env.TEST_DATABASE_URL ? (['server'] as const) : []),
];

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['src/**/*.test.ts'], exclude: ['src/**/*.integration.test.ts'] } },
      ...databases.map((database) => ({
        test: {
          name: `integration:${database}`,
          include: ['src/**/*.integration.test.ts'],
          globalSetup: ['./test/postgres.global-setup.ts'],
          provide: { databaseKind: database },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      })),
    ],
  },
});
