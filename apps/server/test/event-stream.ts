import type { HttpClient } from './http-client.ts';

export type ServerSentEvent = { id?: string; event?: string; data?: string };

/** Reads `GET /v1/events` with fetch, the way EventSource would, collecting parsed events. */
export async function openEventStream(baseUrl: string, cookie: string, lastEventId?: string) {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/v1/events`, {
    headers: { cookie, ...(lastEventId && { 'last-event-id': lastEventId }) },
    signal: controller.signal,
  });
  const events: ServerSentEvent[] = [];
  // As EventSource keeps it: every block with an id sets it, an id alone too (it dispatches no event).
  let lastId = lastEventId;
  const ids: string[] = [];
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
          if (event.id !== undefined) ids.push((lastId = event.id));
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
    /** What a reconnecting EventSource would send as Last-Event-ID now. */
    lastEventId: () => lastId,
    /** Every id the stream sent, in order, with an event or alone. */
    ids,
    async waitFor(predicate: (events: ServerSentEvent[]) => boolean, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (!predicate(events)) {
        if (Date.now() > deadline) throw new Error(`Timed out; events so far: ${JSON.stringify(events)}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    /** Settles when the server ends the stream (or the test aborts it). */
    ended: reading,
    async close() {
      controller.abort();
      await reading;
    },
  };
}

/** The cookie header a signed-in test client would send. */
export function cookieOf(client: HttpClient): string {
  return [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
}
