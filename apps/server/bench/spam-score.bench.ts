// Benchmark (issue 24): what reading a lead's spam signals costs the ingest path, per lead, against a
// baseline measured in the same run: parsing the same submission from JSON, which every request
// does anyway. The signals are pure CPU on the request (decision 039), and the verdict is the
// worker's (spam-eval.bench.ts), so this is spam's whole cost before the 202.
import { performance } from 'node:perf_hooks';
import { SPAM_SAMPLES } from '../src/features/spam/spam-samples.ts';
import { requestSignalsOf } from '../src/features/spam/spam-score.ts';

const ROUNDS = 2_000;
const bodies = SPAM_SAMPLES.map((sample) => JSON.stringify({ flowId: 'flow', data: sample.data }));

function microsecondsPerLead(work: (index: number) => unknown): number {
  for (let index = 0; index < bodies.length * 50; index += 1) work(index % bodies.length);
  const started = performance.now();
  for (let index = 0; index < bodies.length * ROUNDS; index += 1) work(index % bodies.length);
  return ((performance.now() - started) * 1000) / (bodies.length * ROUNDS);
}

const parse = microsecondsPerLead((index) => JSON.parse(bodies[index]!));
const judge = microsecondsPerLead((index) =>
  requestSignalsOf({
    data: SPAM_SAMPLES[index]!.data,
    honeypotFilled: false,
    fillTime: 'missing',
    captcha: 'not_applicable',
  }),
);
console.log(`spam signals of the request, ${SPAM_SAMPLES.length} labelled submissions × ${ROUNDS}`);
console.log(`  parsing the submission's JSON (baseline): ${parse.toFixed(2)} µs per lead`);
console.log(`  reading its signals: ${judge.toFixed(2)} µs per lead, ${(judge / parse).toFixed(1)}x the parse`);
