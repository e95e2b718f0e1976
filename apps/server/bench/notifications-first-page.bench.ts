// Benchmark: the first page of a flow's notifications with 100,000 rows, as a ratio to a flow with
// 10 rows, measured in the same run on the same database (issue 4: target under 2x).
// Runs on TEST_DATABASE_URL when set, otherwise on a throwaway embedded PostgreSQL.
import { performance } from 'node:perf_hooks';
import { createFlow, onboardedOwner } from '../test/owners.ts';
import { startTestApp } from '../test/test-app.ts';
import { percentile, startBenchDatabase } from './bench-database.ts';

const LARGE = 100_000;
const SMALL = 10;
const ROUNDS = 300;

async function main() {
  const database = await startBenchDatabase();
  const app = await startTestApp({}, database.adminUrl);
  try {
    const owner = await onboardedOwner(app);
    const largeFlow = await createFlow(owner.client, { name: 'Large flow' });
    const smallFlow = await createFlow(owner.client, { name: 'Small flow' });
    for (const [flowId, count] of [
      [largeFlow, LARGE],
      [smallFlow, SMALL],
    ] as const) {
      await app.pool.query(
        `insert into notifications (entity_id, flow_id, title, message, created_at)
         select $1, $2, 'Lead ' || n, 'Message ' || n, now() - make_interval(secs => $3 - n)
         from generate_series(1, $3::int) as n`,
        [owner.entityId, flowId, count],
      );
    }
    await app.pool.query('analyze notifications');

    const samples: Record<string, number[]> = { large: [], small: [] };
    const firstPage = async (flowId: string) => {
      const started = performance.now();
      const response = await owner.client.get(`/v1/flows/${flowId}/notifications`);
      if (response.status !== 200 || response.body.Notifications.length === 0)
        throw new Error(`Unexpected answer ${response.status}`);
      return performance.now() - started;
    };
    for (let round = 0; round < 20; round += 1) await Promise.all([firstPage(largeFlow), firstPage(smallFlow)]);
    // Interleaved, so both see the same machine noise.
    for (let round = 0; round < ROUNDS; round += 1) {
      samples.large!.push(await firstPage(largeFlow));
      samples.small!.push(await firstPage(smallFlow));
    }
    const summary = Object.fromEntries(
      Object.entries(samples).map(([name, values]) => {
        const sorted = [...values].sort((a, b) => a - b);
        return [name, { median: percentile(sorted, 50), p95: percentile(sorted, 95) }];
      }),
    );
    const ratio = summary.large!.median / summary.small!.median;
    console.log(`first page of notifications, ${ROUNDS} requests each, ${database.kind}`);
    console.log(
      `  ${SMALL.toLocaleString('en')} rows (baseline): median ${summary.small!.median.toFixed(2)} ms, p95 ${summary.small!.p95.toFixed(2)} ms`,
    );
    console.log(
      `  ${LARGE.toLocaleString('en')} rows: median ${summary.large!.median.toFixed(2)} ms, p95 ${summary.large!.p95.toFixed(2)} ms`,
    );
    console.log(`  ratio (median): ${ratio.toFixed(2)}x  (target < 2x: ${ratio < 2 ? 'met' : 'NOT met'})`);
    process.exitCode = ratio < 2 ? 0 : 1;
  } finally {
    await app.close();
    await database.stop();
  }
}

await main();
