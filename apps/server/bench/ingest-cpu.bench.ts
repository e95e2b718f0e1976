// Benchmark (issue 23): the CPU an accepted lead costs the server process and PostgreSQL, from
// their own CPU counters (not wall time), so the figure holds on a busy shared machine where a
// throughput ratio moves with the host. Worker off: the ingest path alone.
import { performance } from 'node:perf_hooks';
import { startTestApp } from '../test/test-app.ts';
import { startBenchDatabase } from './bench-database.ts';
import { ingestRequests } from './ingest-requests.ts';
import { clusterCpuSeconds, postmasterPidOf } from './process-cpu.ts';
import { generateLoad, median } from './load-generator.ts';

const ENTITIES = 16;
const CONNECTIONS = 32;
const DURATION_SECONDS = 5;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
type Variant = { name: string; apply?: string; revert?: string };

// BENCH_VARIANTS: a JSON list of { name, apply, revert }: SQL applied before the variant's rounds
// and reverted after them, to compare one schema choice against another in the same run.
const VARIANTS: Variant[] = [{ name: 'as built' }, ...JSON.parse(process.env.BENCH_VARIANTS ?? '[]')];

async function main() {
  const database = await startBenchDatabase();
  const app = await startTestApp(
    { NOTIFY_RATE_LIMIT: '1000000', NOTIFY_RATE_BURST: '1000000', DATABASE_POOL_SIZE: '10', DELIVERY_WORKER: 'false' },
    database.adminUrl,
  );
  try {
    const postmaster = await postmasterPidOf(database.adminUrl);
    const requests = await ingestRequests(app, ENTITIES);
    const leads = async () => Number((await app.pool.query('select count(*) from notifications')).rows[0].count);
    console.log(`CPU per accepted lead, ${CONNECTIONS} connections across ${ENTITIES} entities, ${database.kind}`);
    await generateLoad({ url: app.baseUrl, requests, connections: CONNECTIONS, durationSeconds: DURATION_SECONDS });
    for (const variant of VARIANTS) {
      if (variant.apply) await app.pool.query(variant.apply);
      const server: number[] = [];
      const mainThread: number[] = [];
      const postgres: number[] = [];
      const rates: number[] = [];
      for (let round = 0; round < ROUNDS; round += 1) {
        const [leadsBefore, serverBefore, postgresBefore, loopBefore] = [
          await leads(),
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
        const accepted = (await leads()) - leadsBefore;
        const serverUsage = process.cpuUsage(serverBefore);
        mainThread.push((performance.eventLoopUtilization(loopBefore).active * 1000) / accepted);
        server.push((serverUsage.user + serverUsage.system) / accepted);
        postgres.push(((clusterCpuSeconds(postmaster) - postgresBefore) * 1e6) / accepted);
        rates.push(result.rate);
      }
      if (variant.revert) await app.pool.query(variant.revert);
      console.log(
        `  ${variant.name}: server ${median(server).toFixed(0)} µs (its event loop busy ${median(mainThread).toFixed(0)} µs), PostgreSQL ${median(postgres).toFixed(0)} µs a lead ` +
          `(${Math.round(median(rates)).toLocaleString('en')} req/s)`,
      );
    }
  } finally {
    await app.close();
    await database.stop();
  }
}

await main();
