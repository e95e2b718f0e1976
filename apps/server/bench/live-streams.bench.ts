// Benchmark (issue 23): 1,000 consoles of one business open on one server process; leads arrive
// at a steady rate; how long after each lead's 202 the last of the 1,000 streams has it. Target:
// p99 under 250 ms. Streams of one entity share one read per wake-up (entity-feed.ts). Twice: the
// server API-only (no delivery worker), so the streams carry the leads and nothing else; then with
// its worker taking in and delivering these leads and another business's 200 a second, since a
// stream sends only leads whose positions are final, and a take running holds positions back
// (decision 061). The readers run in a process of their own.
import { setTimeout as sleep } from 'node:timers/promises';
import { cookieOf } from '../test/event-stream.ts';
import { createFlow, notify, onboardedOwner } from '../test/owners.ts';
import { startTestApp, type TestApp } from '../test/test-app.ts';
import { percentile, startBenchDatabase } from './bench-database.ts';
import { startStreamReaders, wallClock } from './stream-readers.ts';

const STREAMS = 1_000;
const LEADS = 100;
const LEADS_PER_SECOND = 10;
const BACKGROUND_LEADS_PER_SECOND = 200;

/** The heap in use after a full collection (node --expose-gc, as `npm run bench` runs it), else as it is. */
function settledHeap(): number {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage().heapUsed;
}

const database = await startBenchDatabase();
try {
  await measureStreams({ worker: false });
  await measureStreams({ worker: true });
} finally {
  await database.stop();
}

async function measureStreams({ worker }: { worker: boolean }) {
  const app = await startTestApp(
    {
      DELIVERY_WORKER: String(worker),
      DATABASE_POOL_SIZE: '10',
      NOTIFY_RATE_LIMIT: String(BACKGROUND_LEADS_PER_SECOND * 2),
      NOTIFY_RATE_BURST: String(BACKGROUND_LEADS_PER_SECOND * 2),
    },
    database.adminUrl,
  );
  try {
    const owner = await onboardedOwner(app, { plan: 'elite' });
    const flowId = await createFlow(owner.client);
    const heapBefore = settledHeap();

    const readers = await startStreamReaders({
      url: app.baseUrl,
      cookies: [cookieOf(owner.client)],
      streamsPerCookie: STREAMS,
    });
    const { arrivals } = readers;
    const heapPerStream = (settledHeap() - heapBefore) / STREAMS;

    const background = worker ? await sendOtherLeads(app) : undefined;
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
    const backgroundSent = await background?.stop();
    readers.stop();

    const latencies = [...answeredAt]
      .map(([id, answered]) => (arrivals.get(id) ?? Number.POSITIVE_INFINITY) - answered)
      .sort((a, b) => a - b);
    const missing = LEADS - arrivals.size;
    console.log(
      `live streams: ${STREAMS.toLocaleString('en')} open on one entity, ${LEADS} leads at ${LEADS_PER_SECOND}/s, ${database.kind}, ` +
        (worker
          ? `worker on (these leads and ${backgroundSent} of another business's, ${BACKGROUND_LEADS_PER_SECOND}/s, taken in and emailed)`
          : 'worker off'),
    );
    console.log(
      `  202 to the last stream: p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, max ${latencies.at(-1)!.toFixed(1)} ms` +
        (missing ? ` (${missing} leads never reached every stream)` : ''),
    );
    console.log(`  server heap per open stream: about ${(heapPerStream / 1024).toFixed(1)} kB (target under 30 kB)`);
    if (missing > 0) process.exitCode = 1;
  } finally {
    await app.close();
  }
}

/** Another business's leads at BACKGROUND_LEADS_PER_SECOND until stopped, each an email copy for the worker. */
async function sendOtherLeads(app: TestApp): Promise<{ stop: () => Promise<number> }> {
  const other = await onboardedOwner(app, { plan: 'elite' });
  const flowId = await createFlow(other.client);
  const sends: Promise<unknown>[] = [];
  const timer = setInterval(() => {
    sends.push(notify(app, other.apiKey, { flowId, data: { name: `Other ${sends.length}` } }));
  }, 1000 / BACKGROUND_LEADS_PER_SECOND);
  return {
    async stop() {
      clearInterval(timer);
      await Promise.all(sends);
      return sends.length;
    },
  };
}
