// Benchmark (issue 45, item 4): how soon an open console shows a lead, at 50 leads a second
// (BENCH_RATE) from a fresh start, on the server that accepted it and on another server process of
// the same installation (two processes on one PostgreSQL: how Leadbell scales past one machine).
// Process A is started as the README starts it (built, a fresh data folder, its embedded
// PostgreSQL); process B is the same build with DATABASE_URL pointing at A's database. Websites
// send every lead to A; each business has a console open on A and one on B, read in a process of
// their own. Reported by 10-s window: p50 and p99 from the lead's scheduled send to its arrival on
// each console. Targets: p99 < 50 ms on the same process, < 100 ms across processes.
import { performance } from 'node:perf_hooks';
import { cookieOf } from '../test/event-stream.ts';
import { buildServer } from '../test/built-server.ts';
import { createFlow, onboardedOwner } from '../test/owners.ts';
import { startSmtpSink } from '../test/smtp-sink.ts';
import {
  embeddedDatabaseUrlOf,
  installationSecrets,
  ms,
  sendLeads,
  spread,
  startBuiltServer,
  windowLabel,
  type Sender,
} from './fresh-install.ts';
import { startStreamReaders } from './stream-readers.ts';

const RATE_PER_SECOND = Number(process.env.BENCH_RATE ?? 50);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 30);
const ENTITIES = 10;
const TARGET_SAME_PROCESS_MS = 50;
const TARGET_ACROSS_PROCESSES_MS = 100;

const started = performance.now();
await buildServer();
console.log(`(built the server in ${((performance.now() - started) / 1000).toFixed(1)} s)`);
const smtp = await startSmtpSink();
const secrets = installationSecrets();
const first = await startBuiltServer({ SMTP_URL: smtp.url, ...secrets });
const second = await startBuiltServer({ SMTP_URL: smtp.url, DATABASE_URL: embeddedDatabaseUrlOf(first), ...secrets });
const readers: Array<Awaited<ReturnType<typeof startStreamReaders>>> = [];
try {
  const app = { baseUrl: first.baseUrl, smtp };
  const senders: Sender[] = [];
  const cookies: string[] = [];
  for (let index = 0; index < ENTITIES; index += 1) {
    const owner = await onboardedOwner(app, { plan: 'elite' });
    senders.push({ apiKey: owner.apiKey, flowId: await createFlow(owner.client) });
    cookies.push(cookieOf(owner.client));
  }
  for (const server of [first, second])
    readers.push(await startStreamReaders({ url: server.baseUrl, cookies, streamsPerCookie: 1 }));
  const run = await sendLeads({ baseUrl: first.baseUrl, senders, rate: RATE_PER_SECOND, durationS: DURATION_S });
  // Each lead reaches both consoles within a few seconds or the run reports it missing.
  await new Promise((resolve) => setTimeout(resolve, 5_000));
  const [same, across] = readers.map((reader) => run.latenciesByWindow(reader.arrivals));

  console.log(
    `\nLive consoles of a fresh installation, ${RATE_PER_SECOND} leads/s for ${DURATION_S} s to process A, ` +
      `${ENTITIES} businesses with a console on A and one on process B (same PostgreSQL)`,
  );
  console.log('  window   on A (same process) p50    p99    max   on B (across processes) p50    p99    max');
  let met = true;
  for (let window = 0; window < run.windows; window += 1) {
    const [onA, onB] = [spread(same![window]!), spread(across![window]!)];
    met &&= onA.p99 < TARGET_SAME_PROCESS_MS && onB.p99 < TARGET_ACROSS_PROCESSES_MS;
    console.log(
      `  ${windowLabel(window)}             ${ms(onA.p50)} ${ms(onA.p99)} ${ms(onA.max)}                       ${ms(onB.p50)} ${ms(onB.p99)} ${ms(onB.max)}`,
    );
  }
  const missing = readers.map(
    (reader) => run.scheduledAt.size - [...reader.arrivals.keys()].filter((id) => run.scheduledAt.has(id)).length,
  );
  console.log(
    `  refused requests: ${run.refused}; leads missing on A's consoles: ${missing[0]}, on B's: ${missing[1]}`,
  );
  for (const [reason, count] of run.refusals) console.log(`    ${count} × ${reason}`);
  met &&= run.refused === 0 && missing.every((count) => count === 0);
  console.log(
    `  target p99 < ${TARGET_SAME_PROCESS_MS} ms on the same process and < ${TARGET_ACROSS_PROCESSES_MS} ms across, in every window, nothing lost: ${met ? 'met' : 'NOT met'}`,
  );
  process.exitCode = met ? 0 : 1;
} finally {
  for (const reader of readers) reader.stop();
  await second.stop();
  await first.stop();
  await smtp.close();
}
