// Benchmark (issue 13): speed-to-lead insights for an entity with 1,000,000 leads over 90 days
// (target: under 200 ms for each window), with an entity of 10 leads measured in the same run as
// the baseline. Runs on TEST_DATABASE_URL when set, otherwise on a throwaway embedded PostgreSQL.
import { performance } from 'node:perf_hooks';
import { createFlow, joinedTeammate, onboardedOwner } from '../test/owners.ts';
import { startTestApp } from '../test/test-app.ts';
import { percentile, startBenchDatabase } from './bench-database.ts';

const LARGE = 1_000_000;
const SMALL = 10;
const BATCH = 100_000;
const ROUNDS = 15;
const TARGET_MS = 200;

type Owner = Awaited<ReturnType<typeof onboardedOwner>>;

/**
 * Leads spread over 90 days across 3 flows and 3 members: most claimed within minutes, some
 * late, some never (those escalate), with real-looking titles. Inserted by SQL in batches.
 */
async function seed(
  app: Awaited<ReturnType<typeof startTestApp>>,
  owner: Owner,
  flows: string[],
  members: string[],
  count: number,
) {
  for (let offset = 0; offset < count; offset += BATCH) {
    await app.pool.query(
      `insert into notifications (entity_id, flow_id, title, message, created_at, response_started_at, response_target_seconds,
                                  first_claimed_at, first_claimed_by, claimed_at, claimed_by, lead_status, escalation_stage)
       select $1, ($2::uuid[])[1 + n % 3], 'Lead ' || n, 'Message', at, at, 300,
              case when n % 10 <> 0 then at + make_interval(secs => (n * 37) % 5400) end,
              case when n % 10 <> 0 then ($3::text[])[1 + n % 3] end,
              case when n % 10 <> 0 then at + make_interval(secs => (n * 37) % 5400) end,
              case when n % 10 <> 0 then ($3::text[])[1 + n % 3] end,
              case when n % 10 <> 0 then 'claimed' else 'open' end,
              case when n % 10 = 0 or (n * 37) % 5400 > 300 then 1 else 0 end
         from generate_series($4::int, $5::int) as n,
              lateral (select now() - make_interval(secs => (n::bigint * 7776000 / $6)::int) as at) t`,
      [owner.entityId, flows, members, offset + 1, Math.min(offset + BATCH, count), count],
    );
  }
}

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
      const flows = [await createFlow(owner.client), await createFlow(owner.client), await createFlow(owner.client)];
      const members = [
        (await owner.client.get('/v1/me')).body.user.id as string,
        (await joinedTeammate(app, owner)).userId,
        (await joinedTeammate(app, owner)).userId,
      ];
      const started = performance.now();
      await seed(app, owner, flows, members, count);
      if (count === LARGE)
        console.log(
          `  seeded ${count.toLocaleString('en')} leads in ${((performance.now() - started) / 1000).toFixed(0)} s`,
        );
    }
    await app.pool.query('vacuum analyze notifications');

    const timed = async (owner: Owner, days: number) => {
      const started = performance.now();
      const response = await owner.client.get(`/v1/insights?days=${days}`);
      if (response.status !== 200) throw new Error(`Unexpected answer ${response.status}`);
      return { ms: performance.now() - started, received: response.body.totals.received as number };
    };
    console.log(`insights, ${ROUNDS} requests per window and entity (interleaved), ${database.kind}`);
    let met = true;
    for (const days of [7, 30, 90]) {
      await timed(large, days);
      await timed(small, days);
      const samples = { large: [] as number[], small: [] as number[] };
      let received = 0;
      for (let round = 0; round < ROUNDS; round += 1) {
        const big = await timed(large, days);
        received = big.received;
        samples.large.push(big.ms);
        samples.small.push((await timed(small, days)).ms);
      }
      const largeMedian = percentile(
        [...samples.large].sort((a, b) => a - b),
        50,
      );
      const smallMedian = percentile(
        [...samples.small].sort((a, b) => a - b),
        50,
      );
      met &&= largeMedian < TARGET_MS;
      console.log(
        `  ${days} days: ${received.toLocaleString('en')} leads in ${largeMedian.toFixed(1)} ms median (${(largeMedian / smallMedian).toFixed(1)}x the ${SMALL}-lead entity's ${smallMedian.toFixed(1)} ms); target < ${TARGET_MS} ms: ${largeMedian < TARGET_MS ? 'met' : 'NOT met'}`,
      );
    }
    process.exitCode = met ? 0 : 1;
  } finally {
    await app.close();
    await database.stop();
  }
}

await main();
