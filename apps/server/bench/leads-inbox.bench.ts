// Benchmark (issue 12): the leads inbox on an entity with 100,000 leads as a ratio to one with 10,
// measured interleaved in the same run: the first page, a filtered page (Open, Mine), a search
// that finds one lead (by its text, and by its phone number written another way) and one that
// matches every lead; target under 2x each. Then the CSV export of all 100,000 leads: time, size
// and the server process's peak RSS over its resting RSS (the export streams from a cursor, so
// memory must stay flat; the 10-lead export is the baseline).
// LEADS_BENCH_SIZE and LEADS_BENCH_ROUNDS shrink it for a quick check. Runs on TEST_DATABASE_URL
// when set, otherwise on a throwaway embedded PostgreSQL.
import { performance } from 'node:perf_hooks';
import { createFlow, onboardedOwner } from '../test/owners.ts';
import { startTestApp } from '../test/test-app.ts';
import { percentile, startBenchDatabase } from './bench-database.ts';

const LARGE = Number(process.env.LEADS_BENCH_SIZE ?? 100_000);
const SMALL = 10;
const ROUNDS = Number(process.env.LEADS_BENCH_ROUNDS ?? 200);
const BATCH = 50_000;
const RSS_SAMPLE_MS = 5;

type App = Awaited<ReturnType<typeof startTestApp>>;
type Owner = Awaited<ReturnType<typeof onboardedOwner>>;

/**
 * Leads as a contact form sends them: name, email, phone and a note in the data; a third each
 * open, claimed by the owner and done. Inserted by SQL in batches (ingestion has its own bench),
 * with their search text.
 */
async function seed(app: App, owner: Owner, flowIds: string[], userId: string, count: number) {
  for (let offset = 0; offset < count; offset += BATCH) {
    await app.pool.query(
      `insert into notifications (entity_id, flow_id, title, message, data, created_at, lead_status,
                                  claimed_by, claimed_at, done_by, done_at)
       select $1, ($2::uuid[])[1 + n % 2], 'New lead: Lead ' || n, 'Lead ' || n || ' asked about a viewing',
              jsonb_build_object('name', 'Lead ' || n, 'email', 'lead' || n || '@example.com',
                                 'phone', '+44 7700 9' || lpad((n % 100000)::text, 5, '0'), 'note', 'Saturday, if possible'),
              now() - make_interval(secs => $5 - n),
              (array['open', 'claimed', 'done'])[1 + n % 3],
              case when n % 3 = 1 then $3 end, case when n % 3 = 1 then now() end,
              case when n % 3 = 2 then $3 end, case when n % 3 = 2 then now() end
         from generate_series($4::int, $6::int) as n`,
      [owner.entityId, flowIds, userId, offset + 1, count, Math.min(offset + BATCH, count)],
    );
  }
  // What the delivery worker writes for each lead it takes in (decision 038).
  await app.pool.query(
    `insert into lead_search (notification_id, search_text, search_digits)
     select n.id, folded.text,
            trim(regexp_replace(regexp_replace(folded.text, '[[:space:]\\u00a0().+/-]+', '', 'g'), '[^0-9]+', ' ', 'g'))
       from notifications n
      cross join lateral (select lower(unaccent(n.title || ' ' || n.message || ' ' || coalesce(n.data::text, '')))) as folded (text)
      where n.entity_id = $1
     on conflict do nothing`,
    [owner.entityId],
  );
}

