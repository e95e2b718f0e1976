import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** Stands in for the browser's EventSource (vitest runs in Node): records listeners, dispatches by hand. */
class BrowserEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static opened: BrowserEventSource[] = [];
  readyState = BrowserEventSource.CONNECTING;
  readonly listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();
  constructor(readonly url: string) {
    BrowserEventSource.opened.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.readyState = BrowserEventSource.CLOSED;
  }
  emit(type: string, data = '{}') {
    for (const listener of this.listeners.get(type) ?? []) listener({ data, lastEventId: '' } as MessageEvent<string>);
  }
}

async function freshModule() {
  vi.resetModules();
  return import('./event-stream.ts');
}

describe('event stream', () => {
  beforeEach(() => {
    BrowserEventSource.opened = [];
    vi.stubGlobal('EventSource', BrowserEventSource);
    // `/readyz`, asked when the stream drops: no answer, as during an outage.
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockRejectedValue(new TypeError('Failed to fetch')));
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shares one connection between listeners and hands each event to every listener of its type', async () => {
    const { subscribeToStream } = await freshModule();
    const first = vi.fn();
    const second = vi.fn();
    const setup = vi.fn();
    subscribeToStream({ notification: first });
    subscribeToStream({ notification: second, setup });
    expect(BrowserEventSource.opened).toHaveLength(1);
    expect(BrowserEventSource.opened[0]!.url).toBe('/v1/events');
    BrowserEventSource.opened[0]!.emit('notification', '{"id":"n1"}');
    BrowserEventSource.opened[0]!.emit('setup');
    expect(first).toHaveBeenCalledOnce();
    expect(second).toHaveBeenCalledOnce();
    expect(setup).toHaveBeenCalledOnce();
  });

  it('is live once ready, and closes a moment after the last listener leaves', async () => {
    const { streamStatus, subscribeToStream } = await freshModule();
    const stop = subscribeToStream({ ready: vi.fn() });
    const source = BrowserEventSource.opened[0]!;
    expect(streamStatus()).toBe('connecting');
    source.emit('ready');
    expect(streamStatus()).toBe('live');
    stop();
    expect(source.readyState).not.toBe(BrowserEventSource.CLOSED);
    vi.advanceTimersByTime(1000);
    expect(source.readyState).toBe(BrowserEventSource.CLOSED);
  });

  it('keeps the connection when one page leaves and the next arrives within the moment', async () => {
    const { subscribeToStream } = await freshModule();
    const stop = subscribeToStream({ notification: vi.fn() });
    stop();
    subscribeToStream({ notification: vi.fn() });
    vi.advanceTimersByTime(5000);
    expect(BrowserEventSource.opened).toHaveLength(1);
    expect(BrowserEventSource.opened[0]!.readyState).not.toBe(BrowserEventSource.CLOSED);
  });

  it('opens a new connection when the browser gave up on the old one', async () => {
    const { streamStatus, subscribeToStream } = await freshModule();
    subscribeToStream({ notification: vi.fn() });
    const dead = BrowserEventSource.opened[0]!;
    dead.readyState = BrowserEventSource.CLOSED;
    dead.emit('error');
    expect(streamStatus()).toBe('offline');
    const listener = vi.fn();
    subscribeToStream({ notification: listener });
    expect(BrowserEventSource.opened).toHaveLength(2);
    BrowserEventSource.opened[1]!.emit('notification');
    expect(listener).toHaveBeenCalledOnce();
  });

  it('a stream the browser gave up on during an outage opens again once Leadbell answers, and is ready afresh', async () => {
    const { streamStatus, subscribeToStream } = await freshModule();
    const { connectionStatus, reportReachable } = await import('./connection-status.ts');
    const ready = vi.fn();
    subscribeToStream({ ready });
    const dead = BrowserEventSource.opened[0]!;
    dead.readyState = BrowserEventSource.CLOSED;
    dead.emit('error');
    await vi.advanceTimersByTimeAsync(0);
    expect(connectionStatus()).toBe('reconnecting');
    expect(BrowserEventSource.opened).toHaveLength(1);

    reportReachable();
    expect(BrowserEventSource.opened).toHaveLength(2);
    BrowserEventSource.opened[1]!.emit('ready');
    expect(ready).toHaveBeenCalledOnce();
    expect(streamStatus()).toBe('live');
  });
});
