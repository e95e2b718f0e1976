// Benchmark (issue 23): ingestion by one server process against two on the same database, worker
// off, the same 32 connections split between them, against a hello-world in the same run; with
// each setup's CPU per accepted lead (server processes and PostgreSQL) and how idle the machine
// was. Several stateless processes on one PostgreSQL is how Leadbell uses more cores; this shows
// what a second process buys on this machine kind, where the load generator and PostgreSQL share
// the two cores.
import Fastify from 'fastify';
import { startSmtpSink } from '../test/smtp-sink.ts';
import { createScratchDatabase, sharedSecretsEnv, startServerProcess, type ServerProcess } from '../test/test-app.ts';
import { startBenchDatabase } from './bench-database.ts';
import { ingestRequests } from './ingest-requests.ts';
import { generateLoad, measureRate, median, type LoadRequest } from './load-generator.ts';
import { clusterCpuSeconds, machineCpuTicks, postmasterPidOf, processCpuSeconds } from './process-cpu.ts';

const ROUNDS = 3;
const CONNECTIONS = 32;
const DURATION_SECONDS = 5;
const ENTITIES = 16;

type Spread = { rate: number; serverMicros: number; postgresMicros: number; idle: number };

/** The load split evenly across `servers`, at once; CPU per lead from the processes' own counters. */
async function spreadLoad(servers: ServerProcess[], requests: LoadRequest[], postmaster: number): Promise<Spread> {
  const before = {
    servers: servers.map((server) => processCpuSeconds(server.pid)),
    postgres: clusterCpuSeconds(postmaster),
    machine: machineCpuTicks(),
  };
  const results = await Promise.all(
    servers.map((server) =>
      generateLoad({
        url: server.baseUrl,
        requests,
        connections: CONNECTIONS / servers.length,
        durationSeconds: DURATION_SECONDS,
      }),
    ),
  );
  const machine = machineCpuTicks();
  const leads = results.reduce((sum, result) => sum + result.total - result.failed, 0);
  const serverSeconds = servers.reduce(
    (sum, server, index) => sum + processCpuSeconds(server.pid) - before.servers[index]!,
    0,
  );
  return {
    rate: results.reduce((sum, result) => sum + result.rate, 0),
    serverMicros: (serverSeconds * 1e6) / leads,
    postgresMicros: ((clusterCpuSeconds(postmaster) - before.postgres) * 1e6) / leads,
    idle: (machine.idle - before.machine.idle) / (machine.total - before.machine.total),
  };
}

async function main() {
  const database = await startBenchDatabase();
  const scratch = await createScratchDatabase(database.adminUrl);
  const smtp = await startSmtpSink();
  const env = {
    DATABASE_URL: scratch.url,
    SMTP_URL: smtp.url,
    NOTIFY_RATE_LIMIT: '1000000',
    NOTIFY_RATE_BURST: '1000000',
    DATABASE_POOL_SIZE: '10',
    DELIVERY_WORKER: 'false',
    ...sharedSecretsEnv(),
  };
  // One at a time: the first migrates the database.
  const servers = [await startServerProcess(env)];
  servers.push(await startServerProcess(env));
  const hello = Fastify();
  hello.get('/', async () => ({ hello: 'world' }));
  await hello.listen({ port: 0, host: '127.0.0.1' });
  try {
    const { requests } = await ingestRequests({ baseUrl: servers[0]!.baseUrl, smtp }, ENTITIES);
    const postmaster = await postmasterPidOf(scratch.url);
    const helloUrl = `http://127.0.0.1:${(hello.server.address() as { port: number }).port}`;
    console.log(
      `Ingestion by one and by two server processes, worker off, ${database.kind}, ${ROUNDS} rounds alternated`,
    );
    await spreadLoad(servers, requests, postmaster);
    const setups = { 'one process': servers.slice(0, 1), 'two processes': servers };
    const measured = new Map<string, Spread[]>(Object.keys(setups).map((name) => [name, []]));
    const helloRates: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      helloRates.push(
        await measureRate('hello-world', {
          url: helloUrl,
          requests: [{ method: 'GET', path: '/', headers: {} }],
          connections: CONNECTIONS,
          durationSeconds: DURATION_SECONDS,
        }),
      );
      for (const [name, chosen] of Object.entries(setups)) {
        const spread = await spreadLoad(chosen, requests, postmaster);
        console.log(
          `  ${name}: ${Math.round(spread.rate).toLocaleString('en')} req/s; server ${spread.serverMicros.toFixed(0)} µs, ` +
            `PostgreSQL ${spread.postgresMicros.toFixed(0)} µs a lead; machine ${(100 * spread.idle).toFixed(0)} % idle`,
        );
        measured.get(name)!.push(spread);
      }
    }
    const helloRate = median(helloRates);
    for (const [name, spreads] of measured) {
      const rate = median(spreads.map((spread) => spread.rate));
      console.log(
        `${name}: median ${Math.round(rate).toLocaleString('en')} req/s, ${((100 * rate) / helloRate).toFixed(1)} % of hello-world`,
      );
    }
  } finally {
    await hello.close();
    await Promise.all(servers.map((server) => server.stop()));
    await smtp.close();
    await scratch.drop();
    await database.stop();
  }
}

await main();