function cookieOf(owner: Owner): string {
  return [...owner.client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
}

async function timedGet(app: App, owner: Owner, path: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${app.baseUrl}${path}`, { headers: { cookie: cookieOf(owner) } });
  const body = (await response.json()) as { data?: unknown[] };
  if (response.status !== 200 || !Array.isArray(body.data)) throw new Error(`${path} answered ${response.status}`);
  return performance.now() - started;
}

const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

/** The whole CSV, read as it streams (never held), with this process's RSS sampled meanwhile. */
async function timedExport(app: App, owner: Owner) {
  global.gc?.();
  const restingRss = process.memoryUsage().rss;
  let peakRss = restingRss;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, RSS_SAMPLE_MS);
  const started = performance.now();
  const response = await fetch(`${app.baseUrl}/v1/leads/export.csv`, { headers: { cookie: cookieOf(owner) } });
  if (response.status !== 200 || !response.body) throw new Error(`export answered ${response.status}`);
  let bytes = 0;
  let lines = 0;
  for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
    bytes += chunk.byteLength;
    for (const byte of chunk) if (byte === 10) lines += 1;
  }
  const ms = performance.now() - started;
  clearInterval(sampler);
  return { ms, bytes, lines, restingRss, peakRss };
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function main() {
  const database = await startBenchDatabase();
  const app = await startTestApp({}, database.adminUrl);
  try {
    const large = await onboardedOwner(app, { plan: 'elite', entityName: 'Large' });
    const small = await onboardedOwner(app, { plan: 'elite', entityName: 'Small' });
    for (const [owner, count] of [
      [large, LARGE],
      [small, SMALL],
    ] as const) {
      const flowIds = [await createFlow(owner.client), await createFlow(owner.client, { name: 'Call back' })];
      const userId = (await owner.client.get('/v1/me')).body.user.id as string;
      const started = performance.now();
      await seed(app, owner, flowIds, userId, count);
      if (owner === large)
        console.log(
          `  seeded ${count.toLocaleString('en')} leads in ${((performance.now() - started) / 1000).toFixed(1)} s`,
        );
    }
    await app.pool.query('vacuum analyze notifications, lead_search');

    const cases = [
      { name: 'first page', path: '/v1/leads' },
      { name: 'filtered page (Open)', path: '/v1/leads?filter=open' },
      { name: 'filtered page (Mine)', path: '/v1/leads?filter=mine' },
      { name: 'search, one match ("lead7@example")', path: `/v1/leads?q=${encodeURIComponent('lead7@example')}` },
      // The phone number as written elsewhere (the lead has "+44 7700 900007"): the digits' index.
      {
        name: 'search by phone, one match ("07700 900007")',
        path: `/v1/leads?q=${encodeURIComponent('07700 900007')}`,
      },
      { name: 'search, every lead ("viewing")', path: '/v1/leads?q=viewing' },
    ];
    console.log(
      `leads inbox, ${ROUNDS} requests per case and entity (interleaved), ${LARGE.toLocaleString('en')} vs ${SMALL} leads, ${database.kind}`,
    );
    let met = true;
    for (const { name, path } of cases) {
      for (let round = 0; round < 10; round += 1)
        await Promise.all([timedGet(app, large, path), timedGet(app, small, path)]);
      const samples = { large: [] as number[], small: [] as number[] };
      for (let round = 0; round < ROUNDS; round += 1) {
        samples.large.push(await timedGet(app, large, path));
        samples.small.push(await timedGet(app, small, path));
      }
      const ratio = median(samples.large) / median(samples.small);
      met &&= ratio < 2;
      console.log(
        `  ${name}: ${median(samples.large).toFixed(2)} ms median (p95 ${percentile(
          [...samples.large].sort((a, b) => a - b),
          95,
        ).toFixed(
          2,
        )}) vs ${median(samples.small).toFixed(2)} ms: ${ratio.toFixed(2)}x (target < 2x: ${ratio < 2 ? 'met' : 'NOT met'})`,
      );
    }

    const baseline = await timedExport(app, small);
    const full = await timedExport(app, large);
    const rows = full.lines - 1;
    console.log(
      `  CSV export of ${rows.toLocaleString('en')} leads: ${(full.ms / 1000).toFixed(2)} s, ${mb(full.bytes)}, ${Math.round(rows / (full.ms / 1000)).toLocaleString('en')} rows/s`,
    );
    console.log(
      `  server process RSS: resting ${mb(full.restingRss)}, peak during the export ${mb(full.peakRss)} (+${mb(full.peakRss - full.restingRss)}); exporting ${SMALL} leads: +${mb(baseline.peakRss - baseline.restingRss)}`,
    );
    process.exitCode = met ? 0 : 1;
  } finally {
    await app.close();
    await database.stop();
  }
}

await main();
