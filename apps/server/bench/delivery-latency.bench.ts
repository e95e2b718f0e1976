// Benchmark (issue 5): notify → decrypted at the push-service stub at 100 notifications/s, from
// 10 entities at 10/s each, one owner with one device each, as many websites send it.
// Target p99 under 250 ms. The measurement itself is in push-latency.ts.
import { runPushLatencyBench } from './push-latency.ts';

await runPushLatencyBench([
  { name: '10 entities, 1 member with 1 device each', entities: 10, membersPerEntity: 1, devicesPerMember: 1 },
]);
