import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createFlow, onboardedOwner } from '../../test/owners.ts';
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink.ts';
import { type ServerProcess, startServerProcess, WITH_SERVER_PROCESS_MS } from '../../test/test-app.ts';
import { findFreePort } from '../lib/free-port.ts';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './embedded-postgres.ts';
import { storedLeadIds } from '../../test/accepted-leads.ts';

// Issue 14: the database goes away under load (the OOM killer takes the embedded postmaster, a
// managed PostgreSQL fails over) and comes back. The server answers only 202 or 503 meanwhile,
// recovers by itself within 10 s, and every 202 it gave is stored.

const RECOVERY_LIMIT_MS = 10_000;
// Bounded load: a few steady senders, as websites post leads, not a flood.
const SENDERS = 6;
const PAUSE_MS = 25;
// The per-key rate limit is not what these tests are about.
const UNLIMITED = { NOTIFY_RATE_LIMIT: '100000', NOTIFY_RATE_BURST: '100000' };

type Outcome = { status: number; at: number; id?: string };

let smtp: SmtpSink;
const servers: ServerProcess[] = [];
const folders: string[] = [];

beforeAll(async () => {
  smtp = await startSmtpSink();
});
afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop('SIGTERM')));
  await smtp?.close();
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
}, 60_000);

async function temporaryFolder(prefix: string): Promise<string> {
  const folder = await mkdtemp(path.join(os.tmpdir(), prefix));
  folders.push(folder);
  return folder;
}

/**
 * Posts leads from SENDERS loops while `outage` runs, then a little longer so the answers after
 * recovery are part of the record. The outage starts once the owner is onboarded and the senders
 * are sending: on a busy machine onboarding alone can outlast the outage's head start.
 */
