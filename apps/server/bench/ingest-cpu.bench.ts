// Benchmark (issue 23): the CPU an accepted lead costs the server process and PostgreSQL, from
// their own CPU counters (not wall time), so the figure holds on a busy shared machine where a
// throughput ratio moves with the host. Worker off: the ingest path alone. Then worker on: the
// same load, and the CPU until the worker has taken in and delivered every lead (its owners have
// no device, so each lead is also an email copy, to the SMTP sink in this process).
import { performance } from 'node:perf_hooks';
import type { TestApp } from '../test/test-app.ts';
import { startBenchDatabase } from './bench-database.ts';
import { countLeads, startIngestingApp } from './ingest-requests.ts';
import { clusterCpuSeconds, postmasterPidOf } from './process-cpu.ts';
import { generateLoad, median, type LoadRequest } from './load-generator.ts';
import { workerCaughtUp } from './worker-caught-up.ts';

const ENTITIES = 16;
const CONNECTIONS = 32;
const DURATION_SECONDS = 5;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
type Variant = { name: string; apply?: string; revert?: string };

// BENCH_VARIANTS: a JSON list of { name, apply, revert }: SQL applied before the variant's rounds
// and reverted after them, to compare one schema choice against another in the same run.
const VARIANTS: Variant[] = [{ name: 'as built' }, ...JSON.parse(process.env.BENCH_VARIANTS ?? '[]')];

type Rounds = { server: number[]; mainThread: number[]; postgres: number[]; rates: number[] };

/** ROUNDS loads; CPU per lead over each load and, worker on, until the worker caught up after it. */
async function measureRounds(
  app: TestApp,
  postmaster: number,
  requests: LoadRequest[],
  { worker }: { worker: boolean },
) {
  const rounds: Rounds = { server: [], mainThread: [], postgres: [], rates: [] };
  for (let round = 0; round < ROUNDS; round += 1) {
    const [leadsBefore, serverBefore, postgresBefore, loopBefore] = [
      await countLeads(app.pool),
      process.cpuUsage(),
      clusterCpuSeconds(postmaster),
      performance.eventLoopUtilization(),
    ];
    const result = await generateLoad({
      url: app.baseUrl,
      requests,
      connections: CONNECTIONS,
      durationSeconds: DURATION_SECONDS,
    });
    if (worker) await workerCaughtUp(app.pool);
    const accepted = (await countLeads(app.pool)) - leadsBefore;
    const serverUsage = process.cpuUsage(serverBefore);
    rounds.mainThread.push((performance.eventLoopUtilization(loopBefore).active * 1000) / accepted);
    rounds.server.push((serverUsage.user + serverUsage.system) / accepted);
    rounds.postgres.push(((clusterCpuSeconds(postmaster) - postgresBefore) * 1e6) / accepted);
    rounds.rates.push(result.rate);
  }
  return rounds;
}

function report(name: string, { server, mainThread, postgres, rates }: Rounds): void {
  console.log(
    `  ${name}: server ${median(server).toFixed(0)} µs (its event loop busy ${median(mainThread).toFixed(0)} µs), PostgreSQL ${median(postgres).toFixed(0)} µs a lead ` +
      `(${Math.round(median(rates)).toLocaleString('en')} req/s)`,
  );
}

/** A server on `database` with its delivery worker on or off, its load, and the postmaster whose CPU counts. */
async function startMeasuredApp(database: { adminUrl: string }, { worker }: { worker: boolean }) {
  const { app, requests } = await startIngestingApp(database, { entities: ENTITIES, worker });
  return { app, requests, postmaster: await postmasterPidOf(database.adminUrl) };
}

async function main() {
  const database = await startBenchDatabase();
  try {
    const off = await startMeasuredApp(database, { worker: false });
    try {
      console.log(`CPU per accepted lead, ${CONNECTIONS} connections across ${ENTITIES} entities, ${database.kind}`);
      await generateLoad({
        url: off.app.baseUrl,
        requests: off.requests,
        connections: CONNECTIONS,
        durationSeconds: DURATION_SECONDS,
      });
      for (const variant of VARIANTS) {
        if (variant.apply) await off.app.pool.query(variant.apply);
        const rounds = await measureRounds(off.app, off.postmaster, off.requests, { worker: false });
        if (variant.revert) await off.app.pool.query(variant.revert);
        report(variant.name, rounds);
      }
    } finally {
      await off.app.close();
    }
    const on = await startMeasuredApp(database, { worker: true });
    try {
      await generateLoad({
        url: on.app.baseUrl,
        requests: on.requests,
        connections: CONNECTIONS,
        durationSeconds: DURATION_SECONDS,
      });
      await workerCaughtUp(on.app.pool);
      report(
        'worker on, until every lead was taken in and delivered',
        await measureRounds(on.app, on.postmaster, on.requests, { worker: true }),
      );
    } finally {
      await on.app.close();
    }
  } finally {
    await database.stop();
  }
}

await main();
