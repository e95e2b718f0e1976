// Benchmark (issue 23): the most any ingestion route on this stack can serve, as a share of a
// bare Fastify hello-world in the same run: a Fastify POST that answers 202 with an id, and the
// same after parsing the body with the shared NotifyRequestSchema (the one source of ingestion's
// validation rules and messages). Everything the product does per lead comes on top of the second.
import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { NotifyRequestSchema } from '@leadbell/shared/notifications';
import { measureRate, median, type LoadRequest } from './load-generator.ts';

const ROUNDS = 3;
const CONNECTIONS = 32;
const DURATION_SECONDS = 5;

const app = Fastify();
app.get('/', async () => ({ hello: 'world' }));
const accepted = () => ({ id: randomUUID(), status: 'accepted' });
app.post('/posted', async (_request, reply) => reply.status(202).send(accepted()));
app.post('/validated', async (request, reply) => {
  NotifyRequestSchema.parse(request.body);
  return reply.status(202).send(accepted());
});
await app.listen({ port: 0, host: '127.0.0.1' });
const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

// The ingest benchmarks' lead (ingest-requests.ts).
const body = JSON.stringify({
  flowId: randomUUID(),
  data: { name: 'Ann Lee', phone: '+1 555 0100', question: 'Is it available?' },
});
const post = (path: string): LoadRequest[] => [
  { method: 'POST', path, headers: { 'content-type': 'application/json', authorization: 'Bearer lb_bench' }, body },
];
const cases: Array<{ name: string; requests: LoadRequest[] }> = [
  { name: 'hello-world', requests: [{ method: 'GET', path: '/', headers: {} }] },
  { name: 'POST answered 202', requests: post('/posted') },
  { name: 'the same, body parsed by NotifyRequestSchema', requests: post('/validated') },
];

try {
  console.log(`The ceiling of an ingestion route, ${CONNECTIONS} connections, ${ROUNDS} rounds alternated`);
  const rates = new Map<string, number[]>(cases.map(({ name }) => [name, []]));
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const { name, requests } of cases) {
      rates
        .get(name)!
        .push(await measureRate(name, { url, requests, connections: CONNECTIONS, durationSeconds: DURATION_SECONDS }));
    }
  }
  const hello = median(rates.get('hello-world')!);
  for (const { name } of cases.slice(1)) {
    const rate = median(rates.get(name)!);
    console.log(
      `${name}: median ${Math.round(rate).toLocaleString('en')} req/s, ${((100 * rate) / hello).toFixed(1)} % of hello-world`,
    );
  }
} finally {
  await app.close();
}