async function sendLeadsWhile(server: ServerProcess, outage: () => Promise<unknown>): Promise<Outcome[]> {
  const owner = await onboardedOwner({ baseUrl: server.baseUrl, smtp });
  const flowId = await createFlow(owner.client);
  const outcomes: Outcome[] = [];
  let done = false;
  const send = async () => {
    for (let index = 0; !done; index += 1) {
      const response = await fetch(`${server.baseUrl}/v1/notify`, {
        method: 'POST',
        headers: { authorization: `Bearer ${owner.apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ flowId, data: { name: `Lead ${index}` } }),
      });
      const body = (await response.json()) as { id?: string };
      outcomes.push({ status: response.status, at: Date.now(), ...(response.status === 202 && { id: body.id }) });
      if (response.status === 503) expect(response.headers.get('retry-after')).toBe('5');
      await sleep(PAUSE_MS);
    }
  };
  const senders = Array.from({ length: SENDERS }, send);
  await outage();
  await sleep(1_000);
  done = true;
  await Promise.all(senders);
  return outcomes;
}

/**
 * How long after `since` the server accepted again: the first 202 after the first 503 that
 * followed `since` (a request already inside its transaction at the kill can still commit and
 * answer 202 a moment later; that says nothing about recovery).
 */
function recoveryOf(outcomes: Outcome[], since: number): number {
  const inOrder = outcomes.filter((outcome) => outcome.at > since).sort((a, b) => a.at - b.at);
  const firstRefused = inOrder.find((outcome) => outcome.status === 503);
  const firstAfter = inOrder.find((outcome) => outcome.status === 202 && outcome.at > (firstRefused?.at ?? since));
  if (!firstAfter) throw new Error('no notification was accepted after the outage');
  return firstAfter.at - since;
}

function expectOnlyAcceptedOrUnavailable(outcomes: Outcome[]): void {
  expect(outcomes.filter((outcome) => outcome.status !== 202 && outcome.status !== 503)).toEqual([]);
}

async function expectStored(connectionString: string, outcomes: Outcome[]): Promise<void> {
  const accepted = outcomes.flatMap((outcome) => (outcome.id ? [outcome.id] : []));
  const client = new pg.Client({ connectionString });
  await client.connect();
  const stored = await storedLeadIds(client, accepted);
  await client.end();
  expect(stored.sort()).toEqual(accepted.sort());
}

/**
 * Every accepted lead's email copy (on by default for an owner without a device) ends delivered:
 * the job queue, its worker and the live listener came back with the database.
 */
async function expectDelivered(connectionString: string, outcomes: Outcome[]): Promise<void> {
  const accepted = outcomes.flatMap((outcome) => (outcome.id ? [outcome.id] : []));
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await until(
      async () => {
        const { rows } = await client.query<{ pending: number; delivered: number }>(
          `select count(*) filter (where status <> 'delivered')::int as pending,
                count(*) filter (where status = 'delivered')::int as delivered
           from deliveries where notification_id = any($1::uuid[])`,
          [accepted],
        );
        return rows[0]!.pending === 0 && rows[0]!.delivered >= accepted.length;
      },
      'every accepted lead to be delivered',
      90_000,
    );
  } finally {
    await client.end();
  }
}

/** Waits until `check` passes; the outage is over when the server says so. */
async function until(check: () => Promise<boolean>, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

const isReady = (server: ServerProcess) => () =>
  fetch(`${server.baseUrl}/readyz`).then(
    (response) => response.status === 200,
    () => false,
  );

describe.runIf(inject('databaseKind') === 'embedded')('the database goes away and comes back', () => {
  it(
    'kill -9 of the embedded postmaster under load: only 202 or 503, recovered within 10 s, every 202 stored',
    { timeout: WITH_SERVER_PROCESS_MS },
    async () => {
      const dataDir = await temporaryFolder('leadbell-outage-');
      const metricsPort = await findFreePort();
      const server = await startServerProcess({
        ...UNLIMITED,
        SMTP_URL: smtp.url,
        DATA_DIR: dataDir,
        METRICS_PORT: String(metricsPort),
      });
      servers.push(server);
      const postmasterPid = () =>
        Number(readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
      const killedPid = postmasterPid();

      let killedAt = 0;
      const outage = async () => {
        await sleep(1_500);
        killedAt = Date.now();
        process.kill(killedPid, 'SIGKILL');
        await until(async () => server.output().includes('the embedded PostgreSQL is back'), 'the restart');
        await until(isReady(server), 'the server to be ready again');
      };
      const outcomes = await sendLeadsWhile(server, outage);

      expectOnlyAcceptedOrUnavailable(outcomes);
      expect(recoveryOf(outcomes, killedAt)).toBeLessThan(RECOVERY_LIMIT_MS);
      expect(postmasterPid()).not.toBe(killedPid);
      expect(server.output()).toContain('the embedded PostgreSQL stopped unexpectedly');
      expect(server.output()).toContain('the embedded PostgreSQL is back');
      // Operators see the restart on the metrics port (kept off the public one).
      const metrics = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
      expect(metrics).toMatch(/^leadbell_embedded_database_restarts 1$/m);
      expect((await fetch(`${server.baseUrl}/metrics`)).status).toBe(404);

      const secrets = JSON.parse(readFileSync(path.join(dataDir, 'secrets.json'), 'utf8')) as {
        embeddedPostgresPassword: string;
      };
      const port = readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[3];
      const databaseUrl = `postgres://postgres:${encodeURIComponent(secrets.embeddedPostgresPassword)}@127.0.0.1:${port}/leadbell`;
      await expectStored(databaseUrl, outcomes);
      await expectDelivered(databaseUrl, outcomes);
    },
  );

  it(
    'an external PostgreSQL stopped and started again: only 202 or 503, recovered within 10 s, every 202 stored',
    { timeout: WITH_SERVER_PROCESS_MS },
    async () => {
      const dataDir = await temporaryFolder('leadbell-external-');
      const log = pino({ level: 'silent' });
      const external = {
        dataDir,
        password: 'external-password',
        log,
        onUnrecoverable: (error: Error) => {
          throw error;
        },
      };
      let database: EmbeddedPostgres = await startEmbeddedPostgres(external);
      const port = Number(new URL(database.connectionString).port);
      const server = await startServerProcess({
        ...UNLIMITED,
        SMTP_URL: smtp.url,
        DATABASE_URL: database.connectionString,
      });
      servers.push(server);

      let restartedAt = 0;
      const outage = async () => {
        await sleep(1_500);
        await database.stop();
        await until(async () => !(await isReady(server)()), 'the server to notice');
        await sleep(2_000);
        database = await startEmbeddedPostgres({ ...external, port });
        restartedAt = Date.now();
        await until(isReady(server), 'the server to be ready again');
      };
      try {
        const outcomes = await sendLeadsWhile(server, outage);
        expectOnlyAcceptedOrUnavailable(outcomes);
        expect(outcomes.some((outcome) => outcome.status === 503)).toBe(true);
        expect(recoveryOf(outcomes, restartedAt)).toBeLessThan(RECOVERY_LIMIT_MS);
        await expectStored(database.connectionString, outcomes);
        await expectDelivered(database.connectionString, outcomes);
      } finally {
        await server.stop('SIGTERM');
        await database.stop();
      }
    },
  );
});
