/**
 * Whether the console can reach Leadbell right now: one source for the shell's "Reconnecting…"
 * banner, fed by every API call (lib/api-client.ts: a 503 `service_unavailable` or no answer at
 * all means unavailable, any other answer means reachable) and by the live stream
 * (lib/event-stream.ts). While unavailable, `GET /readyz` is probed every few seconds; the first
 * success (probe, call or stream) ends the outage and tells every `onReconnected` listener, which
 * refetch what is shown and reopen the stream, so nothing needs a reload.
 */
export type ConnectionStatus = 'online' | 'reconnecting';

export const PROBE_INTERVAL_MS = 3000;
const PROBE_URL = '/readyz';

let status: ConnectionStatus = 'online';
let probeTimer: ReturnType<typeof setTimeout> | null = null;
const statusListeners = new Set<() => void>();
const reconnectedListeners = new Set<() => void>();

function setStatus(next: ConnectionStatus) {
  if (next === status) return;
  status = next;
  for (const listener of [...statusListeners]) listener();
}

function scheduleProbe() {
  if (probeTimer) return;
  probeTimer = setTimeout(() => {
    probeTimer = null;
    void probe();
  }, PROBE_INTERVAL_MS);
}

/** Whether `/readyz` answers ready (the process is up and its database answers). */
async function isReady(): Promise<boolean> {
  try {
    const response = await fetch(PROBE_URL, { cache: 'no-store', headers: { Accept: 'application/json' } });
    await response.body?.cancel();
    return response.ok;
  } catch {
    return false;
  }
}

async function probe() {
  if (status !== 'reconnecting') return;
  if (await isReady()) reportReachable();
  else scheduleProbe();
}

/** A call got a 503 or no answer: show the banner and probe until Leadbell answers again. */
export function reportUnavailable(): void {
  setStatus('reconnecting');
  scheduleProbe();
}

/** A call or the stream got a real answer: the outage (if any) is over. */
export function reportReachable(): void {
  if (status !== 'reconnecting') return;
  if (probeTimer) {
    clearTimeout(probeTimer);
    probeTimer = null;
  }
  setStatus('online');
  for (const listener of [...reconnectedListeners]) listener();
}

/**
 * Something failed in a way that may or may not be an outage (the live stream dropped): asks
 * `/readyz` once, and reports unavailable only when it does not answer ready.
 */
export async function checkConnection(): Promise<void> {
  if (status === 'reconnecting') return;
  if (!(await isReady())) reportUnavailable();
}

/** Runs `listener` each time an outage ends; returns the function that stops it. */
export function onReconnected(listener: () => void): () => void {
  reconnectedListeners.add(listener);
  return () => reconnectedListeners.delete(listener);
}

/**
 * Runs `listener` once, as soon as Leadbell is found out of reach (at once when it already is);
 * returns the function that stops waiting.
 */
export function onceUnavailable(listener: () => void): () => void {
  if (status === 'reconnecting') {
    listener();
    return () => {};
  }
  const waiting = () => {
    if (status !== 'reconnecting') return;
    statusListeners.delete(waiting);
    listener();
  };
  statusListeners.add(waiting);
  return () => statusListeners.delete(waiting);
}

export function connectionStatus(): ConnectionStatus {
  return status;
}

/**
 * Calls `listener` on every change of the status; returns the function that stops it. (No React
 * here: the push service worker bundles the API client, and with it this module.)
 */
export function subscribeConnectionStatus(listener: () => void): () => void {
  statusListeners.add(listener);
  return () => statusListeners.delete(listener);
}
