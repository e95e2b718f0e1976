// Benchmark (issue 26): what deriving a lead's source costs the ingest path, per lead, against a
// baseline measured in the same run: parsing the same submission from JSON, which every request
// does anyway. The rule is pure CPU on the request (decision 048), so this is its whole cost
// before the 202.
import { performance } from 'node:perf_hooks';
import { leadSourceOf, type SourceSignals } from '../src/features/notifications/lead-source.ts';

const ROUNDS = 20_000;
const SITE = 'https://www.acme-plumbing.co.uk';
const SAMPLES: SourceSignals[] = [
  {
    pageUrl: `${SITE}/?gclid=Cj0KCQjw-abc123&utm_source=google&utm_medium=cpc`,
    referrer: 'https://www.google.com/',
    attribution: null,
  },
  {
    pageUrl: `${SITE}/contact`,
    referrer: `${SITE}/pricing`,
    attribution: { utm_source: 'newsletter', utm_medium: 'email', utm_campaign: 'october' },
  },
  { pageUrl: `${SITE}/boilers`, referrer: 'https://www.bing.com/search?q=emergency+plumber', attribution: null },
  { pageUrl: `${SITE}/`, referrer: 'https://l.facebook.com/', attribution: null },
  { pageUrl: `${SITE}/quote`, referrer: 'https://www.yell.com/biz/acme/', attribution: null },
  { pageUrl: null, referrer: null, attribution: null },
];
const bodies = SAMPLES.map((sample) => JSON.stringify({ flowId: 'flow', data: { name: 'Ann' }, ...sample }));

function microsecondsPerLead(work: (index: number) => unknown): number {
  for (let index = 0; index < SAMPLES.length * 500; index += 1) work(index % SAMPLES.length);
  const started = performance.now();
  for (let index = 0; index < SAMPLES.length * ROUNDS; index += 1) work(index % SAMPLES.length);
  return ((performance.now() - started) * 1000) / (SAMPLES.length * ROUNDS);
}

const parse = microsecondsPerLead((index) => JSON.parse(bodies[index]!));
const derive = microsecondsPerLead((index) => leadSourceOf(SAMPLES[index]!));
console.log(`lead source from the request, ${SAMPLES.length} real-looking submissions × ${ROUNDS}`);
console.log(`  parsing the submission's JSON (baseline): ${parse.toFixed(2)} µs per lead`);
console.log(`  deriving its source: ${derive.toFixed(2)} µs per lead, ${(derive / parse).toFixed(1)}x the parse`);
