import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import pino from 'pino';
import { inject } from 'vitest';
import webpush from 'web-push';
import { buildApp } from '../src/app.ts';
import { createDatabaseClient } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { loadEnv } from '../src/env.ts';
import type { HostResolver } from '../src/features/webhooks/webhook-address.ts';
import type { Clock } from '../src/lib/clock.ts';
import { findFreePort } from '../src/lib/free-port.ts';
import { createDatabase, dropDatabases } from './databases.ts';
import { startSmtpSink, type SmtpSink } from './smtp-sink.ts';

/**
 * A fresh database on the run's PostgreSQL, so test files never see each other's rows: a copy of
 * the run's migrated template, or empty (`migrated: false`) for a test that migrates it or starts
 * a server process on it. Not dropped by the test: the run's global teardown drops them all
 * (dropDatabases says why).
 */
export async function createTestDatabase({ migrated = true } = {}): Promise<{ url: string }> {
  const template = migrated ? inject('templateDatabase') : undefined;
  return createDatabase(inject('adminDatabaseUrl'), inject('testDatabasePrefix'), template);
}

/** A fresh empty database on `adminUrl` for a benchmark, which drops it when done. */
export async function createScratchDatabase(adminUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const { name, url } = await createDatabase(adminUrl, 'leadbell_scratch_');
  return { url, drop: () => dropDatabases(adminUrl, name) };
}

/**
 * What this worker's test apps logged at warn or above since the current test began (the app's
 * own logger stays quiet otherwise): show-server-warnings.setup.ts prints it when a test fails, so
 * a failure in CI comes with what the server said, a worker's failed take or a job's error.
 */
export const serverWarnings: string[] = [];
const SERVER_WARNINGS_KEPT = 200;

function warningsLogger(): pino.Logger {
  return pino(
    { level: 'warn' },
    {
      write(line: string) {
        serverWarnings.push(line.trimEnd());
        if (serverWarnings.length > SERVER_WARNINGS_KEPT) serverWarnings.shift();
      },
    },
  );
}

export type TestApp = {
  baseUrl: string;
  /** Where it listens, when PUBLIC_URL is overridden to an address that does not resolve here. */
  listenUrl: string;
  /**
   * Every route the app registered, as Fastify was told about it (HEAD routes included), and
   * whether it reads leads (`config.readsLeads`, take-in-leads.ts).
   */
  routes: Array<{ method: string; url: string; readsLeads: boolean }>;
  smtp: SmtpSink;
  pool: pg.Pool;
  close: () => Promise<void>;
};

/**
 * The real app on a real port, a fresh real database and a real SMTP sink. The PostgreSQL is
 * the Vitest project's (embedded or TEST_DATABASE_URL) unless the caller names one (benchmarks).
 */
export async function startTestApp(
  overrides: Record<string, string> = {},
  adminDatabaseUrl?: string,
  /**
   * `pushCa`: a certificate the push sender trusts (the local push-service stub's). `clock`: the
   * time the app reads (decision 025); move it with `advanceTime`. `log`: the app's logger, for a
   * test that reads what the server logs (by default its warnings and errors go to
   * serverWarnings). `webhookResolver`: how outgoing webhooks resolve names (tests map them to
   * fixed addresses and never reach a real DNS).
   */
  {
    pushCa,
    clock,
    log,
    webhookResolver,
  }: { pushCa?: string; clock?: Clock; log?: pino.Logger; webhookResolver?: HostResolver } = {},
): Promise<TestApp> {
  // Under Vitest the database is a copy of the run's migrated template; a benchmark's is migrated here.
  const database: { url: string; drop?: () => Promise<void> } = adminDatabaseUrl
    ? await createScratchDatabase(adminDatabaseUrl)
    : await createTestDatabase();
  const smtp = await startSmtpSink();
  const port = await findFreePort();
  const env = loadEnv({
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: database.url,
    SMTP_URL: smtp.url,
    LOG_LEVEL: 'silent',
    TRUST_PROXY: 'true',
    // Small: many test apps share one PostgreSQL at a time.
    DATABASE_POOL_SIZE: '5',
    ...overrides,
  });
  const client = createDatabaseClient(database.url, { max: env.DATABASE_POOL_SIZE });
  if (adminDatabaseUrl) await runMigrations(client);
  const vapid = webpush.generateVAPIDKeys();
  const routes: TestApp['routes'] = [];
  const app = await buildApp({
    env,
    databaseUrl: database.url,
    secrets: {
      authSecret: randomBytes(32).toString('hex'),
      apiKeyEncryptionKey: randomBytes(32).toString('hex'),
      embeddedPostgresPassword: 'unused',
      vapidPublicKey: vapid.publicKey,
      vapidPrivateKey: vapid.privateKey,
    },
    ...client,
    ...(pushCa && { pushCa }),
    ...(clock && { clock }),
    log: log ?? warningsLogger(),
    ...(webhookResolver && { webhookResolver }),
    onRoute: (route) => {
      for (const method of [route.method].flat())
        routes.push({ method, url: route.url, readsLeads: route.config?.readsLeads === true });
    },
  });
  await app.listen({ port, host: '127.0.0.1' });
  return {
    baseUrl: env.PUBLIC_URL,
    listenUrl: `http://127.0.0.1:${port}`,
    routes,
    smtp,
    pool: client.pool,
    close: async () => {
      await app.close();
      await client.pool.end();
      await smtp.close();
      await database.drop?.();
    },
  };
}

