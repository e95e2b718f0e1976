// The process behind startStreamReaders (stream-readers.ts): opens consoles' live streams, as that
// many open consoles would, and tells the parent when each lead reached the last of its business's
// streams. Its own process, so reading a thousand streams never shares an event loop with the server.
import { Agent, request } from 'undici';
import { wallClock, type ReadersMessage, type ReadersOptions } from './stream-readers.ts';

async function openStream(
  agent: Agent,
  { url, cookie }: { url: string; cookie: string },
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
  const streams = options.cookies.length * options.streamsPerCookie;
  const agent = new Agent({ connections: streams + 1 });
  const reached = new Map<string, { count: number; lastArrivedAt: number }>();
  let ready = 0;
  const send = (message: ReadersMessage) => process.send!(message);
  for (const cookie of options.cookies)
    for (let index = 0; index < options.streamsPerCookie; index += 1) {
      void openStream(agent, { url: options.url, cookie }, (event, data) => {
        if (event === 'ready' && ++ready === streams) send({ kind: 'ready' });
        if (event !== 'notification') return;
        const { id } = JSON.parse(data) as { id: string };
        const lead = reached.get(id) ?? { count: 0, lastArrivedAt: 0 };
        lead.count += 1;
        lead.lastArrivedAt = wallClock();
        reached.set(id, lead);
        if (lead.count === options.streamsPerCookie) {
          send({ kind: 'lead', id, lastArrivedAt: lead.lastArrivedAt });
          reached.delete(id);
        }
      }).catch((error: unknown) => {
        console.error(error);
        process.exit(1);
      });
    }
  process.on('disconnect', () => process.exit(0));
});
