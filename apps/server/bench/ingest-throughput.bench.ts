// Benchmark (issues 5 and 13): ingestion throughput of POST /v1/notify as a ratio to a bare
// Fastify hello-world measured in the same run, its latency at a steady rate, and whether 10,000
// open leads' pending escalations slow it. Each accepted notification is committed (durably)
// before its 202, with its usage count and its batch's intake job (decision 038). Then the same
// with the worker on (issue 23): every lead an email copy, then every lead a push to one device,
// then that with each business's console open on a phone and a desktop (two live streams each).
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import Fastify from 'fastify';
import type pg from 'pg';
import { startPushServiceStub, type PushServiceStub } from '../test/push-service-stub.ts';
import { percentile, startBenchDatabase } from './bench-database.ts';
import { startStreamReaders } from './stream-readers.ts';
import { countLeads, startIngestingApp } from './ingest-requests.ts';
import { measureRate, median, type LoadRequest } from './load-generator.ts';
import { workerCaughtUp } from './worker-caught-up.ts';

// Rounds alternate the baseline and ingestion, so a machine that drifts (a shared VM) affects both alike.
const ROUNDS = 3;
const DURATION_SECONDS = 5;
const CONNECTIONS = 32;
const ENTITIES = 16;
const STEADY_RATE = 200;
const STEADY_SECONDS = 10;
const OPEN_LEADS_WITH_TIMERS = 10_000;
const CONSOLES_PER_ENTITY = 2;
// The cases to run (BENCH_CASES, comma-separated), to compare two builds on one of them: all by default.
const CASES = new Set((process.env.BENCH_CASES ?? 'worker-off,email,pushes,consoles').split(','));

