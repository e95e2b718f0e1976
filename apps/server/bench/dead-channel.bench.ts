// Benchmark (issue 27): does a channel endpoint that never answers slow the team's pushes? The
// team scenario of team-delivery.bench.ts (5 members × 3 devices, 100 leads/s) three times in one
// run: with no webhook endpoint, with one that answers at once, and with one that accepts the
// connection and never answers (every attempt waits out the sender's 10 s timeout, then retries).
// Push p99 should stay within the team target (250 ms) in all three.
import { runPushLatencyBench, type Scenario } from './push-latency.ts';

const team = { entities: 1, membersPerEntity: 5, devicesPerMember: 3 };

const scenarios: Scenario[] = [
  { name: 'team of 5 × 3 devices, no webhook endpoint', ...team },
  { name: 'team of 5 × 3 devices, a webhook endpoint that answers at once', ...team, webhookEndpoint: 'live' },
  { name: 'team of 5 × 3 devices, a webhook endpoint that never answers', ...team, webhookEndpoint: 'dead' },
];

await runPushLatencyBench(scenarios);
