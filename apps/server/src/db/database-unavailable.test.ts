import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './database-unavailable.ts';

/** What node-postgres itself throws when it connects to `config`, which has no server behind it. */
async function connectFailureOf(config: pg.ClientConfig): Promise<unknown> {
  const client = new pg.Client({ ...config, connectionTimeoutMillis: 2_000 });
  return client.connect().then(
    () => client.end().then(() => new Error('connected where no server should be')),
    (error: unknown) => error,
  );
}

describe('isDatabaseUnavailable', () => {
  let folderWithoutServer: string;
  beforeAll(async () => {
    folderWithoutServer = await mkdtemp(path.join(os.tmpdir(), 'leadbell-no-socket-'));
  });
  afterAll(() => rm(folderWithoutServer, { recursive: true, force: true }));

  it('a Unix socket whose server is stopped is unavailable, as a refused TCP port is', async () => {
    const socketFailure = await connectFailureOf({ host: folderWithoutServer, port: 5432 });
    expect(socketFailure).toMatchObject({ code: 'ENOENT', syscall: 'connect' });
    expect(isDatabaseUnavailable(socketFailure)).toBe(true);
    // Wrapped, as Drizzle wraps the driver's errors.
    expect(isDatabaseUnavailable(new Error('Failed query', { cause: socketFailure }))).toBe(true);
  });

  it('a missing file is not a missing database', async () => {
    const missingFile: unknown = await readFile(path.join(folderWithoutServer, 'missing')).catch(
      (error: unknown) => error,
    );
    expect(missingFile).toMatchObject({ code: 'ENOENT', syscall: 'open' });
    expect(isDatabaseUnavailable(missingFile)).toBe(false);
  });
});
