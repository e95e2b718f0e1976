// The process behind live-streams.bench.ts: opens the console's live stream many times over, as
// that many open consoles would, and tells the parent when each lead reached the last of them.
// Its own process, so reading a thousand streams never shares an event loop with the server.
import { performance } from 'node:perf_hooks';
import { Agent, request } from 'undici';

export type ReadersOptions = { url: string; cookie: string; streams: number };
/** To the parent: `ready` once every stream is listening; then per lead, when the last stream had it. */
export type ReadersMessage =
  { kind: 'ready' } | { kind: 'lead'; id: string; lastArrivedAt: number; streamsReached: number };

/** Milliseconds on the machine's clock, comparable between processes. */
export const wallClock = () => performance.timeOrigin + performance.now();

async function openStream(
  agent: Agent,
  { url, cookie }: ReadersOptions,
  onEvent: (event: string, data: string) => void,
) {
  const response = await request(`${url}/v1/events`, { dispatcher: agent, headers: { cookie } });
  if (response.statusCode !== 200) throw new Error(`the stream answered ${response.statusCode}`);
  let buffer = '';
  response.body.setEncoding('utf8');
  response.body.on('data', (chunk: string) => {
    buffer += chunk;
    let boundary: number;
    while ((boundary = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, boundary);
      buffer = buffer.slice(boundary + 2);
      const event = /^event: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (event && data) onEvent(event, data);
    }
  });
}

process.once('message', (message) => {
  const options = message as ReadersOptions;
  const agent = new Agent({ connections: options.streams + 1 });
  const reached = new Map<string, { count: number; lastArrivedAt: number }>();
  let ready = 0;
  const send = (message: ReadersMessage) => process.send!(message);
  for (let index = 0; index < options.streams; index += 1) {
    void openStream(agent, options, (event, data) => {
      if (event === 'ready' && ++ready === options.streams) send({ kind: 'ready' });
      if (event !== 'notification') return;
      const { id } = JSON.parse(data) as { id: string };
      const lead = reached.get(id) ?? { count: 0, lastArrivedAt: 0 };
      lead.count += 1;
      lead.lastArrivedAt = wallClock();
      reached.set(id, lead);
      if (lead.count === options.streams)
        send({ kind: 'lead', id, lastArrivedAt: lead.lastArrivedAt, streamsReached: lead.count });
    }).catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
  }
  process.on('disconnect', () => process.exit(0));
});
