import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { ZodType } from 'zod';
import { checkConnection, onReconnected, reportReachable } from './connection-status.ts';

/** Whether the live stream is connected: shown by the live indicator. */
export type StreamStatus = 'connecting' | 'live' | 'reconnecting' | 'offline';

export type StreamListener = (event: MessageEvent<string>) => void;

/** Events of `GET /v1/events` the console listens to. */
export type StreamEventType = 'ready' | 'notification' | 'delivery' | 'setup' | 'lead';

const STREAM_URL = '/v1/events';

let source: EventSource | null = null;
let status: StreamStatus = 'connecting';
let subscribers = 0;
let closeTimer: ReturnType<typeof setTimeout> | null = null;
const listeners = new Map<StreamEventType, Set<StreamListener>>();
const attached = new Set<StreamEventType>();
const statusListeners = new Set<() => void>();

/** An event's JSON data checked against its schema; null for anything else. */
export function readEventData<T>(event: MessageEvent<string>, schema: ZodType<T>): T | null {
  try {
    const parsed = schema.safeParse(JSON.parse(event.data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function setStatus(next: StreamStatus) {
  if (next === status) return;
  status = next;
  for (const listener of [...statusListeners]) listener();
}

function attach(type: StreamEventType) {
  if (!source || attached.has(type)) return;
  attached.add(type);
  source.addEventListener(type, (event: MessageEvent<string>) => {
    if (type === 'ready') setStatus('live');
    for (const listener of [...(listeners.get(type) ?? [])]) listener(event);
  });
}

function open() {
  const opened = new EventSource(STREAM_URL, { withCredentials: true });
  source = opened;
  attached.clear();
  setStatus('connecting');
  opened.addEventListener('open', () => {
    setStatus('live');
    reportReachable();
  });
  opened.addEventListener('error', () => {
    setStatus(opened.readyState === EventSource.CLOSED ? 'offline' : 'reconnecting');
    // A dropped stream may be a moment's blip or Leadbell being away: /readyz tells which.
    void checkConnection();
  });
  attach('ready');
  for (const type of listeners.keys()) attach(type);
}

function close() {
  source?.close();
  source = null;
  attached.clear();
  setStatus('connecting');
}

/**
 * Listens to the console's one live stream (`GET /v1/events`, Server-Sent Events). Every part of
 * the console shares a single EventSource, so the shell's setup checklist and an open
 * notification list do not each hold a connection (browsers allow six per host over HTTP/1.1).
 * Returns the function that stops listening; the stream closes when nobody listens any more.
 */
export function subscribeToStream(handlers: Partial<Record<StreamEventType, StreamListener>>): () => void {
  if (closeTimer) {
    clearTimeout(closeTimer);
    closeTimer = null;
  }
  subscribers += 1;
  const entries = Object.entries(handlers) as [StreamEventType, StreamListener][];
  for (const [type, listener] of entries) {
    let set = listeners.get(type);
    if (!set) listeners.set(type, (set = new Set()));
    set.add(listener);
  }
  // A stream the browser gave up on (an error answer, e.g. 401) does not come back by itself.
  if (source && source.readyState === EventSource.CLOSED) close();
  if (source) for (const [type] of entries) attach(type);
  else open();

  let isSubscribed = true;
  return () => {
    if (!isSubscribed) return;
    isSubscribed = false;
    for (const [type, listener] of entries) listeners.get(type)?.delete(listener);
    subscribers -= 1;
    // Closed a moment later, so moving between pages (one unsubscribes, the next subscribes) keeps the connection.
    if (subscribers === 0) closeTimer = setTimeout(close, 1000);
  };
}

/**
 * After an outage: a stream the browser gave up on (it answered 503 while the database was away)
 * is opened again. The fresh stream's `ready` makes every live list refetch once, so whatever
 * arrived meanwhile shows; a stream that stayed open resumes by itself from its Last-Event-ID.
 */
onReconnected(() => {
  if (source && source.readyState === EventSource.CLOSED && subscribers > 0) {
    close();
    open();
  }
});

/** The stream's connection state right now. */
export function streamStatus(): StreamStatus {
  return status;
}

function subscribeStatus(listener: () => void) {
  statusListeners.add(listener);
  return () => statusListeners.delete(listener);
}

/** The live stream's status, re-rendering when it changes. */
export function useStreamStatus(): StreamStatus {
  return useSyncExternalStore(subscribeStatus, streamStatus, () => 'connecting');
}

/**
 * Listens to stream events while the component is mounted. Handlers may change between renders
 * without reconnecting; `onSubscribed` runs once listening has started (with the stream's status
 * then, e.g. to refetch when it was already live and no `ready` event will come).
 */
export function useStreamEvents(
  handlers: Partial<Record<StreamEventType, StreamListener>>,
  onSubscribed?: (status: StreamStatus) => void,
): void {
  const handlersRef = useRef(handlers);
  const onSubscribedRef = useRef(onSubscribed);
  useEffect(() => {
    handlersRef.current = handlers;
    onSubscribedRef.current = onSubscribed;
  });
  const types = Object.keys(handlers).sort().join(',');
  useEffect(() => {
    const forwarding = Object.fromEntries(
      types
        .split(',')
        .filter(Boolean)
        .map((type) => [type, (event: MessageEvent<string>) => handlersRef.current[type as StreamEventType]?.(event)]),
    );
    const unsubscribe = subscribeToStream(forwarding);
    onSubscribedRef.current?.(streamStatus());
    return unsubscribe;
  }, [types]);
}
