// Benchmark (issue 27 acceptance): team delivery with every channel on stays within the team's
// push budget, and a dead channel endpoint does not slow it. The team scenario of
// team-delivery.bench.ts (5 members × 3 devices, 100 leads/s) three times in one run: push only;
// every channel on (an outgoing webhook endpoint that answers at once, Slack, and Telegram and SMS
// for every member, each against a local fake); and every channel on with a webhook endpoint that
// accepts the connection and never answers (each attempt waits out the sender's 10 s timeout).
// Push p99 should stay within the team target (250 ms) in all three. SMS is capped by the Elite
// plan's monthly allowance (decision 053): a full run asks for more texts than it, and the ones
// past it are refused by design, as the output says.
import { runPushLatencyBench, type Scenario } from './push-latency.ts';

const team = { entities: 1, membersPerEntity: 5, devicesPerMember: 3 };

const scenarios: Scenario[] = [
  { name: 'team of 5 × 3 devices, no other channel', ...team },
  { name: 'team of 5 × 3 devices, all channels on', ...team, channels: 'all' },
  {
    name: 'team of 5 × 3 devices, all channels on, a webhook endpoint that never answers',
    ...team,
    channels: 'all',
    webhookEndpoint: 'dead',
  },
];

await runPushLatencyBench(scenarios);
