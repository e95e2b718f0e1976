import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { createHttpClient } from '../../../test/http-client.ts';
import { createFlow, onboardedOwner } from '../../../test/owners.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => app?.close());

type ServerSentEvent = { id?: string; event?: string; data?: string };

/** Reads a text/event-stream with fetch, the way EventSource would, collecting parsed events. */
async function openStream(cookie: string, lastEventId?: string) {
  const controller = new AbortController();
  const response = await fetch(`${app.baseUrl}/v1/events`, {
    headers: { cookie, ...(lastEventId && { 'last-event-id': lastEventId }) },
    signal: controller.signal,
  });
  const events: ServerSentEvent[] = [];
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  const reading = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let boundary: number;
        while ((boundary = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, boundary);
          buffer = buffer.slice(boundary + 2);
          const event: ServerSentEvent = {};
          for (const line of block.split('\n')) {
            const [field, ...rest] = line.split(': ');
            if (field === 'id' || field === 'event' || field === 'data') event[field] = rest.join(': ');
          }
          if (event.event) events.push(event);
        }
      }
    } catch {
      // Aborted by the test.
    }
  })();
  return {
    response,
    events,
    async waitFor(predicate: (events: ServerSentEvent[]) => boolean, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (!predicate(events)) {
        if (Date.now() > deadline) throw new Error(`Timed out; events so far: ${JSON.stringify(events)}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    async close() {
      controller.abort();
      await reading;
    },
  };
}

function cookieOf(client: ReturnType<typeof createHttpClient>): string {
  return [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
}

async function notify(apiKey: string, flowId: string, name: string) {
  const response = await fetch(`${app.baseUrl}/v1/notify`, {
    method: 'POST',
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ flowId, data: { name, question: 'Is it free?' } }),
  });
  expect(response.status).toBe(202);
  return (await response.json()) as { id: string };
}

describe('events', () => {
  it('a notification accepted while the stream is open arrives on it, and only on its own entity', async () => {
    const owner = await onboardedOwner(app);
    const other = await onboardedOwner(app);
    const flowId = await createFlow(owner.client);
    const mine = await openStream(cookieOf(owner.client));
    const theirs = await openStream(cookieOf(other.client));
    expect(mine.response.headers.get('content-type')).toContain('text/event-stream');
    await mine.waitFor((events) => events.some((event) => event.event === 'ready'));
    await theirs.waitFor((events) => events.some((event) => event.event === 'ready'));

    const accepted = await notify(owner.apiKey, flowId, 'Bob');
    await mine.waitFor((events) => events.some((event) => event.event === 'notification'));
    const delivered = JSON.parse(mine.events.find((event) => event.event === 'notification')!.data!);
    expect(delivered).toMatchObject({ id: accepted.id, flowId, title: 'New lead: Bob' });

    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(theirs.events.filter((event) => event.event === 'notification')).toEqual([]);
    await mine.close();
    await theirs.close();
  });

  it('a reconnect with Last-Event-ID receives everything it missed, in order, and nothing twice', async () => {
    const owner = await onboardedOwner(app);
    const flowId = await createFlow(owner.client);
    const first = await openStream(cookieOf(owner.client));
    await notify(owner.apiKey, flowId, 'One');
    await first.waitFor((events) => events.some((event) => event.event === 'notification'));
    const lastSeen = first.events.filter((event) => event.event === 'notification').at(-1)!.id!;
    await first.close();

    const missed = [await notify(owner.apiKey, flowId, 'Two'), await notify(owner.apiKey, flowId, 'Three')];
    const resumed = await openStream(cookieOf(owner.client), lastSeen);
    await resumed.waitFor((events) => events.filter((event) => event.event === 'notification').length >= 2);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const ids = resumed.events
      .filter((event) => event.event === 'notification')
      .map((event) => JSON.parse(event.data!).id);
    expect(ids).toEqual(missed.map((notification) => notification.id));
    await resumed.close();
  });

  it('without a session the stream answers 401', async () => {
    const response = await fetch(`${app.baseUrl}/v1/events`);
    expect(response.status).toBe(401);
  });
});
