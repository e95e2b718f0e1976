// Benchmark (issue 23): 1,000 consoles of one business open on one server process; leads arrive
// at a steady rate; how long after each lead's 202 the last of the 1,000 streams has it. Target:
// p99 under 250 ms. Streams of one entity share one read per wake-up (entity-feed.ts). The server
// runs API-only (no delivery worker), so the streams carry the leads and nothing else; the readers
// run in a process of their own.
import { fork } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { cookieOf } from '../test/event-stream.ts';
import { createFlow, notify, onboardedOwner } from '../test/owners.ts';
import { startTestApp } from '../test/test-app.ts';
import { percentile, startBenchDatabase } from './bench-database.ts';
import { wallClock, type ReadersMessage, type ReadersOptions } from './stream-readers-process.ts';

const STREAMS = 1_000;
const LEADS = 100;
const LEADS_PER_SECOND = 10;

/** The heap in use after a full collection (node --expose-gc, as `npm run bench` runs it), else as it is. */
function settledHeap(): number {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage().heapUsed;
}

const database = await startBenchDatabase();
const app = await startTestApp({ DELIVERY_WORKER: 'false', DATABASE_POOL_SIZE: '10' }, database.adminUrl);
try {
  const owner = await onboardedOwner(app, { plan: 'elite' });
  const flowId = await createFlow(owner.client);
  const heapBefore = settledHeap();

  const readers = fork(fileURLToPath(new URL('./stream-readers-process.ts', import.meta.url)), {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const arrivals = new Map<string, number>();
  const ready = new Promise<void>((resolve, reject) => {
    readers.on('message', (message: ReadersMessage) => {
      if (message.kind === 'ready') resolve();
      else arrivals.set(message.id, message.lastArrivedAt);
    });
    readers.once('exit', (code) => reject(new Error(`the stream readers exited with ${code}`)));
  });
  readers.send({ url: app.baseUrl, cookie: cookieOf(owner.client), streams: STREAMS } satisfies ReadersOptions);
  await ready;
  const heapPerStream = (settledHeap() - heapBefore) / STREAMS;

  const answeredAt = new Map<string, number>();
  const sends: Promise<void>[] = [];
  for (let index = 0; index < LEADS; index += 1) {
    sends.push(
      notify(app, owner.apiKey, { flowId, data: { name: `Lead ${index}` } }).then((lead) => {
        answeredAt.set(lead.id, wallClock());
      }),
    );
    await sleep(1000 / LEADS_PER_SECOND);
  }
  await Promise.all(sends);
  for (let waited = 0; arrivals.size < LEADS && waited < 10_000; waited += 100) await sleep(100);
  readers.disconnect();

  const latencies = [...answeredAt]
    .map(([id, answered]) => (arrivals.get(id) ?? Number.POSITIVE_INFINITY) - answered)
    .sort((a, b) => a - b);
  const missing = LEADS - arrivals.size;
  console.log(
    `live streams: ${STREAMS.toLocaleString('en')} open on one entity, ${LEADS} leads at ${LEADS_PER_SECOND}/s, ${database.kind}`,
  );
  console.log(
    `  202 to the last stream: p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, max ${latencies.at(-1)!.toFixed(1)} ms` +
      (missing ? ` (${missing} leads never reached every stream)` : ''),
  );
  console.log(`  server heap per open stream: about ${(heapPerStream / 1024).toFixed(1)} kB (target under 30 kB)`);
  if (missing > 0) process.exitCode = 1;
} finally {
  await app.close();
  await database.stop();
}
