// Benchmark (issue 11): notify → decrypted at the push-service stub for one entity of 5 members
// with 3 devices each (15 pushes per notification), its key allowed the whole 100 notifications/s.
// Every push is timed, so p99 covers the slowest of each fan-out. Target p99 under 250 ms.
// The measurement itself is in push-latency.ts.
import { runPushLatencyBench } from './push-latency.ts';

await runPushLatencyBench([
  {
    name: '1 entity, 5 members with 3 devices each (15 pushes per notification)',
    entities: 1,
    membersPerEntity: 5,
    devicesPerMember: 3,
  },
]);
