// Benchmark (issue 23): PostgreSQL's CPU per accepted lead in the accept function, and what each
// part of it costs. The batches of a 32-connection ingest load (16 entities, worker off) are
// captured as the batcher sends them, then replayed on one backend through each variant in turn,
// pass after pass, reading the backend's own CPU counters. Replayed side by side in one process,
// two versions compare within a few percent on a host where a throughput ratio moves by 20 %.
// Each variant also replays the same leads one a batch (issue 45): at 100 leads/s one device's
// requests arrive 10 ms apart and never share a batch, so a batch's fixed cost is paid per lead.
import { readFileSync } from 'node:fs';
import type pg from 'pg';
import { startTestApp } from '../test/test-app.ts';
import { startBenchDatabase } from './bench-database.ts';
import { ingestRequests } from './ingest-requests.ts';
import { generateLoad } from './load-generator.ts';

const ENTITIES = 16;
const CONNECTIONS = 32;
const BATCHES = 600;
// The captured leads replayed one a batch, each as its own batch.
const SINGLE_LEADS = 1500;
// Batches a variant replays before the next takes its turn.
const CHUNK = 50;
const PASSES = Number(process.env.BENCH_PASSES ?? 5);
// As the batcher calls it (decision 088): the batch's transaction, then one that waits for the disk.
const ACCEPT = 'call leadbell_accept_notifications_durably($1, $2, $3, $4, $5, $6, null)';

/**
 * A way of accepting the captured batches: `setup` runs once before the passes, `before` and
 * `after` around each pass (untimed), and `sql` replaces the accept statement (`$1` is the batch's
 * JSON). BENCH_VARIANTS adds variants, as a JSON list, to price a change against the function as
 * built.
 */
type Variant = { name: string; setup?: string; before?: string; after?: string; sql?: string };

const PARTS: Variant[] = [
  { name: 'as built' },
  {
    name: 'without the rate (no bucket taken)',
    sql: 'select * from leadbell_accept_notifications(leadbell_batch_items($1::jsonb))',
  },
  { name: 'parsing the items only', sql: 'select cardinality(leadbell_batch_items($1::jsonb))' },
  // The leads' rows and the intake job alone (no rate, plan count, checks or answers): into
  // notifications, as the accept wrote them before decision 064, and into lead_intake, as now.
  {
    name: 'the leads into notifications and the intake job alone',
    setup: `create function pg_temp.bench_leads_into_notifications(p_items jsonb) returns void language sql as $$
      with leads as (
        insert into notifications (entity_id, flow_id, title, message, url, data, is_test, source, page_url,
                                   is_after_hours, response_started_at, response_target_seconds, lead_status,
                                   spam_reasons, message_fingerprint, sender_fingerprint, fill_token, referrer,
                                   attribution, traffic_source)
        select b.entity_id, b.flow_id, b.title, b.message, b.url, b.data, b.is_test, b.source, b.page_url,
               coalesce(b.is_after_hours, false), b.response_started_at, b.response_target_seconds, 'open',
               b.spam_reasons, b.message_fingerprint, b.sender_fingerprint, b.fill_token, b.referrer,
               b.attribution, b.traffic_source
          from unnest(leadbell_batch_items(p_items)) b
        returning id)
      insert into job_outbox (data)
      select jsonb_build_object('kind', 'intake', 'notificationIds', jsonb_agg(id)) from leads $$`,
    sql: 'select pg_temp.bench_leads_into_notifications($1::jsonb)',
  },
  {
    name: 'the leads into lead_intake and the intake job alone',
    setup: `create function pg_temp.bench_leads_into_intake(p_items jsonb) returns void language sql as $$
      with leads as (
        insert into lead_intake (id, accepted_position, entity_id, flow_id, title, message, url, data, is_test,
                                 is_held, source, page_url, is_after_hours, response_started_at,
                                 response_target_seconds, lead_status, spam_reasons, message_fingerprint,
                                 sender_fingerprint, fill_token, referrer, attribution, traffic_source, created_at)
        select gen_random_uuid(), b.item, b.entity_id, b.flow_id, b.title, b.message, b.url, b.data, b.is_test,
               false, b.source, b.page_url, coalesce(b.is_after_hours, false), b.response_started_at,
               b.response_target_seconds, 'open', b.spam_reasons, b.message_fingerprint, b.sender_fingerprint,
               b.fill_token, b.referrer, b.attribution, b.traffic_source, now()
          from unnest(leadbell_batch_items(p_items)) b
        returning id)
      insert into job_outbox (data)
      select jsonb_build_object('kind', 'intake', 'notificationIds', jsonb_agg(id)) from leads $$`,
    sql: 'select pg_temp.bench_leads_into_intake($1::jsonb)',
  },
  {
    name: 'the batch as one intake row',
    setup: 'create table bench_intake (id bigserial primary key, items jsonb not null)',
    sql: 'insert into bench_intake (items) values ($1::jsonb)',
  },
];
// BENCH_PARTS=0 leaves the parts out: the function as built and BENCH_VARIANTS alone.
const VARIANTS: Variant[] = [
  ...(process.env.BENCH_PARTS === '0' ? PARTS.slice(0, 1) : PARTS),
  ...JSON.parse(process.env.BENCH_VARIANTS ?? '[]'),
];

