import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

/** A device's push subscription: where its push service takes messages, and the keys to encrypt for. */
export type PushTarget = { endpoint: string; keys: { p256dh: string; auth: string } };

export type EncryptionRequest = { id: number; target: PushTarget; payload: string; ttlSeconds: number };
type EncryptionAnswer = { id: number; headers: Record<string, string>; body: Buffer } | { id: number; error: string };

/**
 * An encrypted message, ready to POST; or why it was not: the device's keys are not a P-256 point
 * (permanent), or the worker stopped before answering (worth another attempt).
 */
export type EncryptedPush = { headers: Record<string, string>; body: Buffer } | { error: string; isPermanent: boolean };

export type PushEncryptionPool = {
  encrypt: (target: PushTarget, payload: string, ttlSeconds: number) => Promise<EncryptedPush>;
  close: () => Promise<void>;
};

const WORKER_URL = new URL('./encrypt-push.worker.mjs', import.meta.url);

/**
 * Worker threads that encrypt Web Push messages (encrypt-push.worker.mjs), one fewer than the
 * CPUs and at least one: the main thread keeps the requests, the database and the sockets. Each
 * message goes to the worker with the fewest waiting; a worker that dies is replaced and its
 * waiting messages fail, to be retried like any failed send.
 */
export function createPushEncryptionPool(size = Math.max(1, availableParallelism() - 1)): PushEncryptionPool {
  type Slot = { worker: Worker; waiting: Map<number, (answer: EncryptedPush) => void> };
  let nextId = 0;
  let isClosed = false;

  function start(): Slot {
    const slot: Slot = { worker: new Worker(WORKER_URL), waiting: new Map() };
    slot.worker.on('message', (answer: EncryptionAnswer) => {
      const resolve = slot.waiting.get(answer.id);
      slot.waiting.delete(answer.id);
      // An idle worker must not keep a stopping process alive.
      if (slot.waiting.size === 0) slot.worker.unref();
      resolve?.(
        'error' in answer
          ? { error: answer.error, isPermanent: true }
          : { headers: answer.headers, body: Buffer.from(answer.body) },
      );
    });
    let isGone = false;
    const replace = (reason: string) => {
      if (isGone) return;
      isGone = true;
      for (const resolve of slot.waiting.values())
        resolve({ error: `the encryption worker stopped: ${reason}`, isPermanent: false });
      slot.waiting.clear();
      if (!isClosed) slots[slots.indexOf(slot)] = start();
    };
    slot.worker.once('error', (error) => replace(error.message));
    slot.worker.once('exit', (code) => replace(`exit code ${code}`));
    slot.worker.unref();
    return slot;
  }
  const slots: Slot[] = Array.from({ length: size }, start);

  return {
    encrypt(target, payload, ttlSeconds) {
      if (isClosed) return Promise.resolve({ error: 'the encryption workers are stopped', isPermanent: false });
      const slot = slots.reduce((least, candidate) =>
        candidate.waiting.size < least.waiting.size ? candidate : least,
      );
      const id = (nextId += 1);
      return new Promise((resolve) => {
        if (slot.waiting.size === 0) slot.worker.ref();
        slot.waiting.set(id, resolve);
        slot.worker.postMessage({ id, target, payload, ttlSeconds } satisfies EncryptionRequest);
      });
    },
    async close() {
      isClosed = true;
      await Promise.all(slots.map((slot) => slot.worker.terminate()));
    },
  };
}
