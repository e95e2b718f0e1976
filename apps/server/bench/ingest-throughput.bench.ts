// Benchmark (issue 5): ingestion throughput of POST /v1/notify as a ratio to a bare Fastify
// hello-world measured in the same run, and its latency at a steady rate. Each accepted
// notification is committed (durably) before its 202, with its usage count and delivery jobs.
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { createHttpClient } from '../test/http-client.ts';
import { createFlow, onboardedOwner } from '../test/owners.ts';
import { startTestApp } from '../test/test-app.ts';
import { percentile, startBenchDatabase } from './bench-database.ts';

// Rounds alternate the baseline and ingestion, so a machine that drifts (a shared VM) affects both alike.
const ROUNDS = 3;
const DURATION_SECONDS = 5;
const CONNECTIONS = 32;
const ENTITIES = 16;
const STEADY_RATE = 200;
const STEADY_SECONDS = 10;

type Target = {
  url: string;
  requests: Array<{ method: 'POST'; path: string; headers: Record<string, string>; body: string }>;
};

async function measure(name: string, target: Target): Promise<number> {
  let nextConnection = 0;
  const result = await autocannon({
    url: target.url,
    connections: CONNECTIONS,
    duration: DURATION_SECONDS,
    requests: target.requests,
    // Each connection starts at its own entity; in lockstep they would all queue on one entity's lock.
    setupClient: (client) => {
      const offset = nextConnection++ % target.requests.length;
      client.setRequests([...target.requests.slice(offset), ...target.requests.slice(0, offset)]);
    },
  });
  const failed = result.non2xx + result.errors + result.timeouts;
  console.log(
    `  ${name}: ${Math.round(result.requests.average).toLocaleString('en')} req/s, p99 ${result.latency.p99} ms` +
      (failed ? ` (${failed} failed)` : ''),
  );
  if (failed > result.requests.total * 0.01) throw new Error(`${name}: ${failed} of ${result.requests.total} failed`);
  return result.requests.average;
}

/** Requests at evenly spaced times, latency measured from when each was due (no coordinated omission). */
async function steadyLatency(send: (index: number) => Promise<number>): Promise<number[]> {
  const total = STEADY_RATE * STEADY_SECONDS;
  const interval = 1000 / STEADY_RATE;
  const started = performance.now();
  const latencies: Promise<number>[] = [];
  for (let index = 0; index < total; index += 1) {
    const due = started + index * interval;
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
    latencies.push(
      send(index).then((status) => {
        if (status !== 202) throw new Error(`steady rate: answer ${status}`);
        return performance.now() - due;
      }),
    );
  }
  return (await Promise.all(latencies)).sort((a, b) => a - b);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function main() {
  const database = await startBenchDatabase();
  const hello = Fastify();
  hello.post('/hello', async () => ({ hello: 'world' }));
  const helloUrl = await hello.listen({ port: 0, host: '127.0.0.1' });
  // Accepting only: each notification's deliveries and their jobs are written (the bench owners
  // have no device, so each gets its email copy, decision 021), but sending them is the delivery
  // benchmark's business, not this one's: this process runs as an API-only server would.
  const app = await startTestApp(
    { NOTIFY_RATE_LIMIT: '1000000', NOTIFY_RATE_BURST: '1000000', DATABASE_POOL_SIZE: '10', DELIVERY_WORKER: 'false' },
    database.adminUrl,
  );
  try {
    const sites: Array<{ apiKey: string; flowId: string }> = [];
    for (let index = 0; index < ENTITIES; index += 1) {
      const owner = await onboardedOwner(app, { plan: 'elite', entityName: `Bench ${index}` });
      sites.push({ apiKey: owner.apiKey, flowId: await createFlow(owner.client) });
    }
    const body = (flowId: string) =>
      JSON.stringify({ flowId, data: { name: 'Ann Lee', phone: '+1 555 0100', question: 'Is it available?' } });
    const notifyRequests = sites.map((site) => ({
      method: 'POST' as const,
      path: '/v1/notify',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${site.apiKey}` },
      body: body(site.flowId),
    }));

    console.log(
      `ingestion throughput, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${DURATION_SECONDS} s each, ${database.kind}`,
    );
    const helloRates: number[] = [];
    const ingestRates: number[] = [];
    for (let round = 1; round <= ROUNDS; round += 1) {
      helloRates.push(
        await measure(`round ${round}: bare Fastify hello-world (baseline)`, {
          url: helloUrl,
          requests: [
            {
              method: 'POST',
              path: '/hello',
              headers: { 'content-type': 'application/json' },
              body: body(sites[0]!.flowId),
            },
          ],
        }),
      );
      ingestRates.push(
        await measure(`round ${round}: POST /v1/notify across ${ENTITIES} entities`, {
          url: app.baseUrl,
          requests: notifyRequests,
        }),
      );
    }
    const helloRate = median(helloRates);
    const ingestRate = median(ingestRates);
    const oneEntityRate = await measure('POST /v1/notify, one entity', {
      url: app.baseUrl,
      requests: [notifyRequests[0]!],
    });
    const ratio = ingestRate / helloRate;
    console.log(
      `  medians: hello-world ${Math.round(helloRate).toLocaleString('en')} req/s, ingestion ${Math.round(ingestRate).toLocaleString('en')} req/s`,
    );
    console.log(
      `  ratio across entities: ${(ratio * 100).toFixed(1)}% of hello-world (target ≥ 25%: ${ratio >= 0.25 ? 'met' : 'NOT met'})`,
    );
    console.log(`  ratio for one entity: ${((oneEntityRate / helloRate) * 100).toFixed(1)}% of hello-world`);

    const clients = sites.map((site) => createHttpClient(app, { bearer: site.apiKey }));
    const latencies = await steadyLatency(async (index) => {
      const site = index % sites.length;
      return (await clients[site]!.post('/v1/notify', JSON.parse(body(sites[site]!.flowId)))).status;
    });
    console.log(
      `  steady ${STEADY_RATE} notifications/s for ${STEADY_SECONDS} s: p50 ${percentile(latencies, 50).toFixed(1)} ms, ` +
        `p99 ${percentile(latencies, 99).toFixed(1)} ms, max ${latencies.at(-1)!.toFixed(1)} ms`,
    );
    process.exitCode = ratio >= 0.25 ? 0 : 1;
  } finally {
    await app.close();
    await hello.close();
    await database.stop();
  }
}

await main();
