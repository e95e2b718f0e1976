// The parent's side of stream-readers-process.ts: consoles' live streams opened in a process of
// their own, so reading them never shares an event loop with the server or the load.
import { fork } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

/** What the readers open: `streamsPerCookie` streams signed in with each cookie (one business's console each). */
export type ReadersOptions = { url: string; cookies: string[]; streamsPerCookie: number };
/** To the parent: `ready` once every stream is listening; then per lead, when the last of its business's streams had it. */
export type ReadersMessage = { kind: 'ready' } | { kind: 'lead'; id: string; lastArrivedAt: number };

/** Milliseconds on the machine's clock, comparable between processes. */
export const wallClock = () => performance.timeOrigin + performance.now();

/**
 * Opens the streams and resolves once every one is listening. `arrivals` then fills with each
 * lead's id and when the last of its business's streams had it (wallClock); `stop` closes them all.
 */
export async function startStreamReaders(options: ReadersOptions) {
  const readers = fork(fileURLToPath(new URL('./stream-readers-process.ts', import.meta.url)), {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const arrivals = new Map<string, number>();
  const ready = new Promise<void>((resolve, reject) => {
    readers.on('message', (message: ReadersMessage) => {
      if (message.kind === 'ready') resolve();
      else arrivals.set(message.id, message.lastArrivedAt);
    });
    readers.once('exit', (code) => reject(new Error(`the stream readers exited with ${code}`)));
  });
  readers.send(options);
  await ready;
  return { arrivals, stop: () => readers.disconnect() };
}
