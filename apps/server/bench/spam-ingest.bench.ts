// Benchmark (issue 24): what the spam verdict costs ingestion. Two servers on one PostgreSQL, one
// judging every lead and one with SPAM_FILTER=false, take the same form posts in alternating
// rounds, with a bare Fastify hello-world as the baseline of the same run. The posts are what a
// form sends: a message to score and a fill-time token to check (decision 039).
import Fastify from 'fastify';
import { FORM_FIELDS } from '@leadbell/shared/notifications';
import { createFlow, onboardedOwner } from '../test/owners.ts';
import { startTestApp, type TestApp } from '../test/test-app.ts';
import { startBenchDatabase } from './bench-database.ts';
import { measureRate, median, type LoadRequest } from './load-generator.ts';

const ROUNDS = 3;
const DURATION_SECONDS = 5;
const CONNECTIONS = 32;
const ENTITIES = 16;
const SERVER = {
  NOTIFY_RATE_LIMIT: '1000000',
  NOTIFY_RATE_BURST: '1000000',
  DATABASE_POOL_SIZE: '10',
  // Accepting only, as an API-only process does: the worker's part is the delivery benchmarks'.
  DELIVERY_WORKER: 'false',
};

/** One form post per entity, each with a fresh token fetched as its page would. */
async function formPostsTo(app: TestApp): Promise<LoadRequest[]> {
  const posts: LoadRequest[] = [];
  for (let index = 0; index < ENTITIES; index += 1) {
    const owner = await onboardedOwner(app, { plan: 'elite', entityName: `Bench ${index}` });
    const flowId = await createFlow(owner.client);
    const response = await fetch(`${app.baseUrl}/v1/fill-token?flowId=${flowId}`);
    const { token } = (await response.json()) as { token: string };
    posts.push({
      method: 'POST',
      path: '/v1/notify',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://www.acme.example' },
      body: new URLSearchParams({
        [FORM_FIELDS.apiKey]: owner.apiKey,
        [FORM_FIELDS.flowId]: flowId,
        [FORM_FIELDS.fillToken]: token,
        name: 'Ann Lee',
        email: 'ann.lee@example.com',
        question: 'Is the flat on Elm Street still available to view this Saturday morning? Thanks, Ann',
      }).toString(),
    });
  }
  return posts;
}

async function main() {
  const database = await startBenchDatabase();
  const hello = Fastify();
  // Reads the same form body, as the ingestion route does before anything of its own.
  hello.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );
  hello.post('/hello', async () => ({ hello: 'world' }));
  const helloUrl = await hello.listen({ port: 0, host: '127.0.0.1' });
  const judging = await startTestApp({ ...SERVER, SPAM_FILTER: 'true' }, database.adminUrl);
  const trusting = await startTestApp({ ...SERVER, SPAM_FILTER: 'false' }, database.adminUrl);
  try {
    const [judgingPosts, trustingPosts] = [await formPostsTo(judging), await formPostsTo(trusting)];
    const helloPosts: LoadRequest[] = [{ ...judgingPosts[0]!, path: '/hello' }];
    const measure = (name: string, url: string, requests: LoadRequest[]) =>
      measureRate(name, { url, requests, connections: CONNECTIONS, durationSeconds: DURATION_SECONDS });
    console.log(
      `spam verdict on ingestion: form posts across ${ENTITIES} entities, ${CONNECTIONS} connections from an undici ` +
        `client in its own process, ${ROUNDS} rounds of ${DURATION_SECONDS} s each, ${database.kind}`,
    );
    await measure('warm-up: judging', judging.baseUrl, judgingPosts);
    await measure('warm-up: not judging', trusting.baseUrl, trustingPosts);
    const rates = { hello: [] as number[], judging: [] as number[], trusting: [] as number[] };
    for (let round = 1; round <= ROUNDS; round += 1) {
      rates.hello.push(await measure(`round ${round}: bare Fastify hello-world (baseline)`, helloUrl, helloPosts));
      rates.judging.push(await measure(`round ${round}: spam verdict on`, judging.baseUrl, judgingPosts));
      rates.trusting.push(await measure(`round ${round}: SPAM_FILTER=false`, trusting.baseUrl, trustingPosts));
    }
    const [helloRate, judgingRate, trustingRate] = [median(rates.hello), median(rates.judging), median(rates.trusting)];
    console.log(
      `  medians: hello-world ${Math.round(helloRate).toLocaleString('en')} req/s, verdict on ${Math.round(judgingRate).toLocaleString('en')} req/s ` +
        `(${((judgingRate / helloRate) * 100).toFixed(1)}% of hello-world), off ${Math.round(trustingRate).toLocaleString('en')} req/s ` +
        `(${((trustingRate / helloRate) * 100).toFixed(1)}%)`,
    );
    console.log(`  with the verdict: ${((judgingRate / trustingRate) * 100).toFixed(1)}% of ingestion without it`);
  } finally {
    await judging.close();
    await trusting.close();
    await hello.close();
    await database.stop();
  }
}

await main();
