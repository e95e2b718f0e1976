// Benchmark (issue 5): notify → decrypted at the push-service stub at 100 notifications/s, from
// 10 entities at 10/s each, one owner with one device each, as many websites send it.
// Targets (issue 23): p99 under 50 ms at 100/s, under 250 ms at 300/s (BENCH_RATE=300). The
// measurement itself is in push-latency.ts.
import { RATE_PER_SECOND, runPushLatencyBench } from './push-latency.ts';

await runPushLatencyBench([
  {
    name: '10 entities, 1 member with 1 device each',
    entities: 10,
    membersPerEntity: 1,
    devicesPerMember: 1,
    targetP99Ms: RATE_PER_SECOND > 100 ? 250 : 50,
  },
]);