function measure(name: string, url: string, requests: LoadRequest[]): Promise<number> {
  return measureRate(name, { url, requests, connections: CONNECTIONS, durationSeconds: DURATION_SECONDS });
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

/** Drops every pending escalation: ingestion then runs with no open lead waiting on one. */
async function clearEscalationTimers(pool: pg.Pool): Promise<void> {
  await pool.query('delete from lead_escalations');
}

/**
 * The newest leads, reopened with their escalation pending (lead_escalations, decision 038): what
 * the delivery worker writes when it takes a lead in, and this process runs no worker. The leads
 * waiting in lead_intake are moved into notifications first, as a console read would (decision 064).
 */
async function openLeadsWithTimers(pool: pg.Pool, count: number): Promise<void> {
  await pool.query('select leadbell_take_in_leads(array(select id from lead_intake), false)');
  await clearEscalationTimers(pool);
  const { rowCount } = await pool.query(
    `insert into lead_escalations (notification_id, stage, due_at)
     select id, 1, now() + interval '5 minutes' from notifications where not is_test order by created_at desc limit $1`,
    [count],
  );
  if (rowCount !== count) throw new Error(`only ${rowCount} escalations for ${count} open leads`);
}

/**
 * The "worker on": the same process also takes each lead in and delivers it. Without a
 * push service, its owners have no device, so every lead is an email copy, to the SMTP sink in
 * this process; with one, every lead is a push to each owner's one device there (the stub in this
 * process keeps what arrives and decrypts nothing). Each round waits for the worker to catch up
 * before the hello-world (a worker still busy would slow the baseline and flatter the ratio) and
 * after the load: leads a second taken in and delivered count the time the worker needed after
 * the load ended. With `consolesPerEntity`, that many live streams are open on each business's
 * console (in a process of their own), and each run says how many leads reached all of them.
 */
async function measureWithWorker(
  database: { adminUrl: string },
  helloUrl: string,
  helloRequests: LoadRequest[],
  { name, pushService, consolesPerEntity }: { name: string; pushService?: PushServiceStub; consolesPerEntity?: number },
) {
  const {
    app,
    requests: notifyRequests,
    cookies,
  } = await startIngestingApp(database, {
    entities: ENTITIES,
    worker: true,
    pushService,
  });
  const consoles = consolesPerEntity
    ? await startStreamReaders({ url: app.baseUrl, cookies, streamsPerCookie: consolesPerEntity })
    : undefined;
  async function delivered(label: string, requests: LoadRequest[]) {
    const before = await countLeads(app.pool);
    const shownBefore = consoles?.arrivals.size ?? 0;
    const accepted = await measure(label, app.baseUrl, requests);
    const catchUpMs = await workerCaughtUp(app.pool);
    const leads = (await countLeads(app.pool)) - before;
    const deliveredRate = leads / (DURATION_SECONDS + catchUpMs / 1000);
    console.log(
      `    all delivered ${(catchUpMs / 1000).toFixed(1)} s after the load ended: ` +
        `${Math.round(deliveredRate).toLocaleString('en')} leads/s taken in and delivered`,
    );
    if (consoles) {
      const shown = () => consoles.arrivals.size - shownBefore;
      for (let waited = 0; shown() < leads && waited < 10_000; waited += 100) await sleep(100);
      console.log(`    on every open console: ${shown().toLocaleString('en')} of ${leads.toLocaleString('en')} leads`);
      if (shown() < leads) process.exitCode = 1;
    }
    return { accepted, delivered: deliveredRate };
  }
  try {
    await delivered(`${name}, warm-up: POST /v1/notify`, notifyRequests);
    const helloRates: number[] = [];
    const acceptedRates: number[] = [];
    const deliveredRates: number[] = [];
    for (let round = 1; round <= ROUNDS; round += 1) {
      helloRates.push(await measure(`${name}, round ${round}: hello-world (baseline)`, helloUrl, helloRequests));
      const result = await delivered(
        `${name}, round ${round}: POST /v1/notify across ${ENTITIES} entities`,
        notifyRequests,
      );
      acceptedRates.push(result.accepted);
      deliveredRates.push(result.delivered);
    }
    const oneEntity = await delivered(`${name}: POST /v1/notify, one entity`, [notifyRequests[0]!]);
    const share = (rate: number) => `${((rate / median(helloRates)) * 100).toFixed(1)}%`;
    console.log(
      `  ${name}, across entities: accepted ${share(median(acceptedRates))}, ` +
        `taken in and delivered ${share(median(deliveredRates))} of hello-world`,
    );
    console.log(
      `  ${name}, one entity: accepted ${share(oneEntity.accepted)}, ` +
        `taken in and delivered ${share(oneEntity.delivered)} of hello-world`,
    );
  } finally {
    consoles?.stop();
    await app.close();
  }
}

/** Ingestion alone, as an API-only server runs it: its ratio, with escalation timers pending, and its latency. */
async function measureWorkerOff(
  app: Awaited<ReturnType<typeof startIngestingApp>>['app'],
  helloUrl: string,
  helloRequests: LoadRequest[],
  notifyRequests: LoadRequest[],
) {
  // Warm-up, and enough leads that 10,000 of them can be open with timers.
  let leads = 0;
  while (leads < OPEN_LEADS_WITH_TIMERS) {
    await measure('warm-up: POST /v1/notify', app.baseUrl, notifyRequests);
    leads = await countLeads(app.pool);
  }
  const helloRates: number[] = [];
  const ingestRates: number[] = [];
  const withTimersRates: number[] = [];
  for (let round = 1; round <= ROUNDS; round += 1) {
    helloRates.push(await measure(`round ${round}: bare Fastify hello-world (baseline)`, helloUrl, helloRequests));
    await clearEscalationTimers(app.pool);
    ingestRates.push(
      await measure(`round ${round}: POST /v1/notify across ${ENTITIES} entities`, app.baseUrl, notifyRequests),
    );
    await openLeadsWithTimers(app.pool, OPEN_LEADS_WITH_TIMERS);
    withTimersRates.push(
      await measure(
        `round ${round}: the same with ${OPEN_LEADS_WITH_TIMERS.toLocaleString('en')} open leads' timers pending`,
        app.baseUrl,
        notifyRequests,
      ),
    );
  }
  const helloRate = median(helloRates);
  const ingestRate = median(ingestRates);
  const withTimersRate = median(withTimersRates);
  const oneEntityRate = await measure('POST /v1/notify, one entity', app.baseUrl, [notifyRequests[0]!]);
  const ratio = ingestRate / helloRate;
  console.log(
    `  medians: hello-world ${Math.round(helloRate).toLocaleString('en')} req/s, ingestion ${Math.round(ingestRate).toLocaleString('en')} req/s, ` +
      `with timers ${Math.round(withTimersRate).toLocaleString('en')} req/s`,
  );
  console.log(`  ratio across entities: ${(ratio * 100).toFixed(1)}% of hello-world`);
  console.log(`  ratio for one entity: ${((oneEntityRate / helloRate) * 100).toFixed(1)}% of hello-world`);
  console.log(
    `  with ${OPEN_LEADS_WITH_TIMERS.toLocaleString('en')} open leads' escalation timers: ` +
      `${((withTimersRate / ingestRate) * 100).toFixed(1)}% of ingestion without any`,
  );

  const latencies = await steadyLatency(async (index) => {
    const { method, path, headers, body } = notifyRequests[index % notifyRequests.length]!;
    const response = await fetch(`${app.baseUrl}${path}`, { method, headers, body });
    await response.arrayBuffer();
    return response.status;
  });
  console.log(
    `  steady ${STEADY_RATE} notifications/s for ${STEADY_SECONDS} s: p50 ${percentile(latencies, 50).toFixed(1)} ms, ` +
      `p99 ${percentile(latencies, 99).toFixed(1)} ms, max ${latencies.at(-1)!.toFixed(1)} ms`,
  );
}

async function main() {
  const database = await startBenchDatabase();
  const hello = Fastify();
  hello.post('/hello', async () => ({ hello: 'world' }));
  const helloUrl = await hello.listen({ port: 0, host: '127.0.0.1' });
  // Accepting only first: deriving and sending each lead's deliveries is the delivery worker's
  // business (decision 038), so this process runs as an API-only server would; then with the worker.
  try {
    const { app, requests: notifyRequests } = await startIngestingApp(database, {
      entities: ENTITIES,
      worker: false,
    });
    // The same body as a lead's, so both servers parse alike.
    const helloRequests: LoadRequest[] = [
      {
        method: 'POST',
        path: '/hello',
        headers: { 'content-type': 'application/json' },
        body: notifyRequests[0]!.body,
      },
    ];
    console.log(
      `ingestion throughput, ${CONNECTIONS} connections from an undici client in its own process, ` +
        `${ROUNDS} rounds of ${DURATION_SECONDS} s each, ${database.kind}`,
    );
    try {
      if (CASES.has('worker-off')) await measureWorkerOff(app, helloUrl, helloRequests, notifyRequests);
    } finally {
      await app.close();
    }
    if (CASES.has('email'))
      await measureWithWorker(database, helloUrl, helloRequests, { name: 'worker on, email copies' });
    const pushService = await startPushServiceStub({ decryptLater: true });
    try {
      if (CASES.has('pushes'))
        await measureWithWorker(database, helloUrl, helloRequests, { name: 'worker on, pushes', pushService });
      if (CASES.has('consoles'))
        await measureWithWorker(database, helloUrl, helloRequests, {
          name: `worker on, pushes, ${CONSOLES_PER_ENTITY} live consoles open per business`,
          pushService,
          consolesPerEntity: CONSOLES_PER_ENTITY,
        });
    } finally {
      await pushService.close();
    }
  } finally {
    await hello.close();
    await database.stop();
  }
}

await main();