/** The secrets every server process on one database must share, as environment variables. */
export function sharedSecretsEnv(): Record<string, string> {
  const vapid = webpush.generateVAPIDKeys();
  return {
    AUTH_SECRET: randomBytes(32).toString('hex'),
    API_KEY_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
  };
}

export type ServerProcess = {
  baseUrl: string;
  /** The server's process id (for a benchmark's CPU counters). */
  pid: number;
  output: () => string;
  dataDir: string;
  /** Sends the signal (SIGTERM by default, SIGKILL for a crash) and waits for the exit; answers its code. */
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
};

const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));
// Seconds on a quiet host; a CI host running both suites side by side in a slow hour took over a
// minute to start one with its own embedded PostgreSQL.
const READY_WITHIN_MS = 120_000;
/**
 * The timeout of a test or hook that starts a server process: its start may take READY_WITHIN_MS,
 * and the test's own work comes on top. Vitest's 30 s default once failed a test whose server
 * started, slowly, within that allowance.
 */
export const WITH_SERVER_PROCESS_MS = READY_WITHIN_MS + 60_000;

/**
 * The real server as people start it (`node --import tsx src/main.ts`, with `nodeFlags` before the
 * script, or `command`) on a database, for what only separate processes show: a kill -9 mid-load,
 * several servers on one PostgreSQL.
 * `env` adds to (or overrides) a quiet test environment: DATABASE_URL and SMTP_URL at least.
 */
export async function startServerProcess(
  env: Record<string, string>,
  {
    nodeFlags = [],
    command = [process.execPath, ...nodeFlags, '--import', 'tsx', 'src/main.ts'],
    cwd = SERVER_DIR,
  }: { nodeFlags?: string[]; command?: string[]; cwd?: string } = {},
): Promise<ServerProcess> {
  // The port is free when chosen, but the process binds it seconds later (its embedded PostgreSQL
  // starts first), and another test's server may take it meanwhile: a start that lost its port to
  // EADDRINUSE is made again on another, as the embedded PostgreSQL does with its own
  // (embedded-postgres.ts). Anything else that stops the start fails the test.
  for (let attempt = 1; ; attempt += 1) {
    const started = await startServerOnce(env, command, cwd, await findFreePort());
    if (started !== PORT_TAKEN) return started;
    if (attempt === 3) throw new Error('The server lost its port to another listener three times');
  }
}

const PORT_TAKEN = Symbol('port taken');

async function startServerOnce(
  env: Record<string, string>,
  command: string[],
  cwd: string,
  port: number,
): Promise<ServerProcess | typeof PORT_TAKEN> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'leadbell-server-'));
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => !/^(DATABASE_URL|TEST_DATABASE_URL|SMTP_URL|PUBLIC_URL)$/.test(name),
    ),
  );
  const [file, ...args] = command as [string, ...string[]];
  const child = spawn(file, args, {
    cwd,
    env: {
      ...inherited,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      TRUST_PROXY: 'true',
      DATA_DIR: dataDir,
      // A folder without index.html: the API only.
      WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    const code = await exited;
    await rm(dataDir, { recursive: true, force: true });
    return code;
  };

  const deadline = Date.now() + READY_WITHIN_MS;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      if (output.includes(`EADDRINUSE: address already in use 127.0.0.1:${port}`)) {
        await stop();
        return PORT_TAKEN;
      }
      throw new Error(`The server exited before it was ready:\n${output}`);
    }
    const ready = await fetch(`${baseUrl}/readyz`).then(
      (response) => response.status === 200,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      await stop('SIGKILL');
      throw new Error(`The server was not ready within ${READY_WITHIN_MS / 1000} s:\n${output}`);
    }
    await sleep(100);
  }
  return { baseUrl, pid: child.pid!, dataDir: env.DATA_DIR ?? dataDir, output: () => output, stop };
}