type Batch = { values: unknown[]; leads: number };

/** The backend's time on a CPU, from the scheduler (to the nanosecond, where /proc's stat counts 10 ms ticks). */
function backendCpuSeconds(pid: number): number {
  return Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]) / 1e9;
}

/** The first `count` leads of the batches, each alone in a batch of its own (its item numbered 0). */
function oneLeadBatches(batches: Batch[], count: number): Batch[] {
  return batches
    .flatMap(({ values }) =>
      (JSON.parse(String(values[0])) as Array<Record<string, unknown>>).map((item) => ({
        values: [JSON.stringify([{ ...item, item: 0 }]), ...values.slice(1)],
        leads: 1,
      })),
    )
    .slice(0, count);
}

/** The accept batches the app's pool sends while `run` runs, as sent. */
async function captureBatches(pool: pg.Pool, run: () => Promise<void>): Promise<Batch[]> {
  const batches: Batch[] = [];
  const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  (pool as { query: unknown }).query = (config: pg.QueryConfig, ...rest: unknown[]) => {
    if (config?.name === 'accept_notifications')
      batches.push({ values: config.values!, leads: (JSON.parse(String(config.values![0])) as unknown[]).length });
    return query(config, ...rest);
  };
  try {
    await run();
  } finally {
    (pool as { query: unknown }).query = query;
  }
  return batches;
}

async function main() {
  const database = await startBenchDatabase();
  const app = await startTestApp(
    { NOTIFY_RATE_LIMIT: '1000000', NOTIFY_RATE_BURST: '1000000', DATABASE_POOL_SIZE: '10', DELIVERY_WORKER: 'false' },
    database.adminUrl,
  );
  const client = await app.pool.connect();
  try {
    const { requests } = await ingestRequests(app, ENTITIES);
    const load = () => generateLoad({ url: app.baseUrl, requests, connections: CONNECTIONS, durationSeconds: 8 });
    await load();
    const batches = (await captureBatches(app.pool, async () => void (await load()))).slice(0, BATCHES);
    const leads = batches.reduce((sum, batch) => sum + batch.leads, 0);
    if (batches.length < BATCHES / 2) throw new Error(`only ${batches.length} batches captured`);

    const backend = Number((await client.query('select pg_backend_pid() as pid')).rows[0].pid);
    for (const variant of VARIANTS) if (variant.setup) await client.query(variant.setup);
    const replays = [
      { name: 'captured batches', batches, leads },
      { name: 'one lead a batch', batches: oneLeadBatches(batches, SINGLE_LEADS), leads: SINGLE_LEADS },
    ];
    // Per replay, variant and chunk of batches, the least CPU any pass took: the variants take turns
    // chunk by chunk, each chunk in another order, so a moment when the host is busy (other test
    // runs on the two cores) weighs on one chunk of one pass rather than on a whole variant.
    const fewest = new Map<string, number[]>();
    for (let pass = 0; pass < PASSES; pass += 1) {
      for (const replay of replays) {
        for (let chunk = 0; chunk * CHUNK < replay.batches.length; chunk += 1) {
          for (let turn = 0; turn < VARIANTS.length; turn += 1) {
            const variant = VARIANTS[(turn + chunk + pass) % VARIANTS.length]!;
            if (variant.before) await client.query(variant.before);
            const before = backendCpuSeconds(backend);
            for (const batch of replay.batches.slice(chunk * CHUNK, (chunk + 1) * CHUNK)) {
              await client.query(
                variant.sql
                  ? { name: variant.name, text: variant.sql, values: [batch.values[0]] }
                  : { name: 'as built', text: ACCEPT, values: batch.values },
              );
            }
            const spent = backendCpuSeconds(backend) - before;
            if (variant.after) await client.query(variant.after);
            const key = `${replay.name}\t${variant.name}`;
            const chunks = fewest.get(key) ?? [];
            chunks[chunk] = Math.min(chunks[chunk] ?? Infinity, spent);
            fewest.set(key, chunks);
          }
        }
      }
    }
    const perLead = (replay: (typeof replays)[number], variant: Variant) =>
      (fewest.get(`${replay.name}\t${variant.name}`)!.reduce((sum, spent) => sum + spent, 0) * 1e6) / replay.leads;
    for (const replay of replays) {
      console.log(
        `PostgreSQL CPU per lead in the accept function, ${replay.name}: ${replay.batches.length} batches ` +
          `(${(replay.leads / replay.batches.length).toFixed(1)} leads each) replayed ${PASSES} times, fewest of the passes chunk by chunk, ${database.kind}`,
      );
      const asBuilt = perLead(replay, VARIANTS[0]!);
      for (const variant of VARIANTS) {
        const cost = perLead(replay, variant);
        const change = Math.round(((cost - asBuilt) / asBuilt) * 100);
        const share = variant === VARIANTS[0] ? '' : ` (${change > 0 ? '+' : ''}${change} %)`;
        console.log(`  ${variant.name}: ${cost.toFixed(0)} µs${share}`);
      }
    }
  } finally {
    client.release();
    await app.close();
    await database.stop();
  }
}

await main();
